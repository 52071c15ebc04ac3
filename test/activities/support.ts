/** Helpers of the activities tests: athletes signed in with their ids, GPX tracks built from a path. */
import type { RealHost } from "../support/real-host.js"
import { bearer, signInNewUser } from "../support/sign-in.js"

export const athlete = async (host: RealHost) => {
  const signed = await signInNewUser(host)
  return { id: signed.id, headers: bearer(signed.accessToken) }
}

export interface GpxPoint {
  readonly lat: number
  readonly lon: number
  readonly ele?: number
  readonly at?: Date
}

export const gpx = (points: ReadonlyArray<GpxPoint>) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="podium-test" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>Test</name><trkseg>
${
    points.map((p) =>
      `    <trkpt lat="${p.lat}" lon="${p.lon}">${p.ele === undefined ? "" : `<ele>${p.ele}</ele>`}${p.at === undefined ? "" : `<time>${p.at.toISOString()}</time>`}</trkpt>`
    ).join("\n")
  }
  </trkseg></trk>
</gpx>`

/** A straight run north: `count` points, `stepDeg` of latitude (≈ 111 km per degree) every `everySeconds`. */
export const straightTrack = (start: Date, count: number, options: { readonly stepDeg?: number; readonly everySeconds?: number; readonly lat?: number; readonly lon?: number } = {}) =>
  Array.from({ length: count }, (_, i) => ({
    lat: (options.lat ?? 12.97) + i * (options.stepDeg ?? 0.0001),
    lon: options.lon ?? 77.59,
    ele: 900 + Math.min(i, count / 2) * 0.5,
    at: new Date(start.getTime() + i * (options.everySeconds ?? 5) * 1000)
  }))

export const gpxFile = (text: string, name = "run.gpx") => ({ bytes: new TextEncoder().encode(text), name, type: "application/gpx+xml" })

let day = 0
/** A distinct start time per call, so activities of one athlete never overlap by accident. */
export const nextStart = () => new Date(Date.UTC(2026, 0, 1, 6) + (day++) * 86_400_000)
