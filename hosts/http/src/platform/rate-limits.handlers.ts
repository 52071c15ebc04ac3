/** Rate limits for admins: list the currently blocked keys and unblock one (audited). */
import { type HttpApiGroup } from "@effect/platform"
import { PlatformApi } from "@podium/contracts/platform"
import { Platform } from "@podium/core"
import { Clock, Effect, type Layer } from "effect"
import type { PlatformHandlerServices } from "./platform-services.js"
import { CurrentPrincipal } from "@podium/contracts/common"
import { apiGroup } from "../serving/served-groups.js"

export const RateLimitsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "rateLimits">, never, PlatformHandlerServices> =
  apiGroup(PlatformApi, "rateLimits", (handlers) =>
    Effect.gen(function*() {
      const rateLimiter = yield* Platform.RateLimiter
      const audit = yield* Platform.AuditLog
      return handlers
        .handle("listBlocked", ({ urlParams }) =>
          Effect.gen(function*() {
            const now = yield* Clock.currentTimeMillis
            const blocked = yield* rateLimiter.listBlocked(urlParams.limit ?? 100)
            const data = blocked.map((b) => ({
              key: b.key,
              limit: b.limit,
              blockedUntil: new Date(b.blockedUntil).toISOString(),
              retryAfterSeconds: Math.max(0, Math.ceil((b.blockedUntil - now) / 1000))
            }))
            return { data, count: data.length }
          }))
        .handle("unblock", ({ payload, request }) =>
          Effect.gen(function*() {
            const me = yield* CurrentPrincipal
            const wasBlocked = (yield* rateLimiter.listBlocked(1000)).some((b) => b.key === payload.key)
            yield* rateLimiter.reset(payload.key)
            const correlation = request.headers["x-correlation-id"]
            yield* audit.append({
              action: "admin.rate_limit.unblocked",
              actor: { kind: "admin", id: me.accountId },
              subject: { kind: "rate_limit_key", id: payload.key },
              ...(correlation === undefined ? {} : { correlationId: correlation }),
              data: { wasBlocked }
            })
            return { key: payload.key, wasBlocked }
          }))
    }))
