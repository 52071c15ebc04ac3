/** Challenge promo stories (Postgres adapter in @podium/postgres). */
import type { ChallengePromoStory } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"

export class ChallengePromoStoryRepo extends Context.Tag("@podium/core/challenges/ChallengePromoStoryRepo")<ChallengePromoStoryRepo, {
  readonly add: (input: Omit<ChallengePromoStory, "id" | "createdAt">) => Effect.Effect<ChallengePromoStory>
  /** Removes one story of the challenge; none when it was not there (a concurrent delete finds none). */
  readonly remove: (challengeId: string, storyId: string) => Effect.Effect<Option.Option<ChallengePromoStory>>
  /** Removes one story the account posted, whatever its challenge; none when it was not there. */
  readonly removeOwn: (createdBy: string, storyId: string) => Effect.Effect<Option.Option<ChallengePromoStory>>
  /** The stories one account posted, newest first. */
  readonly ofCreator: (createdBy: string) => Effect.Effect<ReadonlyArray<ChallengePromoStory>>
  /** Newest first. */
  readonly ofChallenge: (challengeId: string) => Effect.Effect<ReadonlyArray<ChallengePromoStory>>
}>() {}
