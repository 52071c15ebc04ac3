/** Memory twin of the hybrid race's repository (the Postgres adapter's behaviour, on a map). */
import type { HybridPhotoCheck, HybridRaceAttempt, HybridRaceFlag, MoveRefused } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import { HybridRaceMoves, HybridRaceNotStarted, PhotoCheckMoves, PhotoCheckNotFound } from "../hybrid-race/hybrid-race.model.js"
import { HybridPhotoCheckRepo, HybridRaceRepo } from "../hybrid-race/hybrid-race.port.js"

const keyOf = (eventId: string, athleteId: string) => `${eventId}|${athleteId}`

/** The hybrid race's repository on one fresh memory store. */
export const HybridRaceMemory = Layer.unwrapEffect(Effect.sync(() => {
  const attempts = new Map<string, HybridRaceAttempt>()
  const flags = new Map<string, ReadonlyArray<HybridRaceFlag>>()
  const byId = (id: string) => [...attempts.entries()].find(([, a]) => a.id === id)
  const submitted = (eventId: string) =>
    [...attempts.values()].filter((a) => a.eventId === eventId && a.status === "SUBMITTED")
  /** Postgres's order: time, then submission, then id (uuid text order). */
  const byTime = (a: HybridRaceAttempt, b: HybridRaceAttempt) =>
    (a.elapsedSeconds ?? 0) - (b.elapsedSeconds ?? 0) || (a.submittedAt?.getTime() ?? 0) - (b.submittedAt?.getTime() ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
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
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(byId(id)?.[1])),
    leaderboard: (eventId, offset, limit) =>
      Effect.sync(() => {
        const all = submitted(eventId).sort(byTime)
        // Standard competition ranking: 1 + the number of strictly faster attempts.
        const items = all.map((attempt) => ({ attempt, rank: 1 + all.filter((o) => (o.elapsedSeconds ?? 0) < (attempt.elapsedSeconds ?? 0)).length }))
        return { items: items.slice(offset, offset + limit), total: all.length }
      }),
    placeOf: (eventId, elapsedSeconds) =>
      Effect.sync(() => {
        const all = submitted(eventId)
        return { rank: 1 + all.filter((a) => (a.elapsedSeconds ?? 0) < elapsedSeconds).length, finishers: all.length }
      }),
    submittedSince: (since, max) =>
      Effect.sync(() =>
        [...attempts.values()]
          .filter((a) => a.status === "SUBMITTED" && a.submittedAt !== null && a.submittedAt.getTime() >= since.getTime())
          .sort((a, b) => b.submittedAt!.getTime() - a.submittedAt!.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
          .slice(0, max)
      ),
    setFlags: (id, list) => Effect.sync(() => void flags.set(id, list)),
    flagsOf: (id) => Effect.sync(() => flags.get(id) ?? []),
    flagged: (offset, limit) =>
      Effect.sync(() => {
        const all = [...attempts.values()]
          .filter((a) => (flags.get(a.id) ?? []).length > 0)
          .sort((a, b) => (b.finishedAt?.getTime() ?? 0) - (a.finishedAt?.getTime() ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        return { items: all.slice(offset, offset + limit).map((attempt) => ({ attempt, flags: flags.get(attempt.id) ?? [] })), total: all.length }
      })
  }))
}))

/** Memory twin of the photo checks' repository (the Postgres adapter's conditional moves, on a map). */
export const HybridPhotoCheckMemory = Layer.unwrapEffect(Effect.sync(() => {
  const checks = new Map<string, HybridPhotoCheck>()
  return Layer.succeed(HybridPhotoCheckRepo, HybridPhotoCheckRepo.of({
    create: (input, at) =>
      Effect.sync(() => {
        const check: HybridPhotoCheck = {
          id: crypto.randomUUID(), ...input, status: "PENDING", readCode: null, readConfidence: null, reason: null, appealReason: null,
          photoKey: null, decidedAt: null, appealedAt: null, createdAt: at, updatedAt: at
        }
        checks.set(check.id, check)
        return check
      }),
    find: (id) => Effect.sync(() => Option.fromNullable(checks.get(id))),
    latest: (eventId, athleteId) =>
      Effect.sync(() =>
        Option.fromNullable(
          [...checks.values()]
            .filter((c) => c.eventId === eventId && c.athleteId === athleteId)
            .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))[0]
        )),
    move: (id, move, fields, at) =>
      Effect.suspend((): Effect.Effect<HybridPhotoCheck, MoveRefused | PhotoCheckNotFound> => {
        const check = checks.get(id)
        if (check === undefined) return Effect.fail(new PhotoCheckNotFound({ ref: id }))
        return Either.match(PhotoCheckMoves.transition(check.status, move), {
          onLeft: Effect.fail,
          onRight: (status) => {
            const stamps = move === "appeal"
              ? { appealReason: fields.appealReason ?? null, appealedAt: at }
              : { readCode: fields.readCode ?? null, readConfidence: fields.readConfidence ?? null, reason: fields.reason ?? null, photoKey: fields.photoKey ?? null, decidedAt: at }
            const updated: HybridPhotoCheck = { ...check, ...stamps, status, updatedAt: at }
            checks.set(id, updated)
            return Effect.succeed(updated)
          }
        })
      })
  }))
}))
