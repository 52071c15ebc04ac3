/**
 * Handlers of the Admin accounts group: the admin CRUD on the generic CRUD helper (reads need
 * `admins.read`, writes `admins.write`), handle check and lookup, the caller's notification
 * preferences. Delete is a hard delete that refuses the caller itself and the last permission
 * editor, and revokes every session of the deleted admin.
 */
import { type HttpApiGroup, HttpServerRequest } from "@effect/platform"
import { CurrentPrincipal } from "@podium/contracts/common"
import { IdentityApi } from "@podium/contracts/identity"
import { Accounts } from "@podium/core"
import { Effect, type Layer } from "effect"
import type { IdentityHandlerServices } from "../identity/auth.middleware.js"
import { crudHandlers } from "../platform/crud.handlers.js"
import { apiGroup } from "../serving/served-groups.js"

/** The admin as answered; `permissions` only with `join=permissions`. */
export const adminDto = (a: Accounts.AdminRecord, joins: ReadonlyArray<string> = []) => ({
  id: a.id,
  phoneNumber: a.phoneNumber,
  email: a.email,
  firstName: a.firstName,
  lastName: a.lastName,
  handle: a.handle,
  status: a.status,
  totpEnabledAt: a.totpEnabledAt,
  totpRequiredAt: a.totpRequiredAt,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  ...(joins.includes("permissions") ? { permissions: [...a.permissions] } : {})
})

/** The request's `x-correlation-id`, when sent (recorded on audit rows). */
const correlationIdOf = Effect.map(HttpServerRequest.HttpServerRequest, (r) => r.headers["x-correlation-id"])

const admins = crudHandlers({
  resource: Accounts.AdminResource,
  repo: Accounts.AdminCrudRepo,
  toDto: adminDto,
  conflictCode: "ACCOUNT_CONFLICT",
  deleteOne: (id) =>
    Effect.gen(function*() {
      const me = yield* CurrentPrincipal
      const correlationId = yield* correlationIdOf
      yield* Accounts.deleteAdminAccount({ actorId: me.accountId, adminId: id, correlationId })
    })
})

export const AdminAccountsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminAccounts">, never, IdentityHandlerServices> =
  apiGroup(IdentityApi, "adminAccounts", (handlers) =>
    handlers
      .handle("checkAdminHandle", ({ urlParams }) =>
        Effect.gen(function*() {
          return yield* Accounts.checkAdminHandle(urlParams.handle)
        }))
      .handle("getAdminByHandle", ({ path }) =>
        Effect.gen(function*() {
          return adminDto(yield* Accounts.findAdminByHandle(path.handle))
        }))
      .handle("getAdminNotificationPreferences", () =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          return yield* Accounts.getAdminNotificationPreferences(me.accountId)
        }))
      .handle("updateAdminNotificationPreferences", ({ payload }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          return yield* Accounts.updateAdminNotificationPreferences(me.accountId, payload)
        }))
      .handle("getManyAdmin", admins.getMany)
      .handle("getOneAdmin", admins.getOne)
      .handle("createOneAdmin", admins.createOne)
      .handle("createManyAdmin", admins.createMany)
      .handle("updateOneAdmin", admins.updateOne)
      .handle("replaceOneAdmin", admins.replaceOne)
      .handle("deleteOneAdmin", admins.deleteOne))
