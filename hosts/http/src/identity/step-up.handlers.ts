/** Handler of the Step-up group: exactly one of otp, code (TOTP) or passkey. */
import { type HttpApiGroup } from "@effect/platform"
import { BadRequest, CurrentPrincipal } from "@podium/contracts/common"
import { IdentityApi } from "@podium/contracts/identity"
import { Identity } from "@podium/core"
import { Effect, type Layer } from "effect"
import type { IdentityHandlerServices } from "./auth.middleware.js"
import { withRetryAfter } from "./retry-after.answers.js"
import { apiGroup } from "../serving/served-groups.js"

export const StepUpHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "stepUp">, never, IdentityHandlerServices> = apiGroup(IdentityApi, "stepUp", (handlers) =>
  handlers.handle("stepUpVerify", ({ payload }) =>
    Effect.gen(function*() {
      const principal = yield* CurrentPrincipal
      const given = [payload.otp, payload.code, payload.passkey].filter((v) => v !== undefined).length
      if (given !== 1) return yield* new BadRequest({ message: "Provide exactly one of otp, code or passkey" })
      const [method, until] = payload.otp !== undefined
        ? ["otp" as const, yield* Identity.stepUpWithOtp(principal, payload.otp)]
        : payload.code !== undefined
        ? ["totp" as const, yield* Identity.stepUpWithTotp(principal, payload.code)]
        : ["passkey" as const, yield* Identity.stepUpWithPasskey(principal, payload.passkey)]
      return { message: "Session stepped up", method, steppedUpUntil: new Date(until) }
    }).pipe(withRetryAfter)))
