/** Repositories of challenges, participations and templates (Postgres adapters in @podium/postgres). */
import type { Challenge, ChallengeParticipation, ChallengeStatus, ChallengeTemplate, MoveRefused } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type {
  AlreadyJoined,
  ChallengeCapBelowParticipants,
  ChallengeFull,
  ChallengeMove,
  ChallengeNotDeletable,
  ChallengeNotEditable,
  ChallengeNotFound,
  ChallengeNotJoinable,
  ChallengeSlugTaken,
  ParticipationNotFound,
  ParticipationRevoked
} from "./challenge.model.js"

/** A new challenge: every field but the ones the store or the life cycle sets. */
export type NewChallenge = Omit<Challenge, "id" | "participantCount" | "status" | "statusReason" | "reviewedBy" | "reviewedAt" | "createdAt" | "updatedAt">

/** The set-up fields a creator may change (the whole new value of each). */
export type ChallengeSetup = Pick<
  Challenge,
  | "slug"
  | "title"
  | "description"
  | "activityType"
  | "goalType"
  | "goalValue"
  | "startsAt"
  | "endsAt"
  | "timeZone"
  | "maxParticipants"
  | "entryFee"
  | "charityId"
  | "tags"
  | "coverImageUrl"
  | "isFeatured"
>

/** What a move writes besides the status. */
export interface MoveFacts {
  readonly statusReason?: string | null
  readonly reviewedBy?: string
  readonly reviewedAt?: Date
  /** A new end date (reopen). */
  readonly endsAt?: Date
}

export interface ChallengeFilter {
  readonly creatorType?: Challenge["creatorType"] | undefined
  readonly creatorId?: string | undefined
  readonly statuses?: ReadonlyArray<ChallengeStatus> | undefined
  readonly tag?: string | undefined
  readonly activityType?: Challenge["activityType"] | undefined
  /** Title contains this text (case-insensitive). */
  readonly q?: string | undefined
  readonly featured?: boolean | undefined
  /** Not started yet / running / ended, relative to `now`. */
  readonly phase?: "upcoming" | "ongoing" | "past" | undefined
  /** Ends after `now` and has room (discover: what an athlete can join). */
  readonly joinable?: boolean | undefined
  readonly now: Date
  /** newest: createdAt desc; startsAt: startsAt asc; popular: participantCount desc. */
  readonly sort: "newest" | "startsAt" | "popular"
}

export interface PageRequest {
  readonly page: number
  readonly limit: number
}

export interface PageResult<A> {
  readonly items: ReadonlyArray<A>
  readonly total: number
}

export class ChallengeRepo extends Context.Tag("@podium/core/challenges/ChallengeRepo")<ChallengeRepo, {
  readonly create: (input: NewChallenge) => Effect.Effect<Challenge, ChallengeSlugTaken>
  readonly findById: (id: string) => Effect.Effect<Option.Option<Challenge>>
  /** By id (a UUID) or by slug. */
  readonly findByRef: (ref: string) => Effect.Effect<Option.Option<Challenge>>
  readonly findByIds: (ids: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<Challenge>>
  /**
   * Writes the set-up only while the challenge is editable and the cap is not below the joined
   * count, as one conditional update (a join in between is seen).
   */
  readonly update: (
    id: string,
    setup: ChallengeSetup
  ) => Effect.Effect<Challenge, ChallengeNotFound | ChallengeNotEditable | ChallengeCapBelowParticipants | ChallengeSlugTaken>
  readonly setTags: (id: string, tags: ReadonlyArray<string>) => Effect.Effect<Challenge, ChallengeNotFound | ChallengeNotEditable>
  /** One move of `ChallengeMoves` as one conditional update: of two concurrent moves one wins. */
  readonly move: (id: string, move: ChallengeMove, facts: MoveFacts) => Effect.Effect<Challenge, ChallengeNotFound | MoveRefused>
  /** Deletes a challenge that never went live. */
  readonly remove: (id: string) => Effect.Effect<void, ChallengeNotFound | ChallengeNotDeletable>
  readonly list: (filter: ChallengeFilter, page: PageRequest) => Effect.Effect<PageResult<Challenge>>
  /** Closes every ACTIVE or PAUSED challenge whose end date is not after `now`; answers those closed. */
  readonly closeEnded: (now: Date) => Effect.Effect<ReadonlyArray<Challenge>>
  readonly countByStatus: () => Effect.Effect<Readonly<Record<string, number>>>
}>() {}

export interface ParticipationFilter {
  readonly challengeId?: string | undefined
  readonly userId?: string | undefined
  readonly status?: ChallengeParticipation["status"] | undefined
}

export class ParticipationRepo extends Context.Tag("@podium/core/challenges/ParticipationRepo")<ParticipationRepo, {
  /**
   * Joins (or rejoins after a leave) in one transaction that first takes the challenge's row: the
   * joined count only grows while below the cap, so concurrent joins never exceed it. On a paid
   * challenge the join is PENDING_PAYMENT with a hold until `holdUntil` (live holds count against
   * the cap); an athlete who paid and left rejoins without paying again.
   */
  readonly join: (
    challengeId: string,
    userId: string,
    now: Date,
    holdUntil: Date
  ) => Effect.Effect<ChallengeParticipation, ChallengeNotFound | ChallengeNotJoinable | ChallengeFull | AlreadyJoined | ParticipationRevoked>
  /** Records the gateway order of a PENDING_PAYMENT join. */
  readonly attachOrder: (id: string, orderId: string) => Effect.Effect<ChallengeParticipation, ParticipationNotFound>
  /** Lets a pending join's place go at once (the gateway refused its order). */
  readonly releaseHold: (id: string) => Effect.Effect<void>
  /**
   * PENDING_PAYMENT → JOINED with the captured payment, under the challenge's row lock; none when
   * it is not pending (a repeat). A join whose hold lapsed is confirmed only while the cap has room.
   */
  readonly confirmPayment: (
    id: string,
    paymentId: string,
    at: Date
  ) => Effect.Effect<Option.Option<ChallengeParticipation>, ChallengeFull>
  readonly findByOrder: (orderId: string) => Effect.Effect<Option.Option<ChallengeParticipation>>
  /** JOINED (or PENDING_PAYMENT) → LEFT and the joined count back down, in one transaction. */
  readonly leave: (
    challengeId: string,
    userId: string
  ) => Effect.Effect<ChallengeParticipation, ChallengeNotFound | ChallengeNotJoinable | ParticipationNotFound | MoveRefused>
  /** JOINED or LEFT → REVOKED and the joined count recounted, in one transaction. */
  readonly revoke: (id: string, reason: string) => Effect.Effect<ChallengeParticipation, ParticipationNotFound | MoveRefused>
  /** The athlete's choice to show on public leaderboards by name. */
  readonly setLeaderboardVisible: (challengeId: string, userId: string, visible: boolean) => Effect.Effect<ChallengeParticipation, ParticipationNotFound>
  readonly find: (challengeId: string, userId: string) => Effect.Effect<Option.Option<ChallengeParticipation>>
  readonly findById: (id: string) => Effect.Effect<Option.Option<ChallengeParticipation>>
  /** Newest join first. */
  readonly list: (filter: ParticipationFilter, page: PageRequest) => Effect.Effect<PageResult<ChallengeParticipation>>
  readonly countByStatus: (filter: ParticipationFilter) => Effect.Effect<Readonly<Record<string, number>>>
}>() {}

export type NewChallengeTemplate = Omit<ChallengeTemplate, "id" | "createdAt">

export class ChallengeTemplateRepo extends Context.Tag("@podium/core/challenges/ChallengeTemplateRepo")<ChallengeTemplateRepo, {
  readonly create: (input: NewChallengeTemplate) => Effect.Effect<ChallengeTemplate>
  /** Newest first; every template without a creator filter. */
  readonly list: (creator: { readonly creatorType?: string | undefined; readonly creatorId?: string | undefined }) => Effect.Effect<ReadonlyArray<ChallengeTemplate>>
  readonly findById: (id: string) => Effect.Effect<Option.Option<ChallengeTemplate>>
  readonly remove: (id: string) => Effect.Effect<boolean>
}>() {}
