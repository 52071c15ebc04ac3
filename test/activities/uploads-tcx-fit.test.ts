/**
 * Activity uploads beyond GPX, through the real host: a TCX file and a binary FIT file (built here by
 * a tiny encoder: file_id, record messages with timestamps, semicircle positions, altitude and the
 * device's cumulative distance, one compressed-timestamp record) are parsed into distance and
 * duration; the device's distance wins over haversine; a damaged FIT file and a file of another
 * kind are refused with 400.
 */
import { Activities } from "@podium/core"
import { describe, expect, it } from "vitest"
import { multipart } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { athlete, nextStart, straightTrack } from "./support.js"

const host = realHostOf(import.meta.url)

interface Sample {
  readonly lat: number
  readonly lon: number
  readonly ele: number
  readonly at: Date
  readonly distance: number
}

/** A straight track of `count` samples with the device's cumulative distance `metersPerStep` apart. */
const samples = (start: Date, count: number, metersPerStep: number): Array<Sample> =>
  straightTrack(start, count).map((p, i) => ({ ...p, distance: i * metersPerStep }))

const tcx = (points: ReadonlyArray<Sample>) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
  <Activities><Activity Sport="Running"><Id>${points[0]!.at.toISOString()}</Id>
    <Lap StartTime="${points[0]!.at.toISOString()}"><Track>
${
    points.map((p) =>
      `      <Trackpoint><Time>${p.at.toISOString()}</Time><Position><LatitudeDegrees>${p.lat}</LatitudeDegrees><LongitudeDegrees>${p.lon}</LongitudeDegrees></Position><AltitudeMeters>${p.ele}</AltitudeMeters><DistanceMeters>${p.distance}</DistanceMeters></Trackpoint>`
    ).join("\n")
  }
    </Track></Lap>
  </Activity></Activities>
</TrainingCenterDatabase>`

/** The FIT SDK's CRC-16. */
const crc16 = (bytes: Uint8Array) => {
  const table = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401, 0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]
  let crc = 0
  for (const byte of bytes) {
    let tmp = table[crc & 0xF]!
    crc = ((crc >> 4) & 0x0FFF) ^ tmp ^ table[byte & 0xF]!
    tmp = table[crc & 0xF]!
    crc = ((crc >> 4) & 0x0FFF) ^ tmp ^ table[(byte >> 4) & 0xF]!
  }
  return crc
}

const FitEpoch = Date.UTC(1989, 11, 31) / 1000
const semicircles = (deg: number) => Math.round(deg * (2 ** 31 / 180))

/**
 * A minimal FIT activity file: a file_id message, then one record (global 20) per sample with
 * timestamp, position, altitude and distance; the last sample is written with a compressed
 * timestamp header (local type 2, no timestamp field) as devices do for 1 s recordings.
 */
const fit = (points: ReadonlyArray<Sample>, positions = true): Uint8Array => {
  const body: Array<number> = []
  const u8 = (v: number) => body.push(v & 0xFF)
  const u16 = (v: number) => body.push(v & 0xFF, (v >> 8) & 0xFF)
  const u32 = (v: number) => body.push(v & 0xFF, (v >>> 8) & 0xFF, (v >>> 16) & 0xFF, (v >>> 24) & 0xFF)
  // A position the device did not fix is written as the sint32 "invalid" value.
  const position = (deg: number) => u32(positions ? semicircles(deg) : 0x7FFFFFFF)
  const put = (...values: ReadonlyArray<number>) => {
    for (const v of values) u8(v)
  }
  // Definition local 0: file_id (global 0), field type (0): enum, 1 byte; then its data: type = activity (4).
  put(0x40, 0, 0, 0, 0, 1, 0, 1, 0x00)
  put(0x00, 4)
  // Definition local 1: record, fields timestamp(253) lat(0) long(1) altitude(2) distance(5).
  put(0x41, 0, 0, 20, 0, 5)
  for (const field of [[253, 4, 0x86], [0, 4, 0x85], [1, 4, 0x85], [2, 2, 0x84], [5, 4, 0x86]] as const) put(...field)
  // Definition local 2: record without timestamp (for the compressed-timestamp header).
  put(0x42, 0, 0, 20, 0, 3)
  for (const field of [[0, 4, 0x85], [1, 4, 0x85], [5, 4, 0x86]] as const) put(...field)
  points.forEach((p, i) => {
    const stamp = Math.round(p.at.getTime() / 1000 - FitEpoch)
    if (i === points.length - 1) {
      u8(0x80 | (2 << 5) | (stamp & 0x1F))
      position(p.lat)
      position(p.lon)
      u32(Math.round(p.distance * 100))
      return
    }
    u8(0x01)
    u32(stamp)
    position(p.lat)
    position(p.lon)
    u16(Math.round((p.ele + 500) * 5))
    u32(Math.round(p.distance * 100))
  })
  const header = new Uint8Array(14)
  const view = new DataView(header.buffer)
  header[0] = 14
  header[1] = 0x20
  view.setUint16(2, 2132, true)
  view.setUint32(4, body.length, true)
  header.set([0x2E, 0x46, 0x49, 0x54], 8)
  view.setUint16(12, crc16(header.subarray(0, 12)), true)
  const file = new Uint8Array(14 + body.length + 2)
  file.set(header)
  file.set(body, 14)
  new DataView(file.buffer).setUint16(14 + body.length, crc16(file.subarray(0, 14 + body.length)), true)
  return file
}

const upload = (headers: Record<string, string>, bytes: Uint8Array, name: string) =>
  multipart(host, "POST", "/v2/activities", { sport: "run", file: { bytes, name } }, headers)

describe("activity uploads in TCX and FIT", () => {
  it("parses a TCX file: the device's distance, the duration, elevation gain and the positioned points", async () => {
    const me = await athlete(host)
    const start = nextStart()
    const res = await upload(me.headers, new TextEncoder().encode(tcx(samples(start, 201, 12.5))), "run.tcx")
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ source: "tcx", distanceMeters: 2500, durationSeconds: 1000, pointCount: 201, startedAt: start.toISOString(), paceSecondsPerKm: 400 })
    expect(res.body.data.elevationGainMeters).toBe(50.25)
    expect(res.body.data.points[0]).toEqual({ lat: 12.97, lon: 77.59, ele: 900, at: start.toISOString() })
  })

  it("decodes a binary FIT file: timestamps (a compressed one too), semicircle positions, altitude and distance", async () => {
    const me = await athlete(host)
    const start = nextStart()
    const res = await upload(me.headers, fit(samples(start, 121, 20)), "ride.fit")
    expect(res.status).toBe(201)
    const a = res.body.data
    expect(a).toMatchObject({ source: "fit", distanceMeters: 2400, durationSeconds: 600, pointCount: 121, startedAt: start.toISOString(), paceSecondsPerKm: 250 })
    expect(a.points[0].lat).toBeCloseTo(12.97, 6)
    expect(a.points[0].lon).toBeCloseTo(77.59, 6)
    expect(a.points[0].ele).toBe(900)
    expect(a.points.at(-1)).toMatchObject({ ele: null, at: new Date(start.getTime() + 600_000).toISOString() })
    // A recorded track's numbers stay as the file gave them.
    const fixed = await host.http.request("PATCH", `/v2/activities/${a.id}`, { durationSeconds: 10 }, me.headers)
    expect(fixed.status).toBe(400)
    expect(fixed.body.message).toEqual(["durationSeconds cannot be changed on a recorded GPS track"])
  })

  it("refuses a file that is not GPX, TCX or FIT, and a FIT file whose checksum does not match, with 400", async () => {
    const me = await athlete(host)
    expect((await host.http.request("POST", "/v2/activities", {}, {})).status).toBe(401)
    const csv = await upload(me.headers, new TextEncoder().encode("lat,lon\n1,2\n"), "run.csv")
    expect(csv.status).toBe(400)
    expect(csv.body.message).toEqual(["file must be a GPX, TCX or FIT file"])
    const kml = await upload(me.headers, new TextEncoder().encode("<kml><Placemark/></kml>"), "run.kml")
    expect(kml.body.message).toEqual(["file must be a GPX, TCX or FIT file"])
    const damaged = fit(samples(nextStart(), 10, 10))
    damaged[30] = damaged[30]! ^ 0xFF
    const refused = await upload(me.headers, damaged, "bad.fit")
    expect(refused.status).toBe(400)
    expect(refused.body.message).toEqual(["file is a damaged FIT file"])
    const emptyTcx = await upload(me.headers, new TextEncoder().encode(`<TrainingCenterDatabase><Activities/></TrainingCenterDatabase>`), "empty.tcx")
    expect(emptyTcx.body.message).toEqual(["file must contain at least one track point"])
  })

  it("reads a treadmill FIT file without positions for its time span and distance only", () => {
    const start = new Date("2026-03-01T06:00:00Z")
    const file = fit(samples(start, 11, 100), false)
    const parsed = Activities.parseTrackFile(file)
    expect("error" in parsed).toBe(false)
    if ("error" in parsed) return
    expect(parsed.points).toEqual([])
    expect(Activities.parsedTrackMetrics(parsed)).toMatchObject({ distanceMeters: 1000, durationSeconds: 50, startedAt: start })
    expect(Activities.fitCrc(file.subarray(0, file.length - 2))).toBe(new DataView(file.buffer).getUint16(file.length - 2, true))
  })
})
