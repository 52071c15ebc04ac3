/** Repositories of waitlists and self-service policies (Postgres adapters in @podium/postgres, memory twins in ../testing). */
import type { MoveRefused, SelfServiceConfig, WaitlistEntry, WaitlistStatus } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { TicketSoldOut } from "./participation.model.js"
import type { WaitlistAlreadyJoined, WaitlistEntryNotFound, WaitlistOfferOpen } from "./waitlist.model.js"

export interface NewWaitlistEntry {
  readonly id: string
  readonly eventId: string
  readonly ticketId: string
  readonly slotId: string
  readonly userId: string
  readonly partySize: number
}

/** An entry with its place in the queue of its ticket (1 = next; 0 while OFFERED; null once closed). */
export interface QueuedEntry {
  readonly entry: WaitlistEntry
  readonly position: number | null
}

/**
 * Waitlists. Offers hold seats on the booking counters: offering takes the party's seats by the same
 * conditional updates as a booking (slot, then ticket), and leaving an OFFERED entry (expiry,
 * cancel, remove) gives them back in the same transaction as its conditional move, then offers the
 * freed seats to the next entries of the slot whose whole party fits. Lapsed offers are expired
 * whenever a ticket's capacity is read (booking, position, lists), not only by the job.
 */
export class WaitlistRepo extends Context.Tag("@podium/core/registrations/WaitlistRepo")<WaitlistRepo, {
  /** Seats still on sale for the ticket (ticket and slot bounds), after lapsed holds and offers are released. */
  readonly available: (eventId: string, ticketId: string, now: Date) => Effect.Effect<number>
  readonly join: (input: NewWaitlistEntry) => Effect.Effect<WaitlistEntry, WaitlistAlreadyJoined>
  readonly find: (id: string, now: Date) => Effect.Effect<Option.Option<QueuedEntry>>
  readonly mine: (userId: string, now: Date) => Effect.Effect<ReadonlyArray<QueuedEntry>>
  readonly list: (eventId: string, filter: { readonly status?: WaitlistStatus | undefined; readonly page: number; readonly limit: number }, now: Date) => Effect.Effect<{
    readonly items: ReadonlyArray<QueuedEntry>
    readonly total: number
  }>
  /** CANCELLED by its athlete or REMOVED by the organizer; an offer's seats go back (and on) once. */
  readonly close: (id: string, move: "cancel" | "remove", by: string, reason: string | null, now: Date) => Effect.Effect<WaitlistEntry, MoveRefused | WaitlistEntryNotFound>
  /** WAITING → OFFERED out of order, taking the party's seats. */
  readonly promote: (id: string, by: string, reason: string, now: Date) => Effect.Effect<WaitlistEntry, MoveRefused | WaitlistEntryNotFound | TicketSoldOut | WaitlistOfferOpen>
  /** Marks an open offer to be notified again (the next notification sweep sends it). */
  readonly renotify: (id: string) => Effect.Effect<WaitlistEntry, MoveRefused | WaitlistEntryNotFound>
  /** Lapsed offers → EXPIRED (seats released and passed on), and freed seats offered to waiting entries; up to `limit`. */
  readonly sweep: (now: Date, limit: number) => Effect.Effect<{ readonly expired: number; readonly offered: number }>
  /** Open offers not yet notified, marked notified (run inside the unit of work that queues the messages). */
  readonly claimUnnotified: (limit: number) => Effect.Effect<ReadonlyArray<WaitlistEntry>>
}>() {}

export class SelfServiceConfigRepo extends Context.Tag("@podium/core/registrations/SelfServiceConfigRepo")<SelfServiceConfigRepo, {
  /** The saved policy, or the defaults. */
  readonly get: (eventId: string) => Effect.Effect<SelfServiceConfig>
  readonly update: (eventId: string, patch: Partial<Omit<SelfServiceConfig, "eventId" | "updatedAt">>) => Effect.Effect<SelfServiceConfig>
}>() {}
