/**
 * Ports of the second factors: TOTP state and recovery codes, passkey credentials (Postgres:
 * identity.totp_factors, identity.totp_recovery_codes, identity.passkeys), QR rendering and the
 * WebAuthn ceremony verifier (@simplewebauthn/server in @podium/providers).
 */
import { Context, type Effect, type Option, Schema } from "effect"
import { AccountRef } from "./principal.model.js"
import type { PasskeyAlreadyRegistered, PasskeyInvalid } from "./second-factor.errors.js"

/** One account's TOTP state. Secrets are sealed with `SecretBox` (context: `totp:<kind>:<id>`). */
export const TotpState = Schema.Struct({
  account: AccountRef,
  /** The confirmed secret, sealed; null while not enabled. */
  secretSealed: Schema.NullOr(Schema.String),
  /** The secret of an enrollment waiting for its first code, sealed. */
  pendingSecretSealed: Schema.NullOr(Schema.String),
  enabledAt: Schema.NullOr(Schema.DateFromSelf),
  /** The newest time step a code was accepted for: codes of this step or older are refused (no replay). */
  lastUsedStep: Schema.NullOr(Schema.Number),
  recoveryCodesRemaining: Schema.Number
})
export interface TotpState extends Schema.Schema.Type<typeof TotpState> {}

/** TOTP factors and their recovery codes. */
export class TotpRepo extends Context.Tag("@podium/core/identity/TotpRepo")<TotpRepo, {
  readonly find: (account: AccountRef) => Effect.Effect<Option.Option<TotpState>>
  /**
   * Starts (or restarts) an enrollment: stores the pending secret and replaces the recovery codes,
   * only while TOTP is not enabled; false when it is.
   */
  readonly savePending: (account: AccountRef, pendingSecretSealed: string, recoveryCodeHashes: ReadonlyArray<string>, at: Date) => Effect.Effect<boolean>
  /**
   * Turns the pending secret into the enabled one with `step` as the last used step, atomically and
   * only if the pending secret is still `pendingSecretSealed` and TOTP is not enabled (mirrors
   * accounts.admins.totp_enabled_at for admins); the enabling time, none when it lost a race.
   */
  readonly enable: (account: AccountRef, pendingSecretSealed: string, step: number, at: Date) => Effect.Effect<Option.Option<Date>>
  /** Records `step` as used only if it is newer than the last used one; false = replay. */
  readonly useStep: (account: AccountRef, step: number) => Effect.Effect<boolean>
  /** Marks an unused recovery code used (single use, atomic); false when no such unused code. */
  readonly useRecoveryCode: (account: AccountRef, codeHash: string, at: Date) => Effect.Effect<boolean>
  /** Removes the factor and its recovery codes (disable, admin reset); false when there was none. */
  readonly clear: (account: AccountRef) => Effect.Effect<boolean>
  /** Sets or clears accounts.admins.totp_required_at (keeping an earlier time when already set); none when no such admin. */
  readonly setAdminRequired: (adminId: string, at: Date | null) => Effect.Effect<Option.Option<Date | null>>
  /** accounts.admins.totp_required_at of an admin, none when unset (or no such admin). */
  readonly adminRequiredAt: (adminId: string) => Effect.Effect<Option.Option<Date>>
}>() {}

/** A registered WebAuthn credential. */
export const Passkey = Schema.Struct({
  id: Schema.String,
  account: AccountRef,
  /** The credential id, base64url. */
  credentialId: Schema.String,
  /** COSE public key, base64url. */
  publicKey: Schema.String,
  counter: Schema.Number,
  transports: Schema.Array(Schema.String),
  deviceType: Schema.String,
  backedUp: Schema.Boolean,
  name: Schema.NullOr(Schema.String),
  createdAt: Schema.DateFromSelf,
  lastUsedAt: Schema.NullOr(Schema.DateFromSelf)
})
export interface Passkey extends Schema.Schema.Type<typeof Passkey> {}

/** Passkey credentials. */
export class PasskeyRepo extends Context.Tag("@podium/core/identity/PasskeyRepo")<PasskeyRepo, {
  readonly add: (passkey: Passkey) => Effect.Effect<void, PasskeyAlreadyRegistered>
  /** The account's passkeys, oldest first. */
  readonly listByAccount: (account: AccountRef) => Effect.Effect<ReadonlyArray<Passkey>>
  readonly findByCredentialId: (credentialId: string) => Effect.Effect<Option.Option<Passkey>>
  /**
   * Stores the authenticator's new signature counter only if it moved forward (or both are 0, for
   * authenticators that do not count): a cloned or replayed assertion loses; false then.
   */
  readonly useCounter: (id: string, expected: number, next: number, at: Date) => Effect.Effect<boolean>
  /** Deletes one of the account's passkeys; false when it has none with that id. */
  readonly remove: (account: AccountRef, id: string) => Effect.Effect<boolean>
}>() {}

/** Renders QR codes. */
export class QrCodes extends Context.Tag("@podium/core/identity/QrCodes")<QrCodes, {
  /** A PNG image of `text` as a `data:image/png;base64,…` URI. */
  readonly pngDataUri: (text: string) => Effect.Effect<string>
}>() {}

/** What a verified registration yields. */
export interface RegisteredCredential {
  readonly credentialId: string
  readonly publicKey: string
  readonly counter: number
  readonly transports: ReadonlyArray<string>
  readonly deviceType: string
  readonly backedUp: boolean
}

/** The WebAuthn relying party (RP id and origin come from configuration). Options are plain JSON for the browser. */
export class WebAuthn extends Context.Tag("@podium/core/identity/WebAuthn")<WebAuthn, {
  readonly registrationOptions: (input: {
    readonly userId: string
    readonly userName: string
    readonly userDisplayName: string
    readonly exclude: ReadonlyArray<{ readonly credentialId: string; readonly transports: ReadonlyArray<string> }>
  }) => Effect.Effect<{ readonly options: Readonly<Record<string, unknown>>; readonly challenge: string }>
  readonly verifyRegistration: (input: {
    readonly response: unknown
    readonly expectedChallenge: string
  }) => Effect.Effect<RegisteredCredential, PasskeyInvalid>
  readonly authenticationOptions: (input: {
    /** Empty: discoverable credentials (sign-in without a username). */
    readonly allow: ReadonlyArray<{ readonly credentialId: string; readonly transports: ReadonlyArray<string> }>
  }) => Effect.Effect<{ readonly options: Readonly<Record<string, unknown>>; readonly challenge: string }>
  /** The challenge and credential id a response claims (from clientDataJSON and `id`), unverified. */
  readonly inspect: (response: unknown) => Option.Option<{ readonly challenge: string; readonly credentialId: string }>
  readonly verifyAuthentication: (input: {
    readonly response: unknown
    readonly expectedChallenge: string
    readonly credential: Pick<Passkey, "credentialId" | "publicKey" | "counter" | "transports">
  }) => Effect.Effect<{ readonly newCounter: number; readonly userVerified: boolean }, PasskeyInvalid>
}>() {}
