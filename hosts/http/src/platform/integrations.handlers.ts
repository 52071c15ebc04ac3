/** Handlers of the feed/chat tokens and geocoding group (A 4.2). */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal } from "@podium/contracts/common"
import { PlatformApi } from "@podium/contracts/platform"
import { Platform } from "@podium/core"
import type { IntegrationsInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"

const callerKey = Effect.map(CurrentPrincipal, (p) => `${p.accountKind}:${p.accountId}`)

export const IntegrationsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "integrations">, never, IntegrationsInfrastructure | Platform.RateLimiter | Authenticated> = apiGroup(
  PlatformApi,
  "integrations",
  (handlers) =>
    handlers
      .handle("feedChatTokens", () =>
        Effect.flatMap(CurrentPrincipal, (p) =>
          Effect.map(Platform.feedChatTokens(p.accountId), (t) => ({ apiKey: t.apiKey, region: t.region, userId: p.accountId, feedToken: t.feedToken, chatToken: t.chatToken, expiresAt: t.expiresAt }))))
      .handle("feedChatStatus", () => Platform.feedChatStatus)
      .handle("geoSearch", ({ urlParams }) => Effect.flatMap(callerKey, (key) => Platform.geoSearch(key, urlParams.q.trim(), 8)))
      .handle("geoReverse", ({ urlParams }) => Effect.flatMap(callerKey, (key) => Platform.geoReverse(key, Number(urlParams.lat), Number(urlParams.lng))))
)
