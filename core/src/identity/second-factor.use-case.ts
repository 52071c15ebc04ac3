/**
 * The second-factor gate of sign-in. Every sign-in path (phone OTP, e-mail OTP, identity
 * providers, passkeys) ends in `completeSignIn`: when the account has TOTP enabled it answers an
 * mfaToken instead of tokens (`POST /v2/auth/totp/verify` finishes it); when an admin must have TOTP
 * (totpRequiredAt) but has none, it answers an enrollment mfaToken (enroll + confirm with it finish
 * the sign-in). The session starts only after the second factor. mfaTokens are random, stored as
 * keyed hashes for 5 minutes, and single use.
 */
import { Effect, Option, Schema } from "effect"
import { TtlCache } from "../platform/ttl-cache.port.js"
import { Hmac, SecureRandom } from "./crypto.port.js"
import { AccountKind, type AccountRef } from "./principal.model.js"
import { MfaTokenInvalid } from "./second-factor.errors.js"
import { TotpRepo } from "./second-factor.port.js"
import { startSession } from "./session.use-case.js"
import type { AccountProfile } from "./sign-in.use-case.js"
import { SecondFactorKinds, TotpPolicy } from "./totp.model.js"
import { confirmTotp, enrollTotp, verifySecondFactorCode } from "./totp.use-case.js"

/** The device a sign-in comes from (kept on the session). */
export interface SignInClient {
  readonly userAgent?: string | undefined
  readonly ip?: string | undefined
}

/** A finished sign-in: the session's first tokens. */
export interface SignedIn {
  readonly profile: AccountProfile
  readonly accessToken: string
  readonly refreshToken: string
  readonly sessionId: string
}

/** What is still missing before the session starts. */
export type SecondFactorStep = "totp" | "totp-enrollment"

/** A sign-in that needs a second factor first: present `mfaToken` to the matching operation. */
export interface SecondFactorDue {
  readonly secondFactor: SecondFactorStep
  readonly mfaToken: string
  readonly profile: AccountProfile
}

/** The outcome of a first factor. */
export type SignInOutcome = SignedIn | SecondFactorDue

export const isSecondFactorDue = (outcome: SignInOutcome): outcome is SecondFactorDue => "mfaToken" in outcome

const Ticket = Schema.parseJson(Schema.Struct({
  step: Schema.Literal("totp", "totp-enrollment"),
  label: Schema.String,
  profile: Schema.Struct({
    kind: AccountKind,
    id: Schema.String,
    phoneNumber: Schema.NullOr(Schema.String),
    email: Schema.NullOr(Schema.String),
    firstName: Schema.NullOr(Schema.String),
    lastName: Schema.NullOr(Schema.String),
    createdAt: Schema.Date,
    updatedAt: Schema.Date
  })
}))
type Ticket = typeof Ticket.Type

const MfaPurpose = "mfa-token"
const ticketKey = (hash: string) => `identity:mfa:${hash}`

/** Starts the session of a fully signed-in account. */
export const openSession = (profile: AccountProfile, client: SignInClient) =>
  startSession({ account: { kind: profile.kind, id: profile.id }, role: profile.kind, ...client }).pipe(
    Effect.map((started): SignedIn => ({
      profile,
      accessToken: started.accessToken,
      refreshToken: started.refreshToken,
      sessionId: started.session.id
    }))
  )

/** Which second-factor step an account owes at sign-in, if any (read live). */
export const secondFactorDue = Effect.fn("identity.secondFactor.due")(function*(account: AccountRef) {
  if (!(SecondFactorKinds as ReadonlyArray<string>).includes(account.kind)) return Option.none<SecondFactorStep>()
  const state = yield* Effect.flatMap(TotpRepo, (repo) => repo.find(account))
  if (Option.isSome(state) && state.value.enabledAt !== null) return Option.some<SecondFactorStep>("totp")
  if (account.kind === "admin" && Option.isSome(yield* Effect.flatMap(TotpRepo, (repo) => repo.adminRequiredAt(account.id)))) {
    return Option.some<SecondFactorStep>("totp-enrollment")
  }
  return Option.none<SecondFactorStep>()
})

const labelOf = (profile: AccountProfile) => profile.email ?? profile.phoneNumber ?? profile.id

/**
 * Ends a first factor: starts the session, or answers the second-factor step that is due.
 * `passkeyVerified`: the first factor was a user-verified passkey, which already is two factors,
 * so an enabled TOTP is not asked again (a required-but-missing enrollment still is).
 */
export const completeSignIn = Effect.fn("identity.signIn.complete")(function*(
  profile: AccountProfile,
  client: SignInClient,
  options: { readonly passkeyVerified?: boolean } = {}
) {
  const due = yield* secondFactorDue({ kind: profile.kind, id: profile.id })
  if (Option.isNone(due) || (due.value === "totp" && options.passkeyVerified === true)) {
    return (yield* openSession(profile, client)) as SignInOutcome
  }
  const random = yield* SecureRandom
  const hmac = yield* Hmac
  const mfaToken = yield* random.token(32)
  const hash = yield* hmac.digest(MfaPurpose, mfaToken)
  const entry = yield* Schema.encode(Ticket)({ step: due.value, label: labelOf(profile), profile }).pipe(Effect.orDie)
  yield* Effect.flatMap(TtlCache, (cache) => cache.set(ticketKey(hash), entry, TotpPolicy.mfaTokenSeconds * 1000))
  const answer: SecondFactorDue = { secondFactor: due.value, mfaToken, profile }
  return answer as SignInOutcome
})

const readTicket = (mfaToken: string, step: SecondFactorStep) =>
  Effect.gen(function*() {
    const hash = yield* Effect.flatMap(Hmac, (hmac) => hmac.digest(MfaPurpose, mfaToken))
    const entry = yield* Effect.flatMap(TtlCache, (cache) => cache.get(ticketKey(hash)))
    if (Option.isNone(entry)) return yield* new MfaTokenInvalid()
    const ticket = yield* Schema.decode(Ticket)(entry.value).pipe(Effect.orDie)
    if (ticket.step !== step) return yield* new MfaTokenInvalid()
    return { hash, ticket }
  })

/** Consumes the ticket (atomic: of two concurrent finishers only one gets the session). */
const takeTicket = (hash: string) =>
  Effect.flatMap(TtlCache, (cache) => cache.take(ticketKey(hash))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new MfaTokenInvalid()), onSome: () => Effect.void }))
  )

const refOf = (ticket: Ticket): AccountRef => ({ kind: ticket.profile.kind, id: ticket.profile.id })

/** `POST /v2/auth/totp/verify`: a TOTP or recovery code for the mfaToken's account; then the session starts. */
export const verifyMfa = Effect.fn("identity.signIn.verifyMfa")(function*(input: {
  readonly mfaToken: string
  readonly code: string
} & SignInClient) {
  const { hash, ticket } = yield* readTicket(input.mfaToken, "totp")
  yield* verifySecondFactorCode(refOf(ticket), input.code, { allowRecovery: true })
  yield* takeTicket(hash)
  return yield* openSession(ticket.profile, input)
})

/** Enrollment during a sign-in that requires it (the mfaToken stays valid until confirmation). */
export const enrollTotpForSignIn = Effect.fn("identity.signIn.enrollTotp")(function*(mfaToken: string) {
  const { ticket } = yield* readTicket(mfaToken, "totp-enrollment")
  return yield* enrollTotp(refOf(ticket), ticket.label)
})

/** Confirms that enrollment with the first code and finishes the sign-in. */
export const confirmTotpForSignIn = Effect.fn("identity.signIn.confirmTotp")(function*(input: {
  readonly mfaToken: string
  readonly code: string
} & SignInClient) {
  const { hash, ticket } = yield* readTicket(input.mfaToken, "totp-enrollment")
  const enabledAt = yield* confirmTotp(refOf(ticket), input.code)
  yield* takeTicket(hash)
  return { enabledAt, signedIn: yield* openSession(ticket.profile, input) }
})
