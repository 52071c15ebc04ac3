/** Repository of deferrals (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import type { Deferral, MoveRefused } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { DeferralAlreadyRequested, DeferralNotFound, DeferralRefused } from "./deferral.model.js"
import type { ParticipationNotFound, TicketSoldOut } from "./participation.model.js"
import type { Booking, NewParticipant } from "./participation.port.js"

export interface NewDeferral extends Pick<Deferral, "id" | "eventId" | "participationId" | "participantId" | "userId" | "reason"> {}

export interface Fulfilment {
  readonly by: string
  readonly targetEventId: string
  readonly targetSlotId: string
  readonly targetTicketId: string
  /** The new booking in the target edition (CONFIRMED, one seat, nothing to pay). */
  readonly participationId: string
  readonly bookingIds: ReadonlyArray<string>
  readonly participant: NewParticipant
}

/**
 * Deferrals. A decision that releases the original seat (fulfil, issue comp) is one transaction:
 * the original booking's row locked, the deferral's conditional move, the participant DEFERRED,
 * the seat given back (and offered to the waitlist); a fulfilment also takes a seat of the target
 * ticket by the conditional updates (slots in id order) and creates the new booking.
 */
export class DeferralRepo extends Context.Tag("@podium/core/registrations/DeferralRepo")<DeferralRepo, {
  readonly create: (input: NewDeferral) => Effect.Effect<Deferral, DeferralAlreadyRequested>
  readonly find: (id: string) => Effect.Effect<Option.Option<Deferral>>
  readonly mine: (userId: string) => Effect.Effect<ReadonlyArray<Deferral>>
  /** REQUESTED deferrals of the organizer's events (or one event), oldest first. */
  readonly pending: (organizerId: string, eventId: string | undefined, page: number, limit: number) => Effect.Effect<{
    readonly items: ReadonlyArray<Deferral>
    readonly total: number
  }>
  /** Cancel or reject: no seat moves. */
  readonly decide: (id: string, move: "cancel" | "reject", by: string, reason: string | null, at: Date) => Effect.Effect<Deferral, MoveRefused | DeferralNotFound>
  readonly fulfil: (id: string, f: Fulfilment, at: Date) => Effect.Effect<
    { readonly deferral: Deferral; readonly booking: Booking },
    MoveRefused | DeferralNotFound | DeferralRefused | ParticipationNotFound | TicketSoldOut
  >
  readonly issueComp: (id: string, by: string, compCode: string, note: string | null, at: Date) => Effect.Effect<
    Deferral,
    MoveRefused | DeferralNotFound | DeferralRefused | ParticipationNotFound
  >
}>() {}
