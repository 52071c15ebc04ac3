/**
 * Events: the life cycle as a move table (states.tsv "Event"), the errors the context answers
 * with, and the pure time rules (organizer wall-clock input read in the event's zone, timeframes,
 * the statuses derived from the dates).
 */
import { defineMoves, DomainError, type Event, type EventStatus, MoveRefused, InputInvalid } from "@podium/kernel"
import { Schema } from "effect"

/**
 * Unsuspend is not in the table: it leads back to the status kept in `priorStatus`, which the
 * repositories restore with the same conditional update (`… where status = 'suspended'`).
 */
export const EventMoves = defineMoves<EventStatus>()({ machine: "event", code: "EVENT_STATUS_CONFLICT" }, {
  "submit for approval": { from: ["draft", "unpublished"], to: "pending_approval" },
  approve: { from: ["pending_approval"], to: "published" },
  reject: { from: ["pending_approval"], to: "draft" },
  unpublish: { from: ["published"], to: "unpublished" },
  cancel: { from: ["draft", "pending_approval", "published", "unpublished"], to: "cancelled" },
  suspend: { from: ["draft", "pending_approval", "published", "unpublished"], to: "suspended" },
  "restore cancelled": { from: ["cancelled"], to: "published" }
})
export type EventMove = keyof typeof EventMoves.table

/** Unsuspend from any status but suspended: the machine's refusal, in its words and code. */
export const unsuspendRefused = (status: string) =>
  new MoveRefused({ machine: EventMoves.machine, code: "EVENT_STATUS_CONFLICT", move: "unsuspend", status })

export class EventNotFound extends DomainError<EventNotFound>()("EventNotFound", { kind: "not-found" }, {
  ref: Schema.String
}) {
  override get message() {
    return `Event ${this.ref} not found`
  }
}

/** The event is suspended by an admin: organizer writes are refused until unsuspended. */
export class EventSuspended extends DomainError<EventSuspended>()("EventSuspended", { kind: "conflict", code: "EVENT_SUSPENDED" }, {
  eventId: Schema.String
}) {
  override get message() {
    return "Event is suspended; changes are blocked until an admin unsuspends it"
  }
}

/** A request the event's own data refuses (dates out of order, capacity above the slot's…): 400 with the reason. */
export class EventInvalid extends InputInvalid<EventInvalid>()("EventInvalid") {}

/** Soft delete is refused while anyone still holds a place (spec: 400). */
export class EventHasParticipants extends DomainError<EventHasParticipants>()("EventHasParticipants", { kind: "invalid", code: "EVENT_HAS_PARTICIPANTS" }, {
  eventId: Schema.String,
  active: Schema.Int
}) {
  override get message() {
    return `Event has ${this.active} active participant(s); it can be deleted only with none`
  }
}

export class SlotNotFound extends DomainError<SlotNotFound>()("SlotNotFound", { kind: "not-found" }, { slotId: Schema.String }) {
  override get message() {
    return `Slot ${this.slotId} not found`
  }
}

export class TicketNotFound extends DomainError<TicketNotFound>()("TicketNotFound", { kind: "not-found" }, { ticketId: Schema.String }) {
  override get message() {
    return `Ticket ${this.ticketId} not found`
  }
}

/** A slot or ticket with places taken cannot be removed. */
export class PlacesTaken extends DomainError<PlacesTaken>()("PlacesTaken", { kind: "conflict", code: "PLACES_TAKEN" }, {
  what: Schema.String,
  sold: Schema.Int
}) {
  override get message() {
    return `The ${this.what} has ${this.sold} place(s) taken and cannot be removed`
  }
}

/** A slug from a title: lower-case ascii letters and digits joined by single dashes. */
export const eventSlugOf = (title: string): string =>
  title.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80) || "event"

const OffsetPattern = /(Z|[+-]\d{2}:?\d{2})$/i
const LocalPattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/

/** The offset (ms) of `zone` at the instant `utcMs`. */
const offsetAt = (zone: string, utcMs: number): number => {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit"
  }).formatToParts(new Date(utcMs))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"))
  return asUtc - Math.floor(utcMs / 1000) * 1000
}

/**
 * An ISO-8601 date-time as an instant: with an offset (`Z`, `+05:30`) as written; without one, as
 * the wall-clock time in `zone` (a time skipped by a DST jump moves forward by the gap, a repeated
 * one takes its first occurrence). Undefined when the text is not a date-time.
 */
export const instantIn = (text: string, zone: string): Date | undefined => {
  if (OffsetPattern.test(text)) {
    const at = new Date(text)
    return Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(text) ? undefined : at
  }
  const m = LocalPattern.exec(text)
  if (m === null) return undefined
  const [y, mo, d, h, mi, s, ms] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)))
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!, ms!)
  const check = new Date(wall)
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d!) return undefined
  // Two passes settle the offset on either side of a transition.
  const first = wall - offsetAt(zone, wall)
  const second = wall - offsetAt(zone, first)
  // In a gap the two passes disagree; the earlier offset moves the time forward by the gap.
  const candidate = Math.max(first, second)
  // A repeated hour: prefer the earlier instant whose wall clock matches.
  const earlier = candidate - 3_600_000
  return new Date(earlier + offsetAt(zone, earlier) === wall ? earlier : candidate)
}

/** The calendar date (`YYYY-MM-DD`) and time of `at` on the wall clock of `zone`. */
export const wallClockOf = (at: Date, zone: string): string => {
  const local = new Date(at.getTime() + offsetAt(zone, at.getTime()))
  return local.toISOString().slice(0, 19)
}

export const Timeframes = ["upcoming", "ongoing", "past"] as const
export type Timeframe = (typeof Timeframes)[number]

/** Whether an event lies in the timeframe at `now` (instants, so DST never shifts the answer). */
export const inTimeframe = (event: Pick<Event, "startsAt" | "endsAt">, timeframe: Timeframe, now: Date): boolean =>
  timeframe === "upcoming"
    ? event.startsAt.getTime() > now.getTime()
    : timeframe === "ongoing"
    ? event.startsAt.getTime() <= now.getTime() && now.getTime() < event.endsAt.getTime()
    : event.endsAt.getTime() <= now.getTime()

/** How long before the start an open event reads as closing soon. */
export const ClosingSoonWindowMs = 72 * 3_600_000

export const EventPhases = ["draft", "pending_approval", "published", "unpublished", "suspended", "open", "closing_soon", "in_progress", "completed", "cancelled"] as const
export type EventPhase = (typeof EventPhases)[number]

/**
 * The status the spec names for a published event, derived from its dates at `now`: completed after
 * its end, in_progress between start and end, open while bookings are open (closing_soon in the
 * last 72 hours before the start), published when bookings are closed. Other statuses read as stored.
 */
export const phaseOf = (event: Pick<Event, "status" | "startsAt" | "endsAt" | "bookingsOpen">, now: Date): EventPhase => {
  if (event.status !== "published") return event.status
  const t = now.getTime()
  if (t >= event.endsAt.getTime()) return "completed"
  if (t >= event.startsAt.getTime()) return "in_progress"
  if (!event.bookingsOpen) return "published"
  return event.startsAt.getTime() - t <= ClosingSoonWindowMs ? "closing_soon" : "open"
}

/** Whether the public may see the event (lists, feed, by-slug, search). */
export const isPubliclyVisible = (event: Pick<Event, "status" | "visibility" | "isTest" | "isActive">): boolean =>
  event.status === "published" && event.visibility === "public" && !event.isTest && event.isActive
