/**
 * Booking through the real host: who may book, the spec's 400 wording, previews that create
 * nothing, free bookings confirmed at once, paid ones held and confirmed once by the signed
 * webhook, lapsed holds released exactly once, and never an oversold seat under concurrency.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Registrations } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { addTicket, bookAs, newAthlete, payAndDeliver, person, seedEvent, ticketOf } from "./support.js"

const host = useRealHost(import.meta.url)
const sql = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => host().run(Effect.flatMap(SqlClient.SqlClient, f).pipe(Effect.orDie))

describe("booking: who may book", () => {
  it("answers 401 without a token and 403 to an organizer; the public preview needs no token", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id)
    const body = { eventId: event.eventId, ticketId: event.ticketId, participants: [person()] }
    expect((await host().http.post("/v2/event-participations", body)).status).toBe(401)
    expect((await host().http.post("/v2/event-participations", body, org.owner.headers)).status).toBe(403)
    expect((await host().http.post("/v2/event-participations/preview", body)).status).toBe(401)
    const preview = await host().http.post("/v2/event-participations/public/preview", body)
    expect(preview.status).toBe(200)
  })

  it("refuses a malformed booking with the spec's 400 wording", async () => {
    const athlete = await newAthlete(host())
    const res = await host().http.post("/v2/event-participations", { eventId: "nope", ticketId: "00000000-0000-4000-8000-000000000001", participants: [] }, athlete.headers)
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual(["eventId must be a UUID", "participants must contain between 1 and 10 elements"])
    const email = await host().http.post("/v2/event-participations", {
      eventId: "00000000-0000-4000-8000-000000000001",
      ticketId: "00000000-0000-4000-8000-000000000001",
      participants: [{ firstName: "A", lastName: "B", email: "not-an-email" }]
    }, athlete.headers)
    expect(email.status).toBe(400)
    expect(email.body.message.join(" ")).toContain("must be an email")
  })
})

describe("booking a free ticket", () => {
  it("previews the bill without creating anything, then confirms at once with a booking id and signed ticket codes", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { capacity: 5 })
    const athlete = await newAthlete(host())
    const body = { eventId: event.eventId, ticketId: event.ticketId, participants: [person(), person()] }
    const preview = await host().http.post("/v2/event-participations/preview", body, athlete.headers)
    expect(preview.body.data).toMatchObject({ seats: 2, unitPrice: 0, subtotal: 0, discount: 0, fees: 0, tax: 0, total: 0, currency: "INR", available: 5 })
    expect((await ticketOf(host(), event))!.sold).toBe(0)

    const booked = await host().http.post("/v2/event-participations", body, athlete.headers)
    expect(booked.status).toBe(201)
    const data = booked.body.data
    expect(data).toMatchObject({ status: "CONFIRMED", seats: 2, amount: 0, payment: null, eventId: event.eventId })
    expect(data.bookingId).toMatch(/^\d{10}$/)
    expect(data.participants).toHaveLength(2)
    expect(data.participants[0].ticketCode).toMatch(/^[0-9a-f]{32}\.[0-9a-f]{16,20}$/)
    expect((await ticketOf(host(), event))!.sold).toBe(2)

    const mine = await host().http.get("/v2/event-participations", athlete.headers)
    expect(mine.body.data).toMatchObject({ total: 1, page: 1, limit: 20 })
    expect(mine.body.data.items[0].id).toBe(data.id)
    const byEvent = await host().http.get(`/v2/event-participations/by-event/${event.eventId}`, athlete.headers)
    expect(byEvent.body.data.map((b: { id: string }) => b.id)).toEqual([data.id])
    expect((await host().http.get(`/v2/event-participations/${data.id}`, athlete.headers)).body.data.participants).toHaveLength(2)
    const stranger = await newAthlete(host())
    expect((await host().http.get(`/v2/event-participations/${data.id}`, stranger.headers)).status).toBe(404)
  })

  it("gives every booking of an event distinct last 7 digits", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { capacity: 30 })
    const athlete = await newAthlete(host())
    const ids: Array<string> = []
    for (let i = 0; i < 12; i++) ids.push((await bookAs(host(), athlete.headers, event)).body.data.bookingId)
    expect(new Set(ids.map((id) => id.slice(-7))).size).toBe(12)
  })

  it("answers 404 for an unknown ticket, 409 BOOKING_CLOSED when the organizer closed bookings, 404 ADD_ON_NOT_FOUND for an unknown add-on", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id)
    const athlete = await newAthlete(host())
    const unknown = await host().http.post("/v2/event-participations", { eventId: event.eventId, ticketId: "00000000-0000-4000-8000-0000000000aa", participants: [person()] }, athlete.headers)
    expect(unknown.status).toBe(404)
    const addOn = await host().http.post("/v2/event-participations", { eventId: event.eventId, ticketId: event.ticketId, participants: [person()], addOnIds: ["00000000-0000-4000-8000-0000000000ab"] }, athlete.headers)
    expect(addOn.status).toBe(404)
    expect(addOn.body.code).toBe("ADD_ON_NOT_FOUND")
    await sql((s) => s`update events.events set bookings_open = false where id = ${event.eventId}`)
    const closed = await bookAs(host(), athlete.headers, event)
    expect(closed.status).toBe(409)
    expect(closed.body.code).toBe("BOOKING_CLOSED")
  })

  it("lets the athlete cancel a free booking once: the seat comes back, a second cancel is 409", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { capacity: 1 })
    const athlete = await newAthlete(host())
    const booked = await bookAs(host(), athlete.headers, event)
    expect((await bookAs(host(), athlete.headers, event)).body.code).toBe("TICKET_SOLD_OUT")
    const cancelled = await host().http.delete(`/v2/event-participations/${booked.body.data.id}`, undefined, athlete.headers)
    expect(cancelled.body.data).toMatchObject({ status: "CANCELLED" })
    expect(cancelled.body.data.participants[0].status).toBe("CANCELLED")
    expect((await ticketOf(host(), event))!.sold).toBe(0)
    const again = await host().http.delete(`/v2/event-participations/${booked.body.data.id}`, undefined, athlete.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("PARTICIPATION_STATUS_CONFLICT")
    expect((await ticketOf(host(), event))!.sold).toBe(0)
    expect((await bookAs(host(), athlete.headers, event)).status).toBe(201)
  })
})

describe("booking under concurrency", () => {
  it("50 concurrent bookings for 10 seats: exactly 10 confirmed and 40 × 409 TICKET_SOLD_OUT", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { capacity: 10 })
    const athletes = await Promise.all(Array.from({ length: 10 }, () => newAthlete(host())))
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => bookAs(host(), athletes[i % 10]!.headers, event)))
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(10)
    expect(statuses.filter((s) => s === 409)).toHaveLength(40)
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === "TICKET_SOLD_OUT")).toBe(true)
    expect(answers.filter((a) => a.status === 201).every((a) => a.body.data.status === "CONFIRMED")).toBe(true)
    expect((await ticketOf(host(), event))!.sold).toBe(10)
  })

  it("the slot's capacity bounds all its tickets together", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { capacity: 6, slotCapacity: 8 })
    const other = await addTicket(host(), event, 6)
    const athlete = await newAthlete(host())
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => bookAs(host(), athlete.headers, event, [person()], i % 2 === 0 ? event.ticketId : other.id)))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(8)
    const sold = (await ticketOf(host(), event))!.sold + (await ticketOf(host(), event, other.id))!.sold
    expect(sold).toBe(8)
  })
})

describe("booking a paid ticket", () => {
  it("holds the seat PENDING with a payment session; the signed webhook confirms once and a replay changes nothing", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { price: 49_900, capacity: 3 })
    const athlete = await newAthlete(host())
    const preview = await host().http.post("/v2/event-participations/public/preview", { eventId: event.eventId, ticketId: event.ticketId, participants: [person(), person()] })
    expect(preview.body.data).toMatchObject({ subtotal: 99_800, total: 99_800 })
    const booked = await bookAs(host(), athlete.headers, event)
    expect(booked.status).toBe(201)
    const data = booked.body.data
    expect(data).toMatchObject({ status: "PENDING", amount: 49_900, currency: "INR" })
    expect(data.payment).toMatchObject({ provider: "local", amount: 49_900, currency: "INR" })
    expect(data.gatewayOrderId).toBe(data.payment.orderId)
    expect((await ticketOf(host(), event))!.sold).toBe(1)

    const { ingest } = await payAndDeliver(host(), data.payment.orderId)
    const first = await ingest()
    expect(first.event.processedBy).toContain("registrations.booking")
    const confirmed = await host().http.get(`/v2/event-participations/${data.id}`, athlete.headers)
    expect(confirmed.body.data).toMatchObject({ status: "CONFIRMED", holdExpiresAt: null })
    expect((await ingest()).duplicate).toBe(true)
    const timeline = await host().run(Effect.flatMap(Registrations.ParticipationRepo, (r) => r.timeline(data.id)))
    expect(timeline.filter((t) => t.action === "payment.captured")).toHaveLength(1)
    expect((await ticketOf(host(), event))!.sold).toBe(1)

    const resume = await host().http.post(`/v2/event-participations/${data.id}/resume-payment`, {}, athlete.headers)
    expect(resume.status).toBe(409)
    expect((await host().http.delete(`/v2/event-participations/${data.id}`, undefined, athlete.headers)).body.code).toBe("PARTICIPATION_PAID")
  })

  it("resume-payment opens a fresh gateway order on a PENDING booking", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { price: 20_000 })
    const athlete = await newAthlete(host())
    const booked = (await bookAs(host(), athlete.headers, event)).body.data
    const resumed = await host().http.post(`/v2/event-participations/${booked.id}/resume-payment`, {}, athlete.headers)
    expect(resumed.status).toBe(200)
    expect(resumed.body.data.status).toBe("PENDING")
    expect(resumed.body.data.payment.orderId).not.toBe(booked.payment.orderId)
    expect(resumed.body.data.gatewayOrderId).toBe(resumed.body.data.payment.orderId)
    const stranger = await newAthlete(host())
    expect((await host().http.post(`/v2/event-participations/${booked.id}/resume-payment`, {}, stranger.headers)).status).toBe(404)
  })

  it("a lapsed hold releases its seat exactly once: to the next booking, and the expiry job finds nothing more", async () => {
    const org = await seedOrganizer(host())
    const event = await seedEvent(host(), org.id, { price: 30_000, capacity: 1 })
    const first = await newAthlete(host())
    const second = await newAthlete(host())
    const held = (await bookAs(host(), first.headers, event)).body.data
    expect((await bookAs(host(), second.headers, event)).body.code).toBe("TICKET_SOLD_OUT")
    await sql((s) => s`update registrations.participations set hold_expires_at = now() - interval '1 minute' where id = ${held.id}`)
    const [a, b] = await Promise.all([bookAs(host(), second.headers, event), host().run(Registrations.expireLapsedHolds(new Date()))])
    expect(a.status).toBe(201)
    expect(b.length).toBeLessThanOrEqual(1)
    expect(await host().run(Registrations.expireLapsedHolds(new Date()))).toEqual([])
    expect((await host().http.get(`/v2/event-participations/${held.id}`, first.headers)).body.data.status).toBe("EXPIRED")
    expect((await ticketOf(host(), event))!.sold).toBe(1)
    const timeline = await host().run(Effect.flatMap(Registrations.ParticipationRepo, (r) => r.timeline(held.id)))
    expect(timeline.filter((t) => t.action === "expired")).toHaveLength(1)
  })
})
