/**
 * Mobile experiences (A 4.7): the status machine, the facts an operation can fail with, and the
 * catalogues the admin form reads (options, destination routes).
 */
import {
  defineMoves,
  DestinationRoute,
  DomainError,
  ExperienceFormat,
  ExperiencePlacement,
  ExperiencePurpose,
  ExperienceStatus,
  type ExperienceStatus as Status, InputInvalid } from "@podium/kernel"
import { Schema } from "effect"

/**
 * states.tsv: publish and pause by their routes, DELETE archives from any status. A paused
 * experience may be published again; an archived one is final (archiving it again changes nothing
 * and is answered as done, so a repeated DELETE is harmless).
 */
export const ExperienceMoves = defineMoves<Status>()({ machine: "mobile experience", code: "MOBILE_EXPERIENCE_MOVE_REFUSED" }, {
  publish: { from: ["DRAFT", "PAUSED"], to: "PUBLISHED" },
  pause: { from: ["PUBLISHED"], to: "PAUSED" },
  archive: { from: ["DRAFT", "PUBLISHED", "PAUSED", "ARCHIVED"], to: "ARCHIVED" }
})
export type ExperienceMove = keyof typeof ExperienceMoves.table

export class ExperienceNotFound extends DomainError<ExperienceNotFound>()("ExperienceNotFound", { kind: "not-found", code: "MOBILE_EXPERIENCE_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Mobile experience not found"
  }
}

/** An archived experience is kept for its analytics only. */
export class ExperienceArchived extends DomainError<ExperienceArchived>()("ExperienceArchived", { kind: "conflict", code: "MOBILE_EXPERIENCE_ARCHIVED" }, {
  id: Schema.String
}) {
  override get message() {
    return "An archived mobile experience cannot be changed"
  }
}

/** Publishing one whose schedule is already over would show nothing. */
export class ExperienceEnded extends DomainError<ExperienceEnded>()("ExperienceEnded", { kind: "conflict", code: "MOBILE_EXPERIENCE_ENDED" }, {
  id: Schema.String
}) {
  override get message() {
    return "The mobile experience's end date has passed; move endsAt before publishing"
  }
}

export class ExperienceInvalid extends InputInvalid<ExperienceInvalid>()("ExperienceInvalid") {}

/** A promotion the athlete may not see (not published, out of its schedule, not for them) reads as missing. */
export class PromotionNotFound extends DomainError<PromotionNotFound>()("PromotionNotFound", { kind: "not-found", code: "PROMOTION_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Promotion not found"
  }
}

export class PromotionUserNotFound extends DomainError<PromotionUserNotFound>()("PromotionUserNotFound", { kind: "not-found", code: "USER_NOT_FOUND" }, {
  userId: Schema.String
}) {
  override get message() {
    return "User not found"
  }
}

export class DestinationNotFound extends DomainError<DestinationNotFound>()("DestinationNotFound", { kind: "not-found", code: "DESTINATION_NOT_FOUND" }, {
  route: Schema.String,
  id: Schema.String
}) {
  override get message() {
    return "Destination not found"
  }
}

/** The routes that name one record, and what each searches. */
export const EntityRoutes = ["EVENT", "CHALLENGE", "CLUB"] as const
export type EntityRoute = (typeof EntityRoutes)[number]
export const isEntityRoute = (route: string): route is EntityRoute => (EntityRoutes as ReadonlyArray<string>).includes(route)

/** The routes the app knows, as the admin form offers them. */
export const DestinationCatalog: ReadonlyArray<{ readonly route: DestinationRoute; readonly label: string; readonly needsId: boolean; readonly searchable: boolean }> = [
  { route: "EVENT", label: "Event page", needsId: true, searchable: true },
  { route: "CHALLENGE", label: "Challenge page", needsId: true, searchable: true },
  { route: "CLUB", label: "Club page", needsId: true, searchable: true },
  { route: "URL", label: "External link (https)", needsId: true, searchable: false },
  { route: "EVENTS_LIST", label: "Events tab", needsId: false, searchable: false },
  { route: "CHALLENGES_LIST", label: "Challenges tab", needsId: false, searchable: false },
  { route: "CLUBS_LIST", label: "Clubs tab", needsId: false, searchable: false },
  { route: "NONE", label: "No destination", needsId: false, searchable: false }
]

/** Limits the admin form and the athlete read follow. */
export const PromotionLimits = { maxPerRead: 20, defaultPerRead: 5, maxFrequencyCapPerSession: 20, maxAudienceUsers: 1000 } as const

/** The enums of the admin form, straight from the record's declarations. */
export const ExperienceOptions = {
  purposes: ExperiencePurpose.literals,
  placements: ExperiencePlacement.literals,
  formats: ExperienceFormat.literals,
  statuses: ExperienceStatus.literals,
  destinationRoutes: DestinationRoute.literals,
  creativeTypes: ["image/png", "image/jpeg", "image/webp", "video/mp4"],
  limits: PromotionLimits
}
