/**
 * Start waves and ticket sales (C "Check-in and bib config" waves, "Organizer event tools" wave
 * roster and a booking's wave, "Ticket sales"): an event's slots act as waves with their capacity
 * and seats taken; the organizer team closes a wave (bookings of its tickets answer 409
 * BOOKING_CLOSED), reopens it, or starts it (final); the roster lists the confirmed participants
 * of each wave with their check-in; sales tally seats and confirmed revenue per ticket and slot.
 * The seed places the open waves' bookings in bib order into the earliest wave with room for the
 * whole party (`dryRun: true` answers the plan and moves nothing; 409 WAVE_SEED_CONFLICT when seats
 * changed meanwhile, nothing moved). The anti-cheat view lists the participants' accounts whose activities of the race window carry
 * enforced, undismissed anti-cheat flags.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { AntiCheatFlag, Body, Bool, Instant, Optional, Query, RosterParticipantFields, SeatTally, UuidStr, WaveStatus } from "@podium/kernel"
import { Schema } from "effect"
import { op, OrganizerManagers, OrganizerReaders } from "../common/index.js"

export const WaveView = Schema.Struct({
  slotId: UuidStr,
  eventId: UuidStr,
  name: Schema.String,
  startsAt: Instant,
  isActive: Schema.Boolean,
  status: WaveStatus,
  closedAt: Schema.NullOr(Instant),
  startedAt: Schema.NullOr(Instant),
  capacity: Schema.Int,
  taken: Schema.Int,
  available: Schema.Int
}).annotations({ identifier: "Wave" })
export const WaveCapacity = Schema.Struct({
  capacity: Schema.Int,
  taken: Schema.Int,
  available: Schema.Int,
  waves: Schema.Array(WaveView.pick("slotId", "name", "status", "capacity", "taken", "available"))
}).annotations({ identifier: "WaveCapacity" })
export const WaveRoster = Schema.Array(Schema.Struct({
  ...WaveView.fields,
  participants: Schema.Array(Schema.Struct({ ...RosterParticipantFields, checkedIn: Schema.Boolean }))
}))
export const WaveRosterQuery = Query({ slotId: Optional(UuidStr) })
export const ParticipationWave = Schema.Struct({ participationId: UuidStr, ...WaveView.fields }).annotations({ identifier: "ParticipationWave" })
const Tally = SeatTally.omit("key").fields
export const TicketWiseSales = Schema.Struct({
  rows: Schema.Array(Schema.Struct({
    ticketId: UuidStr,
    name: Schema.String,
    slotId: UuidStr,
    price: Schema.Int,
    currency: Schema.String,
    capacity: Schema.Int,
    sold: Schema.Int,
    ...Tally
  })),
  totalRevenue: Schema.Int,
  totalConfirmedSeats: Schema.Int
}).annotations({ identifier: "TicketWiseSales" })
export const SlotWiseSales = Schema.Struct({
  rows: Schema.Array(Schema.Struct({ slotId: UuidStr, name: Schema.String, startsAt: Instant, capacity: Schema.Int, taken: Schema.Int, ...Tally })),
  totalRevenue: Schema.Int,
  totalConfirmedSeats: Schema.Int
}).annotations({ identifier: "SlotWiseSales" })

export const EventAntiCheat = Schema.Struct({
  eventId: UuidStr,
  windowFrom: Instant,
  windowTo: Instant,
  participants: Schema.Int,
  flaggedAthletes: Schema.Int,
  truncated: Schema.Boolean,
  athletes: Schema.Array(Schema.Struct({
    userId: Schema.String,
    participants: Schema.Array(Schema.Struct({
      participantId: UuidStr,
      participationId: UuidStr,
      bookingId: Schema.String,
      firstName: Schema.String,
      lastName: Schema.String
    })),
    confirmed: Schema.Int,
    flags: Schema.Array(AntiCheatFlag.pick("id", "activityId", "ruleKey", "reason", "observed", "threshold", "status", "createdAt"))
  }))
}).annotations({ identifier: "EventAntiCheat" })

export const SeedWavesBody = Body({ dryRun: Optional(Bool) })
export const SeedWavesResult = Schema.Struct({
  dryRun: Schema.Boolean,
  seeded: Schema.Int,
  moved: Schema.Int,
  unplaced: Schema.Int,
  moves: Schema.Array(Schema.Struct({ participationId: UuidStr, bookingId: Schema.String, fromSlotId: UuidStr, toSlotId: UuidStr, seats: Schema.Int })),
  waves: Schema.Array(Schema.Struct({ slotId: UuidStr, name: Schema.String, status: WaveStatus, capacity: Schema.Int, takenBefore: Schema.Int, takenAfter: Schema.Int }))
}).annotations({ identifier: "SeedWavesResult" })

const Event = Schema.Struct({ eventId: UuidStr })
const EventSlot = Schema.Struct({ eventId: UuidStr, slotId: UuidStr })
const base = "/v2/organizer/events/:eventId"

export class WavesGroup extends HttpApiGroup.make("waves")
  .add(op.get("eventWaves", `${base}/waves`, { path: Event, ok: Schema.Array(WaveView), summary: "The event's slots as start waves, in start order, with state and seats" }).middleware(OrganizerReaders))
  .add(op.get("waveCapacity", `${base}/waves/capacity`, { path: Event, ok: WaveCapacity, summary: "Capacity, seats taken (bookings, holds, waitlist offers) and available, in all and per wave" }).middleware(OrganizerReaders))
  .add(op.post("closeWave", `${base}/waves/:slotId/close`, { path: EventSlot, ok: WaveView, summary: "Close a wave to bookings (409 WAVE_STATUS_CONFLICT unless OPEN)" }).middleware(OrganizerManagers))
  .add(op.post("openWave", `${base}/waves/:slotId/open`, { path: EventSlot, ok: WaveView, summary: "Reopen a closed wave" }).middleware(OrganizerManagers))
  .add(op.post("startWave", `${base}/waves/:slotId/start`, { path: EventSlot, ok: WaveView, summary: "Start a wave (final: no more bookings)" }).middleware(OrganizerManagers))
  .add(op.get("waveRoster", `${base}/wave-roster`, { path: Event, query: WaveRosterQuery, ok: WaveRoster, summary: "Confirmed participants of each wave (or ?slotId) with their check-in" }).middleware(OrganizerReaders))
  .add(op.post("seedWaves", `${base}/waves/seed`, { path: Event, body: SeedWavesBody, ok: SeedWavesResult, summary: "Seed the open waves in bib order, capacity-aware, whole bookings (dryRun: the plan only; 409 WAVE_SEED_CONFLICT)" }).middleware(OrganizerManagers))
  .add(op.get("eventAntiCheat", `${base}/anti-cheat`, { path: Event, ok: EventAntiCheat, summary: "Participants whose activities of the race window carry enforced anti-cheat flags (dismissed ones left out), confirmed first" }).middleware(OrganizerReaders))
  .add(op.get("participationWave", `${base}/participations/:participationId/wave`, { path: Schema.Struct({ eventId: UuidStr, participationId: UuidStr }), ok: ParticipationWave, summary: "The wave of one booking" }).middleware(OrganizerReaders))
  .add(op.get("ticketSalesTicketWise", "/v2/organizers/events/:eventId/ticket-sales/ticket-wise", { path: Event, ok: TicketWiseSales, summary: "Seats by booking status and confirmed revenue per ticket" }).middleware(OrganizerReaders))
  .add(op.get("ticketSalesSlotWise", "/v2/organizers/events/:eventId/ticket-sales/slot-wise", { path: Event, ok: SlotWiseSales, summary: "Seats by booking status and confirmed revenue per slot" }).middleware(OrganizerReaders))
  .annotate(OpenApi.Title, "Events / Waves and sales")
  .annotate(OpenApi.Description, "Start waves of an event and its ticket sales")
{}
