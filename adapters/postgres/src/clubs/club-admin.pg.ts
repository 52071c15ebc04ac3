/**
 * The club admin workspace's community tools on Postgres: recognition rules, awards, segments, and
 * the read-only metrics (members, points, run attendance) rules and segments are evaluated against.
 * State moves are conditional updates (`where status = ...`), so of two concurrent moves one wins.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect, Layer, Option } from "effect"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const first = <A>(rows: ReadonlyArray<A>) => Option.fromNullable(rows[0])
const byId = <A>(id: string, query: () => Effect.Effect<ReadonlyArray<A>, unknown>) =>
  Uuid.test(id) ? query().pipe(Effect.map(first), Effect.orDie) : Effect.succeed(Option.none<A>())

export const RecognitionRuleRepoPg = Layer.effect(Clubs.RecognitionRuleRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return Clubs.RecognitionRuleRepo.of({
    create: (input) =>
      sql<Clubs.RecognitionRule>`insert into clubs.recognition_rules ${sql.insert({ ...input })} returning *`.pipe(
        Effect.map((rows) => rows[0]!),
        Effect.orDie
      ),
    findById: (id) => byId(id, () => sql<Clubs.RecognitionRule>`select * from clubs.recognition_rules where id = ${id}`),
    list: (clubId, filter) =>
      Effect.gen(function*() {
        const where = sql.and([sql`club_id = ${clubId}`, filter.status === undefined ? sql`true` : sql`status = ${filter.status}`])
        const items = yield* sql<Clubs.RecognitionRule>`
          select * from clubs.recognition_rules where ${where} order by created_at desc, id desc limit ${filter.limit} offset ${filter.offset}`
        const total = (yield* sql<{ readonly n: number }>`select count(*)::int as n from clubs.recognition_rules where ${where}`)[0]!.n
        return { items, total }
      }).pipe(Effect.orDie),
    update: (id, patch) =>
      Object.keys(patch).length === 0
        ? byId(id, () => sql<Clubs.RecognitionRule>`select * from clubs.recognition_rules where id = ${id}`)
        : byId(id, () => sql<Clubs.RecognitionRule>`
            update clubs.recognition_rules set ${sql.update({ ...patch })}, updated_at = now() where id = ${id} returning *`),
    transition: (id, from, to) =>
      byId(id, () => sql<Clubs.RecognitionRule>`
        update clubs.recognition_rules set status = ${to}, updated_at = now()
        where id = ${id} and status in ${sql.in([...from])} returning *`)
  })
}))

export const ClubAwardRepoPg = Layer.effect(Clubs.ClubAwardRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const columns = sql`id, club_id, user_id, name, description, rule_id, period_key, awarded_by, created_at, updated_at`
  return Clubs.ClubAwardRepo.of({
    create: (input) =>
      sql<Clubs.ClubAward>`
        insert into clubs.awards ${sql.insert({ ...input })}
        on conflict (rule_id, user_id, period_key) where rule_id is not null and revoked_at is null do nothing
        returning ${columns}`.pipe(
        Effect.orDie,
        Effect.flatMap((rows) =>
          rows.length === 1
            ? Effect.succeed(rows[0]!)
            : Effect.fail(new Clubs.ClubAwardAlreadyGiven({ ruleId: input.ruleId ?? "", userId: input.userId, periodKey: input.periodKey ?? "" })))
      ),
    findById: (id) => byId(id, () => sql<Clubs.ClubAward>`select ${columns} from clubs.awards where id = ${id} and revoked_at is null`),
    list: (clubId, filter) =>
      Effect.gen(function*() {
        const where = sql.and([
          sql`club_id = ${clubId}`,
          sql`revoked_at is null`,
          filter.userId === undefined ? sql`true` : sql`user_id = ${filter.userId}`,
          filter.ruleId === undefined ? sql`true` : sql`rule_id = ${filter.ruleId}`
        ])
        const items = yield* sql<Clubs.ClubAward>`
          select ${columns} from clubs.awards where ${where} order by created_at desc, id desc limit ${filter.limit} offset ${filter.offset}`
        const total = (yield* sql<{ readonly n: number }>`select count(*)::int as n from clubs.awards where ${where}`)[0]!.n
        return { items, total }
      }).pipe(Effect.orDie),
    update: (id, patch) =>
      Object.keys(patch).length === 0
        ? byId(id, () => sql<Clubs.ClubAward>`select ${columns} from clubs.awards where id = ${id} and revoked_at is null`)
        : byId(id, () => sql<Clubs.ClubAward>`
            update clubs.awards set ${sql.update({ ...patch })}, updated_at = now() where id = ${id} and revoked_at is null returning ${columns}`),
    revoke: (id, by) =>
      byId(id, () => sql<Clubs.ClubAward>`
        update clubs.awards set revoked_at = now(), revoked_by = ${by}, updated_at = now()
        where id = ${id} and revoked_at is null returning ${columns}`)
  })
}))

interface SegmentRow extends Omit<Clubs.ClubSegment, "filter"> {
  readonly filter: Record<string, unknown>
}

/** The filter as stored (dates as ISO strings in jsonb). */
const filterJson = (f: Clubs.SegmentFilter) =>
  JSON.stringify({
    ...f,
    ...(f.joinedBefore === undefined ? {} : { joinedBefore: f.joinedBefore.toISOString() }),
    ...(f.joinedAfter === undefined ? {} : { joinedAfter: f.joinedAfter.toISOString() })
  })

const toSegment = (r: SegmentRow): Clubs.ClubSegment => {
  const f = r.filter as {
    roles?: Array<Clubs.ClubRole>
    tierIds?: Array<string>
    joinedBefore?: string
    joinedAfter?: string
    minPoints?: number
    minAttendedRuns?: number
  }
  return {
    ...r,
    filter: {
      ...(f.roles === undefined ? {} : { roles: f.roles }),
      ...(f.tierIds === undefined ? {} : { tierIds: f.tierIds }),
      ...(f.joinedBefore === undefined ? {} : { joinedBefore: new Date(f.joinedBefore) }),
      ...(f.joinedAfter === undefined ? {} : { joinedAfter: new Date(f.joinedAfter) }),
      ...(f.minPoints === undefined ? {} : { minPoints: f.minPoints }),
      ...(f.minAttendedRuns === undefined ? {} : { minAttendedRuns: f.minAttendedRuns })
    },
    challengeIds: r.challengeIds ?? []
  }
}

export const ClubSegmentRepoPg = Layer.effect(Clubs.ClubSegmentRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const one = (id: string, query: () => Effect.Effect<ReadonlyArray<SegmentRow>, unknown>) => byId(id, query).pipe(Effect.map(Option.map(toSegment)))
  return Clubs.ClubSegmentRepo.of({
    create: (input) =>
      sql<SegmentRow>`
        insert into clubs.segments (club_id, kind, name, description, filter, created_by)
        values (${input.clubId}, ${input.kind}, ${input.name}, ${input.description}, ${filterJson(input.filter)}::jsonb, ${input.createdBy})
        returning *`.pipe(Effect.map((rows) => toSegment(rows[0]!)), Effect.orDie),
    findById: (id) => one(id, () => sql<SegmentRow>`select * from clubs.segments where id = ${id}`),
    list: (clubId, kind, filter) =>
      Effect.gen(function*() {
        const where = sql.and([sql`club_id = ${clubId}`, sql`kind = ${kind}`, filter.status === undefined ? sql`true` : sql`status = ${filter.status}`])
        const rows = yield* sql<SegmentRow>`
          select * from clubs.segments where ${where} order by created_at desc, id desc limit ${filter.limit} offset ${filter.offset}`
        const total = (yield* sql<{ readonly n: number }>`select count(*)::int as n from clubs.segments where ${where}`)[0]!.n
        return { items: rows.map(toSegment), total }
      }).pipe(Effect.orDie),
    update: (id, patch) =>
      one(id, () => sql<SegmentRow>`
        update clubs.segments set
          name = ${patch.name === undefined ? sql`name` : sql`${patch.name}`},
          description = ${patch.description === undefined ? sql`description` : sql`${patch.description}`},
          filter = ${patch.filter === undefined ? sql`filter` : sql`${filterJson(patch.filter)}::jsonb`},
          updated_at = now()
        where id = ${id} and status = 'ACTIVE' returning *`),
    archive: (id) =>
      one(id, () => sql<SegmentRow>`
        update clubs.segments set status = 'ARCHIVED', updated_at = now() where id = ${id} and status = 'ACTIVE' returning *`),
    attachChallenge: (id, challengeId) =>
      one(id, () => sql<SegmentRow>`
        update clubs.segments set
          challenge_ids = case when ${challengeId} = any(challenge_ids) then challenge_ids else array_append(challenge_ids, ${challengeId}::text) end,
          updated_at = now()
        where id = ${id} and status = 'ACTIVE' returning *`),
    detachChallenge: (id, challengeId) =>
      Uuid.test(id)
        ? sql`
            update clubs.segments set challenge_ids = array_remove(challenge_ids, ${challengeId}::text), updated_at = now()
            where id = ${id} and ${challengeId} = any(challenge_ids) returning id`.pipe(Effect.map((rows) => rows.length === 1), Effect.orDie)
        : Effect.succeed(false)
  })
}))

export const ClubCommunityMetricsPg = Layer.effect(Clubs.ClubCommunityMetrics, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return Clubs.ClubCommunityMetrics.of({
    countMembers: (clubId, f) =>
      sql<{ readonly n: number }>`
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
        ])}`.pipe(Effect.map((rows) => rows[0]!.n), Effect.orDie),
    qualifiers: (clubId, metric, window, threshold) =>
      (metric === "points"
        ? sql<Clubs.RuleQualifier>`
            select p.user_id, sum(p.points)::int as value
            from clubs.points_entries p
            join clubs.members m on m.club_id = p.club_id and m.user_id = p.user_id and m.status = 'ACTIVE'
            where p.club_id = ${clubId} and ${window.period === "month" ? sql`p.month_key = ${window.periodKey}` : sql`p.week_key = ${window.periodKey}`}
            group by p.user_id having sum(p.points) >= ${threshold}
            order by 2 desc, 1`
        : sql<Clubs.RuleQualifier>`
            select a.user_id, count(*)::int as value
            from clubs.run_attendance a
            join clubs.runs r on r.id = a.run_id
            join clubs.members m on m.club_id = r.club_id and m.user_id = a.user_id and m.status = 'ACTIVE'
            where r.club_id = ${clubId} and a.present and r.status <> 'CANCELLED'
              and r.starts_at >= ${window.start} and r.starts_at < ${window.end}
            group by a.user_id having count(*) >= ${threshold}
            order by 2 desc, 1`).pipe(Effect.orDie)
  })
}))

export const ClubAdminReposPg = Layer.mergeAll(RecognitionRuleRepoPg, ClubAwardRepoPg, ClubSegmentRepoPg, ClubCommunityMetricsPg)
