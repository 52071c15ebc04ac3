/**
 * Leaderboards (C Athlete "Leaderboards"): admin ingest of timing batches, and the public reads
 * served from Redis sorted sets rebuilt from Postgres (the system of record).
 *
 * Boards: one sorted set per dimension (overall, each gender, each age group) of each revision of a
 * leaderboard, members the user ids and scores the places computed in Postgres, so a page read is
 * one ZRANGE plus one primary-key read of the page's results. A revision's boards never change
 * after they are built: an ingest that changes anything bumps the revision, and the next read
 * builds the new revision's boards under a lock (the overall board last, so a complete overall
 * board means the revision is complete) and deletes the previous revision's. Readers of the old
 * revision keep a consistent view until it is gone; nobody reads a half-built board by design
 * (when the lock cannot be had the reader builds itself: the same members with the same scores).
 *
 * Provisional places: with wave (or chip) starts the athletes did not all start at one instant, so
 * until the event has ended a later starter still on the course can finish ahead of someone
 * already ranked; pages and for-me say `provisional: true` until then. The event's end is what
 * finalises it (there is no separate finalise step): after it nobody is still running, and any
 * late correction is an ingest that bumps the revision like any other.
 *
 * Visibility: a leaderboard is public when its event's results are published and the public may
 * see the event; otherwise it does not exist for readers (404), as an open leaderboard of a
 * private or unpublished event would leak who ran it.
 */
import type { Event, ResultEntry, ResultGender, ResultLeaderboard } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import { EventNotFound, isPubliclyVisible, phaseOf } from "../events/event.model.js"
import { EventRepo } from "../events/event.port.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { withLock } from "../platform/distributed-lock.port.js"
import { Leaderboard } from "../platform/leaderboard.port.js"
import { Transactor } from "../platform/transactor.port.js"
import { type BoardDimension, boardNameOf, DefaultLeaderboardName, LeaderboardNotFound, MaxElapsedMs, ResultNotFound, ResultsInvalid } from "./results.model.js"
import { ResultsRepo, type TimingInput } from "./results.port.js"

const LockOptions = { ttl: "30 seconds", wait: "10 seconds" } as const

export interface IngestInput {
  readonly eventId: string
  readonly name?: string | undefined
  readonly records: ReadonlyArray<TimingInput>
}

/** Admin ingest: idempotent (the same batch twice changes nothing), audited when it changed anything. */
export const ingestResults = Effect.fn("results.ingest")(function*(adminId: string, input: IngestInput) {
  const problems: Array<string> = []
  const seen = new Set<string>()
  input.records.forEach((r, i) => {
    if (seen.has(r.userId)) problems.push(`records.${i}.userId ${r.userId} appears more than once in the batch`)
    seen.add(r.userId)
    const elapsed = r.finishedAt.getTime() - r.startedAt.getTime()
    if (elapsed <= 0) problems.push(`records.${i}.finishedAt must be after startedAt`)
    else if (elapsed > MaxElapsedMs) problems.push(`records.${i}.finishedAt must be within 24 days of startedAt`)
  })
  if (problems.length > 0) return yield* new ResultsInvalid({ messages: problems })
  const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(input.eventId))
  if (Option.isNone(event)) return yield* new EventNotFound({ ref: input.eventId })
  const name = input.name ?? DefaultLeaderboardName
  const tx = yield* Transactor
  const outcome = yield* tx.atomically(Effect.gen(function*() {
    const done = yield* Effect.flatMap(ResultsRepo, (r) => r.ingest(input.eventId, name, input.records))
    if (done.inserted + done.updated > 0) {
      yield* Effect.flatMap(AuditLog, (log) =>
        log.append({
          action: "results.ingested",
          actor: { kind: "admin", id: adminId },
          subject: { kind: "leaderboard", id: done.leaderboard.id },
          data: { eventId: input.eventId, received: input.records.length, inserted: done.inserted, updated: done.updated, revision: done.leaderboard.revision }
        }))
    }
    return done
  }))
  return {
    leaderboardId: outcome.leaderboard.id,
    eventId: input.eventId,
    name,
    revision: outcome.leaderboard.revision,
    received: input.records.length,
    inserted: outcome.inserted,
    updated: outcome.updated,
    unchanged: outcome.unchanged
  }
})

/** The leaderboard when the public may read it (results published, event visible); else 404. */
const readable = (id: string) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(ResultsRepo, (r) => r.findLeaderboard(id))
    if (Option.isNone(found) || found.value.resultsStatus !== "published") return yield* new LeaderboardNotFound({ ref: id })
    const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(found.value.leaderboard.eventId))
    if (Option.isNone(event) || !isPubliclyVisible(event.value)) return yield* new LeaderboardNotFound({ ref: id })
    return { lb: found.value.leaderboard, event: event.value }
  })

/** Whether the board's places may still change (see the module comment); no query once the event has ended. */
const provisionalOf = (lb: ResultLeaderboard, event: Event) =>
  Effect.gen(function*() {
    const now = new Date(yield* Clock.currentTimeMillis)
    if (phaseOf(event, now) === "completed") return false
    return yield* Effect.flatMap(ResultsRepo, (r) => r.hasStaggeredStarts(lb.id))
  })

const dimensionsOf = (entries: ReadonlyArray<ResultEntry>): ReadonlyArray<BoardDimension> => [
  ...[...new Set(entries.map((e) => e.gender))].map((value): BoardDimension => ({ kind: "gender", value })),
  ...[...new Set(entries.flatMap((e) => (e.ageGroup === null ? [] : [e.ageGroup])))].map((value): BoardDimension => ({ kind: "ageGroup", value }))
]

const scoreIn = (entry: ResultEntry, dimension: BoardDimension): number | undefined =>
  dimension.kind === "overall"
    ? entry.place
    : dimension.kind === "gender"
    ? (entry.gender === dimension.value ? entry.genderPlace : undefined)
    : (entry.ageGroup === dimension.value ? entry.ageGroupPlace ?? undefined : undefined)

/** Builds the boards of the leaderboard's current revision from Postgres (overall last), then drops the previous revision's. */
const buildBoards = (lb: ResultLeaderboard) =>
  Effect.gen(function*() {
    const board = yield* Leaderboard
    if ((yield* board.size(boardNameOf(lb.id, lb.revision, { kind: "overall" }))) === lb.entryCount) return
    const entries = yield* Effect.flatMap(ResultsRepo, (r) => r.entries(lb.id))
    const dimensions = [...dimensionsOf(entries), { kind: "overall" } as const]
    for (const dimension of dimensions) {
      const name = boardNameOf(lb.id, lb.revision, dimension)
      yield* Effect.forEach(entries, (e) => {
        const score = scoreIn(e, dimension)
        return score === undefined ? Effect.void : board.add(name, e.userId, score)
      }, { concurrency: 16, discard: true })
    }
    if (lb.revision > 1) {
      yield* Effect.forEach(dimensions, (d) => board.clear(boardNameOf(lb.id, lb.revision - 1, d)), { discard: true })
    }
  })

/** Makes sure the current revision's boards exist (built once, under the leaderboard's lock). */
const ensureBoards = (lb: ResultLeaderboard) =>
  Effect.gen(function*() {
    const board = yield* Leaderboard
    if ((yield* board.size(boardNameOf(lb.id, lb.revision, { kind: "overall" }))) === lb.entryCount) return
    yield* buildBoards(lb).pipe(withLock(`results:lb-build:${lb.id}`, LockOptions), Effect.catchTag("LockNotAcquired", () => buildBoards(lb)))
  })

/** The results of the board's members in `members` order. */
const detailsOf = (lb: ResultLeaderboard, members: ReadonlyArray<string>) =>
  Effect.map(Effect.flatMap(ResultsRepo, (r) => r.entriesOf(lb.id, members)), (rows) => {
    const byUser = new Map(rows.map((e) => [e.userId, e]))
    return members.flatMap((m) => (byUser.has(m) ? [byUser.get(m)!] : []))
  })

const pageOf = ({ event, lb }: { readonly lb: ResultLeaderboard; readonly event: Event }, dimension: BoardDimension, page: number, limit: number) =>
  Effect.gen(function*() {
    yield* ensureBoards(lb)
    const board = yield* Leaderboard
    const name = boardNameOf(lb.id, lb.revision, dimension)
    const top = yield* board.top(name, { order: "low-first", limit, offset: (page - 1) * limit })
    return {
      leaderboard: lb,
      provisional: yield* provisionalOf(lb, event),
      items: yield* detailsOf(lb, top.map((t) => t.member)),
      total: yield* board.size(name),
      page,
      limit
    }
  })

export const listLeaderboards = Effect.fn("results.listLeaderboards")(function*(filter: { readonly eventId?: string | undefined; readonly page: number; readonly limit: number }) {
  const found = yield* Effect.flatMap(ResultsRepo, (r) => r.listLeaderboards({ ...filter, publicOnly: true }))
  return { items: found.items, total: found.total, page: filter.page, limit: filter.limit }
})

export const leaderboardEntries = Effect.fn("results.entries")(function*(id: string, page: number, limit: number) {
  return yield* pageOf(yield* readable(id), { kind: "overall" }, page, limit)
})

/** One dimension's ranking: exactly one of gender or age group (places within it). */
export const filteredEntries = Effect.fn("results.filteredEntries")(function*(id: string, filter: {
  readonly gender?: ResultGender | undefined
  readonly ageGroup?: string | undefined
  readonly page: number
  readonly limit: number
}) {
  if ((filter.gender === undefined) === (filter.ageGroup === undefined)) {
    return yield* new ResultsInvalid({ messages: ["exactly one of gender, ageGroup must be given"] })
  }
  const dimension: BoardDimension = filter.gender !== undefined ? { kind: "gender", value: filter.gender } : { kind: "ageGroup", value: filter.ageGroup! }
  return yield* pageOf(yield* readable(id), dimension, filter.page, filter.limit)
})

/**
 * The caller's result and `around` neighbours on each side (overall). A caller without a result on
 * the board answers `me: null` and no neighbours (200: "not ranked" is an answer, not an error).
 */
export const entriesForMe = Effect.fn("results.entriesForMe")(function*(id: string, userId: string, around: number) {
  const { event, lb } = yield* readable(id)
  yield* ensureBoards(lb)
  const provisional = yield* provisionalOf(lb, event)
  const board = yield* Leaderboard
  const name = boardNameOf(lb.id, lb.revision, { kind: "overall" })
  const position = yield* board.rank(name, userId, { order: "low-first" })
  if (Option.isNone(position)) return { leaderboard: lb, provisional, me: null, neighbours: [] as ReadonlyArray<ResultEntry>, total: lb.entryCount }
  const offset = Math.max(0, position.value - 1 - around)
  const window = yield* board.top(name, { order: "low-first", offset, limit: position.value - offset + around })
  const neighbours = yield* detailsOf(lb, window.map((w) => w.member))
  return { leaderboard: lb, provisional, me: neighbours.find((e) => e.userId === userId) ?? null, neighbours, total: lb.entryCount }
})

export const userEntry = Effect.fn("results.userEntry")(function*(id: string, userId: string) {
  const { lb } = yield* readable(id)
  const [entry] = yield* Effect.flatMap(ResultsRepo, (r) => r.entriesOf(lb.id, [userId]))
  if (entry === undefined) return yield* new ResultNotFound({ ref: userId })
  return entry
})
