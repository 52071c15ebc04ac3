/** Memory twin of the hybrid race's repository (the Postgres adapter's behaviour, on a map). */
import type { HybridRaceAttempt, MoveRefused } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import { HybridRaceMoves, HybridRaceNotStarted } from "../hybrid-race/hybrid-race.model.js"
import { HybridRaceRepo } from "../hybrid-race/hybrid-race.port.js"

const keyOf = (eventId: string, athleteId: string) => `${eventId}|${athleteId}`

/** The hybrid race's repository on one fresh memory store. */
export const HybridRaceMemory = Layer.unwrapEffect(Effect.sync(() => {
  const attempts = new Map<string, HybridRaceAttempt>()
  const byId = (id: string) => [...attempts.entries()].find(([, a]) => a.id === id)
  return Layer.succeed(HybridRaceRepo, HybridRaceRepo.of({
    start: (eventId, athleteId, at) =>
      Effect.sync(() => {
        const key = keyOf(eventId, athleteId)
        if (attempts.has(key)) return Option.none()
        const attempt: HybridRaceAttempt = {
          id: crypto.randomUUID(), eventId, athleteId, status: "RUNNING", nextCheckpoint: 1, checkpoints: [],
          startedAt: at, finishedAt: null, submittedAt: null, elapsedSeconds: null, updatedAt: at
        }
        attempts.set(key, attempt)
        return Option.some(attempt)
      }),
    find: (eventId, athleteId) => Effect.sync(() => Option.fromNullable(attempts.get(keyOf(eventId, athleteId)))),
    checkpoint: (id, index, skipped, at) =>
      Effect.sync(() => {
        const found = byId(id)
        if (found === undefined) return Option.none()
        const [key, attempt] = found
        if (attempt.status !== "RUNNING" || attempt.nextCheckpoint !== index) return Option.none()
        const updated: HybridRaceAttempt = {
          ...attempt,
          nextCheckpoint: index + 1,
          checkpoints: [...attempt.checkpoints, { index, at: at.toISOString(), skipped }],
          updatedAt: at
        }
        attempts.set(key, updated)
        return Option.some(updated)
      }),
    move: (eventId, athleteId, move, at) =>
      Effect.suspend((): Effect.Effect<HybridRaceAttempt, MoveRefused | HybridRaceNotStarted> => {
        const key = keyOf(eventId, athleteId)
        const attempt = attempts.get(key)
        if (attempt === undefined) return Effect.fail(new HybridRaceNotStarted({ eventId }))
        return Either.match(HybridRaceMoves.transition(attempt.status, move), {
          onLeft: Effect.fail,
          onRight: (status) => {
            const stamps = move === "finish"
              ? { finishedAt: at, elapsedSeconds: Math.floor((at.getTime() - attempt.startedAt.getTime()) / 1000) }
              : { submittedAt: at }
            const updated = { ...attempt, ...stamps, status, updatedAt: at }
            attempts.set(key, updated)
            return Effect.succeed(updated)
          }
        })
      })
  }))
}))
