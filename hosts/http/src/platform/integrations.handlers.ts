/** Handlers of the feed/chat tokens and geocoding group (A 4.2). */
import { HttpApiBuilder, type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, ServiceUnavailable, TooManyRequests } from "@podium/contracts/common"
import { PlatformApi } from "@podium/contracts/platform"
import { Platform } from "@podium/core"
import type { IntegrationsInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { mapErrors } from "./error-mapping.js"

/** Provider outcomes of the integrations, shared by the club chat routes. */
export const integrationErrors = mapErrors({
  FeedChatUnavailable: (e: Platform.FeedChatUnavailable) => new ServiceUnavailable({ code: "FEED_CHAT_NOT_CONFIGURED", message: e.message }),
  GeocoderUnavailable: (e: Platform.GeocoderUnavailable) => new ServiceUnavailable({ code: "GEOCODER_NOT_CONFIGURED", message: e.message }),
  GeoRateLimited: (e: Platform.GeoRateLimited) => new TooManyRequests({ code: "GEO_RATE_LIMITED", message: e.message })
})

const callerKey = Effect.map(CurrentPrincipal, (p) => `${p.accountKind}:${p.accountId}`)

export const IntegrationsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "integrations">, never, IntegrationsInfrastructure | Platform.RateLimiter | Authenticated> = HttpApiBuilder.group(
  PlatformApi,
  "integrations",
  (handlers) =>
    handlers
      .handle("feedChatTokens", () =>
        Effect.flatMap(CurrentPrincipal, (p) =>
          Effect.map(Platform.feedChatTokens(p.accountId), (t) => ({ apiKey: t.apiKey, region: t.region, userId: p.accountId, feedToken: t.feedToken, chatToken: t.chatToken, expiresAt: t.expiresAt }))).pipe(integrationErrors))
      .handle("feedChatStatus", () => Platform.feedChatStatus)
      .handle("geoSearch", ({ urlParams }) => Effect.flatMap(callerKey, (key) => Platform.geoSearch(key, urlParams.q.trim(), 8)).pipe(integrationErrors))
      .handle("geoReverse", ({ urlParams }) => Effect.flatMap(callerKey, (key) => Platform.geoReverse(key, Number(urlParams.lat), Number(urlParams.lng))).pipe(integrationErrors))
)
