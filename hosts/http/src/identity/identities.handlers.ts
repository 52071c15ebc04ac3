/** Handlers of the Linked identities group: the caller's sign-in methods and e-mail verification. */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal } from "@podium/contracts/common"
import { IdentityApi } from "@podium/contracts/identity"
import { Identity } from "@podium/core"
import { AppConfig } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import type { IdentityHandlerServices } from "./auth.middleware.js"
import { withRetryAfter } from "./retry-after.answers.js"
import { apiGroup } from "../serving/served-groups.js"

export const IdentitiesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "identities">, never, IdentityHandlerServices> =
  apiGroup(IdentityApi, "identities", (handlers) =>
    handlers
      .handle("listIdentities", () => Effect.flatMap(CurrentPrincipal, Identity.listIdentities))
      .handle("unlinkIdentity", ({ path }) =>
        Effect.gen(function*() {
          yield* Identity.unlinkIdentity(yield* CurrentPrincipal, path.id)
          return { message: "Sign-in method removed", id: path.id }
        }))
      .handle("sendEmailVerification", () =>
        Effect.gen(function*() {
          const config = yield* AppConfig
          const linkBase = config.identityProviders?.emailVerificationUrl ?? `http://localhost:${config.port}/v2/auth/email/verify`
          const sent = yield* Identity.sendEmailVerification({ principal: yield* CurrentPrincipal, linkBase })
          return { message: "Verification link sent", ...sent }
        }).pipe(withRetryAfter))
      .handle("verifyEmail", ({ urlParams }) =>
        Effect.map(Identity.verifyEmail(urlParams.token), (verified) => ({ message: "E-mail address verified", email: verified.email, verified: true })))
  )
