/**
 * Sessions and refresh tokens. A session is one sign-in (its id is the access token's `sid`); its
 * refresh tokens form a chain (the family) in which each token is used once and names its
 * successor. The family id is the id of the session that sign-in created.
 */
import type { AccountKind, Role } from "./principal.model.js"

export interface Session {
  readonly id: string
  readonly accountKind: AccountKind
  readonly accountId: string
  readonly role: Role
  readonly familyId: string
  readonly createdAt: Date
  readonly lastUsedAt: Date
  readonly revokedAt: Date | null
  readonly revokeReason: string | null
  readonly userAgent: string | null
  readonly ip: string | null
}

export interface RefreshTokenRecord {
  readonly id: string
  readonly sessionId: string
  readonly familyId: string
  /** Keyed hash of the opaque token; the token itself is never stored. */
  readonly tokenHash: string
  readonly usedAt: Date | null
  readonly successorId: string | null
  readonly expiresAt: Date
  readonly createdAt: Date
}

/** How long a refresh token may be used. */
export const RefreshTokenLifetimeDays = 30

/** Why a session ended (revoke_reason). */
export type RevokeReason = "logout" | "revoked" | "revoked_by_other_session" | "refresh_token_reuse" | "account_suspended" | "account_banned" | (string & {})

export const isActive = (session: Session) => session.revokedAt === null
