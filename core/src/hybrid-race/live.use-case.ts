/**
 * C "Hybrid race (user)" live positions: while an attempt runs, the athlete reports where they are
 * and how far along the course; the position lives in Redis (TtlCache, 15 minutes) and their pace
 * on a Redis sorted set per event (Leaderboard, seconds per km, lowest first), so near-pace is a
 * rank and a window around it. Finishing takes both away.
 */
import type { HybridLivePosition } from "@podium/kernel"
import { HybridLivePosition as LivePositionRecord } from "@podium/kernel"
import { Clock, Effect, Option, Schema } from "effect"
import { fullNameOf } from "../accounts/account.model.js"
import { UserRepo } from "../accounts/account.port.js"
import { getPublicEvent } from "../events/event.use-case.js"
import { Leaderboard } from "../platform/leaderboard.port.js"
import { RateLimiter } from "../platform/rate-limiter.port.js"
import { TtlCache } from "../platform/ttl-cache.port.js"
import { HybridRaceNotRunning, HybridRaceNotStarted, LivePositionNotFound, LivePositionRateLimited } from "./hybrid-race.model.js"
import { HybridRaceRepo } from "./hybrid-race.port.js"

/** One position every 5 s on average: 12 per sliding minute per athlete and event (429 beyond). */
export const LivePositionRule = { limit: 12, window: "1 minute" } as const
/** A position older than this is gone: the athlete stopped reporting, they are no longer "live". */
export const LivePositionTtl = "15 minutes"
/** Near-pace answers up to this many athletes on each side by default (`count`, 1 to 10). */
export const DefaultNearPaceCount = 3

const liveKey = (eventId: string, athleteId: string) => `hybrid-race:live:${eventId}:${athleteId}`
const paceBoard = (eventId: string) => `hybrid-race:pace:${eventId}`
const decodePosition = Schema.decodeUnknown(Schema.parseJson(LivePositionRecord))

/** The caller's attempt, which must be running: not started or already finished is out of order (409). */
export const runningAttempt = (athleteId: string, eventId: string) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(HybridRaceRepo, (r) => r.find(eventId, athleteId))
    if (Option.isNone(found)) return yield* new HybridRaceNotStarted({ eventId })
    if (found.value.status !== "RUNNING") return yield* new HybridRaceNotRunning({ status: found.value.status })
    return found.value
  })

/** Takes an athlete off the live boards (their attempt finished, or their position went stale). */
export const clearLivePosition = (eventId: string, athleteId: string) =>
  Effect.all([Effect.flatMap(TtlCache, (c) => c.delete(liveKey(eventId, athleteId))), Effect.flatMap(Leaderboard, (b) => b.remove(paceBoard(eventId), athleteId))], { discard: true })

export interface LivePositionInput {
  readonly latitude: number
  readonly longitude: number
  readonly distanceMeters: number
}

export const reportLivePosition = Effect.fn("hybridRace.live.report")(function*(athleteId: string, eventId: string, input: LivePositionInput) {
  yield* getPublicEvent(eventId)
  const attempt = yield* runningAttempt(athleteId, eventId)
  const decision = yield* Effect.flatMap(RateLimiter, (l) => l.hit(`hybrid-race:live-position:${eventId}:${athleteId}`, LivePositionRule))
  if (!decision.allowed) return yield* new LivePositionRateLimited({ retryAfterMs: decision.retryAfterMs })
  const now = new Date(yield* Clock.currentTimeMillis)
  const elapsedSeconds = Math.max(0, Math.floor((now.getTime() - attempt.startedAt.getTime()) / 1000))
  const position: HybridLivePosition = {
    eventId,
    athleteId,
    latitude: input.latitude,
    longitude: input.longitude,
    distanceMeters: input.distanceMeters,
    elapsedSeconds,
    // Pace is elapsed over progress; before the first metre there is none (the athlete is off the pace board).
    paceSecondsPerKm: input.distanceMeters > 0 ? (elapsedSeconds * 1000) / input.distanceMeters : null,
    recordedAt: now.toISOString()
  }
  yield* Effect.flatMap(TtlCache, (c) => c.set(liveKey(eventId, athleteId), JSON.stringify(position), LivePositionTtl))
  yield* Effect.flatMap(Leaderboard, (b) =>
    position.paceSecondsPerKm === null ? b.remove(paceBoard(eventId), athleteId) : b.add(paceBoard(eventId), athleteId, position.paceSecondsPerKm))
  // A finish may have landed between the check and the write: then the position is taken back.
  const still = yield* Effect.flatMap(HybridRaceRepo, (r) => r.find(eventId, athleteId))
  if (Option.isSome(still) && still.value.status !== "RUNNING") {
    yield* clearLivePosition(eventId, athleteId)
    return yield* new HybridRaceNotRunning({ status: still.value.status })
  }
  return position
})

const positionOf = (eventId: string, athleteId: string) =>
  Effect.flatMap(Effect.flatMap(TtlCache, (c) => c.get(liveKey(eventId, athleteId))), Option.match({
    onNone: () => Effect.succeed(Option.none<HybridLivePosition>()),
    onSome: (text) => Effect.map(Effect.orDie(decodePosition(text)), Option.some)
  }))

/** The caller's last live position during their running attempt (404 before the first one). */
export const myLivePosition = Effect.fn("hybridRace.live.mine")(function*(athleteId: string, eventId: string) {
  yield* getPublicEvent(eventId)
  yield* runningAttempt(athleteId, eventId)
  const mine = yield* positionOf(eventId, athleteId)
  if (Option.isNone(mine)) return yield* new LivePositionNotFound({ eventId })
  return mine.value
})

/**
 * The athletes racing at the caller's pace: up to `count` just faster and `count` just slower on the
 * event's pace board (±N), each with their pace, progress and the difference to the caller's pace.
 * Other athletes' coordinates are never shown. Athletes whose position went stale are skipped
 * (and taken off the board).
 */
export const nearPace = Effect.fn("hybridRace.live.nearPace")(function*(athleteId: string, eventId: string, count: number) {
  const me = yield* myLivePosition(athleteId, eventId)
  if (me.paceSecondsPerKm === null) return yield* new LivePositionNotFound({ eventId })
  const board = yield* Leaderboard
  const rank = yield* board.rank(paceBoard(eventId), athleteId, { order: "low-first" })
  if (Option.isNone(rank)) return yield* new LivePositionNotFound({ eventId })
  // A wider window than asked for, so stale members skipped still leave `count` on each side.
  const offset = Math.max(0, rank.value - 1 - 4 * count)
  const window = yield* board.top(paceBoard(eventId), { order: "low-first", offset, limit: 8 * count + 1 })
  const others = window.filter((e) => e.member !== athleteId)
  const positions = yield* Effect.flatMap(TtlCache, (c) => c.getMany(others.map((e) => liveKey(eventId, e.member))))
  const live: Array<{ rank: number; position: HybridLivePosition }> = []
  for (const [i, entry] of others.entries()) {
    const text = positions[i]!
    if (Option.isNone(text)) {
      yield* board.remove(paceBoard(eventId), entry.member)
      continue
    }
    live.push({ rank: entry.rank, position: yield* Effect.orDie(decodePosition(text.value)) })
  }
  const faster = live.filter((l) => l.rank < rank.value).slice(-count)
  const slower = live.filter((l) => l.rank > rank.value).slice(0, count)
  const athletes = yield* Effect.forEach([...faster, ...slower], ({ position }) =>
    Effect.map(Effect.flatMap(UserRepo, (r) => r.findById(position.athleteId)), (u) => {
      const name = Option.match(u, { onNone: () => "", onSome: fullNameOf })
      return {
        athleteId: position.athleteId,
        athleteName: name === "" ? "Podium athlete" : name,
        distanceMeters: position.distanceMeters,
        elapsedSeconds: position.elapsedSeconds,
        paceSecondsPerKm: position.paceSecondsPerKm ?? 0,
        paceDeltaSecondsPerKm: (position.paceSecondsPerKm ?? 0) - me.paceSecondsPerKm!,
        recordedAt: position.recordedAt
      }
    }))
  return { eventId, count, me, athletes }
})
