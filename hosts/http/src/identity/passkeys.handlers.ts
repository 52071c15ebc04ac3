/** Handlers of the Passkeys group: thin translations to passkey.use-case.ts. */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal, type Principal } from "@podium/contracts/common"
import { IdentityApi } from "@podium/contracts/identity"
import { Identity } from "@podium/core"
import { Effect, type Layer, Option } from "effect"
import type { IdentityHandlerServices } from "./auth.middleware.js"
import { clientInfo } from "./client.js"
import { refuseImpersonation, signInOutcomeAnswer } from "./sign-in-outcome.answers.js"
import { apiGroup } from "../serving/served-groups.js"

const labelOf = (principal: Principal) =>
  Effect.map(Identity.describeAccount(principal), (profile) =>
    Option.match(profile, { onNone: () => principal.accountId, onSome: (p) => p.email ?? p.phoneNumber ?? p.id }))

export const PasskeysHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "passkeys">, never, IdentityHandlerServices> = apiGroup(IdentityApi, "passkeys", (handlers) =>
  handlers
    .handle("passkeyRegisterOptions", () =>
      Effect.gen(function*() {
        const principal = yield* Effect.flatMap(CurrentPrincipal, refuseImpersonation)
        return yield* Identity.passkeyRegistrationOptions(principal, yield* labelOf(principal))
      }))
    .handle("passkeyRegisterVerify", ({ payload }) =>
      Effect.gen(function*() {
        const principal = yield* Effect.flatMap(CurrentPrincipal, refuseImpersonation)
        return yield* Identity.registerPasskey(principal, { response: payload.response, name: payload.name })
      }))
    .handle("passkeyAuthenticateOptions", () =>
      Effect.gen(function*() {
        return yield* Identity.passkeyAuthenticationOptions(yield* Effect.serviceOption(CurrentPrincipal))
      }))
    .handle("passkeyAuthenticateVerify", ({ payload }) =>
      Effect.gen(function*() {
        const principal = yield* Effect.serviceOption(CurrentPrincipal)
        if (Option.isSome(principal)) {
          const until = yield* Identity.stepUpWithPasskey(principal.value, payload.response)
          return { message: "Session stepped up", method: "passkey" as const, steppedUpUntil: new Date(until) }
        }
        const client = yield* clientInfo
        return signInOutcomeAnswer(yield* Identity.signInWithPasskey(payload.response, client))
      }))
    .handle("listPasskeys", () =>
      Effect.flatMap(CurrentPrincipal, Identity.listPasskeys))
    .handle("deletePasskey", ({ path }) =>
      Effect.gen(function*() {
        yield* Identity.deletePasskey(yield* Effect.flatMap(CurrentPrincipal, refuseImpersonation), path.id)
        return { message: "Passkey deleted", deleted: 1 }
      }))
)
