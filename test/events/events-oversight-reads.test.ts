/**
 * Admin oversight reads of an event's bookings through the real host: events.manage only, 404 for an
 * unknown event, bookings and participants of any organizer's event (ticket codes withheld), and
 * revenue from confirmed, pending and cancelled bookings at their booked amounts.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer, type SeededOrganizer } from "../organizers/support.js"
import { bookAs, payAndDeliver, person, seedEvent } from "../registrations/support.js"
import { realHostOf } from "../support/real-host.js"
import { eventsCast } from "./support.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer, reviewer: Record<string, string>, manager: Record<string, string>
beforeAll(async () => void ({ org, reviewer, manager } = await eventsCast(host, "Oversight Reads Org")), 60_000)

describe("admin event bookings, participants and revenue", () => {
  it("need events.manage; an unknown event is 404", async () => {
    const event = await seedEvent(host, org.id)
    for (const path of ["bookings", "participants", "revenue"]) {
      expect((await host.http.request("GET", `/v2/admin/events/${event.eventId}/${path}`, undefined, {})).status).toBe(401)
      expect((await host.http.request("GET", `/v2/admin/events/${event.eventId}/${path}`, undefined, reviewer)).status).toBe(403)
      expect((await host.http.request("GET", `/v2/admin/events/${event.eventId}/${path}`, undefined, org.owner.headers)).status).toBe(403)
      expect((await host.http.request("GET", `/v2/admin/events/00000000-0000-4000-8000-000000000000/${path}`, undefined, manager)).status).toBe(404)
    }
  })

  it("lists any organizer's bookings and participants without ticket codes", async () => {
    const other = await seedOrganizer(host, "Someone Else's Org")
    const event = await seedEvent(host, other.id)
    const a = await bookAs(host, (await newAthlete(host)).headers, event, [person(), person()])
    const b = await bookAs(host, (await newAthlete(host)).headers, event)
    expect([a.status, b.status]).toEqual([201, 201])
    const bookings = await host.http.request("GET", `/v2/admin/events/${event.eventId}/bookings`, undefined, manager)
    expect(bookings.status).toBe(200)
    expect(bookings.body.data).toMatchObject({ total: 2, page: 1, limit: 20 })
    expect(bookings.body.data.items.map((x: { id: string }) => x.id).sort()).toEqual([a.body.data.id, b.body.data.id].sort())
    expect(JSON.stringify(bookings.body.data)).not.toContain("ticketCode")
    const people = await host.http.request("GET", `/v2/admin/events/${event.eventId}/participants?status=ACTIVE`, undefined, manager)
    expect(people.status).toBe(200)
    expect(people.body.data.total).toBe(3)
    expect(people.body.data.items[0]).toMatchObject({ eventId: event.eventId, status: "ACTIVE", bookingStatus: "CONFIRMED" })
    expect(people.body.data.items[0].ticketCode).toBeUndefined()
    const bad = await host.http.request("GET", `/v2/admin/events/${event.eventId}/participants?status=GONE`, undefined, manager)
    expect(bad.body.message).toEqual(["status must be one of the following values: ACTIVE, CANCELLED"])
  })

  it("counts revenue from confirmed bookings, with pending and cancelled amounts beside it", async () => {
    const event = await seedEvent(host, org.id, { price: 49_900 })
    const paid = await bookAs(host, (await newAthlete(host)).headers, event)
    const { ingest } = await payAndDeliver(host, paid.body.data.payment.orderId)
    await ingest()
    const pending = await bookAs(host, (await newAthlete(host)).headers, event)
    expect(pending.body.data.status).toBe("PENDING")
    const revenue = await host.http.request("GET", `/v2/admin/events/${event.eventId}/revenue`, undefined, manager)
    expect(revenue.status).toBe(200)
    expect(revenue.body.data).toMatchObject({
      eventId: event.eventId,
      currency: "INR",
      bookings: { confirmed: 1, pending: 1, cancelled: 0, expired: 0 },
      seatsSold: 1,
      grossMinor: 49_900,
      pendingMinor: 49_900,
      cancelledMinor: 0,
      byTicket: [{ ticketId: event.ticketId, bookings: 1, seats: 1, grossMinor: 49_900 }]
    })
  })
})

describe("the organizer's roster CSV", () => {
  it("lists active participants of confirmed bookings for the event's team; other organizers 404; 401 without a session", async () => {
    const event = await seedEvent(host, org.id)
    const booked = await bookAs(host, (await newAthlete(host)).headers, event, [person({ firstName: "=cmd" }), person()])
    expect(booked.status).toBe(201)
    const path = `/v2/events/${event.eventId}/roster.csv`
    expect((await host.http.request("GET", path, undefined, {})).status).toBe(401)
    const other = await seedOrganizer(host, "Roster Stranger Org")
    expect((await host.http.request("GET", path, undefined, other.owner.headers)).status).toBe(404)
    const csv = await host.http.request("GET", path, undefined, org.viewer.headers)
    expect(csv.status).toBe(200)
    expect(csv.headers.get("content-type")).toContain("text/csv")
    const lines = csv.text.trim().split("\r\n")
    expect(lines[0]).toBe("bookingId,participantId,firstName,lastName,email,phoneNumber,ticket,confirmedAt")
    expect(lines).toHaveLength(3)
    // A cell starting like a formula is neutralised.
    expect(csv.text).toContain("'=cmd")
    expect(csv.text).not.toContain("ticketCode")
  })
})
