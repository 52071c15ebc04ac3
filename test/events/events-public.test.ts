/**
 * What the public sees, through the real host: every public list (feed, list, discover, featured,
 * by-city, by-country, by-slug, by id or slug, organization events) shows published, public, active,
 * non-test events only; visibility and portal-readiness answer their reasons; search finds a
 * published event and loses it on unpublish; timeframes and wall-clock input are right across DST;
 * athletes' bookmarks.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { multipart, newAthlete, seedOrganizer, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { eventBody, eventsCast, idsOf, inDays, publishedEvent, readyDraft } from "./support.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer, reviewer: Record<string, string>, manager: Record<string, string>
beforeAll(async () => void ({ org, reviewer, manager } = await eventsCast(host, "Public Org")), 60_000)

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = org.owner.headers) =>
  host.http.request(method, path, body, headers)

/** Every public list that could show an event of `city`/`country`, by path. */
const publicLists = (city: string, country: string) => [
  "/v2/events/public?limit=100",
  "/v2/events/public/feed?limit=100",
  `/v2/events/discover?limit=100&city=${encodeURIComponent(city)}`,
  "/v2/events/featured/public?limit=100",
  `/v2/events/by-city/${encodeURIComponent(city)}?limit=100`,
  `/v2/events/by-country/${country}?limit=100`,
  `/v2/organizations/${org.id}/events?limit=100`
]

describe("public visibility", () => {
  it("never shows draft, private, cancelled, suspended, inactive or test events in any public list", async () => {
    const city = "Nashik"
    const visible = await publishedEvent(host, org, reviewer, { city, country: "IN" })
    const draft = await readyDraft(host, org, { city })
    const privateOne = await publishedEvent(host, org, reviewer, { city, visibility: "private" })
    const testOne = await publishedEvent(host, org, reviewer, { city, isTest: true })
    const cancelled = await publishedEvent(host, org, reviewer, { city })
    await send("POST", `/v2/events/${cancelled.id}/cancel`, {})
    const suspended = await publishedEvent(host, org, reviewer, { city })
    await send("POST", `/v2/admin/events/${suspended.id}/suspend`, { reason: "Under investigation" }, manager)
    const inactive = await publishedEvent(host, org, reviewer, { city })
    await send("PATCH", `/v2/events/${inactive.id}/toggle`)
    const all = [visible, draft, privateOne, testOne, cancelled, suspended, inactive]
    expect((await send("PATCH", "/v2/events/featured", { ids: all.map((e) => e.id), featured: true }, manager)).body.data.updated).toHaveLength(7)

    for (const path of publicLists(city, "IN")) {
      const answer = await host.http.get(path)
      expect(answer.status, path).toBe(200)
      const ids = idsOf(answer)
      expect(ids, path).toContain(visible.id)
      for (const hidden of all.slice(1)) expect(ids, path).not.toContain(hidden.id)
    }
    for (const hidden of all.slice(1)) {
      expect((await host.http.get(`/v2/events/${hidden.id}/public`)).status).toBe(404)
      expect((await host.http.get(`/v2/events/by-slug/${hidden.slug}`)).status).toBe(404)
    }
    const byId = await host.http.get(`/v2/events/${visible.id}/public`)
    expect(byId.body.data).toMatchObject({ id: visible.id, slug: visible.slug, phase: "open" })
    expect(byId.body.data).not.toHaveProperty("reviewReason")
    expect(byId.body.data).not.toHaveProperty("isTest")
    expect((await host.http.get(`/v2/events/${visible.slug}/public`)).body.data.id).toBe(visible.id)
    expect((await host.http.get(`/v2/events/by-slug/${visible.slug}`)).body.data.id).toBe(visible.id)
    expect((await host.http.get(`/v2/events/${visible.id}/refund-policy`)).body.data).toEqual({ eventId: visible.id, refundPolicy: null })
    const summary = await host.http.get(`/v2/events/${visible.id}/marketing-summary`)
    expect(summary.body.data).toMatchObject({
      eventId: visible.id, slug: visible.slug, phase: "open", city, country: "IN", currency: "INR",
      priceFrom: 150_000, priceTo: 150_000, ticketsOnSale: 1, placesLeft: 300, daysToStart: 30
    })
    expect((await host.http.get(`/v2/events/${draft.id}/marketing-summary`)).status).toBe(404)
    expect((await host.http.get("/v2/events/by-country/india")).body.message).toEqual(["country must be a valid ISO31661 Alpha2 code"])
  })

  it("answers why an event is or is not visible, and whether it is portal-ready, as lists of reasons", async () => {
    const draft = await readyDraft(host, org, { visibility: "private", isTest: true })
    const visibility = await send("GET", `/v2/events/public-visibility/event/${draft.id}`, undefined, org.viewer.headers)
    expect(visibility.body.data).toEqual({
      kind: "event", id: draft.id, visible: false,
      reasons: ["status is draft", "visibility is private", "it is a test event"]
    })
    const readiness = await send("GET", `/v2/events/portal-readiness/event/${draft.id}`)
    expect(readiness.body.data.ready).toBe(false)
    expect(readiness.body.data.reasons).toContain("visibility is private")
    const published = await publishedEvent(host, org, reviewer)
    expect((await send("GET", `/v2/events/public-visibility/event/${published.id}`)).body.data).toMatchObject({ visible: true, reasons: [] })
    expect((await send("GET", `/v2/events/portal-readiness/event/${published.id}`)).body.data).toMatchObject({ ready: true, reasons: [] })
    await send("PATCH", `/v2/events/${published.id}/toggle-bookings`)
    expect((await send("GET", `/v2/events/portal-readiness/event/${published.id}`)).body.data.reasons).toEqual(["bookings are closed"])
    expect((await send("GET", `/v2/events/public-visibility/club/${published.id}`)).body.message).toEqual(["kind must be one of the following values: event"])
    expect((await send("GET", `/v2/events/public-visibility/event/${published.id}`, undefined, {})).status).toBe(401)
  })

  it("indexes a published event for search and drops it when unpublished", async () => {
    const event = await publishedEvent(host, org, reviewer, { title: "Sahyadri Skyrace Ultra", description: "Ridge running above the monsoon clouds" })
    const search = (words: string) => host.http.get(`/v2/events/public?search=${encodeURIComponent(words)}&limit=100`)
    expect(idsOf(await search("skyrace"))).toEqual([event.id])
    expect(idsOf(await search("monsoon ridge"))).toEqual([event.id])
    expect(idsOf(await host.http.get(`/v2/events/discover?search=skyrace`))).toEqual([event.id])
    await send("PATCH", `/v2/events/${event.id}/unpublish`)
    expect(idsOf(await search("skyrace"))).toEqual([])
    await send("PATCH", `/v2/events/${event.id}/submit-for-approval`)
    await send("PATCH", `/v2/events/${event.id}/review`, { decision: "approve" }, reviewer)
    expect(idsOf(await search("skyrace"))).toEqual([event.id])
    // A draft with the same words is never found.
    await readyDraft(host, org, { title: "Sahyadri Skyrace Draft" })
    expect(idsOf(await search("skyrace"))).toEqual([event.id])
  })
})

describe("time", () => {
  it("reads wall-clock input in the event's zone across DST gaps and overlaps", async () => {
    const at = async (local: string, timezone: string) => {
      const created = await send("POST", "/v2/events", eventBody({ timezone, startsAt: local, endsAt: "2027-12-31T23:00:00" }))
      expect(created.status).toBe(201)
      return created.body.data.startsAt as string
    }
    expect(await at("2027-07-01T09:00:00", "America/New_York")).toBe("2027-07-01T13:00:00.000Z")
    expect(await at("2027-12-01T09:00:00", "America/New_York")).toBe("2027-12-01T14:00:00.000Z")
    // 02:30 does not exist on 14 March 2027 in New York: it moves forward by the gap (03:30 EDT).
    expect(await at("2027-03-14T02:30:00", "America/New_York")).toBe("2027-03-14T07:30:00.000Z")
    // 01:30 happens twice on 7 November 2027: the first occurrence (EDT).
    expect(await at("2027-11-07T01:30:00", "America/New_York")).toBe("2027-11-07T05:30:00.000Z")
    expect(await at("2027-03-28T01:30:00", "Europe/London")).toBe("2027-03-28T01:30:00.000Z")
    // An explicit offset is kept as written.
    expect(await at("2027-07-01T09:00:00+05:30", "America/New_York")).toBe("2027-07-01T03:30:00.000Z")
  })

  it("filters upcoming, ongoing and past by instants, and derives open, closing_soon, in_progress, completed", async () => {
    const tf = await seedOrganizer(host, "Timeframe Org")
    const past = await readyDraft(host, tf, { startsAt: inDays(-10), endsAt: inDays(-9) })
    // An event in a zone that changed its clocks between its start and now is still ongoing.
    const ongoing = await readyDraft(host, tf, { startsAt: inDays(-200), endsAt: inDays(200), timezone: "America/New_York" })
    const upcoming = await readyDraft(host, tf, { startsAt: inDays(40), endsAt: inDays(41), timezone: "Europe/London" })
    const list = async (timeframe: string) => idsOf(await send("GET", `/v2/events?timeframe=${timeframe}`, undefined, tf.viewer.headers))
    expect(await list("past")).toEqual([past.id])
    expect(await list("ongoing")).toEqual([ongoing.id])
    expect(await list("upcoming")).toEqual([upcoming.id])
    expect((await send("GET", "/v2/events?timeframe=later", undefined, tf.viewer.headers)).body.message).toEqual([
      "timeframe must be one of the following values: upcoming, ongoing, past"
    ])

    const phaseOf = async (overrides: Record<string, unknown>) => {
      const e = await publishedEvent(host, tf, reviewer, overrides)
      return (await send("GET", `/v2/events/${e.id}`, undefined, tf.owner.headers)).body.data.phase
    }
    expect(await phaseOf({ startsAt: inDays(20), endsAt: inDays(21) })).toBe("open")
    expect(await phaseOf({ startsAt: inDays(2), endsAt: inDays(3) })).toBe("closing_soon")
    // A published event that has started, then ended (its dates moved by the organizer).
    const running = await publishedEvent(host, tf, reviewer, { startsAt: inDays(2), endsAt: inDays(3) })
    const started = await send("PATCH", `/v2/events/${running.id}`, { startsAt: inDays(-1) }, tf.owner.headers)
    expect(started.body.data.phase).toBe("in_progress")
    const ended = await send("PATCH", `/v2/events/${running.id}`, { startsAt: inDays(-3), endsAt: inDays(-2) }, tf.owner.headers)
    expect(ended.body.data.phase).toBe("completed")
    expect(idsOf(await send("GET", "/v2/events/public?timeframe=past&limit=100"))).toContain(running.id)
    expect(idsOf(await send("GET", "/v2/events/public?limit=100"))).not.toContain(running.id)
  })
})

describe("event bookmarks", () => {
  it("toggles an athlete's bookmark of a public event, reports its status and lists the athlete's own", async () => {
    const athlete = await newAthlete(host)
    const other = await newAthlete(host)
    const event = await publishedEvent(host, org, reviewer)
    const draft = await readyDraft(host, org)
    expect((await send("PATCH", `/v2/event-bookmarks/${event.id}/toggle`, undefined, {})).status).toBe(401)
    expect((await send("GET", "/v2/event-bookmarks/mine", undefined, {})).status).toBe(401)
    expect((await send("GET", `/v2/event-bookmarks/${event.id}/status`, undefined, athlete.headers)).body.data).toEqual({ eventId: event.id, bookmarked: false })
    expect((await send("PATCH", `/v2/event-bookmarks/${event.id}/toggle`, undefined, athlete.headers)).body.data).toEqual({ eventId: event.id, bookmarked: true })
    expect((await send("GET", `/v2/event-bookmarks/${event.id}/status`, undefined, athlete.headers)).body.data.bookmarked).toBe(true)
    expect((await send("GET", `/v2/event-bookmarks/${event.id}/status`, undefined, other.headers)).body.data.bookmarked).toBe(false)
    expect(idsOf(await send("GET", "/v2/event-bookmarks/mine", undefined, athlete.headers))).toEqual([event.id])
    expect(idsOf(await send("GET", "/v2/event-bookmarks/mine", undefined, other.headers))).toEqual([])
    expect((await send("PATCH", `/v2/event-bookmarks/${draft.id}/toggle`, undefined, athlete.headers)).status).toBe(404)
    expect((await send("PATCH", `/v2/event-bookmarks/${event.id}/toggle`, undefined, athlete.headers)).body.data.bookmarked).toBe(false)
    expect(idsOf(await send("GET", "/v2/event-bookmarks/mine", undefined, athlete.headers))).toEqual([])
  })

})

describe("public course", () => {
  it("shows a public event's course waypoints in course order to anyone, and no waypoints of an event the public cannot see", async () => {
    const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
      <trkpt lat="0" lon="0"><ele>10</ele></trkpt><trkpt lat="0" lon="0.01"><ele>20</ele></trkpt></trkseg></trk></gpx>`
    const withCourse = async (eventId: string) => {
      const file = { bytes: new TextEncoder().encode(gpx), name: "course.gpx", type: "application/gpx+xml" }
      expect((await multipart(host, "POST", `/v2/organizers/events/${eventId}/course`, { file }, org.owner.headers)).status).toBe(201)
      for (const [name, kind, sortOrder] of [["Finish", "finish", 9], ["Aid 1", "aid_station", 1]] as const) {
        const made = await send("POST", `/v2/organizers/events/${eventId}/course/waypoints`, { name, kind, latitude: 0, longitude: 0.005, sortOrder })
        expect(made.status).toBe(201)
      }
    }
    const event = await publishedEvent(host, org, reviewer)
    await withCourse(event.id)
    const seen = await send("GET", `/v2/events/${event.id}/course/waypoints`, undefined, {})
    expect(seen.status).toBe(200)
    expect(seen.body.data.data.map((w: { name: string; kind: string }) => [w.name, w.kind])).toEqual([["Aid 1", "aid_station"], ["Finish", "finish"]])
    expect((await send("GET", `/v2/events/${event.slug}/course/waypoints?limit=1`, undefined, {})).body.data.data).toHaveLength(1)

    const draft = await readyDraft(host, org)
    await withCourse(draft.id)
    const hidden = await send("GET", `/v2/events/${draft.id}/course/waypoints`, undefined, {})
    expect(hidden.status).toBe(404)
    expect(hidden.body.data).toBeNull()
    expect((await send("GET", "/v2/events/no-such-event/course/waypoints", undefined, {})).status).toBe(404)
  })
})
