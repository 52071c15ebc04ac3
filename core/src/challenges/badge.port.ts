/** Badges, their challenge mappings and awards (Postgres adapter in @podium/postgres). */
import type { BadgeAward, ChallengeBadge } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { BadgeAlreadyAwarded, BadgeCodeTaken, BadgeNotFound } from "./badge.model.js"
import type { PageRequest, PageResult } from "./challenge.port.js"

export type NewChallengeBadge = Pick<ChallengeBadge, "code" | "name" | "description" | "imageUrl" | "criteria" | "isActive" | "createdBy">
export type ChallengeBadgePatch = Partial<Pick<ChallengeBadge, "code" | "name" | "description" | "imageUrl" | "criteria" | "isActive">>

export interface BadgeStats {
  readonly awarded: number
  readonly lastAwardedAt: Date | null
  readonly byChallenge: ReadonlyArray<{ readonly challengeId: string | null; readonly awarded: number }>
}

export class BadgeRepo extends Context.Tag("@podium/core/challenges/BadgeRepo")<BadgeRepo, {
  readonly create: (input: NewChallengeBadge) => Effect.Effect<ChallengeBadge, BadgeCodeTaken>
  readonly findById: (id: string) => Effect.Effect<Option.Option<ChallengeBadge>>
  readonly findByCode: (code: string) => Effect.Effect<Option.Option<ChallengeBadge>>
  /** Newest first, by name or code text and active flag. */
  readonly list: (filter: { readonly q?: string | undefined; readonly isActive?: boolean | undefined }, page: PageRequest) => Effect.Effect<PageResult<ChallengeBadge>>
  readonly update: (id: string, patch: ChallengeBadgePatch) => Effect.Effect<ChallengeBadge, BadgeNotFound | BadgeCodeTaken>
  /** Deletes a badge nobody holds (one statement: an award in between is seen). */
  readonly remove: (id: string) => Effect.Effect<void, BadgeNotFound | BadgeAlreadyAwarded>
  /** Maps the badge to the challenge; false when it already was. */
  readonly map: (badgeId: string, challengeId: string) => Effect.Effect<boolean>
  /** Unmaps; false when it was not mapped. */
  readonly unmap: (badgeId: string, challengeId: string) => Effect.Effect<boolean>
  readonly mappedChallengeIds: (badgeId: string) => Effect.Effect<ReadonlyArray<string>>
  /** The badges mapped to a challenge (active ones only when `activeOnly`). */
  readonly ofChallenge: (challengeId: string, activeOnly: boolean) => Effect.Effect<ReadonlyArray<ChallengeBadge>>
  /** Awards the badge to each athlete who does not hold it yet (insert-once per badge and athlete); answers those newly awarded. */
  readonly award: (
    badgeId: string,
    awards: ReadonlyArray<{ readonly userId: string; readonly challengeId: string }>,
    source: BadgeAward["source"]
  ) => Effect.Effect<ReadonlyArray<BadgeAward>>
  /** Takes back the awards a challenge earned an athlete (their participation was revoked); answers how many. */
  readonly revokeAwards: (userId: string, challengeId: string) => Effect.Effect<number>
  readonly stats: (badgeId: string) => Effect.Effect<BadgeStats>
  /** An athlete's awards, newest first, each with its badge. */
  readonly awardsOf: (userId: string) => Effect.Effect<ReadonlyArray<BadgeAward & { readonly badge: ChallengeBadge }>>
}>() {}
