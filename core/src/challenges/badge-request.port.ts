/** Repositories of the challenges context (Postgres adapters in @podium/postgres). */
import { Context, type Effect, type Option } from "effect"
import type {
  Badge,
  BadgeRequestNotFound,
  BadgeRequestStateConflict,
  BadgeRequestStatus,
  BadgeRequestWithBadge,
  CreatorType
} from "./badge-request.model.js"

export interface NewBadgeRequest {
  readonly creatorType: CreatorType
  readonly creatorId: string
  readonly challengeId: string | null
  readonly title: string
  readonly description: string
  readonly artworkNotes: string | null
  readonly dueDate: string | null
  readonly requestedByKind: string
  readonly requestedById: string | null
}

export interface NewBadge {
  readonly name: string
  readonly description: string
  readonly imageUrl: string | null
  readonly image: Badge["image"]
  readonly criteria: string
}

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
