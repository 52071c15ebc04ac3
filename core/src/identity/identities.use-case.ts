/**
 * The caller's sign-in methods: listing (phone, e-mail, linked provider identities), removing one
 * (never the last, and an athlete keeps a phone number or an e-mail address), and which methods a
 * client may offer for a login role.
 */
import { Effect, Option } from "effect"
import { IdentityRemovalRefused } from "./identity-provider.errors.js"
import { type IdentityProviderId, IdentityProviders } from "./identity-provider.port.js"
import { type AccountMethods, EmailVerificationRepo, LinkedIdentityRepo, type MethodTarget } from "./linked-identity.port.js"
import { AccountNotFound } from "./identity.errors.js"
import type { LoginRole, Principal } from "./principal.model.js"
import { describeAccount } from "./sign-in.use-case.js"

/** One sign-in method of the caller as `/v2/auth/identities` shows it. */
export interface IdentityEntry {
  /** `phone`, `email`, or the linked identity's id. */
  readonly id: string
  readonly provider: "phone" | "email" | IdentityProviderId
  readonly phoneNumber: string | null
  readonly email: string | null
  /** The provider's subject for linked identities. */
  readonly subject: string | null
  readonly verified: boolean
  readonly linkedAt: Date | null
}

const accountOf = (principal: Principal) => ({ kind: principal.accountKind, id: principal.accountId })

const profileOf = (principal: Principal) =>
  Effect.flatMap(
    describeAccount(principal),
    Option.match({ onNone: () => Effect.fail(new AccountNotFound({ kind: principal.accountKind })), onSome: Effect.succeed })
  )

/** The caller's sign-in methods: phone, e-mail (with its verification state), then linked identities oldest first. */
export const listIdentities = Effect.fn("identity.identities.list")(function*(principal: Principal) {
  const profile = yield* profileOf(principal)
  const account = accountOf(principal)
  const links = yield* Effect.flatMap(LinkedIdentityRepo, (r) => r.listByAccount(account))
  const entries: Array<IdentityEntry> = []
  if (profile.phoneNumber !== null) {
    // A phone number only ever gets onto an account through a code sent to it.
    entries.push({ id: "phone", provider: "phone", phoneNumber: profile.phoneNumber, email: null, subject: null, verified: true, linkedAt: null })
  }
  if (profile.email !== null) {
    const verified = yield* Effect.flatMap(EmailVerificationRepo, (r) => r.isVerified(account, profile.email!))
    entries.push({ id: "email", provider: "email", phoneNumber: null, email: profile.email, subject: null, verified, linkedAt: null })
  }
  for (const link of links) {
    entries.push({
      id: link.id,
      provider: link.provider,
      phoneNumber: null,
      email: link.email,
      subject: link.subject,
      verified: true,
      linkedAt: link.createdAt
    })
  }
  return entries
})

/**
 * Why removing `target` must be refused, given the account's methods at that moment: nothing may
 * remain without a way to sign in, and an athlete keeps a phone number or an e-mail address.
 */
export const removalRefusal = (methods: AccountMethods, target: MethodTarget): Option.Option<IdentityRemovalRefused> => {
  const total = (methods.phone ? 1 : 0) + (methods.email ? 1 : 0) + methods.links
  if (total <= 1) {
    return Option.some(new IdentityRemovalRefused({ code: "LAST_SIGN_IN_METHOD", message: "This is the only sign-in method left on the account; add another before removing it" }))
  }
  if ((target._tag === "Phone" && !methods.email) || (target._tag === "Email" && !methods.phone)) {
    return Option.some(new IdentityRemovalRefused({ code: "CONTACT_REQUIRED", message: "An account keeps a phone number or an e-mail address; add the other before removing this one" }))
  }
  return Option.none()
}

/** Removes one of the caller's sign-in methods by its id (`phone`, `email` or a linked identity's id). */
export const unlinkIdentity = Effect.fn("identity.identities.unlink")(function*(principal: Principal, id: string) {
  const profile = yield* profileOf(principal)
  const target: MethodTarget = id === "phone" ? { _tag: "Phone" } : id === "email" ? { _tag: "Email" } : { _tag: "Link", id }
  if (target._tag !== "Link" && principal.accountKind !== "user") {
    return yield* new IdentityRemovalRefused({
      code: "IDENTITY_NOT_REMOVABLE",
      message: "The phone number and e-mail address of this account are managed by its team; only linked identities can be removed here"
    })
  }
  yield* Effect.flatMap(LinkedIdentityRepo, (r) =>
    r.remove({
      account: accountOf(principal),
      target,
      contacts: { phone: profile.phoneNumber !== null, email: profile.email !== null },
      refuse: (methods) => removalRefusal(methods, target)
    }))
})

export const LoginClients = ["ios", "android", "web"] as const
export type LoginClient = (typeof LoginClients)[number]

/** One way to sign in, with the calls that make it up. */
export interface LoginMethod {
  readonly method: "phone_otp" | "email_otp" | IdentityProviderId
  readonly available: boolean
  /** Why it is unavailable (unconfigured provider…); null when available. */
  readonly reason: string | null
  readonly flow: ReadonlyArray<string>
}

/**
 * The methods a client may offer for a login role. Phone codes serve every role; e-mail codes and
 * identity providers serve athletes and organizers (admins sign in by phone, then their second
 * factor). Provider B on Android and the web uses the browser flow, on iOS the native code exchange.
 * Passkeys are not listed: they verify step-up, not sign-in.
 */
export const loginMethods = Effect.fn("identity.identities.loginMethods")(function*(role: LoginRole, client: LoginClient) {
  const providers = yield* IdentityProviders
  const status = (id: IdentityProviderId) => providers.status.find((s) => s.provider === id)
  const methods: Array<LoginMethod> = [{
    method: "phone_otp",
    available: true,
    reason: null,
    flow: [role === "user" ? "POST /v2/auth/send-otp" : `POST /v2/${role}s/send-otp`, "POST /v2/auth/verify-otp"]
  }]
  if (role === "admin") return methods
  methods.push({ method: "email_otp", available: true, reason: null, flow: ["POST /v2/auth/email/send-otp", "POST /v2/auth/email/verify-otp"] })
  const a = status("identity-provider-a")
  methods.push({
    method: "identity-provider-a",
    available: a?.configured === true,
    reason: a?.configured === true ? null : "identity provider A is not configured",
    flow: ["POST /v2/auth/oauth/identity-provider-a"]
  })
  const b = status("identity-provider-b")
  const browser = client !== "ios"
  const bAvailable = b?.configured === true && (!browser || b.webFlow)
  methods.push({
    method: "identity-provider-b",
    available: bAvailable,
    reason: bAvailable ? null : b?.configured !== true ? "identity provider B is not configured" : "the browser flow of identity provider B is not configured",
    flow: browser
      ? [
        "POST /v2/auth/oauth/identity-provider-b/session",
        "POST /v2/auth/oauth/identity-provider-b/callback",
        "POST /v2/auth/oauth/identity-provider-b/web/exchange"
      ]
      : ["POST /v2/auth/oauth/identity-provider-b"]
  })
  return methods
})
