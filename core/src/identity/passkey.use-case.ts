/**
 * Passkeys (WebAuthn): registration for the caller, authentication as a sign-in (discoverable
 * credentials: the credential names its account) or as a step-up of the caller's session, list and
 * delete. Challenges are random, single use (atomic take) and live 5 minutes, bound to their
 * purpose (and, for registration and step-up, to the caller's account and session). A credential's
 * signature counter must move forward (cloned authenticators and replays lose).
 */
import { Clock, Effect, Option, Schema } from "effect"
import { AdminRepo } from "../accounts/account.port.js"
import { TtlCache } from "../platform/ttl-cache.port.js"
import { SecureRandom } from "./crypto.port.js"
import { AccountNotFound } from "./identity.errors.js"
import type { AccountRef, Principal } from "./principal.model.js"
import { PasskeyInvalid, PasskeyNotFound, StepUpMethodUnavailable } from "./second-factor.errors.js"
import { type Passkey, PasskeyRepo, WebAuthn } from "./second-factor.port.js"
import { completeSignIn, type SignInClient } from "./second-factor.use-case.js"
import { describeAccount } from "./sign-in.use-case.js"
import { markSteppedUp, refuseImpersonated } from "./step-up.model.js"
import { requireSecondFactorKind } from "./totp.use-case.js"

const ChallengeLifetimeMs = 5 * 60 * 1000
const challengeKey = (challenge: string) => `identity:webauthn-challenge:${challenge}`

type Purpose = "register" | "sign-in" | "step-up"
const Challenge = Schema.parseJson(Schema.Struct({
  purpose: Schema.Literal("register", "sign-in", "step-up"),
  accountKind: Schema.optional(Schema.String),
  accountId: Schema.optional(Schema.String),
  sessionId: Schema.optional(Schema.String)
}))

const accountOf = (p: Principal): AccountRef => ({ kind: p.accountKind, id: p.accountId })
const sameAccount = (a: AccountRef, b: AccountRef) => a.kind === b.kind && a.id === b.id

const remember = (challenge: string, purpose: Purpose, principal: Principal | undefined) =>
  Effect.gen(function*() {
    const entry = yield* Schema.encode(Challenge)({
      purpose,
      ...(principal === undefined
        ? {}
        : { accountKind: principal.accountKind, accountId: principal.accountId, sessionId: principal.sessionId })
    }).pipe(Effect.orDie)
    yield* Effect.flatMap(TtlCache, (cache) => cache.set(challengeKey(challenge), entry, ChallengeLifetimeMs))
  })

/** Takes the challenge the response answers: unknown, used, expired or of another purpose/caller → PasskeyInvalid. */
const takeChallenge = (response: unknown, purpose: Purpose, principal: Principal | undefined) =>
  Effect.gen(function*() {
    const claimed = (yield* WebAuthn).inspect(response)
    if (Option.isNone(claimed)) return yield* new PasskeyInvalid({ reason: "malformed response" })
    const entry = yield* Effect.flatMap(TtlCache, (cache) => cache.take(challengeKey(claimed.value.challenge)))
    if (Option.isNone(entry)) return yield* new PasskeyInvalid({ reason: "unknown, used or expired challenge" })
    const challenge = yield* Schema.decode(Challenge)(entry.value).pipe(Effect.orDie)
    const bound = principal === undefined ||
      (challenge.accountKind === principal.accountKind && challenge.accountId === principal.accountId &&
        challenge.sessionId === principal.sessionId)
    if (challenge.purpose !== purpose || !bound) return yield* new PasskeyInvalid({ reason: "challenge of another ceremony" })
    return claimed.value
  })

/** Creation options for a new passkey of the caller (`label` names the account in the authenticator). */
export const passkeyRegistrationOptions = Effect.fn("identity.passkeys.registrationOptions")(function*(principal: Principal, label: string) {
  const account = accountOf(principal)
  yield* requireSecondFactorKind(account)
  const existing = yield* Effect.flatMap(PasskeyRepo, (repo) => repo.listByAccount(account))
  const { options, challenge } = yield* Effect.flatMap(WebAuthn, (webauthn) =>
    webauthn.registrationOptions({
      userId: `${account.kind}:${account.id}`,
      userName: label,
      userDisplayName: label,
      exclude: existing.map((p) => ({ credentialId: p.credentialId, transports: p.transports }))
    }))
  yield* remember(challenge, "register", principal)
  return options
})

/** Verifies the authenticator's registration response and stores the credential. */
export const registerPasskey = Effect.fn("identity.passkeys.register")(function*(principal: Principal, input: {
  readonly response: unknown
  readonly name?: string | undefined
}) {
  const account = accountOf(principal)
  yield* requireSecondFactorKind(account)
  const { challenge } = yield* takeChallenge(input.response, "register", principal)
  const credential = yield* Effect.flatMap(WebAuthn, (webauthn) => webauthn.verifyRegistration({ response: input.response, expectedChallenge: challenge }))
  const passkey: Passkey = {
    id: yield* Effect.flatMap(SecureRandom, (random) => random.uuid),
    account,
    ...credential,
    name: input.name ?? null,
    createdAt: new Date(yield* Clock.currentTimeMillis),
    lastUsedAt: null
  }
  yield* Effect.flatMap(PasskeyRepo, (repo) => repo.add(passkey))
  return passkey
})

/**
 * Request options. With a caller: a step-up challenge for the caller's session, limited to the
 * caller's passkeys. Without: a sign-in challenge for any discoverable credential.
 */
export const passkeyAuthenticationOptions = Effect.fn("identity.passkeys.authenticationOptions")(function*(principal: Option.Option<Principal>) {
  let allow: ReadonlyArray<Passkey> = []
  if (Option.isSome(principal)) {
    yield* requireSecondFactorKind(accountOf(principal.value))
    allow = yield* Effect.flatMap(PasskeyRepo, (repo) => repo.listByAccount(accountOf(principal.value)))
    if (allow.length === 0) {
      return yield* new StepUpMethodUnavailable({ method: "passkey", message: "No passkey is registered for this account" })
    }
  }
  const { options, challenge } = yield* Effect.flatMap(WebAuthn, (webauthn) =>
    webauthn.authenticationOptions({ allow: allow.map((p) => ({ credentialId: p.credentialId, transports: p.transports })) }))
  yield* remember(challenge, Option.isSome(principal) ? "step-up" : "sign-in", Option.getOrUndefined(principal))
  return options
})

const verifyAssertion = (response: unknown, purpose: "sign-in" | "step-up", principal: Principal | undefined) =>
  Effect.gen(function*() {
    const { challenge, credentialId } = yield* takeChallenge(response, purpose, principal)
    const repo = yield* PasskeyRepo
    const passkey = yield* repo.findByCredentialId(credentialId)
    if (Option.isNone(passkey)) return yield* new PasskeyInvalid({ reason: "unknown credential" })
    if (principal !== undefined && !sameAccount(passkey.value.account, accountOf(principal))) {
      return yield* new PasskeyInvalid({ reason: "credential of another account" })
    }
    const verified = yield* Effect.flatMap(WebAuthn, (webauthn) =>
      webauthn.verifyAuthentication({ response, expectedChallenge: challenge, credential: passkey.value }))
    const moved = yield* repo.useCounter(passkey.value.id, passkey.value.counter, verified.newCounter, new Date(yield* Clock.currentTimeMillis))
    if (!moved) return yield* new PasskeyInvalid({ reason: "signature counter did not advance" })
    return { passkey: passkey.value, userVerified: verified.userVerified }
  })

/** Sign-in with a passkey: the credential names the account; the second-factor gate still applies (see completeSignIn). */
export const signInWithPasskey = Effect.fn("identity.passkeys.signIn")(function*(response: unknown, client: SignInClient) {
  const { passkey, userVerified } = yield* verifyAssertion(response, "sign-in", undefined)
  const profile = yield* describeAccount({ accountKind: passkey.account.kind, accountId: passkey.account.id })
  if (Option.isNone(profile)) return yield* new AccountNotFound({ kind: passkey.account.kind })
  if (passkey.account.kind === "admin") {
    const admin = yield* Effect.flatMap(AdminRepo, (repo) => repo.findById(passkey.account.id))
    if (Option.isNone(admin) || admin.value.status !== "ACTIVE") return yield* new AccountNotFound({ kind: "admin" })
  }
  return yield* completeSignIn(profile.value, client, { passkeyVerified: userVerified })
})

/** Step-up of the caller's session with one of its passkeys; returns the end of the window. */
export const stepUpWithPasskey = Effect.fn("identity.passkeys.stepUp")(function*(principal: Principal, response: unknown) {
  yield* refuseImpersonated(principal)
  yield* verifyAssertion(response, "step-up", principal)
  return yield* markSteppedUp(principal.sessionId)
})

/** The caller's passkeys, oldest first. */
export const listPasskeys = Effect.fn("identity.passkeys.list")(function*(principal: Principal) {
  return yield* Effect.flatMap(PasskeyRepo, (repo) => repo.listByAccount(accountOf(principal)))
})

/** Deletes one of the caller's passkeys (another account's id is "not found"). */
export const deletePasskey = Effect.fn("identity.passkeys.delete")(function*(principal: Principal, id: string) {
  const removed = yield* Effect.flatMap(PasskeyRepo, (repo) => repo.remove(accountOf(principal), id))
  if (!removed) return yield* new PasskeyNotFound({ id })
})
