/**
 * Challenge badge requests (A 4.5 admin side, C "Challenge badge requests" creator side): a
 * challenge creator (an organizer today; clubs arrive with the clubs issue) asks the platform for a
 * badge design; an admin completes the request by creating the badge, or rejects it with a reason
 * that is returned verbatim to the creator. The state machine is data (states.tsv row "Challenge
 * badge request"): `BadgeRequestMoves` lists every legal move and `transitionBadgeRequest` refuses
 * every other one.
 */
import { DomainError } from "@podium/kernel"
import { Either, Schema } from "effect"

export const BadgeRequestStatuses = ["pending_admin_approval", "completed", "rejected"] as const
export type BadgeRequestStatus = (typeof BadgeRequestStatuses)[number]

export const BadgeRequestEvents = ["complete", "reject"] as const
export type BadgeRequestEvent = (typeof BadgeRequestEvents)[number]

/** Every legal move: from, event, to. Anything not listed is illegal (409). */
export const BadgeRequestMoves: ReadonlyArray<{
  readonly from: BadgeRequestStatus
  readonly event: BadgeRequestEvent
  readonly to: BadgeRequestStatus
}> = [
  { from: "pending_admin_approval", event: "complete", to: "completed" },
  { from: "pending_admin_approval", event: "reject", to: "rejected" }
]

/** Who may create challenges and so ask for badges. `club` creators arrive with the clubs issue. */
export const CreatorTypes = ["organizer", "club"] as const
export type CreatorType = (typeof CreatorTypes)[number]

/** A badge the platform designed (challenges.badges). Either `imageUrl` or an uploaded `image`. */
export interface Badge {
  readonly id: string
  readonly requestId: string | null
  readonly challengeId: string | null
  readonly name: string
  readonly description: string
  readonly imageUrl: string | null
  readonly image: { readonly key: string; readonly contentType: string; readonly fileName: string; readonly size: number } | null
  readonly criteria: string
  readonly createdBy: string | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

export interface BadgeRequest {
  readonly id: string
  readonly creatorType: CreatorType
  readonly creatorId: string
  readonly challengeId: string | null
  readonly title: string
  readonly description: string
  readonly artworkNotes: string | null
  /** `YYYY-MM-DD`. */
  readonly dueDate: string | null
  readonly status: BadgeRequestStatus
  /** The admin's reason, verbatim, once rejected. */
  readonly rejectionReason: string | null
  readonly badgeId: string | null
  readonly requestedByKind: string
  readonly requestedById: string | null
  readonly reviewedBy: string | null
  readonly reviewedAt: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** A request with its badge once completed. */
export interface BadgeRequestWithBadge extends BadgeRequest {
  readonly badge: Badge | null
}

/** The request is not in a state the event may leave (409 BADGE_REQUEST_NOT_PENDING). */
export class BadgeRequestStateConflict extends DomainError<BadgeRequestStateConflict>()("BadgeRequestStateConflict", {
  kind: "conflict",
  code: "BADGE_REQUEST_NOT_PENDING"
}, {
  status: Schema.String,
  event: Schema.String
}) {
  override get message() {
    return `A badge request that is ${this.status} cannot be ${this.event === "complete" ? "completed" : "rejected"}`
  }
}

export class BadgeRequestNotFound extends DomainError<BadgeRequestNotFound>()("BadgeRequestNotFound", { kind: "not-found" }, {
  id: Schema.String
}) {
  override get message() {
    return "Badge request not found"
  }
}

/** The creator named in the path does not exist (404 CREATOR_NOT_FOUND); every club creator until clubs exist. */
export class CreatorNotFound extends DomainError<CreatorNotFound>()("CreatorNotFound", {
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

/** Input failures found after decoding (image choice, file type or size): 400 with the message list. */
export class BadgeInputInvalid extends DomainError<BadgeInputInvalid>()("BadgeInputInvalid", {
  kind: "invalid",
  messages: (e) => e.messages
}, {
  messages: Schema.Array(Schema.String)
}) {}

/** The status after `event`, or the conflict when the machine has no such move. */
export const transitionBadgeRequest = (
  status: BadgeRequestStatus,
  event: BadgeRequestEvent
): Either.Either<BadgeRequestStatus, BadgeRequestStateConflict> => {
  const move = BadgeRequestMoves.find((m) => m.from === status && m.event === event)
  return move === undefined ? Either.left(new BadgeRequestStateConflict({ status, event })) : Either.right(move.to)
}
