/** An event's course through the real host: a GPX upload parsed into distance and elevation, a non-GPX file refused, waypoints on the course. */
import { Events } from "@podium/core"
import { beforeAll, describe, expect, it } from "vitest"
import { multipart, PngBytes, type SeededOrganizer, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { seedEvent } from "./event-config-support.js"

const host = useRealHost(import.meta.url)

let org: SeededOrganizer
let other: SeededOrganizer
let eventId: string
beforeAll(async () => {
  org = await seedOrganizer(host(), "Trail Org")
  other = await seedOrganizer(host(), "Other Trail Org")
  eventId = (await seedEvent(host(), org.id, "Sinhagad Trail")).id
})

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = org.owner.headers) =>
  host().http.request(method, path, body, headers)
const upload = (method: string, path: string, fields: Parameters<typeof multipart>[3], headers: Record<string, string> = org.owner.headers) =>
  multipart(host(), method, path, fields, headers)

/** Three points along the equator, 0.01° of longitude apart, climbing 15 m then dropping 10 m. */
const Gpx = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>Fort &amp; Back</name><trkseg>
    <trkpt lat="0" lon="0"><ele>10</ele></trkpt>
    <trkpt lon="0.01" lat="0"><ele>25</ele></trkpt>
    <trkpt lat="0.0" lon="0.02"><ele>15</ele><time>2026-01-01T00:10:00Z</time></trkpt>
  </trkseg></trk>
</gpx>`
const gpxFile = (text: string, name = "course.gpx") => ({ bytes: new TextEncoder().encode(text), name, type: "application/gpx+xml" })

/** 0.01° of longitude on the equator on the mean Earth radius. */
const Step = (2 * Math.PI * 6_371_008.8) / 360 * 0.01

describe("event course", () => {
  it("measures the haversine distance along the track and its climb", () => {
    const parsed = Events.parseGpx(Gpx)
    expect("track" in parsed && parsed.track.distanceMeters).toBeCloseTo(2 * Step, 0)
    expect(Events.haversineMeters({ latitude: 18.5204, longitude: 73.8567 }, { latitude: 19.076, longitude: 72.8777 })).toBeCloseTo(119_700, -3)
  })

  it("answers 404 COURSE_NOT_FOUND before an upload, then the course derived from the GPX file; a new upload replaces it", async () => {
    const none = await send("GET", `/v2/organizers/events/${eventId}/course`, undefined, org.viewer.headers)
    expect(none.status).toBe(404)
    expect(none.body.code).toBe("COURSE_NOT_FOUND")

    const uploaded = await upload("POST", `/v2/organizers/events/${eventId}/course`, { file: gpxFile(Gpx) }, org.admin.headers)
    expect(uploaded.status).toBe(201)
    expect(uploaded.body.data).toMatchObject({
      eventId,
      name: "Fort & Back",
      fileName: "course.gpx",
      pointCount: 3,
      elevationGainMeters: 15,
      elevationLossMeters: 10,
      minElevationMeters: 10,
      maxElevationMeters: 25,
      startLatitude: 0,
      startLongitude: 0,
      finishLongitude: 0.02
    })
    expect(uploaded.body.data.distanceMeters).toBeCloseTo(2 * Step, 0)

    const renamed = await upload("POST", `/v2/organizers/events/${eventId}/course`, { file: gpxFile(Gpx.replace(/<trkpt lat="0.0"[\s\S]*?<\/trkpt>/, "")), name: "Short loop" })
    expect(renamed.body.data).toMatchObject({ name: "Short loop", pointCount: 2, elevationGainMeters: 15, elevationLossMeters: 0 })
    const read = await send("GET", `/v2/organizers/events/${eventId}/course`, undefined, org.viewer.headers)
    expect(read.body.data).toMatchObject({ name: "Short loop", pointCount: 2 })
    expect(read.body.data.distanceMeters).toBeCloseTo(Step, 0)
  })

  it("refuses a file that is not GPX, and a GPX without a track, with 400", async () => {
    const png = await upload("POST", `/v2/organizers/events/${eventId}/course`, { file: { bytes: PngBytes, name: "map.png", type: "image/png" } })
    expect(png.status).toBe(400)
    expect(png.body.message).toEqual(["file must be a GPX document"])
    const text = await upload("POST", `/v2/organizers/events/${eventId}/course`, { file: gpxFile("lat,lon\n18.5,73.8\n", "course.csv") })
    expect(text.body.message).toEqual(["file must be a GPX document"])
    const single = await upload("POST", `/v2/organizers/events/${eventId}/course`, { file: gpxFile('<gpx><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>') })
    expect(single.status).toBe(400)
    expect(single.body.message).toEqual(["file must contain a track of at least two points"])
    const outOfRange = await upload("POST", `/v2/organizers/events/${eventId}/course`, { file: gpxFile('<gpx><trkpt lat="91" lon="2"/><trkpt lat="1" lon="2"/></gpx>') })
    expect(outOfRange.body.message).toEqual(["file has a track point without a valid lat and lon"])
    const missing = await upload("POST", `/v2/organizers/events/${eventId}/course`, { name: "No file" })
    expect(missing.status).toBe(400)
  })

  it("places waypoints only on an event with a course, and changes and deletes them", async () => {
    const bare = await seedEvent(host(), org.id, "Bare Event")
    const early = await send("POST", `/v2/organizers/events/${bare.id}/course/waypoints`, { name: "Aid 1", kind: "aid_station", latitude: 18.4, longitude: 73.7 })
    expect(early.status).toBe(404)
    expect(early.body.code).toBe("COURSE_NOT_FOUND")

    const aid = await send("POST", `/v2/organizers/events/${eventId}/course/waypoints`, { name: "Aid 1", kind: "aid_station", latitude: 0, longitude: 0.005, distanceFromStartMeters: 556 })
    expect(aid.status).toBe(201)
    expect(aid.body.data).toMatchObject({ eventId, name: "Aid 1", kind: "aid_station", description: null, sortOrder: 0, distanceFromStartMeters: 556 })
    const finish = await send("POST", `/v2/organizers/events/${eventId}/course/waypoints`, { name: "Finish", kind: "finish", latitude: 0, longitude: 0.01, sortOrder: 9 })
    const list = await send("GET", `/v2/organizers/events/${eventId}/course/waypoints`, undefined, org.viewer.headers)
    expect(list.body.data.data.map((w: { name: string }) => w.name)).toEqual(["Aid 1", "Finish"])

    const moved = await send("PATCH", `/v2/organizers/events/${eventId}/course/waypoints/${aid.body.data.id}`, { name: "Aid 1 (water)", kind: "water" })
    expect(moved.body.data).toMatchObject({ name: "Aid 1 (water)", kind: "water", latitude: 0 })
    expect((await send("DELETE", `/v2/organizers/events/${eventId}/course/waypoints/${finish.body.data.id}`)).body.data).toEqual({ id: finish.body.data.id, deleted: true })
    expect((await send("DELETE", `/v2/organizers/events/${eventId}/course/waypoints/${finish.body.data.id}`)).status).toBe(404)

    const bad = await send("POST", `/v2/organizers/events/${eventId}/course/waypoints`, { name: "Nowhere", kind: "summit", latitude: 95, longitude: -200 })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "kind must be one of the following values: start, finish, aid_station, water, medical, checkpoint, viewpoint, other",
      "latitude must be a latitude string or number",
      "longitude must be a longitude string or number"
    ])
  })

  it("keeps the course to its organizer: another organizer's team gets 404, a viewer may not upload (403)", async () => {
    expect((await send("GET", `/v2/organizers/events/${eventId}/course`, undefined, other.owner.headers)).status).toBe(404)
    expect((await send("GET", `/v2/organizers/events/${eventId}/course/waypoints`, undefined, other.admin.headers)).status).toBe(404)
    const viewer = await upload("POST", `/v2/organizers/events/${eventId}/course`, { file: gpxFile(Gpx) }, org.viewer.headers)
    expect(viewer.status).toBe(403)
    expect((await send("PATCH", `/v2/organizers/events/${eventId}/course/waypoints/00000000-0000-4000-8000-000000000001`, { name: "X" }, {})).status).toBe(401)
  })
})
