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
export const Badge = Schema.Struct({
  id: Schema.String,
  requestId: Schema.NullOr(Schema.String),
  challengeId: Schema.NullOr(Schema.String),
  name: Schema.String,
  description: Schema.String,
  imageUrl: Schema.NullOr(Schema.String),
  image: Schema.NullOr(Schema.Struct({ key: Schema.String, contentType: Schema.String, fileName: Schema.String, size: Schema.Number })),
  criteria: Schema.String,
  createdBy: Schema.NullOr(Schema.String),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface Badge extends Schema.Schema.Type<typeof Badge> {}

export const BadgeRequest = Schema.Struct({
  id: Schema.String,
  creatorType: Schema.Literal(...CreatorTypes),
  creatorId: Schema.String,
  challengeId: Schema.NullOr(Schema.String),
  title: Schema.String,
  description: Schema.String,
  artworkNotes: Schema.NullOr(Schema.String),
  /** `YYYY-MM-DD`. */
  dueDate: Schema.NullOr(Schema.String),
  status: Schema.Literal(...BadgeRequestStatuses),
  /** The admin's reason, verbatim, once rejected. */
  rejectionReason: Schema.NullOr(Schema.String),
  badgeId: Schema.NullOr(Schema.String),
  requestedByKind: Schema.String,
  requestedById: Schema.NullOr(Schema.String),
  reviewedBy: Schema.NullOr(Schema.String),
  reviewedAt: Schema.NullOr(Schema.DateFromSelf),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface BadgeRequest extends Schema.Schema.Type<typeof BadgeRequest> {}

/** A request with its badge once completed. */
export const BadgeRequestWithBadge = Schema.Struct({ ...BadgeRequest.fields, badge: Schema.NullOr(Badge) })
export interface BadgeRequestWithBadge extends Schema.Schema.Type<typeof BadgeRequestWithBadge> {}

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
