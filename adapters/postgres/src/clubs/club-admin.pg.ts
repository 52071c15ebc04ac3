/**
 * The club admin workspace's community tools on Postgres: recognition rules, awards, segments, and
 * the read-only metrics (members, points, run attendance) rules and segments are evaluated against.
 * State moves are conditional updates (`where status = ...`), so of two concurrent moves one wins.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { counts, ids, type Rows, rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The first row of `query` when `id` is a uuid; no query at all otherwise. */
const byId = <A>(rows: Rows<A>, id: string, query: () => Effect.Effect<ReadonlyArray<object>, unknown>) =>
  Uuid.test(id) ? rows.maybe(query().pipe(Effect.orDie)) : Effect.succeed(Option.none<A>())

export const RecognitionRuleRepoPg = Layer.effect(Clubs.RecognitionRuleRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const rules = rowsOf(Clubs.RecognitionRule)
  return Clubs.RecognitionRuleRepo.of({
    create: (input) => rules.one(sql`insert into clubs.recognition_rules ${sql.insert({ ...input })} returning *`),
    findById: (id) => byId(rules, id, () => sql`select * from clubs.recognition_rules where id = ${id}`),
    list: (clubId, filter) =>
      Effect.gen(function*() {
        const where = sql.and([sql`club_id = ${clubId}`, filter.status === undefined ? sql`true` : sql`status = ${filter.status}`])
        const items = yield* rules.all(sql`
          select * from clubs.recognition_rules where ${where} order by created_at desc, id desc limit ${filter.limit} offset ${filter.offset}`)
        const total = (yield* counts.one(sql`select count(*)::int as n from clubs.recognition_rules where ${where}`)).n
        return { items, total }
      }),
    update: (id, patch) =>
      Object.keys(patch).length === 0
        ? byId(rules, id, () => sql`select * from clubs.recognition_rules where id = ${id}`)
        : byId(rules, id, () => sql`
            update clubs.recognition_rules set ${sql.update({ ...patch })}, updated_at = now() where id = ${id} returning *`),
    transition: (id, from, to) =>
      byId(rules, id, () => sql`
        update clubs.recognition_rules set status = ${to}, updated_at = now()
        where id = ${id} and status in ${sql.in([...from])} returning *`)
  })
}))

export const ClubAwardRepoPg = Layer.effect(Clubs.ClubAwardRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const columns = sql`id, club_id, user_id, name, description, rule_id, period_key, awarded_by, created_at, updated_at`
  const awards = rowsOf(Clubs.ClubAward)
  return Clubs.ClubAwardRepo.of({
    create: (input) =>
      awards.maybe(sql`
        insert into clubs.awards ${sql.insert({ ...input })}
        on conflict (rule_id, user_id, period_key) where rule_id is not null and revoked_at is null do nothing
        returning ${columns}`).pipe(
        Effect.flatMap(Option.match({
          onSome: Effect.succeed,
          onNone: () =>
            Effect.fail(new Clubs.ClubAwardAlreadyGiven({ ruleId: input.ruleId ?? "", userId: input.userId, periodKey: input.periodKey ?? "" }))
        }))
      ),
    findById: (id) => byId(awards, id, () => sql`select ${columns} from clubs.awards where id = ${id} and revoked_at is null`),
    list: (clubId, filter) =>
      Effect.gen(function*() {
        const where = sql.and([
          sql`club_id = ${clubId}`,
          sql`revoked_at is null`,
          filter.userId === undefined ? sql`true` : sql`user_id = ${filter.userId}`,
          filter.ruleId === undefined ? sql`true` : sql`rule_id = ${filter.ruleId}`
        ])
        const items = yield* awards.all(sql`
          select ${columns} from clubs.awards where ${where} order by created_at desc, id desc limit ${filter.limit} offset ${filter.offset}`)
        const total = (yield* counts.one(sql`select count(*)::int as n from clubs.awards where ${where}`)).n
        return { items, total }
      }),
    update: (id, patch) =>
      Object.keys(patch).length === 0
        ? byId(awards, id, () => sql`select ${columns} from clubs.awards where id = ${id} and revoked_at is null`)
        : byId(awards, id, () => sql`
            update clubs.awards set ${sql.update({ ...patch })}, updated_at = now() where id = ${id} and revoked_at is null returning ${columns}`),
    revoke: (id, by) =>
      byId(awards, id, () => sql`
        update clubs.awards set revoked_at = now(), revoked_by = ${by}, updated_at = now()
        where id = ${id} and revoked_at is null returning ${columns}`)
  })
}))

/** The filter as stored: jsonb, its dates as ISO strings. */
const StoredFilter = Schema.Struct({
  ...Clubs.SegmentFilter.fields,
  joinedBefore: Schema.optional(Schema.Date),
  joinedAfter: Schema.optional(Schema.Date)
})
const SegmentRow = Schema.Struct({ ...Clubs.ClubSegment.fields, filter: StoredFilter })

const filterJson = (f: Clubs.SegmentFilter) => JSON.stringify(Schema.encodeSync(StoredFilter)(f))

export const ClubSegmentRepoPg = Layer.effect(Clubs.ClubSegmentRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const segments = rowsOf(SegmentRow)
  const one = (id: string, query: () => Effect.Effect<ReadonlyArray<object>, unknown>) => byId(segments, id, query)
  return Clubs.ClubSegmentRepo.of({
    create: (input) =>
      segments.one(sql`
        insert into clubs.segments (club_id, kind, name, description, filter, created_by)
        values (${input.clubId}, ${input.kind}, ${input.name}, ${input.description}, ${filterJson(input.filter)}::jsonb, ${input.createdBy})
        returning *`),
    findById: (id) => one(id, () => sql`select * from clubs.segments where id = ${id}`),
    list: (clubId, kind, filter) =>
      Effect.gen(function*() {
        const where = sql.and([sql`club_id = ${clubId}`, sql`kind = ${kind}`, filter.status === undefined ? sql`true` : sql`status = ${filter.status}`])
        const items = yield* segments.all(sql`
          select * from clubs.segments where ${where} order by created_at desc, id desc limit ${filter.limit} offset ${filter.offset}`)
        const total = (yield* counts.one(sql`select count(*)::int as n from clubs.segments where ${where}`)).n
        return { items, total }
      }),
    update: (id, patch) =>
      one(id, () => sql`
        update clubs.segments set
          name = ${patch.name === undefined ? sql`name` : sql`${patch.name}`},
          description = ${patch.description === undefined ? sql`description` : sql`${patch.description}`},
          filter = ${patch.filter === undefined ? sql`filter` : sql`${filterJson(patch.filter)}::jsonb`},
          updated_at = now()
        where id = ${id} and status = 'ACTIVE' returning *`),
    archive: (id) =>
      one(id, () => sql`
        update clubs.segments set status = 'ARCHIVED', updated_at = now() where id = ${id} and status = 'ACTIVE' returning *`),
    attachChallenge: (id, challengeId) =>
      one(id, () => sql`
        update clubs.segments set
          challenge_ids = case when ${challengeId} = any(challenge_ids) then challenge_ids else array_append(challenge_ids, ${challengeId}::text) end,
          updated_at = now()
        where id = ${id} and status = 'ACTIVE' returning *`),
    detachChallenge: (id, challengeId) =>
      Uuid.test(id)
        ? ids.all(sql`
            update clubs.segments set challenge_ids = array_remove(challenge_ids, ${challengeId}::text), updated_at = now()
            where id = ${id} and ${challengeId} = any(challenge_ids) returning id`).pipe(Effect.map((rows) => rows.length === 1))
        : Effect.succeed(false)
  })
}))

export const ClubCommunityMetricsPg = Layer.effect(Clubs.ClubCommunityMetrics, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const qualifiers = rowsOf(Clubs.RuleQualifier)
  return Clubs.ClubCommunityMetrics.of({
    countMembers: (clubId, f) =>
      counts.one(sql`
        select count(*)::int as n from clubs.members m
        where ${sql.and([
          sql`m.club_id = ${clubId}`,
          sql`m.status = 'ACTIVE'`,
          f.roles === undefined || f.roles.length === 0 ? sql`true` : sql`m.role in ${sql.in([...f.roles])}`,
          f.tierIds === undefined || f.tierIds.length === 0 ? sql`true` : sql`m.tier_id::text in ${sql.in(f.tierIds.map((t) => t.toLowerCase()))}`,
          f.joinedBefore === undefined ? sql`true` : sql`coalesce(m.joined_at, m.created_at) < ${f.joinedBefore}`,
          f.joinedAfter === undefined ? sql`true` : sql`coalesce(m.joined_at, m.created_at) >= ${f.joinedAfter}`,
          f.minPoints === undefined ? sql`true` : sql`(
            select coalesce(sum(p.points), 0) from clubs.points_entries p where p.club_id = m.club_id and p.user_id = m.user_id
          ) >= ${f.minPoints}`,
          f.minAttendedRuns === undefined ? sql`true` : sql`(
            select count(*) from clubs.run_attendance a join clubs.runs r on r.id = a.run_id
            where r.club_id = m.club_id and a.user_id = m.user_id and a.present
          ) >= ${f.minAttendedRuns}`
        ])}`).pipe(Effect.map((r) => r.n)),
    qualifiers: (clubId, metric, window, threshold) =>
      qualifiers.all(metric === "points"
        ? sql`
            select p.user_id, sum(p.points)::int as value
            from clubs.points_entries p
            join clubs.members m on m.club_id = p.club_id and m.user_id = p.user_id and m.status = 'ACTIVE'
            where p.club_id = ${clubId} and ${window.period === "month" ? sql`p.month_key = ${window.periodKey}` : sql`p.week_key = ${window.periodKey}`}
            group by p.user_id having sum(p.points) >= ${threshold}
            order by 2 desc, 1`
        : sql`
            select a.user_id, count(*)::int as value
            from clubs.run_attendance a
            join clubs.runs r on r.id = a.run_id
            join clubs.members m on m.club_id = r.club_id and m.user_id = a.user_id and m.status = 'ACTIVE'
            where r.club_id = ${clubId} and a.present and r.status <> 'CANCELLED'
              and r.starts_at >= ${window.start} and r.starts_at < ${window.end}
            group by a.user_id having count(*) >= ${threshold}
            order by 2 desc, 1`)
  })
}))

export const ClubAdminReposPg = Layer.mergeAll(RecognitionRuleRepoPg, ClubAwardRepoPg, ClubSegmentRepoPg, ClubCommunityMetricsPg)
