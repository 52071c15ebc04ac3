/**
 * Activities through the real host: who may call, manual and GPX creation (a non-GPX file 400),
 * overlaps 409, partial edits with their audit, delete, the privacy-trimmed public view, tracking
 * preferences, gear whose distance accumulates from activities, gear types, preferred sports.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { adminWithPermissions } from "../notifications/http-support.js"
import { multipart } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { athlete, gpx, gpxFile, nextStart, straightTrack } from "./support.js"

const host = realHostOf(import.meta.url)
let reviewer: Record<string, string>
let catalog: Record<string, string>
beforeAll(async () => {
  reviewer = await adminWithPermissions(host, ["activities.review"])
  catalog = await adminWithPermissions(host, ["activities.catalog"])
}, 60_000)

const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) => host.http.request(method, path, body, headers)

describe("activities", () => {
  it("are for signed-in athletes: 401 without a token, 403 for an admin", async () => {
    expect((await host.http.get("/v2/activities")).status).toBe(401)
    expect((await call("POST", "/v2/activities", reviewer, {})).status).toBe(403)
  })

  it("creates a manual activity with its pace, lists, reads, edits only the given fields and deletes it; each change audited", async () => {
    const me = await athlete(host)
    const startedAt = nextStart()
    const created = await call("POST", "/v2/activities", me.headers, { sport: "run", title: "Easy run", startedAt: startedAt.toISOString(), durationSeconds: 3000, distanceMeters: 10_000 })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ sport: "run", title: "Easy run", source: "manual", paceSecondsPerKm: 300, eligible: true, visibility: "public", points: [] })
    expect(created.body.data.endedAt).toBe(new Date(startedAt.getTime() + 3_000_000).toISOString())
    const id = created.body.data.id as string

    const list = await call("GET", "/v2/activities?limit=10", me.headers)
    expect(list.body.data).toMatchObject({ total: 1, limit: 10, offset: 0 })
    expect((await call("GET", `/v2/activities/${id}`, me.headers)).body.data.title).toBe("Easy run")

    const edited = await call("PATCH", `/v2/activities/${id}`, me.headers, { title: "Tempo run", distanceMeters: 11_000 })
    expect(edited.status).toBe(200)
    expect(edited.body.data).toMatchObject({ title: "Tempo run", distanceMeters: 11_000, sport: "run", durationSeconds: 3000 })
    expect(edited.body.data.paceSecondsPerKm).toBeCloseTo(272.73, 1)

    const audit = await call("GET", `/v2/admin/activities/${id}/audit-log`, reviewer)
    expect(audit.status).toBe(200)
    expect(audit.body.data.items.map((e: { action: string }) => e.action)).toEqual(["updated", "created"])
    expect(audit.body.data.items[0]).toMatchObject({ editorId: me.id, editorRole: "user", changes: { title: { from: "Easy run", to: "Tempo run" } } })
    expect((await call("GET", `/v2/admin/activities/${id}/audit-log?role=admin`, reviewer)).body.data.total).toBe(0)
    expect((await call("GET", `/v2/admin/activities/${id}/audit-log?editorId=${me.id}&limit=1`, reviewer)).body.data).toMatchObject({ total: 2, limit: 1 })
    expect((await call("GET", `/v2/admin/activities/${id}/audit-log?from=2999-01-01T00:00:00Z`, reviewer)).body.data.total).toBe(0)
    expect((await call("GET", `/v2/admin/activities/${id}/audit-log`, me.headers)).status).toBe(403)

    const other = await athlete(host)
    expect((await call("GET", `/v2/activities/${id}`, other.headers)).status).toBe(404)
    expect((await call("PATCH", `/v2/activities/${id}`, other.headers, { title: "Mine now" })).status).toBe(404)
    expect((await call("DELETE", `/v2/activities/${id}`, me.headers)).body.data).toEqual({ id, deleted: true })
    expect((await call("GET", `/v2/activities/${id}`, me.headers)).status).toBe(404)
    const afterDelete = await call("GET", `/v2/admin/activities/${id}/audit-log`, reviewer)
    expect(afterDelete.body.data.items[0].action).toBe("deleted")
  })

  it("refuses bad input in the spec's wording, and an overlap with the athlete's own activity with 409", async () => {
    const me = await athlete(host)
    const bad = await call("POST", "/v2/activities", me.headers, { sport: "skating", durationSeconds: 0 })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "sport must be one of the following values: run, walk, hike, ride, swim, other",
      "durationSeconds must be an integer between 1 and 604800"
    ])
    const missing = await call("POST", "/v2/activities", me.headers, { sport: "run" })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual([
      "startedAt must be a valid ISO 8601 date string",
      "durationSeconds must be an integer between 1 and 604800",
      "distanceMeters must be a number between 0 and 1000000"
    ])
    const start = nextStart()
    const first = await call("POST", "/v2/activities", me.headers, { startedAt: start.toISOString(), durationSeconds: 3600, distanceMeters: 8000 })
    expect(first.status).toBe(201)
    const overlap = await call("POST", "/v2/activities", me.headers, { startedAt: new Date(start.getTime() + 1_800_000).toISOString(), durationSeconds: 3600, distanceMeters: 8000 })
    expect(overlap.status).toBe(409)
    expect(overlap.body.code).toBe("ACTIVITY_OVERLAPS")
    // Another athlete at the same time is no overlap.
    const someoneElse = await athlete(host)
    expect((await call("POST", "/v2/activities", someoneElse.headers, { startedAt: start.toISOString(), durationSeconds: 3600, distanceMeters: 8000 })).status).toBe(201)
    // Two concurrent overlapping creates: exactly one is written.
    const later = nextStart()
    const racing = await Promise.all([0, 1].map(() =>
      call("POST", "/v2/activities", me.headers, { startedAt: later.toISOString(), durationSeconds: 600, distanceMeters: 2000 })))
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409])
  })

  it("parses an uploaded GPX track (distance, duration, pace, elevation gain, timed points) and refuses a file that is not GPX", async () => {
    const me = await athlete(host)
    const start = nextStart()
    const track = straightTrack(start, 201)
    const uploaded = await multipart(host, "POST", "/v2/activities", { sport: "run", title: "Morning run", file: gpxFile(gpx(track)) }, me.headers)
    expect(uploaded.status).toBe(201)
    const a = uploaded.body.data
    expect(a).toMatchObject({ source: "gpx", durationSeconds: 1000, pointCount: 201, startedAt: start.toISOString(), eligible: true })
    expect(a.distanceMeters).toBeGreaterThan(2215)
    expect(a.distanceMeters).toBeLessThan(2230)
    expect(a.elevationGainMeters).toBe(50.25)
    expect(a.paceSecondsPerKm).toBeCloseTo(1000 / (a.distanceMeters / 1000), 1)
    expect(a.points).toHaveLength(201)
    expect(a.points[0]).toEqual({ lat: 12.97, lon: 77.59, ele: 900, at: start.toISOString() })
    const notGpx = await multipart(host, "POST", "/v2/activities", { sport: "run", file: { bytes: new TextEncoder().encode("lat,lon\n1,2\n"), name: "run.csv" } }, me.headers)
    expect(notGpx.status).toBe(400)
    expect(notGpx.body.message).toEqual(["file must be a GPX, TCX or FIT file"])
    const fixed = await call("PATCH", `/v2/activities/${a.id}`, me.headers, { distanceMeters: 5000 })
    expect(fixed.status).toBe(400)
    expect(fixed.body.message).toEqual(["distanceMeters cannot be changed on a recorded GPS track"])
  })

  it("shows a public activity without the track's start and end within the athlete's privacy radius; private ones are not shown", async () => {
    const me = await athlete(host)
    expect((await call("PATCH", "/v2/me/activity-tracking-preferences", me.headers, { privacyRadiusMeters: 300 })).status).toBe(200)
    const track = straightTrack(nextStart(), 201)
    const uploaded = await multipart(host, "POST", "/v2/activities", { sport: "run", file: gpxFile(gpx(track)) }, me.headers)
    const id = uploaded.body.data.id as string
    const view = await host.http.get(`/v2/activities/${id}/public`)
    expect(view.status).toBe(200)
    const shown = view.body.data.points as ReadonlyArray<{ lat: number }>
    // 300 m is 27 steps; the athlete's factor stretches it to between 300 and 450 m on each end.
    expect(view.body.data.hiddenPointCount).toBeGreaterThanOrEqual(2 * 27)
    expect(view.body.data.hiddenPointCount).toBeLessThanOrEqual(2 * 41)
    expect(shown.length + view.body.data.hiddenPointCount).toBe(201)
    // The first point shown is at least 27 steps (≈ 300.2 m) from the start: step 27 itself is shown
    // when the athlete's factor is close to 1, so the bound is inclusive (floating-point slack).
    expect(shown[0]!.lat).toBeGreaterThanOrEqual(12.97 + 0.0027 - 1e-9)
    expect(view.body.data).not.toHaveProperty("visibility")
    // The same athlete's factor is the same every time.
    expect((await host.http.get(`/v2/activities/${id}/public`)).body.data.hiddenPointCount).toBe(view.body.data.hiddenPointCount)
    await call("PATCH", `/v2/activities/${id}`, me.headers, { visibility: "private" })
    expect((await host.http.get(`/v2/activities/${id}/public`)).status).toBe(404)
  })
})

describe("tracking preferences and preferred sports", () => {
  it("made once on concurrent first reads: every read answers the same row", async () => {
    const me = await athlete(host)
    const reads = await Promise.all(Array.from({ length: 6 }, () => call("GET", "/v2/me/activity-tracking-preferences", me.headers)))
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(new Set(reads.map((r) => JSON.stringify(r.body.data))).size).toBe(1)
  })

  it("reads defaults, writes only the fields present, keeps other athletes' private and lets reviewers through", async () => {
    const me = await athlete(host)
    const defaults = await call("GET", "/v2/me/activity-tracking-preferences", me.headers)
    expect(defaults.body.data).toEqual({ userId: me.id, defaultSport: "run", defaultVisibility: "public", privacyRadiusMeters: 200, autoPause: true, gpsIntervalSeconds: 1, updatedAt: null })
    const patched = await call("PATCH", "/v2/me/activity-tracking-preferences", me.headers, { defaultSport: "ride", autoPause: false })
    expect(patched.body.data).toMatchObject({ defaultSport: "ride", autoPause: false, privacyRadiusMeters: 200, defaultVisibility: "public" })
    const viaUser = await call("PATCH", `/v2/users/${me.id}/activities/tracking-preferences`, me.headers, { gpsIntervalSeconds: 5 })
    expect(viaUser.body.data).toMatchObject({ defaultSport: "ride", gpsIntervalSeconds: 5 })
    const invalid = await call("PATCH", "/v2/me/activity-tracking-preferences", me.headers, { privacyRadiusMeters: 5000, defaultVisibility: "friends" })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual([
      "defaultVisibility must be one of the following values: public, private",
      "privacyRadiusMeters must be an integer between 0 and 2000"
    ])
    const other = await athlete(host)
    expect((await call("GET", `/v2/users/${me.id}/activities/tracking-preferences`, other.headers)).status).toBe(403)
    expect((await call("GET", `/v2/users/${me.id}/activities/tracking-preferences`, reviewer)).body.data.gpsIntervalSeconds).toBe(5)
    expect((await call("GET", `/v2/users/${me.id}/activities/tracking-preferences`, catalog)).status).toBe(403)
    expect((await host.http.get("/v2/me/activity-tracking-preferences")).status).toBe(401)

    // Preferred sports: most practised first, the default sport always listed.
    for (const sport of ["walk", "walk", "swim"]) {
      await call("POST", "/v2/activities", me.headers, { sport, startedAt: nextStart().toISOString(), durationSeconds: 1800, distanceMeters: 1000 })
    }
    const sports = await call("GET", "/v2/users/me/preferred-sports", me.headers)
    expect(sports.body.data).toEqual([
      { sport: "walk", activityCount: 2, distanceMeters: 2000, isDefault: false },
      { sport: "swim", activityCount: 1, distanceMeters: 1000, isDefault: false },
      { sport: "ride", activityCount: 0, distanceMeters: 0, isDefault: true }
    ])
  })
})

describe("gear", () => {
  it("accumulates distance from the activities that name it; gear is the owner's alone", async () => {
    const me = await athlete(host)
    const type = await call("POST", "/v2/gear-types", catalog, { name: `Shoes ${Date.now()}` })
    expect(type.status).toBe(201)
    expect((await call("POST", "/v2/gear-types", me.headers, { name: "Bikes" })).status).toBe(403)
    expect((await host.http.get(`/v2/gear-types/${type.body.data.id}`)).body.data.name).toBe(type.body.data.name)
    expect((await host.http.get("/v2/gear-types")).status).toBe(200)
    expect((await call("PATCH", `/v2/gear-types/${type.body.data.id}`, catalog, { isActive: false })).body.data.isActive).toBe(false)

    const shoe = await call("POST", "/v2/gears", me.headers, { name: "Trail shoe", gearTypeId: type.body.data.id, initialDistanceMeters: 1000 })
    expect(shoe.status).toBe(201)
    expect(shoe.body.data).toMatchObject({ name: "Trail shoe", distanceMeters: 1000, activityCount: 0, retired: false, brand: null })
    const gearId = shoe.body.data.id as string
    for (const distanceMeters of [5000, 7000]) {
      const a = await call("POST", "/v2/activities", me.headers, { gearId, startedAt: nextStart().toISOString(), durationSeconds: 3000, distanceMeters })
      expect(a.status).toBe(201)
    }
    expect((await call("GET", `/v2/gears/${gearId}`, me.headers)).body.data).toMatchObject({ distanceMeters: 13_000, activityCount: 2 })
    const retired = await call("PATCH", `/v2/gears/${gearId}`, me.headers, { retired: true })
    expect(retired.body.data).toMatchObject({ retired: true, name: "Trail shoe", distanceMeters: 13_000 })
    expect((await call("GET", "/v2/gears", me.headers)).body.data).toHaveLength(1)
    const badGear = await call("POST", "/v2/gears", me.headers, { name: "", initialDistanceMeters: -1 })
    expect(badGear.status).toBe(400)
    expect(badGear.body.message).toEqual([
      "name must be longer than or equal to 1 and shorter than or equal to 100 characters",
      "initialDistanceMeters must be a number between 0 and 1000000000"
    ])

    const other = await athlete(host)
    expect((await call("GET", `/v2/gears/${gearId}`, other.headers)).status).toBe(404)
    const foreign = await call("POST", "/v2/activities", other.headers, { gearId, startedAt: nextStart().toISOString(), durationSeconds: 600, distanceMeters: 100 })
    expect(foreign.status).toBe(400)
    expect(foreign.body.message).toEqual(["gearId must be one of your gears"])
    expect((await call("DELETE", `/v2/gears/${gearId}`, me.headers)).body.data).toEqual({ id: gearId, deleted: true })
    expect((await call("GET", `/v2/gears/${gearId}`, me.headers)).status).toBe(404)
    expect((await call("DELETE", `/v2/gear-types/${type.body.data.id}`, catalog)).status).toBe(200)
  })
})
