/** Persistence of sessions and refresh tokens (Postgres: identity.sessions, identity.refresh_tokens). */
import { Context, type Effect, type Option, type Schema } from "effect"
import type { AccountRef } from "./principal.model.js"
import { RefreshTokenRecord, type Session } from "./session.model.js"

export const NewRefreshToken = RefreshTokenRecord.pick("id", "tokenHash", "expiresAt")
export interface NewRefreshToken extends Schema.Schema.Type<typeof NewRefreshToken> {}

/** Sessions of every kind of account and their refresh-token chains. */
export class SessionRepo extends Context.Tag("@podium/core/identity/SessionRepo")<SessionRepo, {
  /** Inserts a session and its first refresh token together. */
  readonly create: (session: Session, firstToken: NewRefreshToken) => Effect.Effect<void>
  readonly findById: (id: string) => Effect.Effect<Option.Option<Session>>
  /** Every session of the account, newest first (active and revoked). */
  readonly listByAccount: (account: AccountRef) => Effect.Effect<ReadonlyArray<Session>>
  /** Ends one session if still active; true when this call ended it. */
  readonly revoke: (id: string, reason: string, at: Date) => Effect.Effect<boolean>
  /** Ends every active session of the account except `exceptId`; returns the ids ended. */
  readonly revokeAccount: (account: AccountRef, reason: string, at: Date, exceptId?: string) => Effect.Effect<ReadonlyArray<string>>
  /** Ends every active session of the family; returns the ids ended. */
  readonly revokeFamily: (familyId: string, reason: string, at: Date) => Effect.Effect<ReadonlyArray<string>>
  readonly findRefreshToken: (tokenHash: string) => Effect.Effect<Option.Option<RefreshTokenRecord>>
  /**
   * Marks `usedId` used (only if still unused) with `successor` as its successor, inserts the
   * successor and touches the session, atomically; false when the token was already used.
   */
  readonly rotate: (usedId: string, successor: NewRefreshToken, at: Date) => Effect.Effect<boolean>
}>() {}
