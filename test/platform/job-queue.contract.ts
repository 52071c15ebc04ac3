/**
 * Behaviour every JobQueue adapter must share: run against JobQueueMemory, the Postgres adapter
 * on the test server and the Postgres adapter on PGlite. Tests use the real clock (leases expire
 * in real time on Postgres), so leases here are short and expiry is waited for, not slept through.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Platform } from "@podium/core"
import type { JobId } from "@podium/kernel"
import * as SqlClient from "@effect/sql/SqlClient"
import { makeJobQueuePg } from "@podium/postgres"
import { DateTime, Duration, Effect, Layer } from "effect"

const lease = (job: Platform.Job, workerId: string) => ({ id: job.id, workerId, attempt: job.attempts })

/**
 * A lease the statements right after a claim stay well inside, even on a busy machine (a Postgres
 * round trip there can take hundreds of milliseconds).
 */
const ShortLeaseMs = 1_000

/** Repeats `probe` until `done` holds (leases expire in real time), failing after 10 s. */
const until = <A, E, R>(probe: Effect.Effect<A, E, R>, done: (a: A) => boolean): Effect.Effect<A, E | Error, R> => {
  const attempt: Effect.Effect<A, E, R> = Effect.flatMap(probe, (a) =>
    done(a) ? Effect.succeed(a) : Effect.zipRight(Effect.sleep("25 millis"), Effect.suspend(() => attempt)))
  return attempt.pipe(
    Effect.timeoutFail({ duration: "10 seconds", onTimeout: () => new Error("condition not reached within 10 s") })
  )
}

/** Waits until the clock has passed `at` (epoch ms). */
const clockPast = (at: number) => Effect.suspend(() => Effect.sleep(Duration.millis(Math.max(0, at - Date.now() + 10))))

/**
 * `shared` is built once for the suite (a database); `fresh` is provided to each test and must
 * start from an empty queue (a new memory queue, or the Pg adapter after deleting all rows).
 */
export const jobQueueContract = <E, R>(
  name: string,
  shared: Layer.Layer<R, E>,
  fresh: Layer.Layer<Platform.JobQueue, never, R>
) =>
  describe(name, () => {
    layer(shared, { timeout: "60 seconds", excludeTestServices: true })((it) => {
      const test = (title: string, body: Effect.Effect<void, unknown, Platform.JobQueue>) =>
        it.effect(title, () => Effect.provide(body, fresh))

      test("enqueue stores a PENDING job with defaults and get finds it", Effect.gen(function*() {
        const queue = yield* Platform.JobQueue
        const { inserted, job } = yield* queue.enqueue({ name: "t.enqueue", payload: { userId: "u1", nested_key: [1] } })
        assert.isTrue(inserted)
        assert.strictEqual(job.status, "PENDING")
        assert.strictEqual(job.attempts, 0)
        assert.strictEqual(job.maxAttempts, Platform.DefaultMaxAttempts)
        assert.deepStrictEqual(job.payload, { userId: "u1", nested_key: [1] })
        const found = yield* queue.get(job.id)
        assert.strictEqual(found.id, job.id)
        const missing = yield* queue.get("00000000-0000-4000-8000-000000000000" as JobId).pipe(Effect.flip)
        assert.strictEqual(missing._tag, "JobNotFound")
      }))

      test("a dedupe key inserts once and returns the existing job afterwards", Effect.gen(function*() {
        const queue = yield* Platform.JobQueue
        const first = yield* queue.enqueue({ name: "t.dedupe", dedupeKey: "slot-1" })
        const again = yield* queue.enqueue({ name: "t.dedupe", dedupeKey: "slot-1", payload: 2 })
        assert.isTrue(first.inserted)
        assert.isFalse(again.inserted)
        assert.strictEqual(again.job.id, first.job.id)
        const both = yield* Effect.all(
          [queue.enqueue({ name: "t.dedupe", dedupeKey: "slot-2" }), queue.enqueue({ name: "t.dedupe", dedupeKey: "slot-2" })],
          { concurrency: 2 }
        )
        assert.strictEqual(both.filter((r) => r.inserted).length, 1)
        assert.strictEqual((yield* queue.list({ name: "t.dedupe" })).length, 2)
      }))

      test("claim leases only due jobs, once", Effect.gen(function*() {
        const queue = yield* Platform.JobQueue
        const now = yield* DateTime.now
        const due = yield* queue.enqueue({ name: "t.claim" })
        yield* queue.enqueue({ name: "t.claim", runAt: DateTime.addDuration(now, Duration.hours(1)) })
        const claimed = yield* queue.claim({ workerId: "w1", limit: 10, leaseMs: 10_000 })
        assert.deepStrictEqual(claimed.map((j) => j.id), [due.job.id])
        const job = claimed[0]!
        assert.strictEqual(job.status, "RUNNING")
        assert.strictEqual(job.attempts, 1)
        assert.strictEqual(job.leaseOwner, "w1")
        assert.isTrue(job.leaseUntil !== null && DateTime.toEpochMillis(job.leaseUntil) > DateTime.toEpochMillis(now))
        assert.strictEqual((yield* queue.claim({ workerId: "w2", limit: 10, leaseMs: 10_000 })).length, 0)
      }))

      test("complete is guarded by the lease owner and attempt", Effect.gen(function*() {
        const queue = yield* Platform.JobQueue
        yield* queue.enqueue({ name: "t.complete" })
        const [job] = yield* queue.claim({ workerId: "w1", limit: 1, leaseMs: 10_000 })
        const stranger = yield* queue.complete(lease(job!, "w2")).pipe(Effect.flip)
        assert.strictEqual(stranger._tag, "JobLeaseLost")
        const stale = yield* queue.complete({ ...lease(job!, "w1"), attempt: 0 }).pipe(Effect.flip)
        assert.strictEqual(stale._tag, "JobLeaseLost")
        const done = yield* queue.complete(lease(job!, "w1"))
        assert.strictEqual(done.status, "SUCCEEDED")
        assert.isNull(done.leaseOwner)
        assert.isNotNull(done.finishedAt)
        const twice = yield* queue.complete(lease(job!, "w1")).pipe(Effect.flip)
        assert.strictEqual(twice._tag, "JobLeaseLost")
      }))

      test("fail retries later keeping the error, or buries the job DEAD", Effect.gen(function*() {
        const queue = yield* Platform.JobQueue
        const now = yield* DateTime.now
        yield* queue.enqueue({ name: "t.fail" })
        const [job] = yield* queue.claim({ workerId: "w1", limit: 1, leaseMs: 10_000 })
        const retryAt = DateTime.addDuration(now, Duration.minutes(5))
        const retried = yield* queue.fail({ ...lease(job!, "w1"), error: "boom", retryAt })
        assert.strictEqual(retried.status, "PENDING")
        assert.strictEqual(retried.lastError, "boom")
        assert.strictEqual(DateTime.toEpochMillis(retried.runAt), DateTime.toEpochMillis(retryAt))
        assert.strictEqual((yield* queue.claim({ workerId: "w1", limit: 1, leaseMs: 10_000 })).length, 0)

        yield* queue.enqueue({ name: "t.fail2" })
        const [other] = yield* queue.claim({ workerId: "w1", limit: 1, leaseMs: 10_000 })
        const dead = yield* queue.fail({ ...lease(other!, "w1"), error: "fatal", retryAt: null })
        assert.strictEqual(dead.status, "DEAD")
        assert.strictEqual(dead.lastError, "fatal")
        assert.isNotNull(dead.finishedAt)
      }))

      test("an expired lease is reclaimed by another worker and the old owner loses it", Effect.gen(function*() {
        const queue = yield* Platform.JobQueue
        yield* queue.enqueue({ name: "t.reclaim" })
        const [first] = yield* queue.claim({ workerId: "killed", limit: 1, leaseMs: ShortLeaseMs })
        assert.strictEqual((yield* queue.claim({ workerId: "w2", limit: 1, leaseMs: 10_000 })).length, 0)
        const [again] = yield* until(queue.claim({ workerId: "w2", limit: 1, leaseMs: 10_000 }), (jobs) => jobs.length > 0)
        assert.strictEqual(again?.id, first!.id)
        assert.strictEqual(again?.attempts, 2)
        assert.strictEqual(again?.leaseOwner, "w2")
        const lost = yield* queue.complete(lease(first!, "killed")).pipe(Effect.flip)
        assert.strictEqual(lost._tag, "JobLeaseLost")
        assert.strictEqual((yield* queue.complete(lease(again!, "w2"))).status, "SUCCEEDED")
      }))

      test("a lease expiring on the last attempt makes the job DEAD", Effect.gen(function*() {
        const queue = yield* Platform.JobQueue
        const { job } = yield* queue.enqueue({ name: "t.last", maxAttempts: 1 })
        yield* queue.claim({ workerId: "killed", limit: 1, leaseMs: 100 })
        yield* Effect.sleep("250 millis")
        assert.strictEqual((yield* queue.claim({ workerId: "w2", limit: 1, leaseMs: 10_000 })).length, 0)
        const dead = yield* queue.get(job.id)
        assert.strictEqual(dead.status, "DEAD")
        assert.match(dead.lastError ?? "", /expired/)
      }))

      test("heartbeat extends the lease and progress is recorded", Effect.gen(function*() {
        const queue = yield* Platform.JobQueue
        yield* queue.enqueue({ name: "t.heartbeat" })
        const claimedAt = Date.now()
        const [job] = yield* queue.claim({ workerId: "w1", limit: 1, leaseMs: ShortLeaseMs })
        yield* queue.heartbeat({ ...lease(job!, "w1"), leaseMs: 10_000 })
        // Past the first lease: only the heartbeat keeps the job from being claimed.
        yield* clockPast(claimedAt + ShortLeaseMs)
        assert.strictEqual((yield* queue.claim({ workerId: "w2", limit: 1, leaseMs: 1_000 })).length, 0)
        yield* queue.reportProgress({ ...lease(job!, "w1"), progress: { done: 3, total: 10, message: "reindexing" } })
        assert.deepStrictEqual((yield* queue.get(job!.id)).progress, { done: 3, total: 10, message: "reindexing" })
        const lost = yield* queue.heartbeat({ ...lease(job!, "w2"), leaseMs: 1_000 }).pipe(Effect.flip)
        assert.strictEqual(lost._tag, "JobLeaseLost")
      }))

      test("list filters by status and name; counts group by status", Effect.gen(function*() {
        const queue = yield* Platform.JobQueue
        yield* queue.enqueue({ name: "t.a" })
        yield* queue.enqueue({ name: "t.a" })
        yield* queue.enqueue({ name: "t.b" })
        const [claimed] = yield* queue.claim({ workerId: "w", limit: 1, leaseMs: 10_000 })
        yield* queue.complete(lease(claimed!, "w"))
        assert.strictEqual((yield* queue.list({ name: "t.a" })).length, 2)
        assert.strictEqual((yield* queue.list({ status: "SUCCEEDED" })).length, 1)
        assert.strictEqual((yield* queue.list({ status: "PENDING", name: "t.b" })).length, 1)
        assert.strictEqual((yield* queue.list({ limit: 2 })).length, 2)
        assert.deepStrictEqual(yield* queue.counts, { PENDING: 2, RUNNING: 0, SUCCEEDED: 1, DEAD: 0 })
      }))

      test("prune deletes finished jobs past their retention only", Effect.gen(function*() {
        const queue = yield* Platform.JobQueue
        yield* queue.enqueue({ name: "t.ok" })
        yield* queue.enqueue({ name: "t.dead", maxAttempts: 1 })
        yield* queue.enqueue({ name: "t.pending", runAt: DateTime.unsafeMake(Date.now() + 3_600_000) })
        for (const job of yield* queue.claim({ workerId: "w", limit: 5, leaseMs: 10_000 })) {
          yield* job.name === "t.ok"
            ? queue.complete(lease(job, "w"))
            : queue.fail({ ...lease(job, "w"), error: "x", retryAt: null })
        }
        const now = yield* DateTime.now
        const later = DateTime.addDuration(now, Duration.seconds(5))
        const earlier = DateTime.subtractDuration(now, Duration.days(1))
        assert.strictEqual(yield* queue.prune({ succeededBefore: later, deadBefore: earlier }), 1)
        assert.deepStrictEqual(yield* queue.counts, { PENDING: 1, RUNNING: 0, SUCCEEDED: 0, DEAD: 1 })
        assert.strictEqual(yield* queue.prune({ succeededBefore: later, deadBefore: later }), 1)
      }))

      test("concurrent claimers never receive the same job", Effect.gen(function*() {
        const queue = yield* Platform.JobQueue
        yield* Effect.forEach(Array.from({ length: 60 }, (_, i) => i), (i) => queue.enqueue({ name: "t.many", payload: i }), {
          concurrency: 4
        })
        const seen: Array<string> = []
        yield* Effect.forEach([1, 2, 3, 4, 5], (w) =>
          Effect.gen(function*() {
            while (true) {
              const jobs = yield* queue.claim({ workerId: `w${w}`, limit: 7, leaseMs: 10_000 })
              if (jobs.length === 0) return
              seen.push(...jobs.map((j) => j.id))
            }
          }), { concurrency: 5 })
        assert.strictEqual(seen.length, 60)
        assert.strictEqual(new Set(seen).size, 60)
      }))
    })
  })

/** The Pg adapter over an emptied platform.jobs, for one test. */
export const FreshJobQueuePg = Layer.effect(
  Platform.JobQueue,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* Effect.orDie(sql`delete from platform.jobs`)
    return yield* makeJobQueuePg
  })
)

