/**
 * Start waves and ticket sales through the real host: who may call, waves with their seats,
 * close / reopen / start (bookings of a closed or started wave refused, exactly one racing close
 * wins), the roster with check-ins, a booking's wave, and sales per ticket and per slot.
 */
import { describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { addTicket, bookAs, payAndDeliver, person, seedEvent } from "./support.js"

const host = useRealHost(import.meta.url)

const setup = async () => {
  const org = await seedOrganizer(host())
  const event = await seedEvent(host(), org.id, { capacity: 5, slotCapacity: 8 })
  const athlete = await newAthlete(host())
  return { org, event, athlete }
}

describe("waves: who may call", () => {
  it("answers 401, 403 to athletes and to viewers on moves, 404 to another organizer", async () => {
    const { org, event, athlete } = await setup()
    expect((await host().http.get(`/v2/organizer/events/${event.eventId}/waves`)).status).toBe(401)
    expect((await host().http.get(`/v2/organizer/events/${event.eventId}/waves`, athlete.headers)).status).toBe(403)
    expect((await host().http.post(`/v2/organizer/events/${event.eventId}/waves/${event.slotId}/close`, {}, org.viewer.headers)).status).toBe(403)
    const other = await seedOrganizer(host(), "Other")
    expect((await host().http.get(`/v2/organizer/events/${event.eventId}/waves/capacity`, other.owner.headers)).status).toBe(404)
    expect((await host().http.get(`/v2/organizers/events/${event.eventId}/ticket-sales/ticket-wise`, other.owner.headers)).status).toBe(404)
    const bad = await host().http.get(`/v2/organizer/events/${event.eventId}/wave-roster?slotId=x`, org.viewer.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["slotId must be a UUID"])
  })
})

describe("waves", () => {
  it("lists waves with seats; closing refuses bookings, reopening takes them again, starting is final", async () => {
    const { org, event, athlete } = await setup()
    await bookAs(host(), athlete.headers, event, [person(), person()])
    const waves = await host().http.get(`/v2/organizer/events/${event.eventId}/waves`, org.viewer.headers)
    expect(waves.body.data).toEqual([expect.objectContaining({ slotId: event.slotId, status: "OPEN", capacity: 8, taken: 2, available: 6 })])
    const capacity = await host().http.get(`/v2/organizer/events/${event.eventId}/waves/capacity`, org.viewer.headers)
    expect(capacity.body.data).toMatchObject({ capacity: 8, taken: 2, available: 6 })

    const closed = await host().http.post(`/v2/organizer/events/${event.eventId}/waves/${event.slotId}/close`, {}, org.owner.headers)
    expect(closed.body.data).toMatchObject({ status: "CLOSED" })
    const refused = await bookAs(host(), athlete.headers, event)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe("BOOKING_CLOSED")
    expect((await host().http.post(`/v2/organizer/events/${event.eventId}/waves/${event.slotId}/close`, {}, org.owner.headers)).body.code).toBe("WAVE_STATUS_CONFLICT")
    expect((await host().http.post(`/v2/organizer/events/${event.eventId}/waves/${event.slotId}/open`, {}, org.owner.headers)).body.data.status).toBe("OPEN")
    expect((await bookAs(host(), athlete.headers, event)).status).toBe(201)
    const started = await host().http.post(`/v2/organizer/events/${event.eventId}/waves/${event.slotId}/start`, {}, org.admin.headers)
    expect(started.body.data).toMatchObject({ status: "STARTED" })
    expect(started.body.data.startedAt).not.toBeNull()
    expect((await host().http.post(`/v2/organizer/events/${event.eventId}/waves/${event.slotId}/open`, {}, org.owner.headers)).body.code).toBe("WAVE_STATUS_CONFLICT")
    expect((await bookAs(host(), athlete.headers, event)).body.code).toBe("BOOKING_CLOSED")
    const unknown = await host().http.post(`/v2/organizer/events/${event.eventId}/waves/00000000-0000-4000-8000-0000000000aa/close`, {}, org.owner.headers)
    expect(unknown.status).toBe(404)
  })

  it("five closes racing: exactly one wins", async () => {
    const { org, event } = await setup()
    const answers = await Promise.all(Array.from({ length: 5 }, () => host().http.post(`/v2/organizer/events/${event.eventId}/waves/${event.slotId}/close`, {}, org.owner.headers)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4)
  })

  it("the roster lists each wave's confirmed participants with their check-in; a booking's wave", async () => {
    const { org, event, athlete } = await setup()
    const booking = (await bookAs(host(), athlete.headers, event, [person({ firstName: "Zed", lastName: "Alpha" }), person({ firstName: "Amy", lastName: "Beta" })])).body.data
    await host().http.post(`/v2/organizer/events/${event.eventId}/check-in/scan`, { code: booking.participants[0].ticketCode }, org.owner.headers)
    const roster = await host().http.get(`/v2/organizer/events/${event.eventId}/wave-roster`, org.viewer.headers)
    expect(roster.body.data).toHaveLength(1)
    expect(roster.body.data[0].participants.map((p: { lastName: string; checkedIn: boolean }) => [p.lastName, p.checkedIn])).toEqual([["Alpha", true], ["Beta", false]])
    const one = await host().http.get(`/v2/organizer/events/${event.eventId}/wave-roster?slotId=${event.slotId}`, org.viewer.headers)
    expect(one.body.data[0].participants).toHaveLength(2)
    const wave = await host().http.get(`/v2/organizer/events/${event.eventId}/participations/${booking.id}/wave`, org.viewer.headers)
    expect(wave.body.data).toMatchObject({ participationId: booking.id, slotId: event.slotId, name: "Wave A" })
    const other = await seedOrganizer(host(), "Other")
    expect((await host().http.get(`/v2/organizer/events/${event.eventId}/participations/${booking.id}/wave`, other.owner.headers)).status).toBe(404)
  })
})

describe("ticket sales", () => {
  it("tallies seats by status and confirmed revenue per ticket and per slot", async () => {
    const { org, event, athlete } = await setup()
    const paid = await addTicket(host(), event, 3, 50_000)
    await bookAs(host(), athlete.headers, event, [person(), person()])
    const confirmed = (await bookAs(host(), athlete.headers, event, [person()], paid.id)).body.data
    const { ingest } = await payAndDeliver(host(), confirmed.payment.orderId)
    await ingest()
    await bookAs(host(), athlete.headers, event, [person()], paid.id)
    const byTicket = await host().http.get(`/v2/organizers/events/${event.eventId}/ticket-sales/ticket-wise`, org.viewer.headers)
    expect(byTicket.body.data).toMatchObject({ totalRevenue: 50_000, totalConfirmedSeats: 3 })
    const paidRow = byTicket.body.data.rows.find((r: { ticketId: string }) => r.ticketId === paid.id)
    expect(paidRow).toMatchObject({ confirmedSeats: 1, pendingSeats: 1, revenue: 50_000, sold: 2, capacity: 3, price: 50_000 })
    const bySlot = await host().http.get(`/v2/organizers/events/${event.eventId}/ticket-sales/slot-wise`, org.viewer.headers)
    expect(bySlot.body.data.rows).toEqual([expect.objectContaining({ slotId: event.slotId, confirmedSeats: 3, pendingSeats: 1, revenue: 50_000, taken: 4, capacity: 8 })])
  })
})
