/**
 * Slots, tickets, the organizer's bulk tool and admin oversight through the real host: capacities
 * and sale windows validated, places taken protect slots and tickets, bulk per-id outcomes with the
 * 100 cap, admin lists, stats, ticket sales, replace-uuid and featured events.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { seedOrganizer, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { eventsCast, idsOf, inDays, publishedEvent, readyDraft } from "./support.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer, reviewer: Record<string, string>, manager: Record<string, string>
beforeAll(async () => void ({ org, reviewer, manager } = await eventsCast(host, "Inventory Org")), 60_000)

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = org.owner.headers) =>
  host.http.request(method, path, body, headers)
const sold = (ticketId: string, n: number) =>
  host.run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`update events.tickets set sold = ${n} where id = ${ticketId}`))

describe("slots", () => {
  it("creates, reads, changes, toggles and deletes slots; viewers read only; places taken keep a slot", async () => {
    const event = await readyDraft(host, org)
    expect((await send("POST", `/v2/organizers/events/${event.id}/slots`, { name: "Wave B", startsAt: "2027-02-01T06:00:00", capacity: 50 }, org.viewer.headers)).status).toBe(403)
    expect((await send("GET", `/v2/organizers/events/${event.id}/slots`, undefined, {})).status).toBe(401)
    const created = await send("POST", `/v2/organizers/events/${event.id}/slots`, { name: "Wave B", startsAt: "2027-02-01T06:00:00", capacity: 50 })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ eventId: event.id, name: "Wave B", startsAt: "2027-02-01T00:30:00.000Z", capacity: 50, isActive: true })
    const id = created.body.data.id as string
    expect((await send("GET", `/v2/organizers/events/${event.id}/slots`, undefined, org.viewer.headers)).body.data.map((s: { id: string }) => s.id)).toEqual([event.slotId, id])
    expect((await send("GET", `/v2/organizers/events/${event.id}/slots/${id}`, undefined, org.viewer.headers)).body.data.name).toBe("Wave B")
    expect((await send("PATCH", `/v2/organizers/events/${event.id}/slots/${id}`, { name: "Wave C", capacity: 60 })).body.data).toMatchObject({ name: "Wave C", capacity: 60 })
    expect((await send("PATCH", `/v2/organizers/events/${event.id}/slots/${id}/toggle-status`)).body.data.isActive).toBe(false)
    const invalid = await send("POST", `/v2/organizers/events/${event.id}/slots`, { name: "", startsAt: "tomorrow", capacity: 0 })
    expect(invalid.body.message).toEqual([
      "name must be longer than or equal to 1 and shorter than or equal to 100 characters",
      "capacity must be an integer between 1 and 1000000",
      "startsAt must be a valid ISO 8601 date string"
    ])
    // The slot's capacity never drops below one of its tickets' (the seeded ticket holds 300 of 500).
    const below = await send("PATCH", `/v2/organizers/events/${event.id}/slots/${event.slotId}`, { capacity: 200 })
    expect(below.status).toBe(400)
    expect(below.body.message).toEqual(["capacity must not be below a ticket's capacity (300)"])
    await sold(event.ticketId, 3)
    const taken = await send("DELETE", `/v2/organizers/events/${event.id}/slots/${event.slotId}`)
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe("PLACES_TAKEN")
    expect((await send("DELETE", `/v2/organizers/events/${event.id}/slots/${id}`)).body.data).toEqual({ id, deleted: true })
    expect((await send("GET", `/v2/organizers/events/${event.id}/slots/${id}`)).status).toBe(404)
    expect((await send("GET", `/v2/organizers/events/${event.id}/slots/not-a-uuid`)).status).toBe(404)
  })
})

describe("tickets", () => {
  it("keeps a ticket's capacity within its slot's and its sale window before the event starts", async () => {
    const event = await readyDraft(host, org, { startsAt: inDays(20), endsAt: inDays(21) })
    const post = (body: Record<string, unknown>) => send("POST", `/v2/organizers/events/${event.id}/slots/${event.slotId}/tickets`, body)
    const tooBig = await post({ name: "Elite", price: 0, currency: "INR", capacity: 501 })
    expect(tooBig.status).toBe(400)
    expect(tooBig.body.message).toEqual(["capacity must not exceed the slot's capacity (500)"])
    const lateSales = await post({ name: "Late", price: 100, currency: "INR", capacity: 10, salesStartAt: inDays(1), salesEndAt: inDays(25) })
    expect(lateSales.body.message).toEqual(["salesEndAt must be before the event starts"])
    const backwards = await post({ name: "Odd", price: 100, currency: "INR", capacity: 10, salesStartAt: inDays(5), salesEndAt: inDays(2) })
    expect(backwards.body.message).toEqual(["salesEndAt must be after salesStartAt"])
    const bad = await post({ name: "Bad", price: -1, currency: "USD", capacity: 1.5 })
    expect(bad.body.message).toEqual([
      "price must be an integer between 0 and 100000000",
      "currency must be one of the following values: INR",
      "capacity must be an integer between 1 and 1000000"
    ])
    const free = await post({ name: "5K fun run", price: 0, currency: "INR", capacity: 200, salesStartAt: inDays(1), salesEndAt: inDays(19) })
    expect(free.status).toBe(201)
    expect(free.body.data).toMatchObject({ slotId: event.slotId, price: 0, currency: "INR", capacity: 200, sold: 0, isActive: true })
    const id = free.body.data.id as string
    expect((await send("GET", `/v2/organizers/events/${event.id}/slots/${event.slotId}/tickets`, undefined, org.viewer.headers)).body.data.map((t: { id: string }) => t.id)).toEqual([event.ticketId, id])
    expect((await send("GET", `/v2/organizers/events/${event.id}/tickets/${id}`, undefined, org.viewer.headers)).body.data.name).toBe("5K fun run")
    expect((await send("PATCH", `/v2/organizers/events/${event.id}/tickets/${id}`, { price: 49_900, capacity: 250 })).body.data).toMatchObject({ price: 49_900, capacity: 250 })
    expect((await send("PATCH", `/v2/organizers/events/${event.id}/tickets/${id}`, { capacity: 900 })).status).toBe(400)
    expect((await send("PATCH", `/v2/organizers/events/${event.id}/tickets/${id}/toggle-status`)).body.data.isActive).toBe(false)
    expect((await send("PATCH", `/v2/organizers/events/${event.id}/tickets/${id}`, { name: "Nope" }, org.viewer.headers)).status).toBe(403)
    // Moving the event's start before a ticket's sale window end is refused.
    const earlier = await send("PATCH", `/v2/events/${event.id}`, { startsAt: inDays(10) })
    expect(earlier.body.message).toEqual(["startsAt must be after every ticket's salesEndAt"])
    await sold(id, 1)
    expect((await send("DELETE", `/v2/organizers/events/${event.id}/tickets/${id}`)).body.code).toBe("PLACES_TAKEN")
    await sold(id, 0)
    expect((await send("DELETE", `/v2/organizers/events/${event.id}/tickets/${id}`)).body.data).toEqual({ id, deleted: true })
    expect((await send("GET", `/v2/organizers/events/${event.id}/tickets/${id}`)).status).toBe(404)
    const other = await seedOrganizer(host, "Ticket Outsider")
    expect((await send("GET", `/v2/organizers/events/${event.id}/tickets/${event.ticketId}`, undefined, other.owner.headers)).status).toBe(404)
  })
})

describe("bulk", () => {
  it("unpublishes, cancels or clones up to 100 ids with one outcome each; a failure never undoes the others", async () => {
    const a = await publishedEvent(host, org, reviewer)
    const b = await publishedEvent(host, org, reviewer)
    const draft = await readyDraft(host, org)
    const other = await seedOrganizer(host, "Bulk Outsider")
    const foreign = await readyDraft(host, other)
    const missing = crypto.randomUUID()
    const unpublished = await send("POST", "/v2/organizer/events/bulk", { action: "unpublish", ids: [a.id, draft.id, foreign.id, b.id, missing] })
    expect(unpublished.status).toBe(200)
    expect(unpublished.body.data.results).toEqual([
      { id: a.id, ok: true },
      { id: draft.id, ok: false, error: "A event that is draft cannot unpublish", code: "EVENT_STATUS_CONFLICT" },
      { id: foreign.id, ok: false, error: `Event ${foreign.id} not found` },
      { id: b.id, ok: true },
      { id: missing, ok: false, error: `Event ${missing} not found` }
    ])
    expect((await send("GET", `/v2/events/${a.id}`)).body.data.status).toBe("unpublished")
    expect((await send("GET", `/v2/events/${b.id}`)).body.data.status).toBe("unpublished")
    expect((await send("GET", `/v2/events/${foreign.id}`, undefined, other.owner.headers)).body.data.status).toBe("draft")

    const clones = await send("POST", "/v2/organizer/events/bulk", { action: "clone", ids: [draft.id] })
    const [cloned] = clones.body.data.results
    expect(cloned).toMatchObject({ id: draft.id, ok: true, newId: expect.any(String) })
    const copy = (await send("GET", `/v2/events/${cloned.newId}`)).body.data
    expect(copy).toMatchObject({ status: "draft", organizerId: org.id })
    expect(copy.slug).not.toBe(draft.slug)
    const copiedTickets = await send("GET", `/v2/organizers/events/${cloned.newId}/slots`)
    expect(copiedTickets.body.data).toHaveLength(1)

    const cancelled = await send("POST", "/v2/organizer/events/bulk", { action: "cancel", ids: [draft.id, draft.id] })
    expect(cancelled.body.data.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false])

    const tooMany = await send("POST", "/v2/organizer/events/bulk", { action: "cancel", ids: Array.from({ length: 101 }, () => crypto.randomUUID()) })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.message).toEqual(["ids must contain between 1 and 100 elements"])
    expect((await send("POST", "/v2/organizer/events/bulk", { action: "archive", ids: [a.id] })).body.message).toEqual([
      "action must be one of the following values: unpublish, cancel, clone"
    ])
    expect((await send("POST", "/v2/organizer/events/bulk", { action: "cancel", ids: [a.id] }, org.viewer.headers)).status).toBe(403)
    expect((await send("POST", "/v2/organizer/events/bulk", { action: "cancel", ids: [a.id] }, {})).status).toBe(401)
  })
})

describe("admin oversight", () => {
  it("lists every organizer's events, counts them per status and reads one; only with events.manage", async () => {
    const other = await seedOrganizer(host, "Oversight Other")
    const mine = await readyDraft(host, org)
    const theirs = await publishedEvent(host, other, reviewer)
    expect((await send("GET", "/v2/admin/events", undefined, reviewer)).status).toBe(403)
    expect((await send("GET", "/v2/admin/events", undefined, {})).status).toBe(401)
    const all = idsOf(await send("GET", "/v2/admin/events?limit=100", undefined, manager))
    expect(all).toEqual(expect.arrayContaining([mine.id, theirs.id]))
    expect(idsOf(await send("GET", `/v2/admin/events?organizerId=${other.id}&status=published`, undefined, manager))).toEqual([theirs.id])
    const stats = (await send("GET", "/v2/admin/events/stats", undefined, manager)).body.data
    expect(stats.total).toBeGreaterThanOrEqual(2)
    expect(stats.byStatus).toEqual(expect.arrayContaining([expect.objectContaining({ status: "published" }), expect.objectContaining({ status: "draft" })]))
    expect((await send("GET", `/v2/admin/events/${mine.id}`, undefined, manager)).body.data).toMatchObject({ id: mine.id, status: "draft" })
    expect((await send("GET", `/v2/admin/events/${crypto.randomUUID()}`, undefined, manager)).status).toBe(404)
  })

  it("answers ticket sales per slot and per ticket", async () => {
    const event = await readyDraft(host, org)
    await sold(event.ticketId, 4)
    const slots = await send("GET", `/v2/admin/events/${event.id}/ticket-sales/slot-wise`, undefined, manager)
    expect(slots.body.data).toEqual([{ slotId: event.slotId, name: "Wave A", startsAt: expect.any(String), capacity: 500, sold: 4, remaining: 496, grossMinor: 600_000 }])
    const tickets = await send("GET", `/v2/admin/events/${event.id}/ticket-sales/ticket-wise`, undefined, manager)
    expect(tickets.body.data).toEqual([{
      ticketId: event.ticketId, slotId: event.slotId, name: "Full marathon", currency: "INR", price: 150_000, capacity: 300, sold: 4, remaining: 296, grossMinor: 600_000
    }])
  })

  it("replaces an event's id with every reference moving along; a taken id is 409", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const newId = crypto.randomUUID()
    const replaced = await send("POST", `/v2/admin/events/${event.id}/replace-uuid`, { newId }, manager)
    expect(replaced.body.data).toMatchObject({ id: newId, slug: event.slug, status: "published" })
    expect((await send("GET", `/v2/organizers/events/${newId}/slots`)).body.data.map((s: { id: string }) => s.id)).toEqual([event.slotId])
    expect((await send("GET", `/v2/organizers/events/${newId}/tickets/${event.ticketId}`)).body.data.eventId).toBe(newId)
    expect((await host.http.get(`/v2/events/${newId}/public`)).status).toBe(200)
    expect((await host.http.get(`/v2/events/${event.id}/public`)).status).toBe(404)
    const other = await readyDraft(host, org)
    const taken = await send("POST", `/v2/admin/events/${other.id}/replace-uuid`, { newId }, manager)
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe("EVENT_ID_TAKEN")
    expect((await send("POST", `/v2/admin/events/${other.id}/replace-uuid`, { newId: "nope" }, manager)).body.message).toEqual(["newId must be a UUID"])
  })

  it("features and unfeatures events; the public featured list shows only visible ones", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const missing = crypto.randomUUID()
    const featured = await send("PATCH", "/v2/events/featured", { ids: [event.id, missing], featured: true }, manager)
    expect(featured.body.data).toEqual({ featured: true, updated: [event.id], missing: [missing] })
    expect(idsOf(await send("GET", "/v2/events/featured?limit=100", undefined, manager))).toContain(event.id)
    expect(idsOf(await host.http.get("/v2/events/featured/public?limit=100"))).toContain(event.id)
    await send("PATCH", "/v2/events/featured", { ids: [event.id], featured: false }, manager)
    expect(idsOf(await host.http.get("/v2/events/featured/public?limit=100"))).not.toContain(event.id)
    expect((await send("PATCH", "/v2/events/featured", { ids: [event.id], featured: true })).status).toBe(403)
    expect((await send("GET", "/v2/events/featured", undefined, {})).status).toBe(401)
  })
})
