/** Handlers of the Sessions group. */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal } from "@podium/contracts/common"
import { IdentityApi } from "@podium/contracts/identity"
import { Identity } from "@podium/core"
import { Effect, Layer } from "effect"
import type { IdentityHandlerServices } from "./auth.middleware.js"
import { apiGroup } from "../serving/served-groups.js"

export const SessionsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "sessions">, never, IdentityHandlerServices> = apiGroup(IdentityApi, "sessions", (handlers) =>
  handlers
    .handle("listSessions", () =>
      Effect.gen(function*() {
        const principal = yield* CurrentPrincipal
        const sessions = yield* Identity.listSessions(principal)
        return sessions.map((s) => ({
          id: s.id,
          accountKind: s.accountKind,
          role: s.role,
          current: s.id === principal.sessionId,
          active: s.revokedAt === null,
          createdAt: s.createdAt,
          lastUsedAt: s.lastUsedAt,
          revokedAt: s.revokedAt,
          revokeReason: s.revokeReason,
          userAgent: s.userAgent,
          ip: s.ip
        }))
      }))
    .handle("revokeSession", ({ path }) =>
      Effect.gen(function*() {
        yield* Identity.revokeSession(yield* CurrentPrincipal, path.id)
        return { message: "Session revoked", revoked: 1 }
      }))
    .handle("revokeOtherSessions", () =>
      Effect.gen(function*() {
        const revoked = yield* Identity.revokeOtherSessions(yield* CurrentPrincipal)
        return { message: "Other sessions revoked", revoked }
      }))
)
