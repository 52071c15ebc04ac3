/**
 * Club runs, RSVPs and attendance on Postgres. An RSVP locks its run row (`for update`) before
 * counting GOING, so the capacity holds under concurrent answers; attendance inference is one
 * statement per run under `for update skip locked`, so two inference passes never mark twice and
 * MANUAL marks are never overwritten (`on conflict do nothing`).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { counts, ids, rowsOf } from "../rows.pg.js"

/** numeric(7,2) arrives as text; the run carries kilometres as a number. */
const RunRow = Schema.Struct({ ...Clubs.ClubRun.fields, distanceKm: Schema.NullOr(Schema.NumberFromString) })
const CountsRow = Schema.Struct({ runId: Schema.String, ...Clubs.RsvpCounts.fields })
const RsvpRow = Schema.Struct({ status: Schema.Literal(...Clubs.RsvpStatuses) })
const UserIdRow = Schema.Struct({ userId: Schema.String })

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const ClubRunRepoPg = Layer.effect(Clubs.ClubRunRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const runs = rowsOf(RunRow)
  const countRows = rowsOf(CountsRow)
  const rsvps = rowsOf(RsvpRow)
  const attendance = rowsOf(Clubs.RunAttendance)
  const markedUsers = rowsOf(UserIdRow)

  const countsOf = (runIds: ReadonlyArray<string>) =>
    runIds.length === 0
      ? Effect.succeed(new Map<string, Clubs.RsvpCounts>())
      : countRows.all(sql`
          select run_id,
            count(*) filter (where status = 'GOING')::int as going,
            count(*) filter (where status = 'MAYBE')::int as maybe,
            count(*) filter (where status = 'NOT_GOING')::int as not_going
          from clubs.run_rsvps where run_id in ${sql.in([...runIds])} group by run_id`).pipe(
          Effect.map((rows) => new Map(rows.map((r) => [r.runId, { going: r.going, maybe: r.maybe, notGoing: r.notGoing }])))
        )

  return Clubs.ClubRunRepo.of({
    create: (input) =>
      runs.one(sql`insert into clubs.runs ${sql.insert({ ...input })} returning *`),
    findById: (runId) =>
      Uuid.test(runId)
        ? runs.maybe(sql`select * from clubs.runs where id = ${runId}`)
        : Effect.succeed(Option.none()),
    list: (filter) =>
      Effect.gen(function*() {
        const where = sql.and([
          filter.clubId === undefined ? sql`true` : sql`club_id = ${filter.clubId}`,
          filter.status === undefined ? sql`true` : sql`status = ${filter.status}`,
          filter.from === undefined ? sql`true` : sql`starts_at >= ${filter.from}`,
          filter.to === undefined ? sql`true` : sql`starts_at < ${filter.to}`
        ])
        const items = yield* runs.all(sql`
          select * from clubs.runs where ${where} order by starts_at, id limit ${filter.limit} offset ${filter.offset}`)
        const total = (yield* counts.one(sql`select count(*)::int as n from clubs.runs where ${where}`)).n
        return { items, total }
      }),
    counts: countsOf,
    rsvpOf: (runId, userId) =>
      rsvps.maybe(sql`select status from clubs.run_rsvps where run_id = ${runId} and user_id = ${userId}`).pipe(
        Effect.map(Option.map((r) => r.status))
      ),
    setRsvp: (run, userId, status) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`select id from clubs.runs where id = ${run.id} for update`
        if (status === "GOING" && run.capacity !== null) {
          const going = yield* counts.one(sql`
            select count(*)::int as n from clubs.run_rsvps where run_id = ${run.id} and status = 'GOING' and user_id <> ${userId}`)
          if (going.n >= run.capacity) return yield* new Clubs.RunFull({ runId: run.id, capacity: run.capacity })
        }
        yield* sql`
          insert into clubs.run_rsvps (run_id, user_id, status) values (${run.id}, ${userId}, ${status})
          on conflict (run_id, user_id) do update set status = excluded.status, updated_at = now()`
        return (yield* countsOf([run.id])).get(run.id) ?? { going: 0, maybe: 0, notGoing: 0 }
      })).pipe(Effect.catchTag("SqlError", Effect.die)),
    attendance: (runId) =>
      attendance.all(sql`select * from clubs.run_attendance where run_id = ${runId} order by marked_at, user_id`),
    markManual: (runId, userIds, present, markedBy) =>
      userIds.length === 0
        ? Effect.succeed(0)
        : markedUsers.all(sql`
            insert into clubs.run_attendance (run_id, user_id, present, source, marked_by)
            select ${runId}, u, ${present}, 'MANUAL', ${markedBy} from unnest(array(select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::uuid)) as u
            on conflict (run_id, user_id) do update set present = excluded.present, source = 'MANUAL', marked_by = excluded.marked_by, marked_at = now()
            returning user_id`).pipe(Effect.map((rows) => rows.length)),
    inferAttendance: (now, runId) =>
      sql.withTransaction(Effect.gen(function*() {
        const due = yield* ids.all(sql`
          select id from clubs.runs
          where status = 'SCHEDULED' and ends_at <= ${now} ${runId === null ? sql`` : sql`and id = ${runId}`}
          order by ends_at for update skip locked`)
        let marked = 0
        for (const run of due) {
          const rows = yield* sql`
            insert into clubs.run_attendance (run_id, user_id, present, source)
            select run_id, user_id, true, 'INFERRED' from clubs.run_rsvps where run_id = ${run.id} and status = 'GOING'
            on conflict (run_id, user_id) do nothing returning user_id`
          marked += rows.length
          yield* sql`update clubs.runs set status = 'COMPLETED', updated_at = now() where id = ${run.id}`
        }
        return { runs: due.length, marked }
      })).pipe(Effect.orDie),
    setStatus: (runId, from, to) =>
      runs.maybe(sql`update clubs.runs set status = ${to}, updated_at = now() where id = ${runId} and status = ${from} returning *`)
  })
}))
