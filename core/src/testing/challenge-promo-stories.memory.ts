/** In-memory twins of the challenge promo story repositories: newest first, a delete found once, one reaction per athlete. */
import type { ChallengePromoStory, PromoStoryReaction, PromoStoryReply } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import type { PageRequest } from "../challenges/challenge.port.js"
import { ChallengePromoStoryRepo, PromoStoryEngagementRepo } from "../challenges/promo-story.port.js"
import { nextMemoryId } from "./sequential-id.js"

const pageOf = <A>(items: ReadonlyArray<A>, p: PageRequest) => ({ items: items.slice((p.page - 1) * p.limit, p.page * p.limit), total: items.length })

export const ChallengePromoStoryRepoMemory = Layer.sync(ChallengePromoStoryRepo, () => {
  const stories: Array<ChallengePromoStory> = []
  return ChallengePromoStoryRepo.of({
    add: (s) =>
      Effect.sync(() => {
        const row: ChallengePromoStory = { ...s, id: nextMemoryId(), createdAt: new Date() }
        stories.push(row)
        return row
      }),
    findById: (storyId) => Effect.sync(() => Option.fromNullable(stories.find((s) => s.id === storyId))),
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

export const PromoStoryEngagementRepoMemory = Layer.sync(PromoStoryEngagementRepo, () => {
  const views = new Map<string, number>()
  const reactions = new Map<string, PromoStoryReaction>()
  const replies: Array<PromoStoryReply> = []
  const key = (storyId: string, userId: string) => `${storyId}|${userId}`
  const ofStory = <A extends { readonly storyId: string }>(items: Iterable<A>, storyId: string) => [...items].filter((i) => i.storyId === storyId)
  return PromoStoryEngagementRepo.of({
    view: (storyId, userId) => Effect.sync(() => void views.set(key(storyId, userId), (views.get(key(storyId, userId)) ?? 0) + 1)),
    react: (storyId, userId, reaction) =>
      Effect.sync(() => {
        const row: PromoStoryReaction = { storyId, userId, reaction, reactedAt: new Date() }
        // Re-inserted so the map's order stays the reaction order (newest last).
        reactions.delete(key(storyId, userId))
        reactions.set(key(storyId, userId), row)
        return row
      }),
    unreact: (storyId, userId) => Effect.sync(() => reactions.delete(key(storyId, userId))),
    reply: (storyId, userId, text) =>
      Effect.sync(() => {
        const row: PromoStoryReply = { id: nextMemoryId(), storyId, userId, text, createdAt: new Date() }
        replies.push(row)
        return row
      }),
    counts: (storyId) =>
      Effect.sync(() => {
        const seen = [...views.entries()].filter(([k]) => k.startsWith(`${storyId}|`))
        const reacted = ofStory(reactions.values(), storyId)
        const replied = ofStory(replies, storyId)
        const byKind: Record<string, number> = {}
        for (const r of reacted) byKind[r.reaction] = (byKind[r.reaction] ?? 0) + 1
        return {
          views: seen.reduce((n, [, count]) => n + count, 0),
          uniqueViewers: seen.length,
          reactions: byKind,
          replies: replied.length,
          engagedAthletes: new Set([...reacted, ...replied].map((r) => r.userId)).size
        }
      }),
    reactions: (storyId, p) => Effect.sync(() => pageOf(ofStory(reactions.values(), storyId).reverse(), p)),
    replies: (storyId, p) => Effect.sync(() => pageOf(ofStory(replies, storyId).reverse(), p))
  })
})
