/** Handlers of the TOTP group: thin translations to totp.use-case.ts and second-factor.use-case.ts. */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal, type Principal, Unauthorized } from "@podium/contracts/common"
import { IdentityApi } from "@podium/contracts/identity"
import { Identity } from "@podium/core"
import { Effect, type Layer, Option } from "effect"
import type { IdentityHandlerServices } from "./auth.middleware.js"
import { clientInfo } from "./client.js"
import { withRetryAfter } from "./retry-after.answers.js"
import { refuseImpersonation, verifyOtpAnswer } from "./sign-in-outcome.answers.js"
import { apiGroup } from "../serving/served-groups.js"

const accountOf = (p: Principal): Identity.AccountRef => ({ kind: p.accountKind, id: p.accountId })

/** The caller of a route that takes a bearer or an enrollment mfaToken: the mfaToken wins when given. */
const callerOrToken = (mfaToken: string | undefined) =>
  Effect.gen(function*() {
    if (mfaToken !== undefined) return { _tag: "token" as const, mfaToken }
    const principal = yield* Effect.serviceOption(CurrentPrincipal)
    if (Option.isNone(principal)) return yield* new Unauthorized({ message: "Unauthorized" })
    return { _tag: "principal" as const, principal: yield* refuseImpersonation(principal.value) }
  })

/** How the account is named in the authenticator app: its e-mail, else its phone, else its id. */
const labelOf = (principal: Principal) =>
  Effect.map(Identity.describeAccount(principal), (profile) =>
    Option.match(profile, {
      onNone: () => principal.accountId,
      onSome: (p) => p.email ?? p.phoneNumber ?? p.id
    }))

export const TotpHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "totp">, never, IdentityHandlerServices> = apiGroup(IdentityApi, "totp", (handlers) =>
  handlers
    .handle("totpEnroll", ({ payload }) =>
      Effect.gen(function*() {
        const caller = yield* callerOrToken(payload.mfaToken)
        if (caller._tag === "token") return yield* Identity.enrollTotpForSignIn(caller.mfaToken)
        return yield* Identity.enrollTotp(accountOf(caller.principal), yield* labelOf(caller.principal))
      }))
    .handle("totpConfirm", ({ payload }) =>
      Effect.gen(function*() {
        const caller = yield* callerOrToken(payload.mfaToken)
        if (caller._tag === "token") {
          const client = yield* clientInfo
          const { enabledAt, signedIn } = yield* Identity.confirmTotpForSignIn({ mfaToken: caller.mfaToken, code: payload.code, ...client })
          return { ...verifyOtpAnswer(signedIn), totpEnabledAt: enabledAt }
        }
        const enabledAt = yield* Identity.confirmTotp(accountOf(caller.principal), payload.code)
        return { message: "TOTP enabled", totpEnabledAt: enabledAt }
      }).pipe(withRetryAfter))
    .handle("totpDisable", ({ payload }) =>
      Effect.gen(function*() {
        yield* Identity.disableTotp(accountOf(yield* Effect.flatMap(CurrentPrincipal, refuseImpersonation)), payload.code)
        return { message: "TOTP disabled", enabled: false }
      }).pipe(withRetryAfter))
    .handle("totpStatus", () =>
      Effect.gen(function*() {
        return yield* Identity.totpStatus(accountOf(yield* CurrentPrincipal))
      }))
    .handle("totpVerify", ({ payload }) =>
      Effect.gen(function*() {
        const client = yield* clientInfo
        return verifyOtpAnswer(yield* Identity.verifyMfa({ mfaToken: payload.mfaToken, code: payload.code, ...client }))
      }).pipe(withRetryAfter))
)
