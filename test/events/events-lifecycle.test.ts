/**
 * The event life cycle through the real host: create (slug, time zone, the spec's 400 wording),
 * draft → pending_approval → published or back to draft with the reason verbatim, unpublish,
 * toggle, toggle-bookings, cancel with its durable refund intent, soft delete only with zero
 * participants, admin suspend/unsuspend to the prior status, restore-cancelled, concurrent review.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Events } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { eventBody, eventsCast, inDays, publishedEvent, readyDraft } from "./support.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer, reviewer: Record<string, string>, manager: Record<string, string>
beforeAll(async () => void ({ org, reviewer, manager } = await eventsCast(host, "Lifecycle Org")), 60_000)

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = org.owner.headers) =>
  host.http.request(method, path, body, headers)

describe("creating events", () => {
  it("needs a signed-in OWNER or ADMIN of the organizer; viewers and athletes are refused", async () => {
    expect((await send("POST", "/v2/events", eventBody(), {})).status).toBe(401)
    expect((await send("POST", "/v2/events", eventBody(), org.viewer.headers)).status).toBe(403)
    expect((await send("POST", "/v2/events", eventBody(), (await newAthlete(host)).headers)).status).toBe(403)
    expect((await send("POST", "/v2/events", eventBody(), org.admin.headers)).status).toBe(201)
    expect((await send("GET", "/v2/events", undefined, {})).status).toBe(401)
    expect((await send("GET", "/v2/events", undefined, org.viewer.headers)).status).toBe(200)
  })

  it("creates a draft with a unique slug from the title, reading dates without an offset in the event's zone", async () => {
    const first = await send("POST", "/v2/events", eventBody({ title: "Pune Half Marathon", startsAt: "2027-01-10T05:30:00", endsAt: "2027-01-10T11:00:00" }))
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({
      organizerId: org.id, slug: "pune-half-marathon", status: "draft", phase: "draft", visibility: "public", isTest: false,
      startsAt: "2027-01-10T00:00:00.000Z", endsAt: "2027-01-10T05:30:00.000Z", timezone: "Asia/Kolkata", bookingsOpen: true, isActive: true
    })
    const second = await send("POST", "/v2/events", eventBody({ title: "Pune Half Marathon" }))
    expect(second.body.data.slug).toBe("pune-half-marathon-2")
    // The slug stays when the title changes (links keep working).
    const renamed = await send("PATCH", `/v2/events/${first.body.data.id}`, { title: "Pune Half Marathon 2027" })
    expect(renamed.body.data).toMatchObject({ title: "Pune Half Marathon 2027", slug: "pune-half-marathon" })
  })

  it("answers 400 in the spec's wording for bad fields and for an end before the start", async () => {
    const invalid = await send("POST", "/v2/events", { ...eventBody(), title: "no", country: "India", timezone: "Mars/Olympus", visibility: "hidden", startsAt: "soon" })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual([
      "title must be longer than or equal to 3 and shorter than or equal to 150 characters",
      "country must be a valid ISO31661 Alpha2 code",
      "timezone must be a valid IANA time-zone",
      "visibility must be one of the following values: public, private",
      "startsAt must be a valid ISO 8601 date string"
    ])
    const backwards = await send("POST", "/v2/events", eventBody({ startsAt: inDays(10), endsAt: inDays(9) }))
    expect(backwards.status).toBe(400)
    expect(backwards.body.message).toEqual(["endsAt must be after startsAt"])
  })
})

describe("the review life cycle", () => {
  it("submits only a ready event, rejects back to draft with the reason verbatim, approves to published", async () => {
    const bare = await send("POST", "/v2/events", eventBody())
    const notReady = await send("PATCH", `/v2/events/${bare.body.data.id}/submit-for-approval`)
    expect(notReady.status).toBe(400)
    expect(notReady.body.message).toEqual([
      "event is not ready: the event has no active slot",
      "event is not ready: the event has no active ticket in an active slot"
    ])
    const readiness = await send("GET", `/v2/events/${bare.body.data.id}/readiness`, undefined, org.viewer.headers)
    expect(readiness.body.data).toMatchObject({ ready: false, status: "draft" })

    const event = await readyDraft(host, org)
    expect((await send("GET", `/v2/events/${event.id}/readiness`)).body.data).toMatchObject({ ready: true, reasons: [] })
    const submitted = await send("PATCH", `/v2/events/${event.id}/submit-for-approval`)
    expect(submitted.body.data).toMatchObject({ status: "pending_approval", phase: "pending_approval" })
    // The organizer cannot review, and an admin without events.review neither.
    expect((await send("PATCH", `/v2/events/${event.id}/review`, { decision: "approve" })).status).toBe(403)
    expect((await send("PATCH", `/v2/events/${event.id}/review`, { decision: "approve" }, manager)).status).toBe(403)
    const noReason = await send("PATCH", `/v2/events/${event.id}/review`, { decision: "reject" }, reviewer)
    expect(noReason.status).toBe(400)
    expect(noReason.body.message).toEqual(["reason must be longer than or equal to 10 and shorter than or equal to 500 characters"])
    const short = await send("PATCH", `/v2/events/${event.id}/review`, { decision: "reject", reason: "too short" }, reviewer)
    expect(short.body.message).toEqual(["reason must be longer than or equal to 10 and shorter than or equal to 500 characters"])
    const reason = "Route map missing — please add the course   details."
    const rejected = await send("PATCH", `/v2/events/${event.id}/review`, { decision: "reject", reason }, reviewer)
    expect(rejected.body.data).toMatchObject({ status: "draft", reviewReason: reason })
    // A draft cannot be reviewed again (409 with the machine's code).
    const again = await send("PATCH", `/v2/events/${event.id}/review`, { decision: "approve" }, reviewer)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("EVENT_STATUS_CONFLICT")

    await send("PATCH", `/v2/events/${event.id}/submit-for-approval`)
    const approved = await send("PATCH", `/v2/events/${event.id}/review`, { decision: "approve" }, reviewer)
    expect(approved.body.data).toMatchObject({ status: "published", phase: "open", reviewReason: null })
    expect(approved.body.data.publishedAt).toEqual(expect.any(String))
  })

  it("lets exactly one of two concurrent reviews win; the other is 409", async () => {
    const event = await readyDraft(host, org)
    await send("PATCH", `/v2/events/${event.id}/submit-for-approval`)
    const answers = await Promise.all([
      send("PATCH", `/v2/events/${event.id}/review`, { decision: "approve" }, reviewer),
      send("PATCH", `/v2/events/${event.id}/review`, { decision: "reject", reason: "Duplicate of another listing" }, reviewer),
      send("PATCH", `/v2/events/${event.id}/review`, { decision: "approve" }, reviewer)
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409])
    const winner = answers.find((a) => a.status === 200)!
    expect((await send("GET", `/v2/events/${event.id}`)).body.data.status).toBe(winner.body.data.status)
  })

  it("unpublishes, toggles and toggles bookings; illegal moves are 409", async () => {
    const draft = await readyDraft(host, org)
    const early = await send("PATCH", `/v2/events/${draft.id}/unpublish`)
    expect(early.status).toBe(409)
    expect(early.body.code).toBe("EVENT_STATUS_CONFLICT")
    const event = await publishedEvent(host, org, reviewer)
    const closed = await send("PATCH", `/v2/events/${event.id}/toggle-bookings`)
    expect(closed.body.data).toMatchObject({ status: "published", bookingsOpen: false, phase: "published" })
    expect((await send("PATCH", `/v2/events/${event.id}/toggle-bookings`)).body.data.bookingsOpen).toBe(true)
    const off = await send("PATCH", `/v2/events/${event.id}/toggle`)
    expect(off.body.data).toMatchObject({ isActive: false, status: "published" })
    expect((await send("PATCH", `/v2/events/${event.id}/toggle`)).body.data.isActive).toBe(true)
    const unpublished = await send("PATCH", `/v2/events/${event.id}/unpublish`)
    expect(unpublished.body.data).toMatchObject({ status: "unpublished" })
    expect((await send("PATCH", `/v2/events/${event.id}/unpublish`)).status).toBe(409)
    // Unpublished events go back through review.
    expect((await send("PATCH", `/v2/events/${event.id}/submit-for-approval`)).body.data.status).toBe("pending_approval")
  })

  it("cancels with a durable refund intent for the registrations work, and refuses moves after", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const cancelled = await send("POST", `/v2/events/${event.id}/cancel`, { reason: "Heavy rain forecast" })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", phase: "cancelled", cancelReason: "Heavy rain forecast" })
    const intents = await host.run(Effect.flatMap(Events.EventRepo, (r) => r.pendingCancellations(event.id)))
    expect(intents).toMatchObject([{ reason: "Heavy rain forecast", requestedBy: expect.stringMatching(/^organizer:/) }])
    expect((await send("POST", `/v2/events/${event.id}/cancel`, {})).status).toBe(409)
    expect((await send("PATCH", `/v2/events/${event.id}/submit-for-approval`)).status).toBe(409)
    // Admin restore-cancelled: public, active, published.
    expect((await send("POST", `/v2/admin/events/${event.id}/restore-cancelled`, undefined, reviewer)).status).toBe(403)
    const restored = await send("POST", `/v2/admin/events/${event.id}/restore-cancelled`, undefined, manager)
    expect(restored.body.data).toMatchObject({ status: "published", visibility: "public", isActive: true, cancelReason: null })
    expect((await send("POST", `/v2/admin/events/${event.id}/restore-cancelled`, undefined, manager)).status).toBe(409)
  })

  it("soft-deletes only with zero active participants, else 400", async () => {
    const event = await readyDraft(host, org)
    await host.run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`update events.tickets set sold = 2 where id = ${event.ticketId}`))
    const refused = await send("DELETE", `/v2/events/${event.id}`)
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe("EVENT_HAS_PARTICIPANTS")
    await host.run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`update events.tickets set sold = 0 where id = ${event.ticketId}`))
    expect((await send("DELETE", `/v2/events/${event.id}`, undefined, org.viewer.headers)).status).toBe(403)
    expect((await send("DELETE", `/v2/events/${event.id}`)).body.data).toEqual({ id: event.id, deleted: true })
    expect((await send("GET", `/v2/events/${event.id}`)).status).toBe(404)
    expect((await send("DELETE", `/v2/events/${event.id}`)).status).toBe(404)
  })
})

describe("admin suspension", () => {
  it("suspends any running event, blocks organizer writes, and unsuspend restores the prior status", async () => {
    const published = await publishedEvent(host, org, reviewer)
    const draft = await readyDraft(host, org)
    expect((await send("POST", `/v2/admin/events/${published.id}/suspend`, { reason: "Reported as a scam listing" }, reviewer)).status).toBe(403)
    const short = await send("POST", `/v2/admin/events/${published.id}/suspend`, { reason: "bad" }, manager)
    expect(short.body.message).toEqual(["reason must be longer than or equal to 10 and shorter than or equal to 500 characters"])
    const suspended = await send("POST", `/v2/admin/events/${published.id}/suspend`, { reason: "Reported as a scam listing" }, manager)
    expect(suspended.body.data).toMatchObject({ status: "suspended", priorStatus: "published", reviewReason: "Reported as a scam listing" })
    const blocked = await send("PATCH", `/v2/events/${published.id}`, { title: "Sneaky rename" })
    expect(blocked.status).toBe(409)
    expect(blocked.body.code).toBe("EVENT_SUSPENDED")
    expect((await send("POST", `/v2/organizers/events/${published.id}/slots`, { name: "B", startsAt: inDays(30), capacity: 5 })).body.code).toBe("EVENT_SUSPENDED")
    expect((await send("POST", `/v2/admin/events/${published.id}/suspend`, { reason: "Reported as a scam listing" }, manager)).status).toBe(409)
    const back = await send("POST", `/v2/admin/events/${published.id}/unsuspend`, undefined, manager)
    expect(back.body.data).toMatchObject({ status: "published", priorStatus: null })
    expect((await send("POST", `/v2/admin/events/${published.id}/unsuspend`, undefined, manager)).status).toBe(409)

    // The status action: suspend a draft, reinstate it as a draft, cancel.
    const viaStatus = await send("PATCH", `/v2/admin/events/${draft.id}/status`, { action: "suspend", reason: "Holding for a KYC check" }, manager)
    expect(viaStatus.body.data).toMatchObject({ status: "suspended", priorStatus: "draft" })
    expect((await send("PATCH", `/v2/admin/events/${draft.id}/status`, { action: "reinstate" }, manager)).body.data.status).toBe("draft")
    const cancelled = await send("PATCH", `/v2/admin/events/${draft.id}/status`, { action: "cancel", reason: "Organizer asked us to" }, manager)
    expect(cancelled.body.data.status).toBe("cancelled")
    const badAction = await send("PATCH", `/v2/admin/events/${draft.id}/status`, { action: "delete" }, manager)
    expect(badAction.body.message).toEqual(["action must be one of the following values: suspend, reinstate, cancel"])
  })
})

describe("tenancy", () => {
  it("keeps another organizer's events out of reach (404) and out of its lists", async () => {
    const other = await seedOrganizer(host, "Other Lifecycle Org")
    const mine = await readyDraft(host, org)
    expect((await send("GET", `/v2/events/${mine.id}`, undefined, other.owner.headers)).status).toBe(404)
    expect((await send("PATCH", `/v2/events/${mine.id}`, { title: "Hijacked" }, other.owner.headers)).status).toBe(404)
    expect((await send("PATCH", `/v2/events/${mine.id}/submit-for-approval`, undefined, other.owner.headers)).status).toBe(404)
    expect((await send("GET", `/v2/organizers/events/${mine.id}/slots`, undefined, other.owner.headers)).status).toBe(404)
    expect((await send("GET", `/v2/events`, undefined, { ...other.owner.headers, "x-organizer-id": org.id })).status).toBe(403)
    const theirs = await send("GET", "/v2/events", undefined, other.owner.headers)
    expect(theirs.body.data.data).toEqual([])
    expect((await send("GET", `/v2/organizers/${org.id}/events`, undefined, other.owner.headers)).status).toBe(403)
    const listed = await send("GET", `/v2/organizers/${org.id}/events?status=draft`, undefined, org.viewer.headers)
    expect(listed.body.data.data.map((e: { id: string }) => e.id)).toContain(mine.id)
    expect(listed.body.data.data.every((e: { status: string }) => e.status === "draft")).toBe(true)
  })
})
