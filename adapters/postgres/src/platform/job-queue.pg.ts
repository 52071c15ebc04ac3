/**
 * JobQueue on Postgres (platform.jobs). Claims use `FOR UPDATE SKIP LOCKED` so concurrent workers
 * never lease the same row; lease expiry and run times use the database clock so workers on hosts
 * with skewed clocks still agree. Infrastructure failures are defects.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import { Platform } from "@podium/core"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

/** A job as its row reads: the timestamps arrive as dates and become UTC date-times. */
const JobRow = Schema.Struct({
  ...Platform.Job.fields,
  runAt: Schema.DateTimeUtcFromDate,
  leaseUntil: Schema.NullOr(Schema.DateTimeUtcFromDate),
  createdAt: Schema.DateTimeUtcFromDate,
  updatedAt: Schema.DateTimeUtcFromDate,
  finishedAt: Schema.NullOr(Schema.DateTimeUtcFromDate)
})

const StatusCount = Schema.Struct({ status: Platform.JobStatus, n: Schema.Number })

const json = (value: unknown) => JSON.stringify(value === undefined ? null : value)

/** Builds the Postgres JobQueue on the SqlClient in context. */
export const makeJobQueuePg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const jobs = rowsOf(JobRow)
  const statusCounts = rowsOf(StatusCount)

  const guarded = (ref: Platform.LeaseRef) =>
    sql`id = ${ref.id} and status = 'RUNNING' and lease_owner = ${ref.workerId} and attempts = ${ref.attempt}::int`

  const leaseUpdate = (ref: Platform.LeaseRef, set: Fragment) =>
    jobs.maybe(sql`update platform.jobs set ${set}, updated_at = now() where ${guarded(ref)} returning *`).pipe(
      Effect.flatMap(Option.match({
        onNone: () => Effect.fail(new Platform.JobLeaseLost({ jobId: ref.id, workerId: ref.workerId })),
        onSome: Effect.succeed
      }))
    )

  return Platform.JobQueue.of({
    enqueue: (input) =>
      Effect.gen(function*() {
        const inserted = yield* jobs.maybe(sql`
          insert into platform.jobs (name, payload, status, max_attempts, run_at, dedupe_key)
          values (
            ${input.name}, ${json(input.payload)}::jsonb, 'PENDING',
            ${input.maxAttempts ?? Platform.DefaultMaxAttempts}::int,
            coalesce(${input.runAt === undefined ? null : DateTime.toDate(input.runAt)}::timestamptz, now()),
            ${input.dedupeKey ?? null}
          )
          on conflict (dedupe_key) do nothing
          returning *`)
        if (Option.isSome(inserted)) return { job: inserted.value, inserted: true }
        const existing = yield* jobs.maybe(sql`select * from platform.jobs where dedupe_key = ${input.dedupeKey ?? null}`)
        if (Option.isNone(existing)) return yield* Effect.dieMessage("enqueue conflicted but no job holds the dedupe key")
        return { job: existing.value, inserted: false }
      }).pipe(Effect.orDie, Effect.withSpan("JobQueuePg.enqueue")),

    claim: (input) =>
      Effect.gen(function*() {
        const only = input.id === undefined ? sql.literal("") : sql`and id = ${input.id}`
        // A lease that expired on the last attempt ends the job: DEAD, error kept.
        yield* sql`
          update platform.jobs
          set status = 'DEAD', last_error = 'Lease of ' || coalesce(lease_owner, '?') || ' expired on the last attempt',
              lease_owner = null, lease_until = null, finished_at = now(), updated_at = now()
          where status = 'RUNNING' and lease_until < now() and attempts >= max_attempts ${only}`
        const rows = yield* jobs.all(sql`
          with picked as (
            select id from platform.jobs
            where ((status = 'PENDING' and run_at <= now()) or (status = 'RUNNING' and lease_until < now())) ${only}
            order by run_at, created_at, id
            limit ${Math.max(0, input.limit)}::int
            for update skip locked
          )
          update platform.jobs j
          set status = 'RUNNING', attempts = j.attempts + 1, lease_owner = ${input.workerId},
              lease_until = now() + ${input.leaseMs}::int * interval '1 millisecond', updated_at = now()
          from picked where j.id = picked.id
          returning j.*`)
        return [...rows].sort((a, b) => DateTime.toEpochMillis(a.runAt) - DateTime.toEpochMillis(b.runAt))
      }).pipe(Effect.orDie, Effect.withSpan("JobQueuePg.claim")),

    complete: (ref) =>
      leaseUpdate(ref, sql`status = 'SUCCEEDED', lease_owner = null, lease_until = null, finished_at = now()`),

    fail: (ref) =>
      ref.retryAt === null
        ? leaseUpdate(
          ref,
          sql`status = 'DEAD', last_error = ${ref.error}, lease_owner = null, lease_until = null, finished_at = now()`
        )
        : leaseUpdate(
          ref,
          sql`status = 'PENDING', last_error = ${ref.error}, lease_owner = null, lease_until = null,
              run_at = ${DateTime.toDate(ref.retryAt)}::timestamptz`
        ),

    heartbeat: (ref) => leaseUpdate(ref, sql`lease_until = now() + ${ref.leaseMs}::int * interval '1 millisecond'`),

    reportProgress: (ref) => Effect.asVoid(leaseUpdate(ref, sql`progress = ${json(ref.progress)}::jsonb`)),

    list: (filter = {}) =>
      Effect.gen(function*() {
        const where = sql.and([
          ...(filter.status === undefined ? [] : [sql`status = ${filter.status}`]),
          ...(filter.name === undefined ? [] : [sql`name = ${filter.name}`])
        ])
        return yield* jobs.all(sql`
          select * from platform.jobs where ${where}
          order by created_at desc, id desc
          limit ${filter.limit ?? 100}::int offset ${filter.offset ?? 0}::int`)
      }),

    get: (id) =>
      jobs.maybe(sql`select * from platform.jobs where id = ${id}`).pipe(
        Effect.flatMap(Option.match({ onNone: () => Effect.fail(new Platform.JobNotFound({ jobId: id })), onSome: Effect.succeed }))
      ),

    counts: statusCounts.all(sql`
      select status, count(*)::int as n from platform.jobs group by status`).pipe(
      Effect.map((rows) => {
        const counts = Object.fromEntries(Platform.JobStatuses.map((s) => [s, 0])) as Record<Platform.JobStatus, number>
        for (const row of rows) counts[row.status] = row.n
        return counts
      })
    ),

    prune: (input) =>
      counts.one(sql`
        with deleted as (
          delete from platform.jobs
          where (status = 'SUCCEEDED' and finished_at < ${DateTime.toDate(input.succeededBefore)}::timestamptz)
             or (status = 'DEAD' and finished_at < ${DateTime.toDate(input.deadBefore)}::timestamptz)
          returning 1
        )
        select count(*)::int as n from deleted`).pipe(Effect.map((row) => row.n))
  })
})

/** The Postgres JobQueue; needs a SqlClient with the migrations applied. */
export const JobQueuePg: Layer.Layer<Platform.JobQueue, never, SqlClient.SqlClient> = Layer.effect(
  Platform.JobQueue,
  makeJobQueuePg
)
