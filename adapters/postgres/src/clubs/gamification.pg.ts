/**
 * Club points entries and member of the month on Postgres. `lockMember` and `lockEntry` take row
 * locks (`for update`) that the use cases hold through `Transactor.atomically`, so grants and debits
 * of one member, and reversals of one entry, run one after the other; the unique indexes on the
 * idempotency key, on `reverses_entry_id` and on (club, month key) are the last word on races.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { counts, ids, rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const StatusRow = Schema.Struct({ status: Schema.Literal(...Clubs.MemberStatuses) })
const KeyRow = Schema.Struct({ k: Schema.String })

export const ClubPointsRepoPg = Layer.effect(Clubs.ClubPointsRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const entries = rowsOf(Clubs.PointsEntry)
  const standings = rowsOf(Clubs.BoardStanding)
  const statuses = rowsOf(StatusRow)
  const keys = rowsOf(KeyRow)

  const scopeWhere = (scope: Clubs.BoardScope) => {
    switch (scope.kind) {
      case "all":
        return scope.sportId === null ? sql`true` : sql`sport_id = ${scope.sportId}`
      case "month":
        return sql`month_key = ${scope.key}`
      case "week":
        return sql`week_key = ${scope.key}`
    }
  }

  return Clubs.ClubPointsRepo.of({
    lockMember: (clubId, userId) =>
      Uuid.test(userId)
        ? statuses.maybe(sql`select status from clubs.members where club_id = ${clubId} and user_id = ${userId} for update`).pipe(
          Effect.map(Option.map((r) => r.status))
        )
        : Effect.succeed(Option.none()),
    balance: (clubId, userId) =>
      counts.one(sql`
        select coalesce(sum(points), 0)::int as n from clubs.points_entries where club_id = ${clubId} and user_id = ${userId}`).pipe(Effect.map((r) => r.n)),
    findByIdempotencyKey: (clubId, key) =>
      entries.maybe(sql`select * from clubs.points_entries where club_id = ${clubId} and idempotency_key = ${key}`),
    insert: (entry) =>
      entries.maybe(sql`
        insert into clubs.points_entries ${sql.insert({ ...entry })}
        on conflict do nothing
        returning *`),
    lockEntry: (clubId, entryId) =>
      Uuid.test(entryId)
        ? entries.maybe(sql`select * from clubs.points_entries where id = ${entryId} and club_id = ${clubId} for update`)
        : Effect.succeed(Option.none()),
    markReversed: (entryId, reversalId) =>
      ids.all(sql`
        update clubs.points_entries set reversed_by_entry_id = ${reversalId}
        where id = ${entryId} and reversed_by_entry_id is null returning id`).pipe(Effect.map((rows) => rows.length === 1)),
    list: (clubId, filter) =>
      Effect.gen(function*() {
        const where = sql.and([sql`club_id = ${clubId}`, filter.userId === undefined ? sql`true` : sql`user_id = ${filter.userId}`])
        const items = yield* entries.all(sql`
          select * from clubs.points_entries where ${where} order by created_at desc, id desc limit ${filter.limit} offset ${filter.offset}`)
        const total = (yield* counts.one(sql`select count(*)::int as n from clubs.points_entries where ${where}`)).n
        return { items, total }
      }),
    standings: (clubId, scope) =>
      standings.all(sql`
        select user_id, sum(points)::int as points from clubs.points_entries
        where club_id = ${clubId} and ${scopeWhere(scope)} group by user_id`),
    memberPoints: (clubId, userId, scope) =>
      counts.one(sql`
        select coalesce(sum(points), 0)::int as n from clubs.points_entries
        where club_id = ${clubId} and user_id = ${userId} and ${scopeWhere(scope)}`).pipe(Effect.map((r) => r.n)),
    boardKeys: (clubId) =>
      Effect.gen(function*() {
        const sports = yield* keys.all(sql`
          select distinct sport_id as k from clubs.points_entries where club_id = ${clubId} and sport_id is not null order by 1`)
        const months = yield* keys.all(sql`select distinct month_key as k from clubs.points_entries where club_id = ${clubId} order by 1`)
        const weeks = yield* keys.all(sql`select distinct week_key as k from clubs.points_entries where club_id = ${clubId} order by 1`)
        return { sportIds: sports.map((r) => r.k), monthKeys: months.map((r) => r.k), weekKeys: weeks.map((r) => r.k) }
      }),
    monthWinner: (clubId, monthKey) =>
      standings.maybe(sql`
        select p.user_id, sum(p.points)::int as points
        from clubs.points_entries p
        join clubs.members m on m.club_id = p.club_id and m.user_id = p.user_id and m.status = 'ACTIVE'
        where p.club_id = ${clubId} and p.month_key = ${monthKey}
        group by p.user_id
        having sum(p.points) > 0
        order by sum(p.points) desc, max(p.occurred_at) asc, p.user_id asc
        limit 1`)
  })
}))

export const MemberOfTheMonthRepoPg = Layer.effect(Clubs.MemberOfTheMonthRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const winners = rowsOf(Clubs.MemberOfTheMonth)
  return Clubs.MemberOfTheMonthRepo.of({
    record: (input) =>
      winners.maybe(sql`
        insert into clubs.members_of_the_month ${sql.insert({ ...input })}
        on conflict (club_id, month_key) do nothing
        returning *`),
    find: (clubId, monthKey) => winners.maybe(sql`select * from clubs.members_of_the_month where club_id = ${clubId} and month_key = ${monthKey}`)
  })
}))

export const ClubGamificationReposPg = Layer.mergeAll(ClubPointsRepoPg, MemberOfTheMonthRepoPg)
