/**
 * Edition leaderboards (C "Editions": `/{idOrSlug}/leaderboard`, `/leaderboard/me`), built on the
 * results context's leaderboards. Results are kept per event (the series) and per board name, one
 * result per athlete and board, so an athlete who runs several editions is on several boards: the
 * edition's board is the one the query names, else the series' board named after the edition's year
 * ("2041"), else the series' "Overall" board. Only the results whose start falls within the
 * edition's dates count (an "Overall" board may hold several years), and places are recomputed
 * among them by standard competition ranking ("1-2-2-4").
 *
 * Reads are served from a Redis sorted set per edition, board revision and window (members the user
 * ids, scores the edition places), built once from Postgres under a lock like the results' own
 * boards: an ingest bumps the board's revision and an edit of the edition's dates changes the
 * window, so a stale board is never read; the previous revision's board is dropped once the new one
 * is complete. An edition whose series has no published results on that board answers an empty
 * leaderboard (the edition is public; "no results yet" is an answer, not a 404).
 */
import type { Edition, ResultEntry, ResultLeaderboard } from "@podium/kernel"
import { Effect, Option } from "effect"
import { withLock } from "../platform/distributed-lock.port.js"
import { Leaderboard } from "../platform/leaderboard.port.js"
import { DefaultLeaderboardName } from "../results/results.model.js"
import { ResultsRepo } from "../results/results.port.js"
import { publicEdition } from "./edition.use-case.js"
import { competitionRanks } from "./master-event.model.js"

/** One result of an edition: the series board's result with its place within the edition. */
export interface EditionResult extends ResultEntry {
  /** The place on the series' board (all editions' results together). */
  readonly boardPlace: number
}

const LockOptions = { ttl: "30 seconds", wait: "10 seconds" } as const

/**
 * The edition's published board: `name` when given, else the year's board, else "Overall" (none while
 * the event's results are not published or the event is hidden).
 */
const boardOf = (edition: Edition, name: string | undefined) =>
  Effect.gen(function*() {
    const boards = yield* Effect.flatMap(ResultsRepo, (r) => r.listLeaderboards({ eventId: edition.eventId, publicOnly: true, page: 1, limit: 100 }))
    const named = (n: string) => Option.fromNullable(boards.items.find((b) => b.name === n))
    return name !== undefined ? named(name) : Option.orElse(named(String(edition.year)), () => named(DefaultLeaderboardName))
  })

const inWindow = (edition: Edition, entry: ResultEntry) =>
  entry.startedAt.getTime() >= edition.startsAt.getTime() && entry.startedAt.getTime() <= edition.endsAt.getTime()

const ranked = (edition: Edition, entries: ReadonlyArray<ResultEntry>): ReadonlyArray<EditionResult> =>
  // Equal times share a place; within it the order is by user id, as the sorted set orders equal scores.
  competitionRanks(entries.filter((e) => inWindow(edition, e)).sort((a, b) => (a.userId < b.userId ? -1 : 1)), (a, b) => a.elapsedMs - b.elapsedMs)
    .map(({ item, place }) => ({ ...item, boardPlace: item.place, place }))

/** The edition's results ranked, straight from Postgres (what the master standings add up). */
export const editionStandings = (edition: Edition, name?: string) =>
  Effect.gen(function*() {
    const board = yield* boardOf(edition, name)
    if (Option.isNone(board)) return [] as ReadonlyArray<EditionResult>
    return ranked(edition, yield* Effect.flatMap(ResultsRepo, (r) => r.entries(board.value.id)))
  })

const boardName = (edition: Edition, lb: ResultLeaderboard, revision = lb.revision) =>
  `events:edition-lb:${edition.id}:${lb.id}:r${revision}:${edition.startsAt.getTime()}-${edition.endsAt.getTime()}`
/** Written last by a build: its presence means the board is complete (its score is the board's size). */
const builtMarker = (name: string) => `${name}:built`

const build = (edition: Edition, lb: ResultLeaderboard) =>
  Effect.gen(function*() {
    const board = yield* Leaderboard
    const name = boardName(edition, lb)
    if (Option.isSome(yield* board.score(builtMarker(name), "size"))) return
    const results = ranked(edition, yield* Effect.flatMap(ResultsRepo, (r) => r.entries(lb.id)))
    yield* Effect.forEach(results, (r) => board.add(name, r.userId, r.place), { concurrency: 16, discard: true })
    yield* board.add(builtMarker(name), "size", results.length)
    if (lb.revision > 1) {
      const previous = boardName(edition, lb, lb.revision - 1)
      yield* board.clear(previous)
      yield* board.clear(builtMarker(previous))
    }
  })

/** The edition's board of the series board's current revision, built once (under the edition's lock). */
const ensureBoard = (edition: Edition, lb: ResultLeaderboard) =>
  Effect.gen(function*() {
    const board = yield* Leaderboard
    const name = boardName(edition, lb)
    if (Option.isNone(yield* board.score(builtMarker(name), "size"))) {
      yield* build(edition, lb).pipe(
        withLock(`events:edition-lb-build:${edition.id}`, LockOptions),
        Effect.catchTag("LockNotAcquired", () => build(edition, lb))
      )
    }
    return name
  })

/** The results of `members` with their edition places (the board's scores), in the members' order. */
const detailsOf = (edition: Edition, lb: ResultLeaderboard, members: ReadonlyArray<{ readonly member: string; readonly score: number }>) =>
  Effect.map(Effect.flatMap(ResultsRepo, (r) => r.entriesOf(lb.id, members.map((m) => m.member))), (rows) => {
    const byUser = new Map(rows.map((e) => [e.userId, e]))
    return members.flatMap((m): Array<EditionResult> => {
      const entry = byUser.get(m.member)
      return entry === undefined || !inWindow(edition, entry) ? [] : [{ ...entry, boardPlace: entry.place, place: m.score }]
    })
  })

const editionRef = (e: Edition) => ({ id: e.id, slug: e.slug, year: e.year, name: e.name, eventId: e.eventId })

/** A page of the edition's ranking (public edition of a public event; else 404). */
export const editionLeaderboard = Effect.fn("events.editions.leaderboard")(function*(idOrSlug: string, query: {
  readonly leaderboard?: string | undefined
  readonly page?: number | undefined
  readonly limit?: number | undefined
}) {
  const edition = yield* publicEdition(idOrSlug)
  const page = query.page ?? 1
  const limit = query.limit ?? 50
  const lb = yield* boardOf(edition, query.leaderboard)
  if (Option.isNone(lb)) return { edition: editionRef(edition), leaderboard: null, items: [], total: 0, page, limit }
  const name = yield* ensureBoard(edition, lb.value)
  const board = yield* Leaderboard
  const top = yield* board.top(name, { order: "low-first", limit, offset: (page - 1) * limit })
  return {
    edition: editionRef(edition),
    leaderboard: lb.value,
    items: yield* detailsOf(edition, lb.value, top),
    total: yield* board.size(name),
    page,
    limit
  }
})

/**
 * The caller's edition result and `around` neighbours on each side. Not ranked (no result in the
 * edition, or no published results) answers `me: null` with no neighbours.
 */
export const editionLeaderboardForMe = Effect.fn("events.editions.leaderboardForMe")(function*(idOrSlug: string, userId: string, query: {
  readonly leaderboard?: string | undefined
  readonly around?: number | undefined
}) {
  const edition = yield* publicEdition(idOrSlug)
  const around = query.around ?? 2
  const lb = yield* boardOf(edition, query.leaderboard)
  if (Option.isNone(lb)) return { edition: editionRef(edition), leaderboard: null, me: null, neighbours: [], total: 0 }
  const name = yield* ensureBoard(edition, lb.value)
  const board = yield* Leaderboard
  const total = yield* board.size(name)
  const position = yield* board.rank(name, userId, { order: "low-first" })
  if (Option.isNone(position)) return { edition: editionRef(edition), leaderboard: lb.value, me: null, neighbours: [], total }
  const offset = Math.max(0, position.value - 1 - around)
  const window = yield* board.top(name, { order: "low-first", offset, limit: position.value - offset + around })
  const neighbours = yield* detailsOf(edition, lb.value, window)
  return { edition: editionRef(edition), leaderboard: lb.value, me: neighbours.find((e) => e.userId === userId) ?? null, neighbours, total }
})
