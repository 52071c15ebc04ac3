/**
 * Tracks, framework-free: reading a GPX file, the numbers an activity keeps (distance by
 * haversine, duration, pace, elevation gain), the fingerprint that recognises the same track
 * uploaded twice, and the privacy trim of a public track.
 */
import type { TrackPoint } from "@podium/kernel"

const EarthRadiusMeters = 6_371_008.8
const rad = (deg: number) => (deg * Math.PI) / 180

/** Great-circle distance in metres between two positions. */
export const haversineMeters = (a: { readonly lat: number; readonly lon: number }, b: { readonly lat: number; readonly lon: number }) => {
  const dLat = rad(b.lat - a.lat)
  const dLon = rad(b.lon - a.lon)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2
  return 2 * EarthRadiusMeters * Math.asin(Math.min(1, Math.sqrt(h)))
}

const attr = (tag: string, name: string): number | undefined => {
  const m = new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`).exec(tag)
  if (m === null) return undefined
  const n = Number(m[1])
  return Number.isFinite(n) ? n : undefined
}

const child = (body: string, name: string): string | undefined => {
  const m = new RegExp(`<(?:\\w+:)?${name}>\\s*([^<]*?)\\s*</(?:\\w+:)?${name}>`).exec(body)
  return m?.[1]
}

/**
 * The points of a GPX 1.0/1.1 document (track points, else route points), in file order; an
 * error text when the bytes are not a GPX document or hold no valid point.
 */
export const parseGpx = (text: string): { readonly points: ReadonlyArray<TrackPoint> } | { readonly error: string } => {
  const head = text.slice(0, 4096).replace(/^\uFEFF/, "").trimStart()
  if (!/^(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<(\w+:)?gpx[\s>]/.test(head)) return { error: "file must be a GPX file" }
  const points: Array<TrackPoint> = []
  for (const kind of ["trkpt", "rtept"]) {
    const pattern = new RegExp(`<(?:\\w+:)?${kind}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</(?:\\w+:)?${kind}>)`, "g")
    for (const m of text.matchAll(pattern)) {
      const lat = attr(m[1] ?? "", "lat")
      const lon = attr(m[1] ?? "", "lon")
      if (lat === undefined || lon === undefined || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
        return { error: `file has a ${kind} without a valid lat and lon` }
      }
      const body = m[2] ?? ""
      const ele = child(body, "ele")
      const time = child(body, "time")
      const at = time === undefined ? null : new Date(time)
      if (at !== null && Number.isNaN(at.getTime())) return { error: `file has a ${kind} with an invalid time` }
      const elevation = ele === undefined ? null : Number(ele)
      points.push({ lat, lon, ele: elevation !== null && Number.isFinite(elevation) ? elevation : null, at })
    }
    if (points.length > 0) break
  }
  if (points.length === 0) return { error: "file must contain at least one track point" }
  return { points }
}

export interface TrackMetrics {
  readonly distanceMeters: number
  readonly elevationGainMeters: number
  /** From the first to the last timed point; null when the points carry no time. */
  readonly startedAt: Date | null
  readonly endedAt: Date | null
  readonly durationSeconds: number | null
}

/** Distance, elevation gain and the timed span of a track. */
export const trackMetrics = (points: ReadonlyArray<TrackPoint>): TrackMetrics => {
  let distance = 0
  let gain = 0
  for (let i = 1; i < points.length; i++) {
    distance += haversineMeters(points[i - 1]!, points[i]!)
    const before = points[i - 1]!.ele
    const after = points[i]!.ele
    if (before !== null && after !== null && after > before) gain += after - before
  }
  const timed = points.filter((p) => p.at !== null)
  const startedAt = timed[0]?.at ?? null
  const endedAt = timed.at(-1)?.at ?? null
  const durationSeconds = startedAt === null || endedAt === null ? null : Math.round((endedAt.getTime() - startedAt.getTime()) / 1000)
  return { distanceMeters: round2(distance), elevationGainMeters: round2(gain), startedAt, endedAt, durationSeconds }
}

export const round2 = (n: number) => Math.round(n * 100) / 100

/** Seconds per kilometre, null without distance. */
export const paceOf = (durationSeconds: number, distanceMeters: number): number | null =>
  distanceMeters > 0 ? round2(durationSeconds / (distanceMeters / 1000)) : null

/**
 * A short text equal for two uploads of the same track (positions to ~1 m and times of the first,
 * middle and last points, and the count): what the duplicate-track rule compares.
 */
export const trackFingerprint = (points: ReadonlyArray<TrackPoint>): string | null => {
  if (points.length < 2) return null
  const mark = (p: TrackPoint) => `${p.lat.toFixed(5)},${p.lon.toFixed(5)},${p.at?.getTime() ?? "-"}`
  return `${points.length}|${mark(points[0]!)}|${mark(points[Math.floor(points.length / 2)]!)}|${mark(points.at(-1)!)}`
}

/**
 * The public part of a track: points within the privacy radius of the start or the end are left
 * out. The radius is stretched by the athlete's own random factor (1×–1.5×), so the edge of the
 * gap does not reveal the exact chosen radius, nor the centre the exact start.
 */
export const trimForPrivacy = (
  points: ReadonlyArray<TrackPoint>,
  radiusMeters: number,
  athleteSeed: number
): { readonly points: ReadonlyArray<TrackPoint>; readonly hidden: number } => {
  if (radiusMeters <= 0 || points.length === 0) return { points, hidden: 0 }
  const effective = radiusMeters * (1 + 0.5 * Math.min(1, Math.max(0, athleteSeed)))
  const start = points[0]!
  const end = points.at(-1)!
  const kept = points.filter((p) => haversineMeters(p, start) > effective && haversineMeters(p, end) > effective)
  return { points: kept, hidden: points.length - kept.length }
}
