/**
 * Results: the publication machine of an event's results (states.tsv "Event results"), the
 * ranking rule, the Redis board names and the errors the context answers with.
 */
import { defineMoves, DomainError, type EventResultsStatus, type MedalKind, type ResultGender, InputInvalid } from "@podium/kernel"
import { Schema } from "effect"

/** publish and unpublish, each one conditional update (a second publish is 409). */
export const EventResultsMoves = defineMoves<EventResultsStatus>()({ machine: "event results", code: "RESULTS_STATUS_CONFLICT" }, {
  publish: { from: ["unpublished"], to: "published" },
  unpublish: { from: ["published"], to: "unpublished" }
})
export type EventResultsMove = keyof typeof EventResultsMoves.table

/** The leaderboard a batch lands on when it names none. */
export const DefaultLeaderboardName = "Overall"

/**
 * Places by standard competition ranking ("1-2-2-4"): equal elapsed times share the best place
 * and the next different time takes its position in the order. Postgres computes the same with
 * `rank() over (order by elapsed_ms)`; this is the memory twin's and the documentation's version.
 */
export const competitionPlaces = (elapsed: ReadonlyArray<number>): ReadonlyArray<number> => {
  const sorted = [...elapsed].sort((a, b) => a - b)
  return elapsed.map((e) => sorted.indexOf(e) + 1)
}

/** A board of a leaderboard's revision: overall, one gender, or one age group. */
export type BoardDimension =
  | { readonly kind: "overall" }
  | { readonly kind: "gender"; readonly value: ResultGender }
  | { readonly kind: "ageGroup"; readonly value: string }

/** The Redis sorted set of one dimension of one revision (members: user ids; scores: places). */
export const boardNameOf = (leaderboardId: string, revision: number, dimension: BoardDimension): string =>
  `results:lb:${leaderboardId}:r${revision}:${dimension.kind === "overall" ? "all" : dimension.kind === "gender" ? `g:${dimension.value}` : `ag:${dimension.value}`}`

/** The longest elapsed time a record may carry (what an integer of milliseconds holds: 24 days). */
export const MaxElapsedMs = 2_147_483_647

export class LeaderboardNotFound extends DomainError<LeaderboardNotFound>()("LeaderboardNotFound", { kind: "not-found", code: "LEADERBOARD_NOT_FOUND" }, {
  ref: Schema.String
}) {
  override get message() {
    return `Leaderboard ${this.ref} not found`
  }
}

export class ResultNotFound extends DomainError<ResultNotFound>()("ResultNotFound", { kind: "not-found", code: "RESULT_NOT_FOUND" }, {
  ref: Schema.String
}) {
  override get message() {
    return `No result for ${this.ref} on this leaderboard`
  }
}

/** Publishing nothing would show an empty page as the event's results. */
export class ResultsEmpty extends DomainError<ResultsEmpty>()("ResultsEmpty", { kind: "conflict", code: "RESULTS_EMPTY" }, {
  eventId: Schema.String
}) {
  override get message() {
    return "There are no results to publish for this event"
  }
}

/** An ingest batch or a filter the schema cannot reject by itself (messages in the house's wording). */
export class ResultsInvalid extends InputInvalid<ResultsInvalid>()("ResultsInvalid") {}

/** The metal of an overall place: gold, silver, bronze for 1 to 3 (tied places share it), finisher after. */
export const medalKindOf = (place: number): MedalKind => (place === 1 ? "gold" : place === 2 ? "silver" : place === 3 ? "bronze" : "finisher")
