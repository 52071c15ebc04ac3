/**
 * Sign-in through external identity providers. Provider A: the app sends the provider's ID token.
 * Provider B: the server exchanges an authorization code (native apps send it directly; browsers go
 * session → provider → form-post callback → one-time exchange code → exchange). Either way the
 * verified identity resolves an account — by its linked subject, else by the provider-verified
 * e-mail address (linking it), else (athletes only) a new account — and sign-in completes through
 * the shared completion of sign-in.use-case.ts (sessions, second factor).
 */
import { Clock, Effect, Option, Schema } from "effect"
import { OrganizerMemberRepo, UserRepo } from "../accounts/account.port.js"
import { TtlCache } from "../platform/ttl-cache.port.js"
import { Hmac, SecureRandom } from "./crypto.port.js"
import { AccountNotFound } from "./identity.errors.js"
import { ExchangeCodeInvalid, IdentityEmailUnverified, IdentityProviderNotConfigured } from "./identity-provider.errors.js"
import { type IdentityProviderId, IdentityProviders, type VerifiedIdentity } from "./identity-provider.port.js"
import { EmailVerificationRepo, LinkedIdentityRepo } from "./linked-identity.port.js"
import type { AccountRef, LoginRole } from "./principal.model.js"
import { type AccountProfile, completeSignIn, describeAccount } from "./sign-in.use-case.js"

/** How long the one-time state and nonce of a browser flow stay valid. */
export const WebFlowStateTtlMs = 10 * 60 * 1000
/** How long the one-time exchange code of a browser callback stays valid. */
export const ExchangeCodeTtlMs = 2 * 60 * 1000

interface ClientInfo {
  readonly userAgent?: string | undefined
  readonly ip?: string | undefined
}

/** Names the provider may give on first sign-in (provider B sends them once, outside the token). */
export interface GivenNames {
  readonly firstName?: string | undefined
  readonly lastName?: string | undefined
}

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

const profileOf = (account: AccountRef) =>
  Effect.flatMap(
    describeAccount({ accountKind: account.kind, accountId: account.id }),
    Option.match({ onNone: () => Effect.fail(new AccountNotFound({ kind: account.kind })), onSome: Effect.succeed })
  )

/**
 * The account a verified identity signs in to. A linked subject wins (it must be of the asked role);
 * otherwise the provider must vouch for an e-mail address: athletes are found by it or created,
 * organizers resolve an active team member (never created); admins never sign in through providers.
 */
export const resolveIdentityAccount = Effect.fn("identity.providers.resolveAccount")(function*(
  identity: VerifiedIdentity,
  role: LoginRole,
  names: GivenNames = {}
) {
  const links = yield* LinkedIdentityRepo
  const existing = yield* links.findBySubject(identity.provider, identity.subject)
  if (Option.isSome(existing)) {
    if (existing.value.accountKind !== role) return yield* new AccountNotFound({ kind: role })
    return yield* profileOf({ kind: existing.value.accountKind, id: existing.value.accountId })
  }
  if (role === "admin") return yield* new AccountNotFound({ kind: "admin" })
  if (identity.email === null || !identity.emailVerified) return yield* new IdentityEmailUnverified({ provider: identity.provider })
  const email = identity.email

  let account: AccountRef
  if (role === "user") {
    const users = yield* UserRepo
    const found = yield* users.findByEmail(email)
    const user = Option.isSome(found)
      ? found.value
      : yield* users.create({
        email,
        firstName: names.firstName ?? identity.firstName,
        lastName: names.lastName ?? identity.lastName
      }).pipe(
        // A concurrent first sign-in created it meanwhile: use that one.
        Effect.catchTag("AccountConflict", () => users.findOrCreateByEmail(email))
      )
    account = { kind: "user", id: user.id }
  } else {
    const members = yield* Effect.flatMap(OrganizerMemberRepo, (r) => r.findActiveByEmail(email))
    if (members[0] === undefined) return yield* new AccountNotFound({ kind: "organizer" })
    account = { kind: "organizer", id: members[0].id }
  }
  // Of two concurrent first sign-ins of one subject, the stored link decides the account.
  const link = yield* links.link({ account, provider: identity.provider, subject: identity.subject, email })
  const linked: AccountRef = { kind: link.accountKind, id: link.accountId }
  yield* Effect.flatMap(EmailVerificationRepo, (r) => Effect.flatMap(now, (at) => r.markVerified(linked, email, at)))
  return yield* profileOf(linked)
})

const signInAs = (identity: VerifiedIdentity, role: LoginRole, names: GivenNames, client: ClientInfo) =>
  Effect.flatMap(resolveIdentityAccount(identity, role, names), (profile: AccountProfile) => completeSignIn(profile, client))

/** Provider A: verifies the app's ID token (and nonce when given) and signs in. */
export const signInWithIdToken = Effect.fn("identity.providers.signInWithIdToken")(function*(input: {
  readonly provider: IdentityProviderId
  readonly idToken: string
  readonly nonce?: string | undefined
  readonly role: LoginRole
} & GivenNames & ClientInfo) {
  const providers = yield* IdentityProviders
  const identity = yield* providers.verifyIdToken(input.provider, input.idToken, { nonce: input.nonce })
  return yield* signInAs(identity, input.role, input, input)
})

/** Provider B (native apps): exchanges the authorization code, verifies the ID token it yields, signs in. */
export const signInWithAuthorizationCode = Effect.fn("identity.providers.signInWithAuthorizationCode")(function*(input: {
  readonly provider: IdentityProviderId
  readonly authorizationCode: string
  readonly flow: "web" | "native"
  readonly clientId?: string | undefined
  readonly nonce?: string | undefined
  readonly role: LoginRole
} & GivenNames & ClientInfo) {
  const providers = yield* IdentityProviders
  const idToken = yield* providers.exchangeCode(input.provider, { code: input.authorizationCode, flow: input.flow, clientId: input.clientId })
  const identity = yield* providers.verifyIdToken(input.provider, idToken, { nonce: input.nonce })
  return yield* signInAs(identity, input.role, input, input)
})

// --- browser flow of provider B ------------------------------------------------------------------

const WebState = Schema.parseJson(Schema.Struct({ nonce: Schema.String, role: Schema.Literal("user", "organizer", "admin") }))
const WebExchange = Schema.parseJson(Schema.Struct({
  code: Schema.String,
  nonce: Schema.String,
  role: Schema.Literal("user", "organizer", "admin"),
  firstName: Schema.optional(Schema.String),
  lastName: Schema.optional(Schema.String)
}))

// Keys hold keyed hashes, so a Redis dump reveals no usable state or exchange code.
const stateKey = (digest: string) => `identity:idp-web:state:${digest}`
const exchangeKey = (digest: string) => `identity:idp-web:exchange:${digest}`

const requireWebFlow = (provider: IdentityProviderId) =>
  Effect.flatMap(IdentityProviders, (providers) => {
    const status = providers.status.find((s) => s.provider === provider)
    if (status === undefined || !status.configured) return Effect.fail(new IdentityProviderNotConfigured({ provider, part: "provider" }))
    if (!status.webFlow) return Effect.fail(new IdentityProviderNotConfigured({ provider, part: "web flow" }))
    return Effect.succeed(status)
  })

/** Starts a browser flow: a one-time `state` and `nonce` for the provider's authorization request. */
export const startWebFlow = Effect.fn("identity.providers.startWebFlow")(function*(input: {
  readonly provider: IdentityProviderId
  readonly role: LoginRole
}) {
  const status = yield* requireWebFlow(input.provider)
  const random = yield* SecureRandom
  const state = yield* random.token(24)
  const nonce = yield* random.token(24)
  const digest = yield* Effect.flatMap(Hmac, (h) => h.digest("idp-web-state", state))
  const value = yield* Schema.encode(WebState)({ nonce, role: input.role }).pipe(Effect.orDie)
  yield* Effect.flatMap(TtlCache, (cache) => cache.set(stateKey(digest), value, WebFlowStateTtlMs))
  const expiresAt = new Date((yield* Clock.currentTimeMillis) + WebFlowStateTtlMs)
  return { state, nonce, expiresAt, clientId: status.clientIds[0] ?? null, redirectUri: status.redirectUri }
})

/**
 * Accepts the provider's form-post callback: the state is taken (single use) and the authorization
 * code parked under a fresh one-time exchange code, which is all the browser gets to see.
 * None when the state is unknown, expired or spent.
 */
export const acceptWebCallback = Effect.fn("identity.providers.acceptWebCallback")(function*(input: {
  readonly provider: IdentityProviderId
  readonly state: string
  readonly code: string
} & GivenNames) {
  yield* requireWebFlow(input.provider)
  const hmac = yield* Hmac
  const cache = yield* TtlCache
  const taken = yield* cache.take(stateKey(yield* hmac.digest("idp-web-state", input.state)))
  if (Option.isNone(taken)) return Option.none<string>()
  const state = yield* Schema.decode(WebState)(taken.value).pipe(Effect.orDie)
  const exchangeCode = yield* Effect.flatMap(SecureRandom, (r) => r.token(32))
  const value = yield* Schema.encode(WebExchange)({
    code: input.code,
    nonce: state.nonce,
    role: state.role,
    ...(input.firstName === undefined ? {} : { firstName: input.firstName }),
    ...(input.lastName === undefined ? {} : { lastName: input.lastName })
  }).pipe(Effect.orDie)
  yield* cache.set(exchangeKey(yield* hmac.digest("idp-web-exchange", exchangeCode)), value, ExchangeCodeTtlMs)
  return Option.some(exchangeCode)
})

/** Redeems a browser callback's exchange code (single use): code exchange, ID-token check with the flow's nonce, sign-in. */
export const exchangeWebCode = Effect.fn("identity.providers.exchangeWebCode")(function*(input: {
  readonly provider: IdentityProviderId
  readonly exchangeCode: string
} & ClientInfo) {
  yield* requireWebFlow(input.provider)
  const digest = yield* Effect.flatMap(Hmac, (h) => h.digest("idp-web-exchange", input.exchangeCode))
  const taken = yield* Effect.flatMap(TtlCache, (cache) => cache.take(exchangeKey(digest)))
  if (Option.isNone(taken)) return yield* new ExchangeCodeInvalid()
  const parked = yield* Schema.decode(WebExchange)(taken.value).pipe(Effect.orDie)
  return yield* signInWithAuthorizationCode({
    provider: input.provider,
    authorizationCode: parked.code,
    flow: "web",
    nonce: parked.nonce,
    role: parked.role,
    firstName: parked.firstName,
    lastName: parked.lastName,
    userAgent: input.userAgent,
    ip: input.ip
  })
})
