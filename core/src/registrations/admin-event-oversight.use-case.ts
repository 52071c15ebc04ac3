/**
 * Admin oversight reads of one event's bookings (B "Events oversight": `/v2/admin/events/{id}/
 * bookings`, `/participants`, `/revenue`), for any organizer's event, and the organizer's roster CSV. Participants are answered
 * without their ticket codes (check-in credentials stay with the athlete and the organizer's
 * scanners); revenue is computed from the bookings at their booked amounts.
 */
import type { ParticipationStatus } from "@podium/kernel"
import { Effect } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { adminEvent } from "../events/event.use-case.js"
import { EventNotFound } from "../events/event.model.js"
import { EventInventoryRepo } from "../events/event.port.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { listBookings, organizerEvent } from "./organizer-bookings.use-case.js"
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

/** Every booking of the event (of one status, or any), newest first (paged through the repository). */
export const everyBooking = (eventId: string, status?: ParticipationStatus) =>
  Effect.gen(function*() {
    const repo = yield* ParticipationRepo
    const all: Array<Booking> = []
    for (let page = 1;; page++) {
      const found = yield* repo.list({ eventId, status, page, limit: 100 })
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

const csvField = (value: unknown): string => {
  const text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value)
  // A leading = + - @ would run as a formula in a spreadsheet: neutralised with an apostrophe.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/**
 * The organizer's roster of an event as RFC 4180 CSV (`GET /v2/events/{eventId}/roster.csv`): one
 * row per active participant of a confirmed booking, by booking then name; ticket codes withheld.
 */
export const eventRosterCsv = Effect.fn("registrations.rosterCsv")(function*(who: { readonly organizerId: string; readonly actor: string }, eventId: string) {
  if (!isUuid(eventId)) return yield* new EventNotFound({ ref: eventId })
  const event = yield* organizerEvent(who, eventId)
  const inventory = yield* EventInventoryRepo
  const tickets = new Map((yield* inventory.tickets(event.id)).map((t) => [t.id, t.name]))
  const rows = (yield* everyBooking(event.id))
    .filter((b) => b.participation.status === "CONFIRMED")
    .sort((a, b) => a.participation.bookingId.localeCompare(b.participation.bookingId))
    .flatMap((b) =>
      b.participants.filter((p) => p.status === "ACTIVE").map((p) =>
        [b.participation.bookingId, p.id, p.firstName, p.lastName, p.email, p.phoneNumber, tickets.get(b.participation.ticketId) ?? b.participation.ticketId, b.participation.confirmedAt]
          .map(csvField).join(",")
      )
    )
  return `${["bookingId,participantId,firstName,lastName,email,phoneNumber,ticket,confirmedAt", ...rows].join("\r\n")}\r\n`
})
