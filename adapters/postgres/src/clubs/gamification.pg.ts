/**
 * Club points entries and member of the month on Postgres. `lockMember` and `lockEntry` take row
 * locks (`for update`) that the use cases hold through `Transactor.atomically`, so grants and debits
 * of one member, and reversals of one entry, run one after the other; the unique indexes on the
 * idempotency key, on `reverses_entry_id` and on (club, month key) are the last word on races.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect, Layer, Option } from "effect"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const first = <A>(rows: ReadonlyArray<A>) => Option.fromNullable(rows[0])

export const ClubPointsRepoPg = Layer.effect(Clubs.ClubPointsRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

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
        ? sql<{ readonly status: Clubs.MemberStatus }>`
            select status from clubs.members where club_id = ${clubId} and user_id = ${userId} for update`.pipe(
            Effect.map((rows) => Option.map(first(rows), (r) => r.status)),
            Effect.orDie
          )
        : Effect.succeed(Option.none()),
    balance: (clubId, userId) =>
      sql<{ readonly n: number }>`
        select coalesce(sum(points), 0)::int as n from clubs.points_entries where club_id = ${clubId} and user_id = ${userId}`.pipe(
        Effect.map((rows) => rows[0]!.n),
        Effect.orDie
      ),
    findByIdempotencyKey: (clubId, key) =>
      sql<Clubs.PointsEntry>`select * from clubs.points_entries where club_id = ${clubId} and idempotency_key = ${key}`.pipe(
        Effect.map(first),
        Effect.orDie
      ),
    insert: (entry) =>
      sql<Clubs.PointsEntry>`
        insert into clubs.points_entries ${sql.insert({ ...entry })}
        on conflict do nothing
        returning *`.pipe(Effect.map(first), Effect.orDie),
    lockEntry: (clubId, entryId) =>
      Uuid.test(entryId)
        ? sql<Clubs.PointsEntry>`select * from clubs.points_entries where id = ${entryId} and club_id = ${clubId} for update`.pipe(
          Effect.map(first),
          Effect.orDie
        )
        : Effect.succeed(Option.none()),
    markReversed: (entryId, reversalId) =>
      sql`
        update clubs.points_entries set reversed_by_entry_id = ${reversalId}
        where id = ${entryId} and reversed_by_entry_id is null returning id`.pipe(Effect.map((rows) => rows.length === 1), Effect.orDie),
    list: (clubId, filter) =>
      Effect.gen(function*() {
        const where = sql.and([sql`club_id = ${clubId}`, filter.userId === undefined ? sql`true` : sql`user_id = ${filter.userId}`])
        const items = yield* sql<Clubs.PointsEntry>`
          select * from clubs.points_entries where ${where} order by created_at desc, id desc limit ${filter.limit} offset ${filter.offset}`
        const total = (yield* sql<{ readonly n: number }>`select count(*)::int as n from clubs.points_entries where ${where}`)[0]!.n
        return { items, total }
      }).pipe(Effect.orDie),
    standings: (clubId, scope) =>
      sql<Clubs.BoardStanding>`
        select user_id, sum(points)::int as points from clubs.points_entries
        where club_id = ${clubId} and ${scopeWhere(scope)} group by user_id`.pipe(Effect.orDie),
    memberPoints: (clubId, userId, scope) =>
      sql<{ readonly n: number }>`
        select coalesce(sum(points), 0)::int as n from clubs.points_entries
        where club_id = ${clubId} and user_id = ${userId} and ${scopeWhere(scope)}`.pipe(Effect.map((rows) => rows[0]!.n), Effect.orDie),
    boardKeys: (clubId) =>
      Effect.gen(function*() {
        const sports = yield* sql<{ readonly k: string }>`
          select distinct sport_id as k from clubs.points_entries where club_id = ${clubId} and sport_id is not null order by 1`
        const months = yield* sql<{ readonly k: string }>`select distinct month_key as k from clubs.points_entries where club_id = ${clubId} order by 1`
        const weeks = yield* sql<{ readonly k: string }>`select distinct week_key as k from clubs.points_entries where club_id = ${clubId} order by 1`
        return { sportIds: sports.map((r) => r.k), monthKeys: months.map((r) => r.k), weekKeys: weeks.map((r) => r.k) }
      }).pipe(Effect.orDie),
    monthWinner: (clubId, monthKey) =>
      sql<Clubs.BoardStanding>`
        select p.user_id, sum(p.points)::int as points
        from clubs.points_entries p
        join clubs.members m on m.club_id = p.club_id and m.user_id = p.user_id and m.status = 'ACTIVE'
        where p.club_id = ${clubId} and p.month_key = ${monthKey}
        group by p.user_id
        having sum(p.points) > 0
        order by sum(p.points) desc, max(p.occurred_at) asc, p.user_id asc
        limit 1`.pipe(Effect.map(first), Effect.orDie)
  })
}))

export const MemberOfTheMonthRepoPg = Layer.effect(Clubs.MemberOfTheMonthRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return Clubs.MemberOfTheMonthRepo.of({
    record: (input) =>
      sql<Clubs.MemberOfTheMonth>`
        insert into clubs.members_of_the_month ${sql.insert({ ...input })}
        on conflict (club_id, month_key) do nothing
        returning *`.pipe(Effect.map(first), Effect.orDie),
    find: (clubId, monthKey) =>
      sql<Clubs.MemberOfTheMonth>`select * from clubs.members_of_the_month where club_id = ${clubId} and month_key = ${monthKey}`.pipe(
        Effect.map(first),
        Effect.orDie
      )
  })
}))

export const ClubGamificationReposPg = Layer.mergeAll(ClubPointsRepoPg, MemberOfTheMonthRepoPg)
