/**
 * Waitlists and the self-service policy (C "Waitlist", "Organizer event tools"): the entry machine
 * (states.tsv "Waitlist entry"), the errors and the policy's defaults.
 */
import { defineMoves, DomainError, type SelfServiceConfig, type WaitlistStatus } from "@podium/kernel"
import { Schema } from "effect"

/**
 * An entry waits, is offered seats (which it holds), and ends BOOKED, EXPIRED (the offer lapsed:
 * the seats pass on), CANCELLED by its athlete (or by booking another ticket of the event) or
 * REMOVED by the organizer. Leaving an OFFERED entry gives its seats back once.
 */
export const WaitlistMoves = defineMoves<WaitlistStatus>()({ machine: "waitlist entry", code: "WAITLIST_ENTRY_STATUS_CONFLICT" }, {
  offer: { from: ["WAITING"], to: "OFFERED" },
  promote: { from: ["WAITING"], to: "OFFERED" },
  notify: { from: ["OFFERED"], to: "OFFERED" },
  book: { from: ["OFFERED"], to: "BOOKED" },
  expire: { from: ["OFFERED"], to: "EXPIRED" },
  cancel: { from: ["WAITING", "OFFERED"], to: "CANCELLED" },
  remove: { from: ["WAITING", "OFFERED"], to: "REMOVED" }
})
export type WaitlistMove = keyof typeof WaitlistMoves.table

/** The policy of an event that never saved one. */
export const defaultSelfServiceConfig = (eventId: string): SelfServiceConfig => ({
  eventId,
  allowSelfEdit: true,
  editableFields: ["email", "phoneNumber"],
  nameChangeIsTransfer: true,
  allowTransfers: true,
  maxTransfersPerParticipant: 1,
  transferDeadline: null,
  allowDeferrals: true,
  deferralDeadline: null,
  waitlistEnabled: true,
  waitlistOfferHours: 12,
  updatedAt: new Date(0)
})

export class WaitlistEntryNotFound extends DomainError<WaitlistEntryNotFound>()("WaitlistEntryNotFound", { kind: "not-found", code: "WAITLIST_ENTRY_NOT_FOUND" }, {
  ref: Schema.String
}) {
  override get message() {
    return `Waitlist entry ${this.ref} not found`
  }
}

/** Seats are on sale: the athlete books instead of joining. */
export class WaitlistNotNeeded extends DomainError<WaitlistNotNeeded>()("WaitlistNotNeeded", { kind: "conflict", code: "TICKET_AVAILABLE" }, {
  ticketId: Schema.String
}) {
  override get message() {
    return "Seats of this ticket are available: book them instead of joining the waitlist"
  }
}

export class WaitlistClosed extends DomainError<WaitlistClosed>()("WaitlistClosed", { kind: "conflict", code: "WAITLIST_DISABLED" }, {
  eventId: Schema.String
}) {
  override get message() {
    return "The organizer does not keep a waitlist for this event"
  }
}

export class WaitlistAlreadyJoined extends DomainError<WaitlistAlreadyJoined>()("WaitlistAlreadyJoined", { kind: "conflict", code: "WAITLIST_ALREADY_JOINED" }, {
  ticketId: Schema.String
}) {
  override get message() {
    return "You are already on this ticket's waitlist"
  }
}

/** An athlete holds at most one open offer per event. */
export class WaitlistOfferOpen extends DomainError<WaitlistOfferOpen>()("WaitlistOfferOpen", { kind: "conflict", code: "WAITLIST_OFFER_ALREADY_OPEN" }, {
  entryId: Schema.String
}) {
  override get message() {
    return "This athlete already holds an open offer for the event"
  }
}
