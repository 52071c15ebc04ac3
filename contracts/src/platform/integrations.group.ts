/**
 * Feed/chat tokens and geocoding (A 4.2). Tokens: signed-in callers get short-lived feed and chat
 * tokens for the provider (503 FEED_CHAT_NOT_CONFIGURED when it is not configured); status reports
 * the adapter's configuration without calling the provider. Geocoding: signed-in callers, 60 lookups
 * a minute (429 GEO_RATE_LIMITED); 503 GEOCODER_NOT_CONFIGURED without a geocoder.
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Query, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, Ok } from "../common/index.js"

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
  .add(
    HttpApiEndpoint.get("feedChatTokens", "/v2/integrations/feed-chat/tokens")
      .middleware(Authenticated)
      .addSuccess(Ok(Schema.Struct({
        apiKey: Schema.String,
        region: Schema.NullOr(Schema.String),
        userId: Schema.String,
        feedToken: Schema.String,
        chatToken: Schema.String,
        expiresAt: Schema.Date
      })))
      .annotate(OpenApi.Summary, "Short-lived feed and chat tokens for the caller (503 FEED_CHAT_NOT_CONFIGURED)")
  )
  .add(
    HttpApiEndpoint.get("feedChatStatus", "/v2/integrations/feed-chat/status")
      .addSuccess(Ok(Schema.Struct({ enabled: Schema.Boolean, provider: Schema.String, region: Schema.NullOr(Schema.String) })))
      .annotate(OpenApi.Summary, "The feed/chat adapter's configuration: enabled flag and region (never calls the provider)")
  )
  .add(
    HttpApiEndpoint.get("geoSearch", "/v2/geo/search")
      .middleware(Authenticated)
      .setUrlParams(Query({ q: StrLength(2, 120) }))
      .addSuccess(Ok(Schema.Array(GeoPlaceView)))
      .annotate(OpenApi.Summary, "Forward geocoding (autocomplete), at most 8 places")
  )
  .add(
    HttpApiEndpoint.get("geoReverse", "/v2/geo/reverse")
      .middleware(Authenticated)
      .setUrlParams(Query({ lat: Coordinate("lat", -90, 90), lng: Coordinate("lng", -180, 180) }))
      .addSuccess(Ok(Schema.Array(GeoPlaceView)))
      .annotate(OpenApi.Summary, "Reverse geocoding: the place at a point (empty when none is known)")
  )
  .annotate(OpenApi.Title, "Feed/chat and geo")
{}
