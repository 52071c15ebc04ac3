/** Repositories of the challenges context (Postgres adapters in @podium/postgres). */
import { Context, type Effect, type Option, Schema } from "effect"
import {
  Badge,
  BadgeRequest,
  type BadgeRequestNotFound,
  type BadgeRequestStateConflict,
  type BadgeRequestStatus,
  type BadgeRequestWithBadge,
  type CreatorType
} from "./badge-request.model.js"

export const NewBadgeRequest = BadgeRequest.pick(
  "creatorType",
  "creatorId",
  "challengeId",
  "title",
  "description",
  "artworkNotes",
  "dueDate",
  "requestedByKind",
  "requestedById"
)
export interface NewBadgeRequest extends Schema.Schema.Type<typeof NewBadgeRequest> {}

export const NewBadge = Badge.pick("name", "description", "imageUrl", "image", "criteria")
export interface NewBadge extends Schema.Schema.Type<typeof NewBadge> {}

/** Challenge badge requests and the badges that complete them. */
export class BadgeRequestRepo extends Context.Tag("@podium/core/challenges/BadgeRequestRepo")<BadgeRequestRepo, {
  readonly create: (input: NewBadgeRequest) => Effect.Effect<BadgeRequestWithBadge>
  /** A creator's requests, newest first. */
  readonly listByCreator: (creatorType: CreatorType, creatorId: string) => Effect.Effect<ReadonlyArray<BadgeRequestWithBadge>>
  /** Every request (optionally of one status), newest first. */
  readonly list: (filter: { readonly status?: BadgeRequestStatus | undefined }) => Effect.Effect<ReadonlyArray<BadgeRequestWithBadge>>
  readonly findById: (id: string) => Effect.Effect<Option.Option<BadgeRequestWithBadge>>
  /**
   * Creates the badge and moves the request to completed in one transaction; the request row is
   * locked first, so of two concurrent completes exactly one wins (the other: state conflict).
   */
  readonly complete: (
    id: string,
    badge: NewBadge,
    reviewerId: string
  ) => Effect.Effect<BadgeRequestWithBadge, BadgeRequestNotFound | BadgeRequestStateConflict>
  /** Moves the request to rejected with the reason, under the same lock and machine. */
  readonly reject: (
    id: string,
    reason: string,
    reviewerId: string
  ) => Effect.Effect<BadgeRequestWithBadge, BadgeRequestNotFound | BadgeRequestStateConflict>
}>() {}
