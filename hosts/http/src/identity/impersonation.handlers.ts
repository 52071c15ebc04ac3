/**
 * Handlers of the Impersonation group. Starting needs `users.impersonate`; ending one's own
 * impersonation needs only the admin role (an admin who lost the permission can still end it);
 * ending another admin's needs `admins.security`.
 */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal, Forbidden } from "@podium/contracts/common"
import { IdentityApi } from "@podium/contracts/identity"
import { Accounts, Identity } from "@podium/core"
import { Effect, Either, type Layer } from "effect"
import type { IdentityHandlerServices } from "./auth.middleware.js"
import { clientInfo } from "./client.js"
import { apiGroup } from "../serving/served-groups.js"

export const ImpersonationHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "impersonation">, never, IdentityHandlerServices> =
  apiGroup(IdentityApi, "impersonation", (handlers) =>
    handlers
      .handle("impersonateUser", ({ headers, path, payload }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          const { ip } = yield* clientInfo
          return yield* Identity.startImpersonation({
            principal: me,
            userId: path.userId,
            reason: payload.reason.trim(),
            correlationId: headers["x-correlation-id"],
            ip
          })
        }))
      .handle("endImpersonation", ({ headers, payload }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          if (me.impersonatorId !== undefined) return yield* new Forbidden({ message: "Access Denied" })
          const mayEndOthers = Either.isRight(yield* Effect.either(Accounts.requireAdminPermission(me.accountId, "admins.security")))
          const ended = yield* Identity.endImpersonation({
            principal: me,
            impersonationId: payload.impersonationId,
            correlationId: headers["x-correlation-id"],
            mayEndOthers
          })
          return {
            message: "Impersonation ended",
            impersonationId: ended.id,
            adminId: ended.adminId,
            userId: ended.userId,
            startedAt: ended.startedAt,
            endedAt: ended.endedAt ?? new Date()
          }
        })))
