/**
 * Challenges (C "Badges and challenges", B "Challenge management"): the life cycle as a move table
 * (states.tsv "Challenge", "Challenge participation") and the facts a challenge operation can fail
 * with. The record itself is the kernel's `Challenge`.
 */
import { type Challenge, type ChallengeParticipation, type ChallengeStatus, defineMoves, DomainError, InputInvalid } from "@podium/kernel"
import { Schema } from "effect"

/**
 * Review (admins) approves a draft or a rejected challenge, or rejects a draft; toggle (creator)
 * pauses and resumes an active one; the end date or an admin closes it, an admin reopens it;
 * cancel (creator or admin) ends it before it closes.
 */
export const ChallengeMoves = defineMoves<ChallengeStatus>()({ machine: "challenge", code: "CHALLENGE_MOVE_REFUSED" }, {
  approve: { from: ["DRAFT", "REJECTED"], to: "ACTIVE" },
  reject: { from: ["DRAFT"], to: "REJECTED" },
  pause: { from: ["ACTIVE"], to: "PAUSED" },
  resume: { from: ["PAUSED"], to: "ACTIVE" },
  close: { from: ["ACTIVE", "PAUSED"], to: "CLOSED" },
  reopen: { from: ["CLOSED"], to: "ACTIVE" },
  cancel: { from: ["DRAFT", "REJECTED", "ACTIVE", "PAUSED"], to: "CANCELLED" }
})
export type ChallengeMove = keyof typeof ChallengeMoves.table

/** Statuses whose set-up the creator may still change. */
export const EditableStatuses: ReadonlyArray<ChallengeStatus> = ["DRAFT", "REJECTED", "ACTIVE", "PAUSED"]
/** Statuses a challenge may be deleted in (it never went live). */
export const DeletableStatuses: ReadonlyArray<ChallengeStatus> = ["DRAFT", "REJECTED"]
/** Statuses the public sees (by id or slug, discovery, participants, calendar). */
export const PublicStatuses: ReadonlyArray<ChallengeStatus> = ["ACTIVE", "PAUSED", "CLOSED"]

type ParticipationStatus = ChallengeParticipation["status"]
/**
 * A paid join is confirmed once its payment is captured; an athlete leaves a joined challenge (or
 * abandons a pending paid join); an admin revokes a participation (it cannot be rejoined).
 */
export const ParticipationMoves = defineMoves<ParticipationStatus>()({ machine: "challenge participation", code: "PARTICIPATION_MOVE_REFUSED" }, {
  confirm: { from: ["PENDING_PAYMENT"], to: "JOINED" },
  leave: { from: ["JOINED", "PENDING_PAYMENT"], to: "LEFT" },
  revoke: { from: ["JOINED", "LEFT"], to: "REVOKED" }
})

export class ChallengeNotFound extends DomainError<ChallengeNotFound>()("ChallengeNotFound", { kind: "not-found", code: "CHALLENGE_NOT_FOUND" }, {
  ref: Schema.String
}) {
  override get message() {
    return "Challenge not found"
  }
}

export class ChallengeSlugTaken extends DomainError<ChallengeSlugTaken>()("ChallengeSlugTaken", { kind: "conflict", code: "CHALLENGE_SLUG_TAKEN" }, {
  slug: Schema.String
}) {
  override get message() {
    return `The slug ${this.slug} is taken by another challenge`
  }
}

/** The caller may not manage this challenge or create for this creator (403). */
export class ChallengeAccessDenied extends DomainError<ChallengeAccessDenied>()("ChallengeAccessDenied", { kind: "forbidden", message: "Access Denied" }, {
  ref: Schema.String
}) {}

/** The named creator cannot create challenges here (404): an unknown organizer, club or brand. */
export class ChallengeCreatorNotFound extends DomainError<ChallengeCreatorNotFound>()("ChallengeCreatorNotFound", {
  kind: "not-found",
  code: "CREATOR_NOT_FOUND"
}, {
  creatorType: Schema.String,
  creatorId: Schema.String
}) {
  override get message() {
    return `No ${this.creatorType} ${this.creatorId} can create challenges`
  }
}

/** Input failures found after decoding (dates out of order, a cap below the joined count): 400 with the list. */
export class ChallengeInputInvalid extends InputInvalid<ChallengeInputInvalid>()("ChallengeInputInvalid") {}

export class ChallengeNotEditable extends DomainError<ChallengeNotEditable>()("ChallengeNotEditable", { kind: "conflict", code: "CHALLENGE_NOT_EDITABLE" }, {
  status: Schema.String
}) {
  override get message() {
    return `A challenge that is ${this.status} cannot be changed`
  }
}

export class ChallengeNotDeletable extends DomainError<ChallengeNotDeletable>()("ChallengeNotDeletable", { kind: "conflict", code: "CHALLENGE_NOT_DELETABLE" }, {
  status: Schema.String
}) {
  override get message() {
    return `A challenge that is ${this.status} cannot be deleted; cancel it instead`
  }
}

/** The cap would fall below the athletes already joined. */
export class ChallengeCapBelowParticipants extends DomainError<ChallengeCapBelowParticipants>()("ChallengeCapBelowParticipants", {
  kind: "conflict",
  code: "CHALLENGE_CAP_BELOW_PARTICIPANTS"
}, {
  maxParticipants: Schema.Number,
  participantCount: Schema.Number
}) {
  override get message() {
    return `maxParticipants ${this.maxParticipants} is below the ${this.participantCount} athletes already joined`
  }
}

/** Reopening needs an end date in the future. */
export class ChallengeEnded extends DomainError<ChallengeEnded>()("ChallengeEnded", { kind: "conflict", code: "CHALLENGE_ENDED" }, {
  id: Schema.String
}) {
  override get message() {
    return "The challenge's end date has passed; give a later endsAt to reopen it"
  }
}

export class ChallengeFull extends DomainError<ChallengeFull>()("ChallengeFull", { kind: "conflict", code: "CHALLENGE_FULL" }, {
  id: Schema.String
}) {
  override get message() {
    return "The challenge has reached its participant cap"
  }
}

/** Joining needs an ACTIVE challenge that has not ended; leaving an ACTIVE or PAUSED one. */
export class ChallengeNotJoinable extends DomainError<ChallengeNotJoinable>()("ChallengeNotJoinable", { kind: "conflict", code: "CHALLENGE_NOT_JOINABLE" }, {
  status: Schema.String
}) {
  override get message() {
    return this.status === "ENDED" ? "The challenge has ended" : `A challenge that is ${this.status} cannot be joined or left`
  }
}

export class AlreadyJoined extends DomainError<AlreadyJoined>()("AlreadyJoined", { kind: "conflict", code: "CHALLENGE_ALREADY_JOINED" }, {
  challengeId: Schema.String
}) {
  override get message() {
    return "You have already joined this challenge"
  }
}

export class ParticipationRevoked extends DomainError<ParticipationRevoked>()("ParticipationRevoked", { kind: "conflict", code: "PARTICIPATION_REVOKED" }, {
  challengeId: Schema.String
}) {
  override get message() {
    return "Your participation in this challenge was revoked"
  }
}

export class ParticipationNotFound extends DomainError<ParticipationNotFound>()("ParticipationNotFound", {
  kind: "not-found",
  code: "PARTICIPATION_NOT_FOUND"
}, {
  ref: Schema.String
}) {
  override get message() {
    return "Participation not found"
  }
}

export class ChallengeTagNotFound extends DomainError<ChallengeTagNotFound>()("ChallengeTagNotFound", { kind: "not-found", code: "CHALLENGE_TAG_NOT_FOUND" }, {
  slug: Schema.String
}) {
  override get message() {
    return `${this.slug} is not one of the challenge tags`
  }
}

export class ChallengeTemplateNotFound extends DomainError<ChallengeTemplateNotFound>()("ChallengeTemplateNotFound", {
  kind: "not-found",
  code: "CHALLENGE_TEMPLATE_NOT_FOUND"
}, {
  id: Schema.String
}) {
  override get message() {
    return "Challenge template not found"
  }
}

/** What keeps a challenge from going live, as reasons (the readiness read and the review's approve). */
export interface ReadinessReason {
  readonly code: "NOT_IN_REVIEW" | "DESCRIPTION_MISSING" | "END_DATE_PASSED"
  readonly message: string
}

/** The reasons `challenge` cannot be approved at `now` (none: ready). */
export const readinessReasons = (challenge: Challenge, now: Date): ReadonlyArray<ReadinessReason> => [
  ...(ChallengeMoves.allows(challenge.status, "approve") ? [] : [{ code: "NOT_IN_REVIEW" as const, message: `A challenge that is ${challenge.status} is not awaiting review` }]),
  ...(challenge.description.trim().length > 0 ? [] : [{ code: "DESCRIPTION_MISSING" as const, message: "Describe the challenge for athletes" }]),
  ...(challenge.endsAt.getTime() > now.getTime() ? [] : [{ code: "END_DATE_PASSED" as const, message: "The end date has passed; move it later" }])
]

/** Approving a challenge that is not ready (409 CHALLENGE_NOT_READY, with the reasons). */
export class ChallengeNotReady extends DomainError<ChallengeNotReady>()("ChallengeNotReady", { kind: "conflict", code: "CHALLENGE_NOT_READY" }, {
  reasons: Schema.Array(Schema.String)
}) {
  override get message() {
    return `The challenge is not ready to go live: ${this.reasons.join("; ")}`
  }
}

/** A lower-case, dash-separated slug of a title (at most 60 characters; `challenge` when nothing is left). */
export const slugify = (title: string): string => {
  const base = title.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60)
    .replace(/-+$/g, "")
  return base.length >= 3 ? base : `challenge${base.length > 0 ? `-${base}` : ""}`
}

/** The gateway order purpose of a paid challenge join. */
export const ChallengeEntryOrderPurpose = "challenge_entry"

/** How long a pending paid join holds its place against the cap. */
export const ChallengePaymentHoldMs = 30 * 60 * 1000

/** The payment the app sent is not (yet) captured at the gateway. */
export class ChallengePaymentNotCaptured extends DomainError<ChallengePaymentNotCaptured>()("ChallengePaymentNotCaptured", {
  kind: "conflict",
  code: "CHALLENGE_PAYMENT_NOT_CAPTURED"
}, { status: Schema.String }) {
  override get message() {
    return `The payment is ${this.status}, not captured`
  }
}

/** A paid challenge cannot be confirmed: the caller has no pending paid join for it. */
export class ChallengePaymentNotPending extends DomainError<ChallengePaymentNotPending>()("ChallengePaymentNotPending", {
  kind: "conflict",
  code: "CHALLENGE_PAYMENT_NOT_PENDING"
}, { status: Schema.String }) {
  override get message() {
    return `The participation is ${this.status}; there is no payment to verify`
  }
}
