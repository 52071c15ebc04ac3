/**
 * Admin oversight reads of one event's bookings (B "Events oversight": `/v2/admin/events/{id}/
 * bookings`, `/participants`, `/revenue`), for any organizer's event. Participants are answered
 * without their ticket codes (check-in credentials stay with the athlete and the organizer's
 * scanners); revenue is computed from the bookings at their booked amounts.
 */
import type { ParticipationStatus } from "@podium/kernel"
import { Effect } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { adminEvent } from "../events/event.use-case.js"
import { listBookings } from "./organizer-bookings.use-case.js"
import { type Booking, ParticipationRepo } from "./participation.port.js"

const actorOf = (admin: Principal) => `admin:${admin.accountId}`

export const adminEventBookings = Effect.fn("registrations.admin.eventBookings")(function*(admin: Principal, eventId: string, filter: {
  readonly status?: ParticipationStatus | undefined
  readonly ticketId?: string | undefined
  readonly slotId?: string | undefined
  readonly q?: string | undefined
  readonly page: number
  readonly limit: number
}) {
  const event = yield* adminEvent(eventId)
  return yield* listBookings({ organizerId: event.organizerId, actor: actorOf(admin) }, event.id, filter)
})

/** Every booking of the event, newest first (paged through the repository). */
const everyBooking = (eventId: string) =>
  Effect.gen(function*() {
    const repo = yield* ParticipationRepo
    const all: Array<Booking> = []
    for (let page = 1;; page++) {
      const found = yield* repo.list({ eventId, page, limit: 100 })
      all.push(...found.items)
      if (found.items.length < 100) break
    }
    return all
  })

export const adminEventParticipants = Effect.fn("registrations.admin.eventParticipants")(function*(eventId: string, query: {
  readonly status?: "ACTIVE" | "CANCELLED" | undefined
  readonly page: number
  readonly limit: number
}) {
  const event = yield* adminEvent(eventId)
  const rows = (yield* everyBooking(event.id)).flatMap((b) =>
    b.participants.map(({ ticketCode: _code, ...p }) => ({
      ...p,
      bookingId: b.participation.bookingId,
      bookingStatus: b.participation.status,
      ticketId: b.participation.ticketId,
      userId: b.participation.userId
    }))
  ).filter((p) => query.status === undefined || p.status === query.status)
  const items = rows.slice((query.page - 1) * query.limit, query.page * query.limit)
  return { items, total: rows.length, page: query.page, limit: query.limit }
})

/** Bookings and money of the event: counts per status, seats and amounts confirmed, pending and cancelled, per ticket. */
export const adminEventRevenue = Effect.fn("registrations.admin.eventRevenue")(function*(eventId: string) {
  const event = yield* adminEvent(eventId)
  const bookings = (yield* everyBooking(event.id)).map((b) => b.participation)
  const sum = (status: ParticipationStatus) => bookings.filter((b) => b.status === status).reduce((n, b) => n + b.amount, 0)
  const confirmed = bookings.filter((b) => b.status === "CONFIRMED")
  const byTicket = new Map<string, { ticketId: string; bookings: number; seats: number; grossMinor: number }>()
  for (const b of confirmed) {
    const row = byTicket.get(b.ticketId) ?? { ticketId: b.ticketId, bookings: 0, seats: 0, grossMinor: 0 }
    byTicket.set(b.ticketId, { ...row, bookings: row.bookings + 1, seats: row.seats + b.seats, grossMinor: row.grossMinor + b.amount })
  }
  return {
    eventId: event.id,
    currency: bookings[0]?.currency ?? "INR",
    bookings: {
      confirmed: confirmed.length,
      pending: bookings.filter((b) => b.status === "PENDING").length,
      cancelled: bookings.filter((b) => b.status === "CANCELLED").length,
      expired: bookings.filter((b) => b.status === "EXPIRED").length
    },
    seatsSold: confirmed.reduce((n, b) => n + b.seats, 0),
    grossMinor: sum("CONFIRMED"),
    pendingMinor: sum("PENDING"),
    cancelledMinor: sum("CANCELLED"),
    byTicket: [...byTicket.values()].sort((a, b) => b.grossMinor - a.grossMinor)
  }
})
