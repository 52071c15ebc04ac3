/**
 * Sessions and refresh tokens. A session is one sign-in (its id is the access token's `sid`); its
 * refresh tokens form a chain (the family) in which each token is used once and names its
 * successor. The family id is the id of the session that sign-in created.
 */
import { Schema } from "effect"
import { AccountKind, Role } from "./principal.model.js"

export const Session = Schema.Struct({
  id: Schema.String,
  accountKind: AccountKind,
  accountId: Schema.String,
  role: Role,
  familyId: Schema.String,
  createdAt: Schema.DateFromSelf,
  lastUsedAt: Schema.DateFromSelf,
  revokedAt: Schema.NullOr(Schema.DateFromSelf),
  revokeReason: Schema.NullOr(Schema.String),
  userAgent: Schema.NullOr(Schema.String),
  ip: Schema.NullOr(Schema.String)
})
export interface Session extends Schema.Schema.Type<typeof Session> {}

export const RefreshTokenRecord = Schema.Struct({
  id: Schema.String,
  sessionId: Schema.String,
  familyId: Schema.String,
  /** Keyed hash of the opaque token; the token itself is never stored. */
  tokenHash: Schema.String,
  usedAt: Schema.NullOr(Schema.DateFromSelf),
  successorId: Schema.NullOr(Schema.String),
  expiresAt: Schema.DateFromSelf,
  createdAt: Schema.DateFromSelf
})
export interface RefreshTokenRecord extends Schema.Schema.Type<typeof RefreshTokenRecord> {}

/** How long a refresh token may be used. */
export const RefreshTokenLifetimeDays = 30

/** Why a session ended (revoke_reason). */
export type RevokeReason = "logout" | "revoked" | "revoked_by_other_session" | "refresh_token_reuse" | "account_suspended" | "account_banned" | (string & {})

export const isActive = (session: Session) => session.revokedAt === null
