/**
 * Who is calling: the kinds of accounts that can hold a session, the login roles of A 5.4, and the
 * principal the auth guard derives from a verified access token plus an active session.
 */
import { Schema } from "effect"

/** The account tables a session can belong to. */
export const AccountKinds = ["user", "organizer", "admin", "crew", "sponsor"] as const
export const AccountKind = Schema.Literal(...AccountKinds)
export type AccountKind = typeof AccountKind.Type

/** The login roles of `/v2/auth/verify-otp` (A 5.4); sponsor and crew principals exist besides them. */
export const LoginRoles = ["user", "organizer", "admin"] as const
export type LoginRole = (typeof LoginRoles)[number]

/** A principal's role claim: for now the account kind itself (`user`, `organizer`, `admin`, `crew`, `sponsor`). */
export const Role = AccountKind
export type Role = AccountKind

/** An account of some kind. */
export const AccountRef = Schema.Struct({ kind: AccountKind, id: Schema.String })
export interface AccountRef extends Schema.Schema.Type<typeof AccountRef> {}

/** The authenticated caller, put in context by the auth guard. */
export interface Principal {
  readonly accountKind: AccountKind
  readonly accountId: string
  readonly sessionId: string
  readonly role: Role
  /** The admin acting as this user (impersonation, `act` claim); reserved. */
  readonly impersonatorId?: string
  /** Epoch ms until which the session counts as stepped-up; reserved for the step-up guard. */
  readonly steppedUpUntil?: number
}
