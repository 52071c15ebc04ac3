/**
 * Feed/chat tokens and geocoding (A 4.2). Tokens: signed-in callers get short-lived feed and chat
 * tokens for the provider (503 FEED_CHAT_NOT_CONFIGURED when it is not configured); status reports
 * the adapter's configuration without calling the provider. Geocoding: signed-in callers, 60 lookups
 * a minute (429 GEO_RATE_LIMITED); 503 GEOCODER_NOT_CONFIGURED without a geocoder.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Query, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op } from "../common/index.js"

const Coordinate = (name: string, min: number, max: number) =>
  Schema.String.pipe(
    Schema.filter((s) => /^-?\d{1,3}(\.\d+)?$/.test(s.trim()) && Number(s) >= min && Number(s) <= max),
    Schema.annotations(says(`${name} must be a number between ${min} and ${max}`))
  )

export const GeoPlaceView = Schema.Struct({
  name: Schema.String,
  displayName: Schema.String,
  lat: Schema.Number,
  lng: Schema.Number,
  city: Schema.NullOr(Schema.String),
  state: Schema.NullOr(Schema.String),
  country: Schema.NullOr(Schema.String),
  postcode: Schema.NullOr(Schema.String)
}).annotations({ identifier: "GeoPlace" })

export class IntegrationsGroup extends HttpApiGroup.make("integrations")
  .add(op.get("feedChatTokens", "/v2/integrations/feed-chat/tokens", { ok: Schema.Struct({
        apiKey: Schema.String,
        region: Schema.NullOr(Schema.String),
        userId: Schema.String,
        feedToken: Schema.String,
        chatToken: Schema.String,
        expiresAt: Schema.Date
      }), summary: "Short-lived feed and chat tokens for the caller (503 FEED_CHAT_NOT_CONFIGURED)" }).middleware(Authenticated))
  .add(op.get("feedChatStatus", "/v2/integrations/feed-chat/status", { ok: Schema.Struct({ enabled: Schema.Boolean, provider: Schema.String, region: Schema.NullOr(Schema.String) }), summary: "The feed/chat adapter's configuration: enabled flag and region (never calls the provider)" }))
  .add(op.get("geoSearch", "/v2/geo/search", { query: Query({ q: StrLength(2, 120) }), ok: Schema.Array(GeoPlaceView), summary: "Forward geocoding (autocomplete), at most 8 places" }).middleware(Authenticated))
  .add(op.get("geoReverse", "/v2/geo/reverse", { query: Query({ lat: Coordinate("lat", -90, 90), lng: Coordinate("lng", -180, 180) }), ok: Schema.Array(GeoPlaceView), summary: "Reverse geocoding: the place at a point (empty when none is known)" }).middleware(Authenticated))
  .annotate(OpenApi.Title, "Feed/chat and geo")
{}
