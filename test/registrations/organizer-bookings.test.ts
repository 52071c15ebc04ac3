/**
 * The organizer's bookings through the real host: tenancy across two organizers, the filtered
 * list, cancel a booking or one participant with seats released exactly once (also when two
 * cancels race), bulk cancel with per-row outcomes, participant corrections, the check-in toggle,
 * ticket resend through the outbox and the timeline.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { bookAs, person, seedEvent, ticketOf } from "./support.js"

const host = useRealHost(import.meta.url)
const sql = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => host().run(Effect.flatMap(SqlClient.SqlClient, f).pipe(Effect.orDie))

const setup = async (capacity = 10) => {
  const org = await seedOrganizer(host())
  const event = await seedEvent(host(), org.id, { capacity })
  const athlete = await newAthlete(host())
  const base = `/v2/organizers/events/${event.eventId}/bookings`
  return { org, event, athlete, base }
}

describe("organizer bookings: tenancy", () => {
  it("answers 401, 403 to athletes and viewers on writes, 404 for another organizer's event", async () => {
    const { org, event, athlete, base } = await setup()
    const booking = (await bookAs(host(), athlete.headers, event)).body.data
    expect((await host().http.get(base)).status).toBe(401)
    expect((await host().http.get(base, athlete.headers)).status).toBe(403)
    expect((await host().http.get(base, org.viewer.headers)).status).toBe(200)
    expect((await host().http.post(`${base}/${booking.id}/cancel`, {}, org.viewer.headers)).status).toBe(403)
    const other = await seedOrganizer(host(), "Other")
    expect((await host().http.get(base, other.owner.headers)).status).toBe(404)
    expect((await host().http.get(`${base}/${booking.id}`, other.owner.headers)).status).toBe(404)
    expect((await host().http.post(`${base}/${booking.id}/cancel`, {}, other.owner.headers)).status).toBe(404)
    const otherEvent = await seedEvent(host(), other.id)
    expect((await host().http.get(`/v2/organizers/events/${otherEvent.eventId}/bookings/${booking.id}`, other.owner.headers)).status).toBe(404)
  })
})

describe("organizer bookings", () => {
  it("lists with filters and pages, reads one, and finds by name, e-mail or booking id", async () => {
    const { org, event, athlete, base } = await setup()
    const a = (await bookAs(host(), athlete.headers, event, [person({ firstName: "Meera", lastName: "Iyer", email: "meera@example.com" })])).body.data
    const b = (await bookAs(host(), athlete.headers, event, [person(), person()])).body.data
    const all = await host().http.get(`${base}?limit=1`, org.viewer.headers)
    expect(all.body.data).toMatchObject({ total: 2, page: 1, limit: 1 })
    expect(all.body.data.items[0].id).toBe(b.id)
    expect((await host().http.get(`${base}?q=meera`, org.viewer.headers)).body.data.items.map((x: { id: string }) => x.id)).toEqual([a.id])
    expect((await host().http.get(`${base}?q=${b.bookingId.slice(-7)}`, org.viewer.headers)).body.data.items.map((x: { id: string }) => x.id)).toEqual([b.id])
    expect((await host().http.get(`${base}?status=CANCELLED`, org.viewer.headers)).body.data.total).toBe(0)
    expect((await host().http.get(`${base}?status=nope`, org.viewer.headers)).body.message).toEqual(["status must be one of the following values: PENDING, CONFIRMED, CANCELLED, EXPIRED, TRANSFERRED, DEFERRED"])
    const one = await host().http.get(`${base}/${b.id}`, org.viewer.headers)
    expect(one.body.data).toMatchObject({ id: b.id, seats: 2 })
    expect(one.body.data.participants).toHaveLength(2)
  })

  it("cancels a booking once: two racing cancels → one 200 and one 409, seats released once", async () => {
    const { org, event, athlete, base } = await setup(3)
    const booking = (await bookAs(host(), athlete.headers, event, [person(), person()])).body.data
    expect((await ticketOf(host(), event))!.sold).toBe(2)
    const [x, y] = await Promise.all([
      host().http.post(`${base}/${booking.id}/cancel`, { reason: "duplicate entry" }, org.admin.headers),
      host().http.post(`${base}/${booking.id}/cancel`, {}, org.owner.headers)
    ])
    expect([x.status, y.status].sort()).toEqual([200, 409])
    expect((await ticketOf(host(), event))!.sold).toBe(0)
    const timeline = await host().http.get(`${base}/${booking.id}/timeline`, org.viewer.headers)
    expect(timeline.body.data.map((t: { action: string }) => t.action)).toEqual(["booked.confirmed", "cancelled"])
    expect(timeline.body.data[1].actor).toMatch(/^organizer:/)
  })

  it("cancels one participant (one seat back); the booking is cancelled with its last participant", async () => {
    const { org, event, athlete, base } = await setup(5)
    const booking = (await bookAs(host(), athlete.headers, event, [person(), person()])).body.data
    const [p1, p2] = booking.participants
    const first = await host().http.post(`${base}/${booking.id}/participants/${p1.id}/cancel`, { reason: "injured" }, org.admin.headers)
    expect(first.body.data).toMatchObject({ status: "CONFIRMED", seats: 1 })
    expect((await ticketOf(host(), event))!.sold).toBe(1)
    const repeat = await host().http.post(`${base}/${booking.id}/participants/${p1.id}/cancel`, {}, org.admin.headers)
    expect(repeat.body.code).toBe("PARTICIPANT_ALREADY_CANCELLED")
    const last = await host().http.post(`${base}/${booking.id}/participants/${p2.id}/cancel`, {}, org.admin.headers)
    expect(last.body.data.status).toBe("CANCELLED")
    expect((await ticketOf(host(), event))!.sold).toBe(0)
    expect((await host().http.post(`${base}/${booking.id}/participants/00000000-0000-4000-8000-000000000001/cancel`, {}, org.admin.headers)).status).toBe(409)
  })

  it("bulk-cancels with a shared reason and per-row overrides, answering every row", async () => {
    const { org, event, athlete, base } = await setup()
    const a = (await bookAs(host(), athlete.headers, event)).body.data
    const b = (await bookAs(host(), athlete.headers, event)).body.data
    await host().http.post(`${base}/${b.id}/cancel`, {}, org.admin.headers)
    const missing = "00000000-0000-4000-8000-00000000beef"
    const res = await host().http.post(`${base}/bulk-cancel`, {
      reason: "event moved",
      items: [{ participationId: a.id, reason: "asked by phone" }, { participationId: b.id }, { participationId: missing }]
    }, org.admin.headers)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ cancelled: 1, failed: 2 })
    expect(res.body.data.results.map((r: { outcome: string; code: string | null }) => [r.outcome, r.code])).toEqual([
      ["cancelled", null],
      ["failed", "PARTICIPATION_STATUS_CONFLICT"],
      ["failed", "NOT_FOUND"]
    ])
    const one = await host().http.get(`${base}/${a.id}`, org.viewer.headers)
    expect(one.body.data.cancelReason).toBe("asked by phone")
    expect((await host().http.post(`${base}/bulk-cancel`, { reason: "", items: [] }, org.admin.headers)).body.message).toEqual([
      "reason must be longer than or equal to 1 and shorter than or equal to 500 characters",
      "items must contain between 1 and 100 elements"
    ])
  })

  it("corrects a participant, toggles the booking's check-in for every active participant, resends tickets through the outbox", async () => {
    const { org, event, athlete, base } = await setup()
    const booking = (await bookAs(host(), athlete.headers, event, [person(), person()])).body.data
    const [p1] = booking.participants
    const fixed = await host().http.patch(`${base}/${booking.id}/participants/${p1.id}`, { firstName: "Priya", email: "PRIYA@Example.com" }, org.admin.headers)
    expect(fixed.body.data).toMatchObject({ id: p1.id, firstName: "Priya", email: "priya@example.com" })
    expect((await host().http.patch(`${base}/${booking.id}/participants/${p1.id}`, { email: "nope" }, org.admin.headers)).body.message).toEqual(["email must be an email"])

    const on = await host().http.patch(`${base}/${booking.id}/checkin`, {}, org.admin.headers)
    expect(on.body.data.checkedIn).toBe(true)
    expect(on.body.data.participants.every((p: { checkIn: unknown }) => p.checkIn !== null)).toBe(true)
    const off = await host().http.patch(`${base}/${booking.id}/checkin`, {}, org.admin.headers)
    expect(off.body.data.checkedIn).toBe(false)
    expect(off.body.data.participants.every((p: { checkIn: unknown }) => p.checkIn === null)).toBe(true)

    const resend = await host().http.post(`${base}/${booking.id}/participants/resend-ticket`, { participantIds: [p1.id] }, org.admin.headers)
    expect(resend.body.data).toEqual({ queued: 1, participantIds: [p1.id] })
    const queued = await sql((s) => s`select recipient, producer from notifications.outbox where producer = ${`registrations.ticket:${p1.id}`}`)
    expect(queued).toEqual([{ recipient: "priya@example.com", producer: `registrations.ticket:${p1.id}` }])
    const all = await host().http.post(`${base}/${booking.id}/participants/resend-ticket`, {}, org.admin.headers)
    expect(all.body.data.queued).toBe(2)
    const timeline = (await host().http.get(`${base}/${booking.id}/timeline`, org.viewer.headers)).body.data.map((t: { action: string }) => t.action)
    expect(timeline).toEqual(["booked.confirmed", "participant.updated", "check_in.undone", "check_in.undone", "ticket.resent", "ticket.resent"])
  })
})
