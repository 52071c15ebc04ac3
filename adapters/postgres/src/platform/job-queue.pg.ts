/**
 * JobQueue on Postgres (platform.jobs). Claims use `FOR UPDATE SKIP LOCKED` so concurrent workers
 * never lease the same row; lease expiry and run times use the database clock so workers on hosts
 * with skewed clocks still agree. Infrastructure failures are defects.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import type { JobId } from "@podium/kernel"
import { Platform } from "@podium/core"
import { DateTime, Effect, Layer } from "effect"

interface JobRow {
  readonly id: string
  readonly name: string
  readonly payload: unknown
  readonly status: Platform.JobStatus
  readonly attempts: number
  readonly maxAttempts: number
  readonly runAt: Date
  readonly leaseOwner: string | null
  readonly leaseUntil: Date | null
  readonly dedupeKey: string | null
  readonly progress: Platform.JobProgress | null
  readonly lastError: string | null
  readonly createdAt: Date
  readonly updatedAt: Date
  readonly finishedAt: Date | null
}

const utc = (d: Date) => DateTime.unsafeFromDate(d)
const utcOrNull = (d: Date | null) => (d === null ? null : utc(d))

const toJob = (r: JobRow): Platform.Job => ({
  id: r.id as JobId,
  name: r.name,
  payload: r.payload,
  status: r.status,
  attempts: r.attempts,
  maxAttempts: r.maxAttempts,
  runAt: utc(r.runAt),
  leaseOwner: r.leaseOwner,
  leaseUntil: utcOrNull(r.leaseUntil),
  dedupeKey: r.dedupeKey,
  progress: r.progress,
  lastError: r.lastError,
  createdAt: utc(r.createdAt),
  updatedAt: utc(r.updatedAt),
  finishedAt: utcOrNull(r.finishedAt)
})

const json = (value: unknown) => JSON.stringify(value === undefined ? null : value)

/** Builds the Postgres JobQueue on the SqlClient in context. */
export const makeJobQueuePg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const guarded = (ref: Platform.LeaseRef) =>
    sql`id = ${ref.id} and status = 'RUNNING' and lease_owner = ${ref.workerId} and attempts = ${ref.attempt}::int`

  const leaseUpdate = (ref: Platform.LeaseRef, set: Fragment) =>
    sql<JobRow>`update platform.jobs set ${set}, updated_at = now() where ${guarded(ref)} returning *`.pipe(
      Effect.orDie,
      Effect.flatMap((rows) =>
        rows[0] === undefined
          ? Effect.fail(new Platform.JobLeaseLost({ jobId: ref.id, workerId: ref.workerId }))
          : Effect.succeed(toJob(rows[0]))
      )
    )

  return Platform.JobQueue.of({
    enqueue: (input) =>
      Effect.gen(function*() {
        const inserted = yield* sql<JobRow>`
          insert into platform.jobs (name, payload, status, max_attempts, run_at, dedupe_key)
          values (
            ${input.name}, ${json(input.payload)}::jsonb, 'PENDING',
            ${input.maxAttempts ?? Platform.DefaultMaxAttempts}::int,
            coalesce(${input.runAt === undefined ? null : DateTime.toDate(input.runAt)}::timestamptz, now()),
            ${input.dedupeKey ?? null}
          )
          on conflict (dedupe_key) do nothing
          returning *`
        if (inserted[0] !== undefined) return { job: toJob(inserted[0]), inserted: true }
        const existing = yield* sql<JobRow>`select * from platform.jobs where dedupe_key = ${input.dedupeKey ?? null}`
        if (existing[0] === undefined) return yield* Effect.dieMessage("enqueue conflicted but no job holds the dedupe key")
        return { job: toJob(existing[0]), inserted: false }
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
        const rows = yield* sql<JobRow>`
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
          returning j.*`
        return rows.map(toJob).sort((a, b) => DateTime.toEpochMillis(a.runAt) - DateTime.toEpochMillis(b.runAt))
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
        const rows = yield* sql<JobRow>`
          select * from platform.jobs where ${where}
          order by created_at desc, id desc
          limit ${filter.limit ?? 100}::int offset ${filter.offset ?? 0}::int`
        return rows.map(toJob)
      }).pipe(Effect.orDie),

    get: (id) =>
      sql<JobRow>`select * from platform.jobs where id = ${id}`.pipe(
        Effect.orDie,
        Effect.flatMap((rows) =>
          rows[0] === undefined ? Effect.fail(new Platform.JobNotFound({ jobId: id })) : Effect.succeed(toJob(rows[0]))
        )
      ),

    counts: sql<{ readonly status: Platform.JobStatus; readonly n: number }>`
      select status, count(*)::int as n from platform.jobs group by status`.pipe(
      Effect.orDie,
      Effect.map((rows) => {
        const counts = Object.fromEntries(Platform.JobStatuses.map((s) => [s, 0])) as Record<Platform.JobStatus, number>
        for (const row of rows) counts[row.status] = row.n
        return counts
      })
    ),

    prune: (input) =>
      sql<{ readonly n: number }>`
        with deleted as (
          delete from platform.jobs
          where (status = 'SUCCEEDED' and finished_at < ${DateTime.toDate(input.succeededBefore)}::timestamptz)
             or (status = 'DEAD' and finished_at < ${DateTime.toDate(input.deadBefore)}::timestamptz)
          returning 1
        )
        select count(*)::int as n from deleted`.pipe(Effect.orDie, Effect.map((rows) => rows[0]?.n ?? 0))
  })
})

/** The Postgres JobQueue; needs a SqlClient with the migrations applied. */
export const JobQueuePg: Layer.Layer<Platform.JobQueue, never, SqlClient.SqlClient> = Layer.effect(
  Platform.JobQueue,
  makeJobQueuePg
)
