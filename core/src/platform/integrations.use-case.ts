/**
 * The caller-facing feed/chat and geocoding operations (A 4.2). Geocoding is rate limited per
 * caller (60 lookups a minute; providers such as Nominatim forbid heavy use), answering
 * GeoRateLimited (429) beyond it.
 */
import { DomainError } from "@podium/kernel"
import { Effect, Schema } from "effect"
import { FeedChat } from "./feed-chat.port.js"
import { Geocoder } from "./geocoder.port.js"
import { RateLimiter } from "./rate-limiter.port.js"

export class GeoRateLimited extends DomainError<GeoRateLimited>()("GeoRateLimited", { kind: "rate-limited", code: "GEO_RATE_LIMITED" }, { retryAfterMs: Schema.Number }) {
  override get message() {
    return "Too many place lookups; try again shortly"
  }
}

export const GeoLookupRule = { limit: 60, window: "1 minute" } as const

export const feedChatTokens = Effect.fn("integrations.feedChat.tokens")(function*(userId: string) {
  return yield* Effect.flatMap(FeedChat, (f) => f.issueTokens(userId))
})

export const feedChatStatus = Effect.map(FeedChat, (f) => f.status)

const limited = (callerKey: string) =>
  Effect.flatMap(RateLimiter, (limiter) => limiter.hit(`geo:${callerKey}`, GeoLookupRule)).pipe(
    Effect.flatMap((d) => (d.allowed ? Effect.void : Effect.fail(new GeoRateLimited({ retryAfterMs: d.retryAfterMs }))))
  )

export const geoSearch = Effect.fn("integrations.geo.search")(function*(callerKey: string, query: string, limit: number) {
  yield* limited(callerKey)
  return yield* Effect.flatMap(Geocoder, (g) => g.search(query, limit))
})

export const geoReverse = Effect.fn("integrations.geo.reverse")(function*(callerKey: string, lat: number, lng: number) {
  yield* limited(callerKey)
  return yield* Effect.flatMap(Geocoder, (g) => g.reverse(lat, lng))
})
