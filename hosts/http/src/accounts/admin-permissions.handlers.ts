/** Handlers of the Admin permissions group (the permission editor); every operation needs `admins.permissions`. */
import { type HttpApiGroup, HttpServerRequest } from "@effect/platform"
import { IdentityApi } from "@podium/contracts/identity"
import { Accounts } from "@podium/core"
import { Effect, type Layer } from "effect"
import type { IdentityHandlerServices } from "../identity/auth.middleware.js"
import { CurrentPrincipal } from "@podium/contracts/common"
import { apiGroup } from "../serving/served-groups.js"

const view = (a: Accounts.AdminRecord) => ({
  adminId: a.id,
  phoneNumber: a.phoneNumber,
  email: a.email,
  firstName: a.firstName,
  lastName: a.lastName,
  handle: a.handle,
  status: a.status,
  permissions: [...a.permissions]
})

export const AdminPermissionsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminPermissions">, never, IdentityHandlerServices> =
  apiGroup(IdentityApi, "adminPermissions", (handlers) =>
    handlers
      .handle("listAdminPermissions", () =>
        Effect.gen(function*() {
          const admins = yield* Accounts.listAdminPermissions
          return { catalog: Accounts.AdminPermissionCatalog, admins: admins.map(view) }
        }))
      .handle("getAdminPermissions", ({ path }) =>
        Effect.gen(function*() {
          return view(yield* Accounts.getAdminPermissions(path.id))
        }))
      .handle("updateAdminPermissions", ({ path, payload }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          const request = yield* HttpServerRequest.HttpServerRequest
          const updated = yield* Accounts.setAdminPermissions({
            actorId: me.accountId,
            adminId: path.id,
            permissions: payload.permissions,
            correlationId: request.headers["x-correlation-id"]
          })
          return view(updated)
        })))
