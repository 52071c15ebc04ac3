/** Handlers of the Admin TOTP group: permission `admins.security`, x-correlation-id into the audit row. */
import { type HttpApiGroup } from "@effect/platform"
import { IdentityApi } from "@podium/contracts/identity"
import { Identity } from "@podium/core"
import { Effect, type Layer } from "effect"
import type { IdentityHandlerServices } from "./auth.middleware.js"
import { CurrentPrincipal } from "@podium/contracts/common"
import { apiGroup } from "../serving/served-groups.js"

export const AdminTotpHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminTotp">, never, IdentityHandlerServices> = apiGroup(IdentityApi, "adminTotp", (handlers) =>
  handlers
    .handle("requireAdminTotp", ({ path, headers, payload }) =>
      Effect.gen(function*() {
        const actor = yield* CurrentPrincipal
        return yield* Identity.requireAdminTotp({
          actor,
          adminId: path.adminId,
          required: payload.required,
          correlationId: headers["x-correlation-id"]
        })
      }))
    .handle("resetAdminTotp", ({ path, headers }) =>
      Effect.gen(function*() {
        const actor = yield* CurrentPrincipal
        return yield* Identity.resetAdminTotp({ actor, adminId: path.adminId, correlationId: headers["x-correlation-id"] })
      }))
)
