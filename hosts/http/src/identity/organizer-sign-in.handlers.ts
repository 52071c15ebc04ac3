/** Handler of the organizer sign-in code. */
import { type HttpApiGroup } from "@effect/platform"
import { IdentityApi } from "@podium/contracts/identity"
import { Identity } from "@podium/core"
import { Effect, Layer } from "effect"
import type { IdentityHandlerServices } from "./auth.middleware.js"
import { clientInfo } from "./client.js"
import { withRetryAfter } from "./retry-after.answers.js"
import { apiGroup } from "../serving/served-groups.js"

const SentMessage = "OTP sent successfully"

export const OrganizerSignInHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "organizerSignIn">, never, IdentityHandlerServices> = apiGroup(IdentityApi, "organizerSignIn", (handlers) =>
  handlers.handle("organizerSendOtp", ({ payload }) =>
    Effect.gen(function*() {
      const { ip } = yield* clientInfo
      yield* Identity.sendPhoneOtp({ phoneNumber: payload.phoneNumber, audience: "organizer", ip })
      return { statusCode: 201, message: SentMessage, data: { flash: true, message: SentMessage } }
    }).pipe(withRetryAfter)))
