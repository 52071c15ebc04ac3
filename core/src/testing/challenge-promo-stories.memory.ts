/** In-memory twin of the challenge promo story repository: newest first, a delete found once. */
import type { ChallengePromoStory } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { ChallengePromoStoryRepo } from "../challenges/promo-story.port.js"
import { nextMemoryId } from "./sequential-id.js"

export const ChallengePromoStoryRepoMemory = Layer.sync(ChallengePromoStoryRepo, () => {
  const stories: Array<ChallengePromoStory> = []
  return ChallengePromoStoryRepo.of({
    add: (s) =>
      Effect.sync(() => {
        const row: ChallengePromoStory = { ...s, id: nextMemoryId(), createdAt: new Date() }
        stories.push(row)
        return row
      }),
    remove: (challengeId, storyId) =>
      Effect.sync(() => {
        const i = stories.findIndex((s) => s.id === storyId && s.challengeId === challengeId)
        return i < 0 ? Option.none() : Option.some(stories.splice(i, 1)[0]!)
      }),
    removeOwn: (createdBy, storyId) =>
      Effect.sync(() => {
        const i = stories.findIndex((s) => s.id === storyId && s.createdBy === createdBy)
        return i < 0 ? Option.none() : Option.some(stories.splice(i, 1)[0]!)
      }),
    ofCreator: (createdBy) => Effect.sync(() => stories.filter((s) => s.createdBy === createdBy).reverse()),
    // Inserted in time order, so the reverse is newest first (the Postgres order, ties by insertion).
    ofChallenge: (challengeId) => Effect.sync(() => stories.filter((s) => s.challengeId === challengeId).reverse())
  })
})
