/**
 * Geocoding (A 4.2 `/v2/geo/search`, `/v2/geo/reverse`): forward (autocomplete) and reverse lookups
 * through a provider. Adapters: `local` (a built-in gazetteer of major Indian cities, offline),
 * `nominatim` (HTTP, the Nominatim/OpenStreetMap search API) and `unconfigured`
 * (GeocoderUnavailable → 503 GEOCODER_NOT_CONFIGURED).
 */
import { DomainError } from "@podium/kernel"
import { Context, type Effect, Schema } from "effect"

export interface GeoPlace {
  readonly name: string
  readonly displayName: string
  readonly lat: number
  readonly lng: number
  readonly city: string | null
  readonly state: string | null
  readonly country: string | null
  readonly postcode: string | null
}

export class GeocoderUnavailable extends DomainError<GeocoderUnavailable>()("GeocoderUnavailable", { kind: "unavailable", code: "GEOCODER_NOT_CONFIGURED" }, { reason: Schema.String }) {
  override get message() {
    return `Geocoding is not available: ${this.reason}`
  }
}

export class Geocoder extends Context.Tag("@podium/core/platform/Geocoder")<Geocoder, {
  readonly provider: string
  readonly search: (query: string, limit: number) => Effect.Effect<ReadonlyArray<GeoPlace>, GeocoderUnavailable>
  /** The nearest known place, or none. */
  readonly reverse: (lat: number, lng: number) => Effect.Effect<ReadonlyArray<GeoPlace>, GeocoderUnavailable>
}>() {}
