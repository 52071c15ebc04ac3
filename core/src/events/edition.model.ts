/**
 * Editions: the life cycle as a move table (states.tsv "Edition"), the errors editions and their
 * registrations answer with, and what the public may see.
 */
import { defineMoves, DomainError, type Edition, type EditionStatus } from "@podium/kernel"
import { Schema } from "effect"

/**
 * Organizers publish, close and cancel; admins may override with the same moves ("publish, cancel
 * and others"). Reopen brings a closed edition back to registration; unpublish takes a published
 * edition nobody holds a place in back to draft (checked by the use case).
 */
export const EditionMoves = defineMoves<EditionStatus>()({ machine: "edition", code: "EDITION_STATUS_CONFLICT" }, {
  publish: { from: ["draft"], to: "published" },
  unpublish: { from: ["published"], to: "draft" },
  close: { from: ["published"], to: "closed" },
  reopen: { from: ["closed"], to: "published" },
  cancel: { from: ["draft", "published", "closed"], to: "cancelled" }
})
export type EditionMove = keyof typeof EditionMoves.table

/** The move that leads to a target status from the current one (what a `status` field in a body asks). */
export const editionMoveTo = (from: EditionStatus, to: EditionStatus): EditionMove | undefined =>
  (Object.keys(EditionMoves.table) as Array<EditionMove>).find((m) => EditionMoves.table[m].to === to && EditionMoves.allows(from, m)) ??
    (Object.keys(EditionMoves.table) as Array<EditionMove>).find((m) => EditionMoves.table[m].to === to)

/** Editions the public may see: everything but drafts (a cancelled edition stays readable so its page says so). */
export const isEditionPublic = (edition: Pick<Edition, "status">) => edition.status !== "draft"

export class EditionNotFound extends DomainError<EditionNotFound>()("EditionNotFound", { kind: "not-found" }, { ref: Schema.String }) {
  override get message() {
    return `Edition ${this.ref} not found`
  }
}

/** One edition per year of a series. */
export class EditionYearTaken extends DomainError<EditionYearTaken>()("EditionYearTaken", { kind: "conflict", code: "EDITION_YEAR_TAKEN" }, {
  eventId: Schema.String,
  year: Schema.Int
}) {
  override get message() {
    return `The event already has an edition for ${this.year}`
  }
}

export class EditionFull extends DomainError<EditionFull>()("EditionFull", { kind: "conflict", code: "EDITION_FULL" }, { editionId: Schema.String }) {
  override get message() {
    return "The edition is full"
  }
}

export class EditionRegistrationClosed extends DomainError<EditionRegistrationClosed>()(
  "EditionRegistrationClosed",
  { kind: "conflict", code: "EDITION_REGISTRATION_CLOSED" },
  { editionId: Schema.String, reason: Schema.String }
) {
  override get message() {
    return `Registration is closed: ${this.reason}`
  }
}

export class EditionAlreadyRegistered extends DomainError<EditionAlreadyRegistered>()(
  "EditionAlreadyRegistered",
  { kind: "conflict", code: "EDITION_ALREADY_REGISTERED" },
  { editionId: Schema.String }
) {
  override get message() {
    return "You are already registered for this edition"
  }
}

/** Unpublishing, or lowering the capacity below the places held, would strand registrations. */
export class EditionHasRegistrations extends DomainError<EditionHasRegistrations>()(
  "EditionHasRegistrations",
  { kind: "conflict", code: "EDITION_HAS_REGISTRATIONS" },
  { editionId: Schema.String, registered: Schema.Int }
) {
  override get message() {
    return `The edition has ${this.registered} registration(s)`
  }
}

export class EditionRegistrationNotFound extends DomainError<EditionRegistrationNotFound>()(
  "EditionRegistrationNotFound",
  { kind: "not-found" },
  { registrationId: Schema.String }
) {
  override get message() {
    return `Registration ${this.registrationId} not found`
  }
}

export class EditionPaymentNotCaptured extends DomainError<EditionPaymentNotCaptured>()(
  "EditionPaymentNotCaptured",
  { kind: "conflict", code: "EDITION_PAYMENT_NOT_CAPTURED" },
  { status: Schema.String }
) {
  override get message() {
    return `The payment is ${this.status}, not captured`
  }
}

/** The purpose of edition orders in `payments.orders` (the inbox's processor matches on it). */
export const EditionOrderPurpose = "edition_registration"
