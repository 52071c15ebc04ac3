/**
 * Waitlists through the real host: who may call, the spec's 400 wording, joining only a sold-out
 * ticket, freed seats offered to the first entry whose whole party fits (held against capacity,
 * bookable only by that athlete), lapsed offers passing on when capacity is read and by the sweep,
 * the organizer's promote / re-send / remove, the self-service policy, and concurrency.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Registrations } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { bookAs, person, seedEvent, ticketOf } from "./support.js"

const host = useRealHost(import.meta.url)
const sql = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => host().run(Effect.flatMap(SqlClient.SqlClient, f).pipe(Effect.orDie))

const join = (headers: Record<string, string>, event: { eventId: string; ticketId: string }, partySize?: number) =>
  host().http.post("/v2/event-participations/waitlist", { eventId: event.eventId, ticketId: event.ticketId, ...(partySize === undefined ? {} : { partySize }) }, headers)
const position = (headers: Record<string, string>, eventId: string) => host().http.get(`/v2/event-participations/waitlist/position?eventId=${eventId}`, headers)

/** A sold-out event: `capacity` seats booked by one athlete, one booking per seat. */
const soldOut = async (capacity = 1) => {
  const org = await seedOrganizer(host())
  const event = await seedEvent(host(), org.id, { capacity })
  const holder = await newAthlete(host())
  const bookings: Array<{ id: string }> = []
  for (let i = 0; i < capacity; i++) bookings.push((await bookAs(host(), holder.headers, event)).body.data)
  return { org, event, holder, bookings }
}

describe("waitlist: who may call and what it accepts", () => {
  it("answers 401 without a token, 403 to an organizer, 403 to athletes on the organizer's tools, 404 to another organizer", async () => {
    const { org, event } = await soldOut()
    expect((await join({}, event)).status).toBe(401)
    expect((await join(org.owner.headers, event)).status).toBe(403)
    const athlete = await newAthlete(host())
    expect((await host().http.get(`/v2/organizer/events/${event.eventId}/waitlist`, athlete.headers)).status).toBe(403)
    expect((await host().http.get(`/v2/organizer/events/${event.eventId}/waitlist`, org.viewer.headers)).status).toBe(200)
    expect((await host().http.patch(`/v2/organizer/events/${event.eventId}/self-service-config`, { waitlistOfferHours: 2 }, org.viewer.headers)).status).toBe(403)
    const other = await seedOrganizer(host(), "Other")
    expect((await host().http.get(`/v2/organizer/events/${event.eventId}/waitlist`, other.owner.headers)).status).toBe(404)
    expect((await host().http.get(`/v2/organizer/events/${event.eventId}/self-service-config`, other.owner.headers)).status).toBe(404)
  })

  it("refuses a malformed join with the spec's wording", async () => {
    const athlete = await newAthlete(host())
    const res = await host().http.post("/v2/event-participations/waitlist", { eventId: "nope", ticketId: "00000000-0000-4000-8000-000000000001", partySize: 11 }, athlete.headers)
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual(["eventId must be a UUID", "partySize must be an integer between 1 and 10"])
    const q = await host().http.get("/v2/event-participations/waitlist/position?eventId=x", athlete.headers)
    expect(q.status).toBe(400)
    expect(q.body.message).toEqual(["eventId must be a UUID"])
  })
})

describe("waitlist: joining", () => {
  it("joins only a sold-out ticket, once, in order; the athlete reads their place", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { capacity: 1 })
    const a = await newAthlete(host())
    const b = await newAthlete(host())
    const open = await join(a.headers, event)
    expect(open.status).toBe(409)
    expect(open.body.code).toBe("TICKET_AVAILABLE")
    await bookAs(host(), (await newAthlete(host())).headers, event)
    const first = await join(a.headers, event)
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({ status: "WAITING", position: 1, partySize: 1, offerExpiresAt: null })
    expect((await join(b.headers, event, 2)).body.data).toMatchObject({ position: 2, partySize: 2 })
    const again = await join(a.headers, event)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("WAITLIST_ALREADY_JOINED")
    expect((await position(b.headers, event.eventId)).body.data).toMatchObject({ position: 2, status: "WAITING", offerExpiresAt: null })
    expect((await position((await newAthlete(host())).headers, event.eventId)).status).toBe(404)
    const mine = await host().http.get("/v2/event-participations/waitlist/mine", a.headers)
    expect(mine.body.data.map((e: { id: string }) => e.id)).toEqual([first.body.data.id])
    const stranger = await newAthlete(host())
    expect((await host().http.delete(`/v2/event-participations/waitlist/${first.body.data.id}`, undefined, stranger.headers)).status).toBe(404)
  })

  it("refuses to join when the organizer keeps no waitlist", async () => {
    const { org, event } = await soldOut()
    expect((await host().http.patch(`/v2/organizer/events/${event.eventId}/self-service-config`, { waitlistEnabled: false }, org.owner.headers)).body.data.waitlistEnabled).toBe(false)
    const res = await join((await newAthlete(host())).headers, event)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe("WAITLIST_DISABLED")
  })
})

describe("waitlist: offers", () => {
  it("a freed seat is offered to the first entry and held for it: nobody else can book it, the offer is notified, the athlete books it", async () => {
    const { event, holder, bookings } = await soldOut()
    const first = await newAthlete(host())
    const second = await newAthlete(host())
    const entry = (await join(first.headers, event)).body.data
    await join(second.headers, event)
    const before = Date.now()
    expect((await host().http.delete(`/v2/event-participations/${bookings[0]!.id}`, undefined, holder.headers)).status).toBe(200)
    const offered = (await position(first.headers, event.eventId)).body.data
    expect(offered).toMatchObject({ status: "OFFERED", position: 0 })
    const expires = new Date(offered.offerExpiresAt).getTime()
    expect(expires).toBeGreaterThanOrEqual(before + 12 * 3_600_000 - 5_000)
    expect(expires).toBeLessThanOrEqual(Date.now() + 12 * 3_600_000 + 5_000)
    expect((await ticketOf(host(), event))!.sold).toBe(1)
    expect((await bookAs(host(), second.headers, event)).body.code).toBe("TICKET_SOLD_OUT")
    expect((await position(second.headers, event.eventId)).body.data).toMatchObject({ status: "WAITING", position: 1 })
    const queued = await sql((s) => s`select channel, recipient from notifications.outbox where producer = ${`registrations.waitlist-offer:${entry.id}`}`)
    expect(queued).toEqual([{ channel: "SMS", recipient: first.user.phoneNumber }])

    const booked = await bookAs(host(), first.headers, event)
    expect(booked.status).toBe(201)
    expect((await ticketOf(host(), event))!.sold).toBe(1)
    const after = (await host().http.get("/v2/event-participations/waitlist/mine", first.headers)).body.data[0]
    expect(after).toMatchObject({ status: "BOOKED", participationId: booked.body.data.id, position: null })
  })

  it("a lapsed offer passes on when capacity is read, and the sweep passes on what nobody read", async () => {
    const { event, holder, bookings } = await soldOut(2)
    const [a, b, c] = [await newAthlete(host()), await newAthlete(host()), await newAthlete(host())]
    const ea = (await join(a.headers, event)).body.data
    const eb = (await join(b.headers, event)).body.data
    await join(c.headers, event)
    await host().http.delete(`/v2/event-participations/${bookings[0]!.id}`, undefined, holder.headers)
    expect((await position(a.headers, event.eventId)).body.data.status).toBe("OFFERED")
    await sql((s) => s`update registrations.waitlist_entries set offer_expires_at = now() - interval '1 minute' where id = ${ea.id}`)
    // Reading b's place expires a's offer first; its seat passes to b.
    expect((await position(b.headers, event.eventId)).body.data.status).toBe("OFFERED")
    expect((await bookAs(host(), a.headers, event)).body.code).toBe("TICKET_SOLD_OUT")
    expect((await host().http.get("/v2/event-participations/waitlist/mine", a.headers)).body.data[0].status).toBe("EXPIRED")

    await sql((s) => s`update registrations.waitlist_entries set offer_expires_at = now() - interval '1 minute' where id = ${eb.id}`)
    const swept = await host().run(Registrations.sweepWaitlists(new Date()))
    expect(swept).toMatchObject({ expired: 1 })
    expect(await host().run(Registrations.sweepWaitlists(new Date()))).toMatchObject({ expired: 0, offered: 0 })
    expect((await position(c.headers, event.eventId)).body.data.status).toBe("OFFERED")
    expect((await ticketOf(host(), event))!.sold).toBe(2)
  })

  it("a group is offered only when its whole party fits; a smaller party behind it takes a single seat", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { capacity: 3 })
    const holder = await newAthlete(host())
    const one = (await bookAs(host(), holder.headers, event)).body.data
    const two = (await bookAs(host(), holder.headers, event, [person(), person()])).body.data
    const group = await newAthlete(host())
    const single = await newAthlete(host())
    await join(group.headers, event, 2)
    await join(single.headers, event, 1)
    await host().http.delete(`/v2/event-participations/${one.id}`, undefined, holder.headers)
    expect((await position(group.headers, event.eventId)).body.data).toMatchObject({ status: "WAITING", position: 1 })
    expect((await position(single.headers, event.eventId)).body.data.status).toBe("OFFERED")
    await host().http.delete(`/v2/event-participations/${two.id}`, undefined, holder.headers)
    expect((await position(group.headers, event.eventId)).body.data).toMatchObject({ status: "OFFERED", partySize: 2 })
    expect((await ticketOf(host(), event))!.sold).toBe(3)
    expect((await bookAs(host(), group.headers, event, [person(), person()])).status).toBe(201)
    expect((await ticketOf(host(), event))!.sold).toBe(3)
  })

  it("leaving with an open offer passes the seats on once; booking another ticket clears the athlete's entries", async () => {
    const { event, holder, bookings } = await soldOut()
    const a = await newAthlete(host())
    const b = await newAthlete(host())
    const ea = (await join(a.headers, event)).body.data
    const eb = (await join(b.headers, event)).body.data
    await host().http.delete(`/v2/event-participations/${bookings[0]!.id}`, undefined, holder.headers)
    const left = await host().http.delete(`/v2/event-participations/waitlist/${ea.id}`, undefined, a.headers)
    expect(left.body.data.status).toBe("CANCELLED")
    expect((await host().http.delete(`/v2/event-participations/waitlist/${ea.id}`, undefined, a.headers)).body.code).toBe("WAITLIST_ENTRY_STATUS_CONFLICT")
    expect((await position(b.headers, event.eventId)).body.data.status).toBe("OFFERED")
    expect((await ticketOf(host(), event))!.sold).toBe(1)
    expect((await bookAs(host(), b.headers, event)).status).toBe(201)
    expect((await host().http.get("/v2/event-participations/waitlist/mine", b.headers)).body.data.find((e: { id: string }) => e.id === eb.id).status).toBe("BOOKED")
  })
})

describe("waitlist: the organizer's tools", () => {
  it("lists in order, promotes out of order with a recorded reason when seats are free, re-sends an offer and removes an entry", async () => {
    const { org, event } = await soldOut()
    const [a, b] = [await newAthlete(host()), await newAthlete(host())]
    const ea = (await join(a.headers, event)).body.data
    const eb = (await join(b.headers, event)).body.data
    const list = await host().http.get(`/v2/organizer/events/${event.eventId}/waitlist`, org.viewer.headers)
    expect(list.body.data).toMatchObject({ total: 2, page: 1, limit: 20 })
    expect(list.body.data.items.map((e: { id: string; position: number }) => [e.id, e.position])).toEqual([[ea.id, 1], [eb.id, 2]])

    const noReason = await host().http.post(`/v2/organizer/events/${event.eventId}/waitlist/${eb.id}/promote`, {}, org.owner.headers)
    expect(noReason.status).toBe(400)
    expect(noReason.body.message).toEqual(["reason must be longer than or equal to 3 and shorter than or equal to 500 characters"])
    const full = await host().http.post(`/v2/organizer/events/${event.eventId}/waitlist/${eb.id}/promote`, { reason: "sponsor guest" }, org.owner.headers)
    expect(full.status).toBe(409)
    expect(full.body.code).toBe("TICKET_SOLD_OUT")
    await sql((s) => s`update events.tickets set capacity = 2 where id = ${event.ticketId}`)
    await sql((s) => s`update events.slots set capacity = 2 where id = ${event.slotId}`)
    const promoted = await host().http.post(`/v2/organizer/events/${event.eventId}/waitlist/${eb.id}/promote`, { reason: "sponsor guest" }, org.owner.headers)
    expect(promoted.status).toBe(200)
    expect(promoted.body.data).toMatchObject({ status: "OFFERED", promoteReason: "sponsor guest", position: 0 })
    expect(promoted.body.data.promotedBy).toMatch(/^organizer:/)
    expect((await position(a.headers, event.eventId)).body.data).toMatchObject({ status: "WAITING", position: 1 })

    const resent = await host().http.post(`/v2/organizer/events/${event.eventId}/waitlist/${eb.id}/notify`, {}, org.owner.headers)
    expect(resent.body.data).toMatchObject({ status: "OFFERED", notified: true })
    const sent = await sql((s) => s`select id from notifications.outbox where producer = ${`registrations.waitlist-offer:${eb.id}`}`)
    expect(sent).toHaveLength(2)
    expect((await host().http.post(`/v2/organizer/events/${event.eventId}/waitlist/${ea.id}/notify`, {}, org.owner.headers)).body.code).toBe("WAITLIST_ENTRY_STATUS_CONFLICT")

    const removed = await host().http.delete(`/v2/organizer/events/${event.eventId}/waitlist/${eb.id}`, undefined, org.owner.headers)
    expect(removed.body.data).toMatchObject({ status: "REMOVED" })
    expect(removed.body.data.closedBy).toMatch(/^organizer:/)
    expect((await position(a.headers, event.eventId)).body.data.status).toBe("OFFERED")
    expect((await ticketOf(host(), event))!.sold).toBe(2)
    expect((await host().http.get(`/v2/organizer/events/${event.eventId}/waitlist?status=REMOVED`, org.viewer.headers)).body.data.items.map((e: { id: string }) => e.id)).toEqual([eb.id])
  })

  it("reads and updates the self-service policy; offers last the configured hours", async () => {
    const { org, event, holder, bookings } = await soldOut()
    const defaults = await host().http.get(`/v2/organizer/events/${event.eventId}/self-service-config`, org.viewer.headers)
    expect(defaults.body.data).toMatchObject({ eventId: event.eventId, waitlistEnabled: true, waitlistOfferHours: 12, allowTransfers: true, maxTransfersPerParticipant: 1 })
    const bad = await host().http.patch(`/v2/organizer/events/${event.eventId}/self-service-config`, { waitlistOfferHours: 0, transferDeadline: "soon" }, org.owner.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["transferDeadline must be a valid ISO 8601 date string", "waitlistOfferHours must be an integer between 1 and 168"])
    const updated = await host().http.patch(`/v2/organizer/events/${event.eventId}/self-service-config`, { waitlistOfferHours: 2, editableFields: ["email"] }, org.owner.headers)
    expect(updated.body.data).toMatchObject({ waitlistOfferHours: 2, editableFields: ["email"], allowSelfEdit: true })
    expect((await host().http.patch(`/v2/organizer/events/${event.eventId}/self-service-config`, undefined, org.owner.headers)).body.data.waitlistOfferHours).toBe(2)
    const a = await newAthlete(host())
    await join(a.headers, event)
    await host().http.delete(`/v2/event-participations/${bookings[0]!.id}`, undefined, holder.headers)
    const offer = (await position(a.headers, event.eventId)).body.data
    expect(new Date(offer.offerExpiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000 + 5_000)
    expect(new Date(offer.offerExpiresAt).getTime()).toBeGreaterThan(Date.now() + 3_600_000)
  })
})

describe("waitlist under concurrency", () => {
  it("20 athletes joining at once get 20 distinct places", async () => {
    const { event } = await soldOut()
    const athletes = await Promise.all(Array.from({ length: 20 }, () => newAthlete(host())))
    const answers = await Promise.all(athletes.map((a) => join(a.headers, event)))
    expect(answers.every((a) => a.status === 201)).toBe(true)
    const places = await Promise.all(athletes.map((a) => position(a.headers, event.eventId)))
    expect(new Set(places.map((p) => p.body.data.position)).size).toBe(20)
  })

  it("an offer is booked once however many requests race, and a leave racing a removal gives the seat back once", async () => {
    const { org, event, holder, bookings } = await soldOut(2)
    const a = await newAthlete(host())
    const b = await newAthlete(host())
    await join(a.headers, event)
    const eb = (await join(b.headers, event)).body.data
    await host().http.delete(`/v2/event-participations/${bookings[0]!.id}`, undefined, holder.headers)
    const answers = await Promise.all(Array.from({ length: 8 }, () => bookAs(host(), a.headers, event)))
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1)
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.code === "TICKET_SOLD_OUT")).toBe(true)
    expect((await ticketOf(host(), event))!.sold).toBe(2)

    await host().http.delete(`/v2/event-participations/${bookings[1]!.id}`, undefined, holder.headers)
    expect((await position(b.headers, event.eventId)).body.data.status).toBe("OFFERED")
    const [leave, remove] = await Promise.all([
      host().http.delete(`/v2/event-participations/waitlist/${eb.id}`, undefined, b.headers),
      host().http.delete(`/v2/organizer/events/${event.eventId}/waitlist/${eb.id}`, undefined, org.owner.headers)
    ])
    expect([leave.status, remove.status].sort()).toEqual([200, 409])
    expect((await ticketOf(host(), event))!.sold).toBe(1)
  })
})
