/** C "Hybrid race (user)": start, checkpoints and skips in course order, finish, submit. */
import { Clock, Effect, Option } from "effect"
import { getPublicEvent } from "../events/event.use-case.js"
import { CheckpointOutOfOrder, type HybridRaceMove, HybridRaceAlreadyStarted, HybridRaceNotStarted } from "./hybrid-race.model.js"
import { flagsOf } from "./edge-cases.model.js"
import { HybridRaceRepo } from "./hybrid-race.port.js"
import { clearLivePosition } from "./live.use-case.js"

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

/** Only an event the public can see can be raced (404 otherwise, as for any public read). */
const raceable = (eventId: string) => Effect.asVoid(getPublicEvent(eventId))

export const startHybridRace = Effect.fn("hybridRace.start")(function*(athleteId: string, eventId: string) {
  yield* raceable(eventId)
  const repo = yield* HybridRaceRepo
  const started = yield* repo.start(eventId, athleteId, yield* now)
  return yield* Option.match(started, { onNone: () => Effect.fail(new HybridRaceAlreadyStarted({ eventId })), onSome: Effect.succeed })
})

/**
 * A checkpoint or a skip names its 1-based index in course order; any index but the attempt's next
 * one is out of order (409), so a repeated call (a retry) cannot count a checkpoint twice.
 */
const step = (skipped: boolean) =>
  Effect.fn(skipped ? "hybridRace.skip" : "hybridRace.checkpoint")(function*(athleteId: string, eventId: string, index: number) {
    yield* raceable(eventId)
    const repo = yield* HybridRaceRepo
    const attempt = yield* Effect.flatMap(repo.find(eventId, athleteId), Option.match({
      onNone: () => Effect.fail(new HybridRaceNotStarted({ eventId })),
      onSome: Effect.succeed
    }))
    const recorded = yield* repo.checkpoint(attempt.id, index, skipped, yield* now)
    if (Option.isSome(recorded)) return recorded.value
    // The conditional update matched nothing: report the attempt's state as it is now.
    const current = Option.getOrElse(yield* repo.find(eventId, athleteId), () => attempt)
    return yield* Effect.fail(new CheckpointOutOfOrder({ expected: current.nextCheckpoint, given: index, status: current.status }))
  })

export const passHybridCheckpoint = step(false)
export const skipHybridCheckpoint = step(true)

const moveAttempt = (move: HybridRaceMove) =>
  Effect.fn(`hybridRace.${move}`)(function*(athleteId: string, eventId: string) {
    yield* raceable(eventId)
    return yield* Effect.flatMap(HybridRaceRepo, (r) => Effect.flatMap(now, (at) => r.move(eventId, athleteId, move, at)))
  })

/**
 * Finishing freezes the checkpoints, so the edge-case rules are applied then (the flags admins
 * list) and the athlete leaves the live boards.
 */
export const finishHybridRace = Effect.fn("hybridRace.finishAndFlag")(function*(athleteId: string, eventId: string) {
  const finished = yield* moveAttempt("finish")(athleteId, eventId)
  yield* Effect.flatMap(HybridRaceRepo, (r) => r.setFlags(finished.id, flagsOf(finished)))
  yield* clearLivePosition(eventId, athleteId)
  return finished
})
export const submitHybridRace = moveAttempt("submit")
