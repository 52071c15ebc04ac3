/** Repositories of events, their slots and tickets, bookmarks (Postgres adapters in @podium/postgres, memory twins in ../testing). */
import type { Event, EventSlot, EventStatus, EventTicket, MoveRefused } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { EventMove, EventNotFound, Timeframe } from "./event.model.js"

/** A new event as the use case settled it (instants already read in the event's zone). */
export interface NewEvent extends
  Pick<Event, "organizerId" | "title" | "description" | "sport" | "city" | "country" | "venue" | "startsAt" | "endsAt" | "timezone" | "visibility" | "isTest" | "categoryId">,
  Partial<Pick<Event, "refundPolicy" | "desktopCover" | "mobileCover" | "bookingsOpen">>
{}

/** Fields an organizer update may change (status fields move only through moves). */
export interface EventPatch extends
  Partial<Pick<Event, "title" | "description" | "sport" | "city" | "country" | "venue" | "startsAt" | "endsAt" | "timezone" | "visibility" | "isTest" | "categoryId" | "refundPolicy" | "desktopCover" | "mobileCover">>
{}

/** Fields a move sets beside the status. */
export interface MoveFields extends Partial<Pick<Event, "reviewReason" | "submittedAt" | "publishedAt" | "cancelledAt" | "cancelReason" | "visibility" | "isActive">> {}

/** Who asked a cancellation (the registrations work refunds paid bookings and cancels free ones). */
export interface CancellationRequest {
  readonly reason: string | null
  /** `organizer:<memberId>`, `admin:<accountId>`. */
  readonly requestedBy: string
}

export interface EventFilter {
  readonly organizerId?: string | undefined
  /** Only what the public may see: published, public, active, not a test, not deleted. */
  readonly publicOnly?: boolean | undefined
  readonly statuses?: ReadonlyArray<EventStatus> | undefined
  readonly timeframe?: Timeframe | undefined
  readonly city?: string | undefined
  readonly country?: string | undefined
  readonly sport?: string | undefined
  readonly categoryId?: string | undefined
  readonly featured?: boolean | undefined
  /** Words found in the search index (published public events only). */
  readonly search?: string | undefined
  /** Only events whose ids are listed (bookmarks). */
  readonly ids?: ReadonlyArray<string> | undefined
  /** Leaves these ids out (a club's discoverable events skip the ones it already attached). */
  readonly excludeIds?: ReadonlyArray<string> | undefined
  readonly now: Date
  /** Upcoming-first by start (default), or newest created first. */
  readonly order?: "startsAt" | "createdAt" | undefined
  readonly limit: number
  readonly offset: number
}

export interface EventPage {
  readonly data: ReadonlyArray<Event>
  readonly total: number
}

/** Events; soft-deleted ones are invisible to every read. */
export class EventRepo extends Context.Tag("@podium/core/events/EventRepo")<EventRepo, {
  /** Inserts the event in draft with a unique slug from its title (`-2`, `-3`… when taken). */
  readonly create: (input: NewEvent) => Effect.Effect<Event>
  readonly findById: (id: string) => Effect.Effect<Option.Option<Event>>
  readonly findBySlug: (slug: string) => Effect.Effect<Option.Option<Event>>
  readonly update: (id: string, patch: EventPatch) => Effect.Effect<Option.Option<Event>>
  /** One move of the machine as a conditional update; suspend keeps the current status in `priorStatus`. */
  readonly move: (id: string, move: EventMove, fields: MoveFields) => Effect.Effect<Event, MoveRefused | EventNotFound>
  /** The cancel move and its durable cancellation intent, in one transaction. */
  readonly cancel: (id: string, request: CancellationRequest, at: Date) => Effect.Effect<Event, MoveRefused | EventNotFound>
  /** Suspended → the status before the suspension (conditional on still being suspended). */
  readonly unsuspend: (id: string) => Effect.Effect<Event, MoveRefused | EventNotFound>
  /** Flips `isActive` or `bookingsOpen`. */
  readonly toggle: (id: string, field: "isActive" | "bookingsOpen") => Effect.Effect<Option.Option<Event>>
  readonly setFeatured: (ids: ReadonlyArray<string>, featured: boolean) => Effect.Effect<ReadonlyArray<string>>
  /** Soft delete; false when it did not exist. */
  readonly remove: (id: string) => Effect.Effect<boolean>
  /** Gives the event a new primary id; every reference follows. None when the event does not exist. */
  readonly replaceId: (id: string, newId: string) => Effect.Effect<Option.Option<Event>>
  readonly list: (filter: EventFilter) => Effect.Effect<EventPage>
  /** Events per stored status (not deleted). */
  readonly countByStatus: Effect.Effect<ReadonlyArray<{ readonly status: EventStatus; readonly count: number }>>
  /** Cancellation intents not yet acted on, oldest first (what the registrations work consumes). */
  readonly pendingCancellations: (eventId: string) => Effect.Effect<ReadonlyArray<CancellationRequest & { readonly id: string; readonly createdAt: Date }>>
  /** Pending cancellation intents of every event, oldest first, up to `limit` (the refunds cascade's queue). */
  readonly dueCancellations: (limit: number) => Effect.Effect<ReadonlyArray<CancellationRequest & { readonly id: string; readonly eventId: string; readonly createdAt: Date }>>
  /** Marks an intent processed (conditional: true only for the call that moved it). */
  readonly markCancellationProcessed: (intentId: string) => Effect.Effect<boolean>
}>() {}

export interface NewSlot extends Pick<EventSlot, "eventId" | "name" | "startsAt" | "capacity"> {}
export interface SlotPatch extends Partial<Pick<EventSlot, "name" | "startsAt" | "capacity">> {}
export interface NewTicket extends
  Pick<EventTicket, "eventId" | "slotId" | "name" | "description" | "price" | "currency" | "capacity" | "salesStartAt" | "salesEndAt">
{}
export interface TicketPatch extends Partial<Pick<EventTicket, "name" | "description" | "price" | "currency" | "capacity" | "salesStartAt" | "salesEndAt">> {}

/** Slots and tickets of events. */
export class EventInventoryRepo extends Context.Tag("@podium/core/events/EventInventoryRepo")<EventInventoryRepo, {
  readonly createSlot: (input: NewSlot) => Effect.Effect<EventSlot>
  readonly slots: (eventId: string) => Effect.Effect<ReadonlyArray<EventSlot>>
  readonly findSlot: (eventId: string, slotId: string) => Effect.Effect<Option.Option<EventSlot>>
  readonly updateSlot: (eventId: string, slotId: string, patch: SlotPatch) => Effect.Effect<Option.Option<EventSlot>>
  readonly toggleSlot: (eventId: string, slotId: string) => Effect.Effect<Option.Option<EventSlot>>
  readonly removeSlot: (eventId: string, slotId: string) => Effect.Effect<boolean>
  readonly createTicket: (input: NewTicket) => Effect.Effect<EventTicket>
  /** Tickets of one slot, or of the whole event. */
  readonly tickets: (eventId: string, slotId?: string) => Effect.Effect<ReadonlyArray<EventTicket>>
  readonly findTicket: (eventId: string, ticketId: string) => Effect.Effect<Option.Option<EventTicket>>
  readonly updateTicket: (eventId: string, ticketId: string, patch: TicketPatch) => Effect.Effect<Option.Option<EventTicket>>
  readonly toggleTicket: (eventId: string, ticketId: string) => Effect.Effect<Option.Option<EventTicket>>
  readonly removeTicket: (eventId: string, ticketId: string) => Effect.Effect<boolean>
}>() {}

/** Athletes' bookmarks of events. */
export class EventBookmarkRepo extends Context.Tag("@podium/core/events/EventBookmarkRepo")<EventBookmarkRepo, {
  /** Adds or removes the bookmark; answers whether it is now bookmarked. */
  readonly toggle: (userId: string, eventId: string) => Effect.Effect<boolean>
  readonly has: (userId: string, eventId: string) => Effect.Effect<boolean>
  /** Bookmarked event ids, newest bookmark first. */
  readonly eventIds: (userId: string) => Effect.Effect<ReadonlyArray<string>>
}>() {}
