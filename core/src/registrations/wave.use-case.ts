/**
 * Start waves and ticket sales (C "Check-in and bib config" waves, "Organizer event tools" roster
 * and a booking's wave, "Ticket sales"): an event's slots act as waves with their capacity; the
 * organizer team opens, closes (no more bookings) and starts them; the roster lists who runs in
 * each wave; sales tally seats and confirmed revenue per ticket and per slot.
 */
import type { EventSlot, Participation, WaveState } from "@podium/kernel"
import { Effect, Option } from "effect"
import { SlotNotFound } from "../events/event.model.js"
import { EventInventoryRepo } from "../events/event.port.js"
import { type OrganizerActor, organizerBooking, organizerEvent } from "./organizer-bookings.use-case.js"
import type { WaveMove } from "./wave.model.js"
import { type Reseat, WaveRepo } from "./wave.port.js"
import { BibRepo } from "./bib.port.js"
import { ParticipationRepo } from "./participation.port.js"
import { Transactor } from "../platform/transactor.port.js"

const waveOf = (slot: EventSlot, states: ReadonlyArray<WaveState>, taken: ReadonlyMap<string, number>) => {
  const state = states.find((s) => s.id === slot.id)
  const seats = taken.get(slot.id) ?? 0
  return {
    slotId: slot.id,
    eventId: slot.eventId,
    name: slot.name,
    startsAt: slot.startsAt,
    isActive: slot.isActive,
    status: state?.status ?? ("OPEN" as const),
    closedAt: state?.closedAt ?? null,
    startedAt: state?.startedAt ?? null,
    capacity: slot.capacity,
    taken: seats,
    available: Math.max(0, slot.capacity - seats)
  }
}

/** The event's waves in start order with their state and seats. */
export const eventWaves = Effect.fn("registrations.eventWaves")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  const slots = yield* Effect.flatMap(EventInventoryRepo, (r) => r.slots(eventId))
  const repo = yield* WaveRepo
  const states = yield* repo.states(eventId)
  const taken = yield* repo.taken(eventId)
  return [...slots].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.name.localeCompare(b.name)).map((s) => waveOf(s, states, taken))
})

export const waveCapacity = Effect.fn("registrations.waveCapacity")(function*(who: OrganizerActor, eventId: string) {
  const waves = yield* eventWaves(who, eventId)
  const capacity = waves.reduce((n, w) => n + w.capacity, 0)
  const taken = waves.reduce((n, w) => n + w.taken, 0)
  return {
    capacity,
    taken,
    available: Math.max(0, capacity - taken),
    waves: waves.map((w) => ({ slotId: w.slotId, name: w.name, status: w.status, capacity: w.capacity, taken: w.taken, available: w.available }))
  }
})

export const moveWave = Effect.fn("registrations.moveWave")(function*(who: OrganizerActor, eventId: string, slotId: string, move: WaveMove) {
  yield* organizerEvent(who, eventId)
  const slot = yield* Effect.flatMap(EventInventoryRepo, (r) => r.findSlot(eventId, slotId))
  if (Option.isNone(slot)) return yield* new SlotNotFound({ slotId })
  const repo = yield* WaveRepo
  const state = yield* repo.move(eventId, slotId, move, who.actor, new Date())
  return waveOf(slot.value, [state], yield* repo.taken(eventId))
})

/** Who runs in each wave (or one wave): active participants of confirmed bookings with their check-in. */
export const waveRoster = Effect.fn("registrations.waveRoster")(function*(who: OrganizerActor, eventId: string, slotId: string | undefined) {
  const waves = yield* eventWaves(who, eventId)
  const rows = yield* Effect.flatMap(WaveRepo, (r) => r.roster(eventId, slotId))
  return waves.filter((w) => slotId === undefined || w.slotId === slotId).map((w) => {
    const people = rows.filter((r) => r.participation.slotId === w.slotId)
    return {
      ...w,
      participants: people.map((r) => ({
        participantId: r.participant.id,
        participationId: r.participation.id,
        bookingId: r.participation.bookingId,
        ticketId: r.participation.ticketId,
        firstName: r.participant.firstName,
        lastName: r.participant.lastName,
        checkedIn: r.checkedIn
      }))
    }
  })
})

/** The wave of one booking of the organizer's event. */
export const participationWave = Effect.fn("registrations.participationWave")(function*(who: OrganizerActor, eventId: string, participationId: string) {
  const booking = yield* organizerBooking(who, eventId, participationId)
  const waves = yield* eventWaves(who, eventId)
  const wave = waves.find((w) => w.slotId === booking.participation.slotId)
  if (wave === undefined) return yield* new SlotNotFound({ slotId: booking.participation.slotId })
  return { participationId, ...wave }
})

/** Whether the wave of `slotId` takes bookings (the booking use case asks). */
export const waveTakesBookings = (eventId: string, slotId: string) =>
  Effect.map(Effect.flatMap(WaveRepo, (r) => r.states(eventId)), (states) => states.find((s) => s.id === slotId)?.status ?? "OPEN")

const tallyOf = (eventId: string, by: "ticket" | "slot") =>
  Effect.map(Effect.flatMap(WaveRepo, (r) => r.tally(eventId, by)), (tally) => (key: string) => {
    const t = tally.find((x) => x.key === key)
    return { confirmedSeats: t?.confirmedSeats ?? 0, pendingSeats: t?.pendingSeats ?? 0, cancelledSeats: t?.cancelledSeats ?? 0, bookings: t?.bookings ?? 0, revenue: t?.revenue ?? 0 }
  })

/** Seats and confirmed revenue per ticket. */
export const ticketSalesByTicket = Effect.fn("registrations.ticketSalesByTicket")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  const of = yield* tallyOf(eventId, "ticket")
  const tickets = yield* Effect.flatMap(EventInventoryRepo, (r) => r.tickets(eventId))
  const rows = tickets.map((t) => ({ ticketId: t.id, name: t.name, slotId: t.slotId, price: t.price, currency: t.currency, capacity: t.capacity, sold: t.sold, ...of(t.id) }))
  return { rows, totalRevenue: rows.reduce((n, r) => n + r.revenue, 0), totalConfirmedSeats: rows.reduce((n, r) => n + r.confirmedSeats, 0) }
})

/** Seats and confirmed revenue per slot. */
export const ticketSalesBySlot = Effect.fn("registrations.ticketSalesBySlot")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  const of = yield* tallyOf(eventId, "slot")
  const slots = yield* Effect.flatMap(EventInventoryRepo, (r) => r.slots(eventId))
  const taken = yield* Effect.flatMap(WaveRepo, (r) => r.taken(eventId))
  const rows = slots.map((s) => ({ slotId: s.id, name: s.name, startsAt: s.startsAt, capacity: s.capacity, taken: taken.get(s.id) ?? 0, ...of(s.id) }))
  return { rows, totalRevenue: rows.reduce((n, r) => n + r.revenue, 0), totalConfirmedSeats: rows.reduce((n, r) => n + r.confirmedSeats, 0) }
})

/**
 * Seeds the open waves (capacity-aware; `dryRun` answers the plan and moves nothing). Bookings
 * move whole (a booking's participants start together). The seed order is the booking's lowest bib
 * number (organizers number bibs in seeding order, fastest first, through per-ticket ranges), then
 * bookings without a number in booking order. Waves are filled in start order: each booking goes to
 * the earliest open wave with room for its whole party, so a party too large for the rest of a wave
 * leaves the gap to smaller later bookings. Closed and started waves are left alone, their bookings
 * included; holds and waitlist offers keep their seats. A booking that fits nowhere stays put.
 */
export const seedWaves = Effect.fn("registrations.seedWaves")(function*(who: OrganizerActor, eventId: string, dryRun: boolean) {
  const before = yield* eventWaves(who, eventId)
  const open = before.filter((w) => w.status === "OPEN" && w.isActive)
  const openIds = new Set(open.map((w) => w.slotId))
  const roster = yield* Effect.flatMap(WaveRepo, (r) => r.roster(eventId, undefined))
  const numbers = yield* Effect.flatMap(BibRepo, (r) => r.roster(eventId, { page: 1, limit: 100_000 }))
  const bibOf = new Map(numbers.items.filter((r) => r.number !== null).map((r) => [r.participantId, r.number!]))
  const byBooking = new Map<string, { participation: Participation; bib: number }>()
  for (const row of roster) {
    if (!openIds.has(row.participation.slotId)) continue
    const current = byBooking.get(row.participation.id)
    const bib = Math.min(current?.bib ?? Number.POSITIVE_INFINITY, bibOf.get(row.participant.id) ?? Number.POSITIVE_INFINITY)
    byBooking.set(row.participation.id, { participation: row.participation, bib })
  }
  const order = [...byBooking.values()].sort((a, b) =>
    a.bib - b.bib || a.participation.createdAt.getTime() - b.participation.createdAt.getTime() || a.participation.id.localeCompare(b.participation.id)
  )
  // Room of each open wave once the seeded bookings leave it (holds and offers stay counted).
  const room = new Map(open.map((w) => [w.slotId, w.capacity - w.taken]))
  for (const b of order) room.set(b.participation.slotId, (room.get(b.participation.slotId) ?? 0) + b.participation.seats)
  const moves: Array<Reseat & { readonly bookingId: string }> = []
  let unplaced = 0
  for (const b of order) {
    const target = open.find((w) => (room.get(w.slotId) ?? 0) >= b.participation.seats)
    const slotId = target?.slotId ?? b.participation.slotId
    if (target === undefined) unplaced++
    room.set(slotId, (room.get(slotId) ?? 0) - b.participation.seats)
    if (slotId !== b.participation.slotId) {
      moves.push({ participationId: b.participation.id, bookingId: b.participation.bookingId, fromSlotId: b.participation.slotId, toSlotId: slotId, seats: b.participation.seats })
    }
  }
  const planned = (slotId: string, taken: number) =>
    taken - moves.filter((m) => m.fromSlotId === slotId).reduce((n, m) => n + m.seats, 0) + moves.filter((m) => m.toSlotId === slotId).reduce((n, m) => n + m.seats, 0)
  if (dryRun) {
    return {
      dryRun,
      seeded: order.length,
      moved: moves.length,
      unplaced,
      moves,
      waves: before.map((w) => ({ slotId: w.slotId, name: w.name, status: w.status, capacity: w.capacity, takenBefore: w.taken, takenAfter: planned(w.slotId, w.taken) }))
    }
  }
  const tx = yield* Transactor
  const moved = yield* tx.atomically(Effect.gen(function*() {
    const ids = yield* Effect.flatMap(WaveRepo, (r) => r.reseat(eventId, moves))
    const done = moves.filter((m) => ids.includes(m.participationId))
    for (const m of done) {
      yield* Effect.flatMap(ParticipationRepo, (r) =>
        r.appendTimeline({ participationId: m.participationId, action: "wave.seeded", actor: who.actor, reason: null, data: { fromSlotId: m.fromSlotId, toSlotId: m.toSlotId } }))
    }
    return done
  }))
  const after = yield* Effect.flatMap(WaveRepo, (r) => r.taken(eventId))
  return {
    dryRun,
    seeded: order.length,
    moved: moved.length,
    unplaced,
    moves: moved,
    waves: before.map((w) => ({ slotId: w.slotId, name: w.name, status: w.status, capacity: w.capacity, takenBefore: w.taken, takenAfter: after.get(w.slotId) ?? 0 }))
  }
})
