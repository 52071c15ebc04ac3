/**
 * Tracks, framework-free: reading a GPX, TCX or FIT file, the numbers an activity keeps (distance
 * by haversine or as the device recorded it, duration, pace, elevation gain), the fingerprint that recognises the same track
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

/** What an uploaded track file holds, whatever its format. */
export interface ParsedTrack {
  readonly format: "gpx" | "tcx" | "fit"
  /** The positioned samples, in file order. */
  readonly points: ReadonlyArray<TrackPoint>
  /** The distance the device measured (TCX `DistanceMeters`, FIT `distance`); null when the file has none. */
  readonly recordedDistanceMeters: number | null
  /** The timed span of every sample, positioned or not (an indoor FIT file has times and no positions). */
  readonly startedAt: Date | null
  readonly endedAt: Date | null
}

const NotATrackFile = "file must be a GPX, TCX or FIT file"

const spanOf = (times: ReadonlyArray<Date>) => {
  let first: Date | null = null
  let last: Date | null = null
  for (const t of times) {
    if (first === null || t < first) first = t
    if (last === null || t > last) last = t
  }
  return { startedAt: first, endedAt: last }
}

/**
 * The samples of a Garmin Training Center (TCX v2) document: every `Trackpoint` of every lap, with
 * `Time`, `Position` (degrees), `AltitudeMeters` and the cumulative `DistanceMeters`. A trackpoint
 * without a position (a treadmill lap) still counts for the time span and the distance.
 */
export const parseTcx = (text: string): ParsedTrack | { readonly error: string } => {
  const head = text.slice(0, 4096).replace(/^\uFEFF/, "").trimStart()
  if (!/^(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<(\w+:)?TrainingCenterDatabase[\s>]/.test(head)) return { error: NotATrackFile }
  const points: Array<TrackPoint> = []
  const times: Array<Date> = []
  let recorded: number | null = null
  for (const m of text.matchAll(/<(?:\w+:)?Trackpoint\b[^>]*>([\s\S]*?)<\/(?:\w+:)?Trackpoint>/g)) {
    const body = m[1] ?? ""
    const time = child(body, "Time")
    const at = time === undefined ? null : new Date(time)
    if (at !== null && Number.isNaN(at.getTime())) return { error: "file has a Trackpoint with an invalid time" }
    if (at !== null) times.push(at)
    const distance = Number(child(body, "DistanceMeters") ?? Number.NaN)
    if (Number.isFinite(distance) && distance >= 0) recorded = Math.max(recorded ?? 0, distance)
    const lat = child(body, "LatitudeDegrees")
    const lon = child(body, "LongitudeDegrees")
    if (lat === undefined && lon === undefined) continue
    const la = Number(lat)
    const lo = Number(lon)
    if (!Number.isFinite(la) || !Number.isFinite(lo) || lat === undefined || lon === undefined || Math.abs(la) > 90 || Math.abs(lo) > 180) {
      return { error: "file has a Trackpoint without a valid LatitudeDegrees and LongitudeDegrees" }
    }
    const ele = Number(child(body, "AltitudeMeters") ?? Number.NaN)
    points.push({ lat: la, lon: lo, ele: Number.isFinite(ele) ? ele : null, at })
  }
  if (points.length === 0 && times.length === 0) return { error: "file must contain at least one track point" }
  return { format: "tcx", points, recordedDistanceMeters: recorded === null ? null : round2(recorded), ...spanOf(times) }
}

/** FIT timestamps count seconds from 1989-12-31T00:00:00Z. */
const FitEpochSeconds = 631_065_600
const SemicircleDegrees = 180 / 2 ** 31
const FitRecordMessage = 20

/** The FIT CRC-16 (nibble table of the FIT SDK) over `bytes`. */
export const fitCrc = (bytes: Uint8Array): number => {
  const table = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401, 0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]
  let crc = 0
  for (const byte of bytes) {
    let tmp = table[crc & 0xF]!
    crc = (crc >> 4) & 0x0FFF
    crc = crc ^ tmp ^ table[byte & 0xF]!
    tmp = table[crc & 0xF]!
    crc = (crc >> 4) & 0x0FFF
    crc = crc ^ tmp ^ table[(byte >> 4) & 0xF]!
  }
  return crc
}

/** Whether the bytes carry the FIT file signature (".FIT" at offset 8 of the header). */
export const isFit = (bytes: Uint8Array) =>
  bytes.length >= 12 && (bytes[0] === 12 || bytes[0] === 14) && bytes[8] === 0x2E && bytes[9] === 0x46 && bytes[10] === 0x49 && bytes[11] === 0x54

interface FitField {
  readonly num: number
  readonly size: number
  readonly baseType: number
}

interface FitDefinition {
  readonly global: number
  readonly littleEndian: boolean
  readonly fields: ReadonlyArray<FitField>
  readonly developerBytes: number
}

/**
 * The record messages (global number 20) of a FIT activity file: timestamp (field 253, also from
 * compressed-timestamp headers), position_lat/long (0, 1: semicircles), altitude (2, or enhanced
 * 78: scale 5, offset 500 m) and the cumulative distance (5: centimetres). Definitions of either
 * byte order and developer fields are honoured; every other message is skipped by its definition.
 * The header and file CRCs are checked when present, so a truncated or damaged upload is refused
 * rather than half-read.
 */
export const parseFit = (bytes: Uint8Array): ParsedTrack | { readonly error: string } => {
  if (!isFit(bytes)) return { error: NotATrackFile }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const headerSize = bytes[0]!
  const dataSize = view.getUint32(4, true)
  const end = headerSize + dataSize
  if (end + 2 > bytes.length) return { error: "file is a truncated FIT file" }
  if (headerSize === 14) {
    const headerCrc = view.getUint16(12, true)
    if (headerCrc !== 0 && headerCrc !== fitCrc(bytes.subarray(0, 12))) return { error: "file is a damaged FIT file" }
  }
  if (view.getUint16(end, true) !== fitCrc(bytes.subarray(0, end))) return { error: "file is a damaged FIT file" }
  const definitions = new Map<number, FitDefinition>()
  const points: Array<TrackPoint> = []
  const times: Array<Date> = []
  let recorded: number | null = null
  let lastTimestamp: number | null = null
  let at = headerSize
  const need = (n: number) => at + n <= end
  const read = (offset: number, size: number, littleEndian: boolean, signed: boolean): number | null => {
    if (size === 1) {
      const v = signed ? view.getInt8(offset) : view.getUint8(offset)
      return v === (signed ? 0x7F : 0xFF) ? null : v
    }
    if (size === 2) {
      const v = signed ? view.getInt16(offset, littleEndian) : view.getUint16(offset, littleEndian)
      return v === (signed ? 0x7FFF : 0xFFFF) ? null : v
    }
    if (size === 4) {
      const v = signed ? view.getInt32(offset, littleEndian) : view.getUint32(offset, littleEndian)
      return v === (signed ? 0x7FFFFFFF : 0xFFFFFFFF) ? null : v
    }
    return null
  }
  /** Reads one record message at `offset`; answers its timestamp (or the compressed one given). */
  const takeRecord = (definition: FitDefinition, offset: number, compressed: number | null): number | null => {
    let timestamp = compressed
    let lat: number | null = null
    let lon: number | null = null
    let altitude: number | null = null
    let distance: number | null = null
    let cursor = offset
    for (const f of definition.fields) {
      const le = definition.littleEndian
      if (f.num === 253 && f.size === 4) timestamp = read(cursor, 4, le, false) ?? timestamp
      else if (f.num === 0 && f.size === 4) lat = read(cursor, 4, le, true)
      else if (f.num === 1 && f.size === 4) lon = read(cursor, 4, le, true)
      else if (f.num === 2 && f.size === 2 && altitude === null) {
        const raw = read(cursor, 2, le, false)
        altitude = raw === null ? null : raw / 5 - 500
      } else if (f.num === 78 && f.size === 4) {
        const raw = read(cursor, 4, le, false)
        if (raw !== null) altitude = raw / 5 - 500
      } else if (f.num === 5 && f.size === 4) {
        const raw = read(cursor, 4, le, false)
        distance = raw === null ? null : raw / 100
      }
      cursor += f.size
    }
    const when = timestamp === null ? null : new Date((timestamp + FitEpochSeconds) * 1000)
    if (when !== null) times.push(when)
    if (distance !== null) recorded = Math.max(recorded ?? 0, distance)
    if (lat !== null && lon !== null) {
      const la = lat * SemicircleDegrees
      const lo = lon * SemicircleDegrees
      if (Math.abs(la) <= 90 && Math.abs(lo) <= 180) points.push({ lat: la, lon: lo, ele: altitude === null ? null : round2(altitude), at: when })
    }
    return timestamp
  }
  while (at < end) {
    const header = bytes[at]!
    at += 1
    if ((header & 0x80) !== 0) {
      // Compressed timestamp header: a data message whose time is a 5-bit offset from the last one.
      const local = (header >> 5) & 0x03
      const definition = definitions.get(local)
      if (definition === undefined || lastTimestamp === null) return { error: "file is a damaged FIT file" }
      const offset = header & 0x1F
      lastTimestamp = lastTimestamp + ((offset - (lastTimestamp & 0x1F)) & 0x1F)
      const size = definition.fields.reduce((n, f) => n + f.size, 0) + definition.developerBytes
      if (!need(size)) return { error: "file is a truncated FIT file" }
      if (definition.global === FitRecordMessage) takeRecord(definition, at, lastTimestamp)
      at += size
      continue
    }
    const local = header & 0x0F
    if ((header & 0x40) !== 0) {
      if (!need(5)) return { error: "file is a truncated FIT file" }
      const littleEndian = bytes[at + 1] === 0
      const global = view.getUint16(at + 2, littleEndian)
      const count = bytes[at + 4]!
      at += 5
      if (!need(count * 3)) return { error: "file is a truncated FIT file" }
      const fields: Array<FitField> = []
      for (let i = 0; i < count; i++) fields.push({ num: bytes[at + i * 3]!, size: bytes[at + i * 3 + 1]!, baseType: bytes[at + i * 3 + 2]! })
      at += count * 3
      let developerBytes = 0
      if ((header & 0x20) !== 0) {
        if (!need(1)) return { error: "file is a truncated FIT file" }
        const devCount = bytes[at]!
        at += 1
        if (!need(devCount * 3)) return { error: "file is a truncated FIT file" }
        for (let i = 0; i < devCount; i++) developerBytes += bytes[at + i * 3 + 1]!
        at += devCount * 3
      }
      definitions.set(local, { global, littleEndian, fields, developerBytes })
      continue
    }
    const definition = definitions.get(local)
    if (definition === undefined) return { error: "file is a damaged FIT file" }
    const size = definition.fields.reduce((n, f) => n + f.size, 0) + definition.developerBytes
    if (!need(size)) return { error: "file is a truncated FIT file" }
    if (definition.global === FitRecordMessage) {
      const stamp = takeRecord(definition, at, null)
      if (stamp !== null) lastTimestamp = stamp
    } else {
      // Other messages may carry a timestamp too (field 253); compressed headers count from it.
      let offset = at
      for (const f of definition.fields) {
        if (f.num === 253 && f.size === 4) {
          const v = read(offset, 4, definition.littleEndian, false)
          if (v !== null) lastTimestamp = v
        }
        offset += f.size
      }
    }
    at += size
  }
  if (points.length === 0 && times.length === 0) return { error: "file must contain at least one track point" }
  return { format: "fit", points, recordedDistanceMeters: recorded === null ? null : round2(recorded), ...spanOf(times) }

}

/** An uploaded track file read by what its bytes are (FIT by its signature, else GPX or TCX by their root element). */
export const parseTrackFile = (bytes: Uint8Array): ParsedTrack | { readonly error: string } => {
  if (isFit(bytes)) return parseFit(bytes)
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes)
  const head = text.slice(0, 4096).replace(/^\uFEFF/, "").trimStart()
  if (/^(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<(\w+:)?TrainingCenterDatabase[\s>]/.test(head)) return parseTcx(text)
  const gpx = parseGpx(text)
  if ("error" in gpx) return { error: gpx.error === "file must be a GPX file" ? NotATrackFile : gpx.error }
  const timed = gpx.points.flatMap((p) => (p.at === null ? [] : [p.at]))
  return { format: "gpx", points: gpx.points, recordedDistanceMeters: null, startedAt: timed[0] ?? null, endedAt: timed.at(-1) ?? null }
}

/**
 * The numbers of an uploaded file: the device's own distance when it recorded one (it counts what
 * GPS smoothing and indoor laps make haversine miss), else haversine over the points; the time span
 * of every sample; the elevation gain over the points.
 */
export const parsedTrackMetrics = (track: ParsedTrack): TrackMetrics => {
  const overPoints = trackMetrics(track.points)
  const durationSeconds = track.startedAt === null || track.endedAt === null ? null : Math.round((track.endedAt.getTime() - track.startedAt.getTime()) / 1000)
  return {
    distanceMeters: track.recordedDistanceMeters ?? overPoints.distanceMeters,
    elevationGainMeters: overPoints.elevationGainMeters,
    startedAt: track.startedAt,
    endedAt: track.endedAt,
    durationSeconds
  }
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
