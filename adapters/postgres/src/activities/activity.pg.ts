/**
 * Activities on Postgres (activities.activities, .points, .audit; migration 0045). Creates and
 * edits take the athlete's advisory lock before the overlap check, so two overlapping activities
 * of one athlete cannot both be written; each write appends its audit row in the same transaction.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Activities } from "@podium/core"
import { Activity, ActivityAuditEntry, TrackPoint } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { counts, ids, rowsOf } from "../rows.pg.js"

export const ActivityColumns = `id, user_id, sport, title, description, visibility, source, started_at, ended_at, duration_seconds,
  distance_meters, elevation_gain_meters, pace_seconds_per_km, point_count, gear_id, eligible, created_at, updated_at`

const SportRow = Schema.Struct({ sport: Activity.fields.sport, activityCount: Schema.Number, distanceMeters: Schema.Number })

const auditValue = (v: unknown) => (v instanceof Date ? v.toISOString() : v)

export const ActivityRepoPg = Layer.effect(Activities.ActivityRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const activities = rowsOf(Activity)
  const points = rowsOf(TrackPoint)
  const audits = rowsOf(ActivityAuditEntry)
  const sports = rowsOf(SportRow)
  const cols = sql.literal(ActivityColumns)
  const byId = (id: string) => activities.maybe(sql`select ${cols} from activities.activities where id = ${id}`)
  const lockAthlete = (userId: string) => sql`select pg_advisory_xact_lock(hashtext(${`activities:${userId}`}))`
  const overlapping = (userId: string, startedAt: Date, endedAt: Date, except: string | null) =>
    ids.maybe(sql`
      select id from activities.activities
      where user_id = ${userId} and started_at < ${endedAt} and ended_at > ${startedAt}
        ${except === null ? sql`` : sql`and id <> ${except}`}
      order by started_at limit 1`)
  const appendAudit = (activityId: string, editor: Activities.Editor, action: string, changes: Record<string, unknown>) =>
    sql`insert into activities.audit (activity_id, editor_id, editor_role, action, changes)
        values (${activityId}, ${editor.id}, ${editor.role}, ${action}, ${JSON.stringify(changes)}::jsonb)`

  return Activities.ActivityRepo.of({
    create: (input, track, fingerprint, editor) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* lockAthlete(input.userId)
        const other = yield* overlapping(input.userId, input.startedAt, input.endedAt, null)
        if (Option.isSome(other)) return yield* new Activities.ActivityOverlaps({ otherId: other.value.id })
        const created = yield* activities.one(sql`
          insert into activities.activities ${sql.insert({ ...input, trackFingerprint: fingerprint })}
          returning ${cols}`)
        for (let start = 0; start < track.length; start += 5000) {
          const chunk = track.slice(start, start + 5000).map((p, i) => ({ activityId: created.id, seq: start + i, lat: p.lat, lon: p.lon, ele: p.ele, at: p.at }))
          yield* sql`insert into activities.points ${sql.insert(chunk)}`
        }
        yield* appendAudit(created.id, editor, "created", {
          sport: created.sport,
          startedAt: created.startedAt.toISOString(),
          durationSeconds: created.durationSeconds,
          distanceMeters: created.distanceMeters,
          source: created.source
        })
        return created
      })).pipe(Effect.catchTag("SqlError", Effect.die)),
    findById: byId,
    points: (id) => points.all(sql`select lat, lon, ele, at from activities.points where activity_id = ${id} order by seq`),
    listByUser: (userId, page) =>
      Effect.gen(function*() {
        const where = sql`user_id = ${userId} ${page.sport === undefined ? sql`` : sql`and sport = ${page.sport}`}`
        const items = yield* activities.all(sql`
          select ${cols} from activities.activities where ${where}
          order by started_at desc, id limit ${page.limit} offset ${page.offset}`)
        const total = yield* counts.one(sql`select count(*)::int as n from activities.activities where ${where}`)
        return { items, total: total.n }
      }),
    update: (id, patch, editor) =>
      sql.withTransaction(Effect.gen(function*() {
        const found = yield* byId(id)
        if (Option.isNone(found)) return yield* new Activities.ActivityNotFound({ id })
        yield* lockAthlete(found.value.userId)
        const current = Option.getOrThrow(yield* activities.maybe(sql`select ${cols} from activities.activities where id = ${id} for update`))
        const next = { ...current, ...patch }
        if (patch.startedAt !== undefined || patch.endedAt !== undefined) {
          const other = yield* overlapping(current.userId, next.startedAt, next.endedAt, id)
          if (Option.isSome(other)) return yield* new Activities.ActivityOverlaps({ otherId: other.value.id })
        }
        const changes: Record<string, { from: unknown; to: unknown }> = {}
        for (const [key, value] of Object.entries(patch)) {
          const before = auditValue(current[key as keyof Activity])
          const after = auditValue(value)
          if (before !== after) changes[key] = { from: before, to: after }
        }
        if (Object.keys(changes).length === 0) return current
        const updated = yield* activities.one(sql`
          update activities.activities set ${sql.update({ ...patch })}, updated_at = now() where id = ${id} returning ${cols}`)
        yield* appendAudit(id, editor, "updated", changes)
        return updated
      })).pipe(Effect.catchTag("SqlError", Effect.die)),
    remove: (id, editor) =>
      sql.withTransaction(Effect.gen(function*() {
        const deleted = yield* activities.maybe(sql`delete from activities.activities where id = ${id} returning ${cols}`)
        if (Option.isNone(deleted)) return yield* new Activities.ActivityNotFound({ id })
        yield* appendAudit(id, editor, "deleted", { title: deleted.value.title, startedAt: deleted.value.startedAt.toISOString() })
      })).pipe(Effect.catchTag("SqlError", Effect.die)),
    trackTakenByAnother: (fingerprint, userId) =>
      Effect.map(
        ids.maybe(sql`select id from activities.activities where track_fingerprint = ${fingerprint} and user_id <> ${userId} limit 1`),
        Option.isSome
      ),
    listEligible: (filter) =>
      activities.all(sql`
        select ${cols} from activities.activities
        where eligible and started_at >= ${filter.from} and started_at < ${filter.to}
          ${filter.sport === undefined ? sql`` : sql`and sport = ${filter.sport}`}
          ${filter.userIds === undefined ? sql`` : filter.userIds.length === 0 ? sql`and false` : sql`and user_id in ${sql.in(filter.userIds)}`}
        order by started_at, id`),
    audit: (activityId, filter) =>
      Effect.gen(function*() {
        const where = sql.and([
          sql`activity_id = ${activityId}`,
          ...(filter.editorId === undefined ? [] : [sql`editor_id = ${filter.editorId}`]),
          ...(filter.role === undefined ? [] : [sql`editor_role = ${filter.role}`]),
          ...(filter.from === undefined ? [] : [sql`at >= ${filter.from}`]),
          ...(filter.to === undefined ? [] : [sql`at <= ${filter.to}`])
        ])
        const items = yield* audits.all(sql`
          select id, activity_id, editor_id, editor_role, action, changes, at from activities.audit
          where ${where} order by at desc, id limit ${filter.limit} offset ${filter.offset}`)
        const total = yield* counts.one(sql`select count(*)::int as n from activities.audit where ${where}`)
        return { items, total: total.n }
      }),
    sportsOf: (userId) =>
      sports.all(sql`
        select sport, count(*)::int as activity_count, coalesce(sum(distance_meters), 0)::float8 as distance_meters
        from activities.activities where user_id = ${userId}
        group by sport order by count(*) desc, sum(distance_meters) desc, sport`)
  })
}))
