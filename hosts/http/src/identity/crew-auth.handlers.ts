/** Handlers of the Crew sign-in group. */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal } from "@podium/contracts/common"
import { IdentityApi } from "@podium/contracts/identity"
import { Identity } from "@podium/core"
import { Effect, Layer } from "effect"
import type { IdentityHandlerServices } from "./auth.middleware.js"
import { logoutAnswer, refreshWith, signInAnswer } from "./auth.handlers.js"
import { clientInfo } from "./client.js"
import { withRetryAfter } from "./retry-after.answers.js"
import { apiGroup } from "../serving/served-groups.js"

const sent = { flash: true, message: "OTP sent successfully" }

export const CrewAuthHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "crewAuth">, never, IdentityHandlerServices> = apiGroup(IdentityApi, "crewAuth", (handlers) =>
  handlers
    .handle("crewSendOtp", ({ payload }) =>
      Effect.gen(function*() {
        const { ip } = yield* clientInfo
        yield* Identity.sendCrewOtp({ channel: "phone", identifier: payload.phoneNumber, ip })
        return sent
      }).pipe(withRetryAfter))
    .handle("crewVerifyOtp", ({ payload }) =>
      Effect.gen(function*() {
        const client = yield* clientInfo
        const signedIn = yield* Identity.signInCrew({ channel: "phone", identifier: payload.phoneNumber, otp: payload.otp, ...client })
        return { ...signInAnswer(signedIn), email: signedIn.profile.email }
      }))
    .handle("crewEmailSendOtp", ({ payload }) =>
      Effect.gen(function*() {
        const { ip } = yield* clientInfo
        yield* Identity.sendCrewOtp({ channel: "email", identifier: payload.email, ip })
        return sent
      }).pipe(withRetryAfter))
    .handle("crewEmailVerifyOtp", ({ payload }) =>
      Effect.gen(function*() {
        const client = yield* clientInfo
        const signedIn = yield* Identity.signInCrew({ channel: "email", identifier: payload.email, otp: payload.otp, ...client })
        return { ...signInAnswer(signedIn), email: signedIn.profile.email }
      }))
    .handle("crewLogout", () =>
      Effect.gen(function*() {
        yield* Identity.endSession(yield* CurrentPrincipal)
        return logoutAnswer
      }))
    .handle("crewRefreshTokens", ({ headers }) => refreshWith(headers.authorization, ["crew"]))
)
