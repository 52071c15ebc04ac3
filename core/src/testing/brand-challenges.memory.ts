/** In-memory twin of clubs' brand challenge entries: the same move table, one entry per club and challenge. */
import type { ClubBrandChallengeEntry } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import { ClubBrandChallengeNotJoined, ClubBrandEntryMoves } from "../challenges/brand-challenge.model.js"
import { ClubBrandEntryRepo } from "../challenges/brand-challenge.port.js"
import { nextMemoryId } from "./sequential-id.js"

export const ClubBrandEntryRepoMemory = Layer.sync(ClubBrandEntryRepo, () => {
  const entries = new Map<string, ClubBrandChallengeEntry>()
  const key = (clubId: string, challengeId: string) => `${clubId}/${challengeId}`
  return ClubBrandEntryRepo.of({
    join: (clubId, challengeId, by) =>
      Effect.sync(() => {
        const current = entries.get(key(clubId, challengeId))
        const at = new Date()
        if (current === undefined) {
          const entry: ClubBrandChallengeEntry = { id: nextMemoryId(), clubId, challengeId, status: "JOINED", joinedBy: by, joinedAt: at, withdrawnAt: null, updatedAt: at }
          entries.set(key(clubId, challengeId), entry)
          return { entry, joined: true }
        }
        if (Either.isLeft(ClubBrandEntryMoves.transition(current.status, "rejoin"))) return { entry: current, joined: false }
        const entry: ClubBrandChallengeEntry = { ...current, status: "JOINED", joinedBy: by, joinedAt: at, withdrawnAt: null, updatedAt: at }
        entries.set(key(clubId, challengeId), entry)
        return { entry, joined: true }
      }),
    withdraw: (clubId, challengeId) =>
      Effect.gen(function*() {
        const current = entries.get(key(clubId, challengeId))
        if (current === undefined) return yield* new ClubBrandChallengeNotJoined({ clubId, challengeId })
        const next = ClubBrandEntryMoves.transition(current.status, "withdraw")
        if (Either.isLeft(next)) return yield* next.left
        const at = new Date()
        const entry: ClubBrandChallengeEntry = { ...current, status: next.right, withdrawnAt: at, updatedAt: at }
        entries.set(key(clubId, challengeId), entry)
        return entry
      }),
    find: (clubId, challengeId) => Effect.sync(() => Option.fromNullable(entries.get(key(clubId, challengeId))))
  })
})
