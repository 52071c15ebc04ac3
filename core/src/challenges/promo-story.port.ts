/** Challenge promo stories and what athletes do with them (Postgres adapters in @podium/postgres). */
import type { ChallengePromoStory, PromoStoryReaction, PromoStoryReply } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { PageRequest, PageResult } from "./challenge.port.js"

export class ChallengePromoStoryRepo extends Context.Tag("@podium/core/challenges/ChallengePromoStoryRepo")<ChallengePromoStoryRepo, {
  readonly add: (input: Omit<ChallengePromoStory, "id" | "createdAt">) => Effect.Effect<ChallengePromoStory>
  readonly findById: (storyId: string) => Effect.Effect<Option.Option<ChallengePromoStory>>
  /** Removes one story of the challenge; none when it was not there (a concurrent delete finds none). */
  readonly remove: (challengeId: string, storyId: string) => Effect.Effect<Option.Option<ChallengePromoStory>>
  /** Removes one story the account posted, whatever its challenge; none when it was not there. */
  readonly removeOwn: (createdBy: string, storyId: string) => Effect.Effect<Option.Option<ChallengePromoStory>>
  /** The stories one account posted, newest first. */
  readonly ofCreator: (createdBy: string) => Effect.Effect<ReadonlyArray<ChallengePromoStory>>
  /** Newest first. */
  readonly ofChallenge: (challengeId: string) => Effect.Effect<ReadonlyArray<ChallengePromoStory>>
}>() {}

/** A story's numbers: views (every time), viewers (once each), reactions by kind, replies, and who engaged at all. */
export interface PromoStoryCounts {
  readonly views: number
  readonly uniqueViewers: number
  readonly reactions: Readonly<Record<string, number>>
  readonly replies: number
  /** Athletes who reacted or replied (each once). */
  readonly engagedAthletes: number
}

export class PromoStoryEngagementRepo extends Context.Tag("@podium/core/challenges/PromoStoryEngagementRepo")<PromoStoryEngagementRepo, {
  /** Counts a view: the first makes the athlete a viewer, every one adds to the views (one upsert). */
  readonly view: (storyId: string, userId: string) => Effect.Effect<void>
  /** Sets the athlete's reaction (replacing an earlier one). */
  readonly react: (storyId: string, userId: string, reaction: PromoStoryReaction["reaction"]) => Effect.Effect<PromoStoryReaction>
  /** Removes the athlete's reaction; false when there was none. */
  readonly unreact: (storyId: string, userId: string) => Effect.Effect<boolean>
  readonly reply: (storyId: string, userId: string, text: string) => Effect.Effect<PromoStoryReply>
  readonly counts: (storyId: string) => Effect.Effect<PromoStoryCounts>
  /** Newest first. */
  readonly reactions: (storyId: string, page: PageRequest) => Effect.Effect<PageResult<PromoStoryReaction>>
  /** Newest first. */
  readonly replies: (storyId: string, page: PageRequest) => Effect.Effect<PageResult<PromoStoryReply>>
}>() {}
