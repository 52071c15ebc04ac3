/**
 * Results on Postgres (migration 0070). An ingest holds its leaderboard's row (`for update`) for
 * the whole transaction, so concurrent batches of one board apply one after the other; records
 * are upserted in one statement that touches a row only when its content differs, and the places
 * are recomputed with `rank()` (standard competition ranking) only when something changed.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Results } from "@podium/core"
import { EventResultsState, Medal, ResultEntry, ResultLeaderboard } from "@podium/kernel"
import { Context, Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, rowsOf } from "../rows.pg.js"

const LeaderboardColumns = ["id", "event_id", "name", "entry_count", "revision", "created_at", "updated_at"] as const
const ResultColumns = [
  "leaderboard_id", "user_id", "gender", "age_group", "started_at", "finished_at", "elapsed_ms", "place", "gender_place", "age_group_place"
] as const

const isSqlError = (e: unknown): e is SqlError => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "SqlError"
const Changed = Schema.Struct({ inserted: Schema.Number, updated: Schema.Number })
const IdRow = Schema.Struct({ id: Schema.String })
const WithStatus = Schema.Struct({ ...ResultLeaderboard.fields, resultsStatus: Schema.NullOr(Schema.Literal("unpublished", "published")) })

export const ResultsRepoPg = Layer.effectContext(Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const boards = rowsOf(ResultLeaderboard)
  const withStatus = rowsOf(WithStatus)
  const entries = rowsOf(ResultEntry)
  const states = rowsOf(EventResultsState)
  const changed = rowsOf(Changed)
  const ids = rowsOf(IdRow)
  const medals = rowsOf(Medal)
  const lcols = sql.literal(LeaderboardColumns.join(", "))
  const lcolsOf = sql.literal(LeaderboardColumns.map((c) => `l.${c}`).join(", "))
  const rcols = sql.literal(ResultColumns.join(", "))

  const tx = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, Exclude<E, SqlError>> =>
    sql.withTransaction(effect).pipe(Effect.catchAll((e: E | SqlError) => (isSqlError(e) ? Effect.die(e) : Effect.fail(e as Exclude<E, SqlError>))))

  const state = (eventId: string) =>
    states.one(sql`
      select ${eventId}::uuid as event_id, coalesce(s.status, 'unpublished') as status, s.published_at, s.changed_by, s.changed_at,
             (select count(*)::int from results.leaderboards where event_id = ${eventId}) as leaderboards,
             (select coalesce(sum(entry_count), 0)::int from results.leaderboards where event_id = ${eventId}) as finishers
      from (select 1) one left join results.event_results s on s.id = ${eventId}`)

  /** Replaces a leaderboard's results with places computed from its timing records. */
  const recompute = (leaderboardId: string) =>
    Effect.gen(function*() {
      yield* sql`delete from results.results where leaderboard_id = ${leaderboardId}`
      yield* sql`
        insert into results.results (${rcols})
        select leaderboard_id, user_id, gender, age_group, started_at, finished_at, elapsed_ms,
               rank() over (order by elapsed_ms),
               rank() over (partition by gender order by elapsed_ms),
               case when age_group is null then null else rank() over (partition by age_group order by elapsed_ms) end
        from (select *, round(extract(epoch from (finished_at - started_at)) * 1000)::int as elapsed_ms
              from results.timing_records where leaderboard_id = ${leaderboardId}) t`
      return yield* boards.one(sql`
        update results.leaderboards
        set entry_count = (select count(*)::int from results.results where leaderboard_id = ${leaderboardId}),
            revision = revision + 1, updated_at = now()
        where id = ${leaderboardId} returning ${lcols}`)
    })

  const repo: Results.ResultsRepo["Type"] = {
    ingest: (eventId, name, records) =>
      tx(Effect.gen(function*() {
        yield* sql`insert into results.leaderboards (event_id, name) values (${eventId}, ${name}) on conflict (event_id, name) do nothing`
        const board = yield* boards.one(sql`select ${lcols} from results.leaderboards where event_id = ${eventId} and name = ${name} for update`)
        const batch = JSON.stringify(records.map((r) => ({
          user_id: r.userId,
          gender: r.gender,
          age_group: r.ageGroup,
          started_at: r.startedAt.toISOString(),
          finished_at: r.finishedAt.toISOString()
        })))
        const done = yield* changed.one(sql`
          with input as (
            select * from jsonb_to_recordset(${batch}::jsonb)
              as x(user_id uuid, gender text, age_group text, started_at timestamptz, finished_at timestamptz)
          ), up as (
            insert into results.timing_records as t (leaderboard_id, user_id, gender, age_group, started_at, finished_at)
            select ${board.id}, user_id, gender, age_group, started_at, finished_at from input
            on conflict (leaderboard_id, user_id) do update
              set gender = excluded.gender, age_group = excluded.age_group, started_at = excluded.started_at,
                  finished_at = excluded.finished_at, updated_at = now()
              where (t.gender, t.age_group, t.started_at, t.finished_at)
                    is distinct from (excluded.gender, excluded.age_group, excluded.started_at, excluded.finished_at)
            returning (xmax = 0) as fresh
          )
          select (count(*) filter (where fresh))::int as inserted, (count(*) filter (where not fresh))::int as updated from up`)
        const leaderboard = done.inserted + done.updated > 0 ? yield* recompute(board.id) : board
        return { leaderboard, inserted: done.inserted, updated: done.updated, unchanged: records.length - done.inserted - done.updated }
      })),
    withdraw: (leaderboardId, userId) =>
      tx(Effect.gen(function*() {
        const board = yield* boards.maybe(sql`select ${lcols} from results.leaderboards where id = ${leaderboardId} for update`)
        if (Option.isNone(board)) return false
        const gone = yield* ids.all(sql`delete from results.timing_records where leaderboard_id = ${leaderboardId} and user_id = ${userId} returning id`)
        if (gone.length === 0) return false
        yield* recompute(leaderboardId)
        return true
      })),
    state: (eventId) => state(eventId).pipe(Effect.orDie),
    move: (eventId, move, by, at) =>
      tx(Effect.gen(function*() {
        yield* sql`insert into results.event_results (id) values (${eventId}) on conflict (id) do nothing`
        yield* applyMove(sql, {
          moves: Results.EventResultsMoves,
          move,
          table: "results.event_results",
          id: eventId,
          set: move === "publish"
            ? sql`published_at = ${at}, changed_by = ${by}, changed_at = ${at}`
            : sql`changed_by = ${by}, changed_at = ${at}`,
          returning: sql`id`,
          rows: ids,
          // The row was inserted above in this transaction: it cannot be missing.
          notFound: () => new Error("results row missing")
        }).pipe(Effect.catchIf((e): e is Error => e instanceof Error, Effect.die))
        return yield* state(eventId)
      })),
    findLeaderboard: (id) =>
      Effect.map(
        withStatus.maybe(sql`
          select ${lcolsOf}, s.status as results_status
          from results.leaderboards l left join results.event_results s on s.id = l.event_id where l.id = ${id}`),
        Option.map(({ resultsStatus, ...leaderboard }) => ({ leaderboard, resultsStatus: resultsStatus ?? "unpublished" }))
      ),
    listLeaderboards: (filter) =>
      Effect.gen(function*() {
        const parts = [sql`true`]
        if (filter.eventId !== undefined) parts.push(sql`l.event_id = ${filter.eventId}`)
        if (filter.publicOnly) {
          parts.push(sql`s.status = 'published' and e.deleted_at is null and e.status = 'published' and e.visibility = 'public' and not e.is_test and e.is_active`)
        }
        const where = sql.and(parts)
        const from = sql`results.leaderboards l join events.events e on e.id = l.event_id left join results.event_results s on s.id = l.event_id`
        const total = yield* counts.one(sql`select count(*)::int as n from ${from} where ${where}`)
        const items = yield* boards.all(sql`
          select ${lcolsOf} from ${from} where ${where}
          order by l.created_at desc, l.id desc limit ${filter.limit} offset ${(filter.page - 1) * filter.limit}`)
        return { items, total: total.n }
      }),
    entries: (leaderboardId) => entries.all(sql`select ${rcols} from results.results where leaderboard_id = ${leaderboardId} order by place, user_id`),
    hasStaggeredStarts: (leaderboardId) =>
      Effect.map(
        counts.one(sql`select count(*)::int as n from (select distinct started_at from results.results where leaderboard_id = ${leaderboardId} limit 2) s`),
        (row) => row.n > 1
      ),
    entriesOf: (leaderboardId, userIds) =>
      userIds.length === 0
        ? Effect.succeed([])
        : entries.all(sql`select ${rcols} from results.results where leaderboard_id = ${leaderboardId} and user_id in ${sql.in(userIds as Array<string>)}`),
    medals: (filter) => {
      const parts = [sql`true`]
      if (filter.userId !== undefined) parts.push(sql`r.user_id = ${filter.userId}`)
      if (filter.eventId !== undefined) parts.push(sql`l.event_id = ${filter.eventId}`)
      if (filter.maxPlace !== undefined) parts.push(sql`r.place <= ${filter.maxPlace}`)
      return medals.all(sql`
        select case r.place when 1 then 'gold' when 2 then 'silver' when 3 then 'bronze' else 'finisher' end as kind,
               r.user_id, e.id as event_id, e.title as event_title, e.starts_at as event_starts_at,
               l.id as leaderboard_id, l.name as leaderboard_name, r.place, r.elapsed_ms, s.published_at as awarded_at
        from results.results r
        join results.leaderboards l on l.id = r.leaderboard_id
        join results.event_results s on s.id = l.event_id and s.status = 'published'
        join events.events e on e.id = l.event_id
        where ${sql.and(parts)} and e.deleted_at is null and e.status = 'published' and e.visibility = 'public' and not e.is_test and e.is_active
        order by e.starts_at desc, e.id, l.name, r.place, r.user_id
        limit 1000`)
    }
  }
  return Context.make(Results.ResultsRepo, repo)
}))
