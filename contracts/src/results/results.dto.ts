/**
 * Shapes of the results area: the ingest batch (timing records as the timing system sends them)
 * and the answers, which are the kernel records with their page around them.
 */
import {
  Body,
  DateTimeText,
  IntFromText,
  MaxIngestRecords,
  Optional,
  Query,
  ResultEntry,
  ResultGender,
  ResultLeaderboard,
  StrLength,
  UuidStr,
  ValidationText
} from "@podium/kernel"
import { Schema } from "effect"

/** An array of `min`..`max` items (class-validator ArrayMinSize/ArrayMaxSize wording). */
const ArrayBetween = <S extends Schema.Schema.Any>(item: S, min: number, max: number) =>
  Schema.Array(item).pipe(
    Schema.filter((items) => items.length >= min && items.length <= max),
    Schema.annotations({ message: () => ({ message: `must contain between ${min} and ${max} elements`, override: false }), [ValidationText]: `must contain between ${min} and ${max} elements` })
  )

export const PageQuery = {
  page: Optional(IntFromText(1, 1_000_000)),
  limit: Optional(IntFromText(1, 100))
}

/** One timing record: absolute instants (elapsed = finishedAt − startedAt). */
export const TimingRecordBody = Schema.Struct({
  userId: UuidStr,
  gender: ResultGender,
  ageGroup: Optional(StrLength(1, 30)),
  startedAt: DateTimeText,
  finishedAt: DateTimeText
}).annotations({ identifier: "TimingRecordInput" })

export const IngestBody = Body({
  eventId: UuidStr,
  /** The leaderboard (race distance) of the event; "Overall" when absent. */
  name: Optional(ResultLeaderboard.fields.name),
  records: ArrayBetween(TimingRecordBody, 1, MaxIngestRecords)
})

export const IngestOutcome = Schema.Struct({
  leaderboardId: UuidStr,
  eventId: UuidStr,
  name: Schema.String,
  revision: Schema.Int,
  received: Schema.Int,
  inserted: Schema.Int,
  updated: Schema.Int,
  unchanged: Schema.Int
}).annotations({ identifier: "ResultsIngestOutcome" })

export const LeaderboardListQuery = Query({ ...PageQuery, eventId: Optional(UuidStr) })
export const LeaderboardPage = Schema.Struct({ items: Schema.Array(ResultLeaderboard), total: Schema.Int, page: Schema.Int, limit: Schema.Int })
  .annotations({ identifier: "ResultLeaderboardPage" })

export const EntriesQuery = Query(PageQuery)
export const FilteredEntriesQuery = Query({ ...PageQuery, gender: Optional(ResultGender), ageGroup: Optional(StrLength(1, 30)) })
export const ForMeQuery = Query({ around: Optional(IntFromText(0, 25)) })

export const EntriesPage = Schema.Struct({
  leaderboard: ResultLeaderboard,
  items: Schema.Array(ResultEntry),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int
}).annotations({ identifier: "ResultEntriesPage" })

export const ForMeAnswer = Schema.Struct({
  leaderboard: ResultLeaderboard,
  /** Null when the caller has no result on this leaderboard. */
  me: Schema.NullOr(ResultEntry),
  /** The caller's entry with up to `around` entries before and after it, in place order. */
  neighbours: Schema.Array(ResultEntry),
  total: Schema.Int
}).annotations({ identifier: "ResultEntriesForMe" })

