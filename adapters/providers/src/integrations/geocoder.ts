/**
 * Geocoders: `GeocoderNominatim` (HTTP, the Nominatim search API: `/search?format=jsonv2`,
 * `/reverse?format=jsonv2`, a descriptive User-Agent as its usage policy asks), `GeocoderLocal`
 * (a built-in gazetteer of major Indian cities; forward search by prefix, reverse by nearest city
 * within 50 km) and `GeocoderUnconfigured` (503 GEOCODER_NOT_CONFIGURED).
 */
import { Platform } from "@podium/core"
import { Effect, Layer } from "effect"
import { request } from "undici"

interface NominatimPlace {
  readonly name?: string
  readonly display_name: string
  readonly lat: string
  readonly lon: string
  readonly address?: { readonly city?: string; readonly town?: string; readonly village?: string; readonly state?: string; readonly country?: string; readonly postcode?: string }
}

const fromNominatim = (p: NominatimPlace): Platform.GeoPlace => ({
  name: p.name ?? p.display_name.split(",")[0]!.trim(),
  displayName: p.display_name,
  lat: Number(p.lat),
  lng: Number(p.lon),
  city: p.address?.city ?? p.address?.town ?? p.address?.village ?? null,
  state: p.address?.state ?? null,
  country: p.address?.country ?? null,
  postcode: p.address?.postcode ?? null
})

export const GeocoderNominatim = (settings: { readonly url: string; readonly userAgent: string }) =>
  Layer.succeed(Platform.Geocoder, (() => {
    const get = (path: string, query: Record<string, string>) =>
      Effect.tryPromise({
        try: async () => {
          const url = new URL(settings.url.replace(/\/$/, "") + path)
          for (const [k, v] of Object.entries({ format: "jsonv2", addressdetails: "1", ...query })) url.searchParams.set(k, v)
          const res = await request(url, { headers: { "user-agent": settings.userAgent, accept: "application/json" }, headersTimeout: 8_000, bodyTimeout: 8_000 })
          const text = await res.body.text()
          if (res.statusCode !== 200) throw new Error(`geocoder answered ${res.statusCode}`)
          return JSON.parse(text) as unknown
        },
        catch: (e) => new Platform.GeocoderUnavailable({ reason: e instanceof Error ? e.message : String(e) })
      })
    return Platform.Geocoder.of({
      provider: "nominatim",
      search: (query, limit) => Effect.map(get("/search", { q: query, limit: String(limit) }), (json) => (json as ReadonlyArray<NominatimPlace>).map(fromNominatim)),
      reverse: (lat, lng) =>
        Effect.map(get("/reverse", { lat: String(lat), lon: String(lng) }), (json) =>
          typeof json === "object" && json !== null && "display_name" in json ? [fromNominatim(json as NominatimPlace)] : [])
    })
  })())

const Cities: ReadonlyArray<readonly [string, string, number, number, string]> = [
  ["Mumbai", "Maharashtra", 19.076, 72.8777, "400001"],
  ["Pune", "Maharashtra", 18.5204, 73.8567, "411001"],
  ["Nagpur", "Maharashtra", 21.1458, 79.0882, "440001"],
  ["Delhi", "Delhi", 28.6139, 77.209, "110001"],
  ["Bengaluru", "Karnataka", 12.9716, 77.5946, "560001"],
  ["Mysuru", "Karnataka", 12.2958, 76.6394, "570001"],
  ["Chennai", "Tamil Nadu", 13.0827, 80.2707, "600001"],
  ["Coimbatore", "Tamil Nadu", 11.0168, 76.9558, "641001"],
  ["Hyderabad", "Telangana", 17.385, 78.4867, "500001"],
  ["Kolkata", "West Bengal", 22.5726, 88.3639, "700001"],
  ["Ahmedabad", "Gujarat", 23.0225, 72.5714, "380001"],
  ["Jaipur", "Rajasthan", 26.9124, 75.7873, "302001"],
  ["Lucknow", "Uttar Pradesh", 26.8467, 80.9462, "226001"],
  ["Kochi", "Kerala", 9.9312, 76.2673, "682001"],
  ["Chandigarh", "Chandigarh", 30.7333, 76.7794, "160001"],
  ["Goa", "Goa", 15.2993, 74.124, "403001"]
]

const place = ([city, state, lat, lng, postcode]: (typeof Cities)[number]): Platform.GeoPlace => ({
  name: city,
  displayName: `${city}, ${state}, India`,
  lat,
  lng,
  city,
  state,
  country: "India",
  postcode
})

/** Great-circle distance in km. */
const distanceKm = (aLat: number, aLng: number, bLat: number, bLng: number) => {
  const rad = (d: number) => (d * Math.PI) / 180
  const h = Math.sin(rad(bLat - aLat) / 2) ** 2 + Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(rad(bLng - aLng) / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

export const GeocoderLocal = Layer.succeed(Platform.Geocoder, Platform.Geocoder.of({
  provider: "local",
  search: (query, limit) =>
    Effect.sync(() => {
      const q = query.trim().toLowerCase()
      return Cities.filter(([city, state]) => city.toLowerCase().startsWith(q) || state.toLowerCase().startsWith(q)).slice(0, limit).map(place)
    }),
  reverse: (lat, lng) =>
    Effect.sync(() => {
      const nearest = [...Cities].sort((a, b) => distanceKm(lat, lng, a[2], a[3]) - distanceKm(lat, lng, b[2], b[3]))[0]!
      return distanceKm(lat, lng, nearest[2], nearest[3]) <= 50 ? [place(nearest)] : []
    })
}))

export const GeocoderUnconfigured = Layer.succeed(Platform.Geocoder, Platform.Geocoder.of({
  provider: "none",
  search: () => Effect.fail(new Platform.GeocoderUnavailable({ reason: "set GEOCODER=nominatim (GEOCODER_URL)" })),
  reverse: () => Effect.fail(new Platform.GeocoderUnavailable({ reason: "set GEOCODER=nominatim (GEOCODER_URL)" }))
}))
