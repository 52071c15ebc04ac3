/**
 * Memory twin of the results repository. Every write runs under one lock (the Postgres row lock
 * of the leaderboard and the conditional update of the results state), and places are computed
 * with the same standard competition ranking as the SQL's `rank()`.
 */
import type { EventResultsState, EventResultsStatus, Medal, ResultEntry, ResultLeaderboard, TimingRecord } from "@podium/kernel"
import { Context, Effect, Either, Layer, Option } from "effect"
import { isPubliclyVisible } from "../events/event.model.js"
import { EventRepo } from "../events/event.port.js"
import { competitionPlaces, EventResultsMoves, medalKindOf } from "../results/results.model.js"
import { ResultsRepo } from "../results/results.port.js"

interface StateRow {
  status: EventResultsStatus
  publishedAt: Date | null
  changedBy: string | null
  changedAt: Date | null
}

export const ResultsRepoMemory: Layer.Layer<ResultsRepo, never, EventRepo> = Layer.effectContext(Effect.gen(function*() {
  const events = yield* EventRepo
  const lock = Effect.unsafeMakeSemaphore(1)
  const locked = <A, E>(effect: Effect.Effect<A, E>) => lock.withPermits(1)(effect)
  const boards = new Map<string, ResultLeaderboard>()
  const records = new Map<string, TimingRecord>()
  const results = new Map<string, ReadonlyArray<ResultEntry>>()
  const states = new Map<string, StateRow>()
  let seq = 0
  const uuid = () => `00000000-0000-4000-a000-${(++seq).toString(16).padStart(12, "0")}`
  const key = (leaderboardId: string, userId: string) => `${leaderboardId}/${userId}`

  const recompute = (lb: ResultLeaderboard): ReadonlyArray<ResultEntry> => {
    const own = [...records.values()].filter((r) => r.leaderboardId === lb.id)
    const elapsed = own.map((r) => r.finishedAt.getTime() - r.startedAt.getTime())
    const overall = competitionPlaces(elapsed)
    const within = (same: (i: number, j: number) => boolean) =>
      own.map((_, i) => {
        const peers = own.flatMap((_, j) => (same(i, j) ? [elapsed[j]!] : []))
        return competitionPlaces(peers)[peers.indexOf(elapsed[i]!)]!
      })
    const byGender = within((i, j) => own[i]!.gender === own[j]!.gender)
    const byAge = within((i, j) => own[i]!.ageGroup === own[j]!.ageGroup)
    return own
      .map((r, i): ResultEntry => ({
        leaderboardId: lb.id,
        userId: r.userId,
        gender: r.gender,
        ageGroup: r.ageGroup,
        startedAt: r.startedAt,
        finishedAt: r.finishedAt,
        elapsedMs: elapsed[i]!,
        place: overall[i]!,
        genderPlace: byGender[i]!,
        ageGroupPlace: r.ageGroup === null ? null : byAge[i]!
      }))
      .sort((a, b) => a.place - b.place || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0))
  }

  const stateOf = (eventId: string): EventResultsState => {
    const row = states.get(eventId) ?? { status: "unpublished", publishedAt: null, changedBy: null, changedAt: null }
    const own = [...boards.values()].filter((b) => b.eventId === eventId)
    return { eventId, ...row, leaderboards: own.length, finishers: own.reduce((n, b) => n + b.entryCount, 0) }
  }

  return Context.make(ResultsRepo, {
    ingest: (eventId, name, batch) =>
      locked(Effect.sync(() => {
        const now = new Date()
        let lb = [...boards.values()].find((b) => b.eventId === eventId && b.name === name)
        if (lb === undefined) {
          lb = { id: uuid(), eventId, name, entryCount: 0, revision: 0, createdAt: now, updatedAt: now }
          boards.set(lb.id, lb)
        }
        let inserted = 0
        let updated = 0
        for (const r of batch) {
          const k = key(lb.id, r.userId)
          const had = records.get(k)
          if (had === undefined) {
            records.set(k, { id: uuid(), leaderboardId: lb.id, ...r, ingestedAt: now, updatedAt: now })
            inserted++
          } else if (
            had.gender !== r.gender || had.ageGroup !== r.ageGroup || had.startedAt.getTime() !== r.startedAt.getTime() ||
            had.finishedAt.getTime() !== r.finishedAt.getTime()
          ) {
            records.set(k, { ...had, ...r, updatedAt: now })
            updated++
          }
        }
        if (inserted + updated > 0) {
          const computed = recompute(lb)
          lb = { ...lb, entryCount: computed.length, revision: lb.revision + 1, updatedAt: now }
          boards.set(lb.id, lb)
          results.set(lb.id, computed)
        }
        return { leaderboard: lb, inserted, updated, unchanged: batch.length - inserted - updated }
      })),
    withdraw: (leaderboardId, userId) =>
      locked(Effect.sync(() => {
        const lb = boards.get(leaderboardId)
        if (lb === undefined || !records.delete(key(leaderboardId, userId))) return false
        const computed = recompute(lb)
        boards.set(lb.id, { ...lb, entryCount: computed.length, revision: lb.revision + 1, updatedAt: new Date() })
        results.set(lb.id, computed)
        return true
      })),
    state: (eventId) => Effect.sync(() => stateOf(eventId)),
    move: (eventId, move, by, at) =>
      locked(Effect.gen(function*() {
        const row = states.get(eventId) ?? { status: "unpublished" as const, publishedAt: null, changedBy: null, changedAt: null }
        const to = yield* Either.match(EventResultsMoves.transition(row.status, move), { onLeft: Effect.fail, onRight: Effect.succeed })
        states.set(eventId, { status: to, publishedAt: to === "published" ? at : row.publishedAt, changedBy: by, changedAt: at })
        return stateOf(eventId)
      })),
    findLeaderboard: (id) =>
      Effect.sync(() => Option.map(Option.fromNullable(boards.get(id)), (leaderboard) => ({ leaderboard, resultsStatus: stateOf(leaderboard.eventId).status }))),
    listLeaderboards: (filter) =>
      Effect.gen(function*() {
        const all: Array<ResultLeaderboard> = []
        for (const b of boards.values()) {
          if (filter.eventId !== undefined && b.eventId !== filter.eventId) continue
          if (filter.publicOnly) {
            if (stateOf(b.eventId).status !== "published") continue
            const event = yield* events.findById(b.eventId)
            if (Option.isNone(event) || !isPubliclyVisible(event.value)) continue
          }
          all.push(b)
        }
        all.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        return { items: all.slice((filter.page - 1) * filter.limit, filter.page * filter.limit), total: all.length }
      }),
    entries: (leaderboardId) => Effect.sync(() => results.get(leaderboardId) ?? []),
    hasStaggeredStarts: (leaderboardId) =>
      Effect.sync(() => new Set((results.get(leaderboardId) ?? []).map((e) => e.startedAt.getTime())).size > 1),
    entriesOf: (leaderboardId, userIds) => Effect.sync(() => (results.get(leaderboardId) ?? []).filter((e) => userIds.includes(e.userId))),
    medals: (filter) =>
      Effect.gen(function*() {
        const out: Array<Medal> = []
        for (const lb of boards.values()) {
          if (filter.eventId !== undefined && lb.eventId !== filter.eventId) continue
          const state = states.get(lb.eventId)
          if (state?.status !== "published") continue
          const event = yield* events.findById(lb.eventId)
          if (Option.isNone(event) || !isPubliclyVisible(event.value)) continue
          for (const r of results.get(lb.id) ?? []) {
            if (filter.userId !== undefined && r.userId !== filter.userId) continue
            if (filter.maxPlace !== undefined && r.place > filter.maxPlace) continue
            out.push({
              kind: medalKindOf(r.place),
              userId: r.userId,
              eventId: lb.eventId,
              eventTitle: event.value.title,
              eventStartsAt: event.value.startsAt,
              leaderboardId: lb.id,
              leaderboardName: lb.name,
              place: r.place,
              elapsedMs: r.elapsedMs,
              awardedAt: state.publishedAt!
            })
          }
        }
        const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
        return out
          .sort((a, b) =>
            b.eventStartsAt.getTime() - a.eventStartsAt.getTime() || text(a.eventId, b.eventId) || text(a.leaderboardName, b.leaderboardName) ||
            a.place - b.place || text(a.userId, b.userId)
          )
          .slice(0, 1000)
      })
  })
}))
