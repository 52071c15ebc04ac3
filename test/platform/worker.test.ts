import { assert, describe, it, layer } from "@effect/vitest"
import { Platform } from "@podium/core"
import { JobQueueMemory } from "@podium/core/testing"
import { JobQueuePg } from "@podium/postgres"
import { Duration, Effect, Fiber, Layer, Schema } from "effect"
import { TestDatabase } from "../support/database.js"

const fast: Omit<Platform.WorkerOptions, "workerId"> = {
  concurrency: 4,
  pollInterval: "20 millis",
  leaseMs: 2_000,
  backoff: { base: "30 millis", factor: 2, cap: "200 millis" }
}

/** Runs a worker until `done` holds (or fails after `within`), then stops it gracefully. */
const runUntil = (
  workerId: string,
  done: Effect.Effect<boolean, never, Platform.JobQueue>,
  within: Duration.DurationInput = "30 seconds",
  options: Partial<Platform.WorkerOptions> = {}
) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.fork(Platform.runWorker({ workerId, ...fast, ...options }))
    yield* Effect.repeat(done, { until: (ok) => ok }).pipe(
      Effect.timeoutFail({ duration: within, onTimeout: () => new Error("condition not reached in time") })
    )
    yield* Fiber.interrupt(fiber)
  })

const settled = (...names: Array<string>) =>
  Platform.JobQueue.pipe(
    Effect.flatMap((q) => Effect.forEach(names, (name) => q.list({ name, limit: 10_000 }))),
    Effect.map((lists) => lists.flat().every((j) => j.status === "SUCCEEDED" || j.status === "DEAD")),
    Effect.tap(() => Effect.sleep("20 millis"))
  )

const withHandlers = (handlers: Record<string, Platform.JobHandler>) =>
  Layer.merge(JobQueueMemory, Platform.jobHandlersLayer(handlers))

describe("worker", () => {
  const seen: Array<unknown> = []
  const attemptTimes: Array<number> = []
  let slowStarted = 0

  it.live("claims, runs and completes jobs, recording progress", () =>
    Effect.gen(function*() {
      const queue = yield* Platform.JobQueue
      const { job } = yield* queue.enqueue({ name: "w.ok", payload: { n: 1 } })
      yield* runUntil("w1", settled("w.ok"))
      const stored = yield* queue.get(job.id)
      assert.strictEqual(stored.status, "SUCCEEDED")
      assert.strictEqual(stored.attempts, 1)
      assert.deepStrictEqual(seen, [{ n: 1 }])
      assert.deepStrictEqual(stored.progress, { done: 1, total: 1, message: "done" })
    }).pipe(Effect.provide(withHandlers({
      "w.ok": (payload) =>
        Effect.gen(function*() {
          seen.push(payload)
          const current = yield* Platform.CurrentJob
          yield* current.reportProgress({ done: 1, total: 1, message: "done" })
        })
    }))))

  it.live("retries with backoff, then succeeds", () =>
    Effect.gen(function*() {
      const queue = yield* Platform.JobQueue
      const { job } = yield* queue.enqueue({ name: "w.flaky" })
      yield* runUntil("w1", settled("w.flaky"))
      const stored = yield* queue.get(job.id)
      assert.strictEqual(stored.status, "SUCCEEDED")
      assert.strictEqual(stored.attempts, 3)
      assert.match(stored.lastError ?? "", /flaky 2/)
      // Attempt k waits backoffDelay(k): 30 ms then 60 ms.
      assert.isAtLeast(attemptTimes[2]! - attemptTimes[0]!, 90)
    }).pipe(Effect.provide(withHandlers({
      "w.flaky": () =>
        Effect.suspend(() => {
          attemptTimes.push(Date.now())
          return attemptTimes.length < 3 ? Effect.fail(new Error(`flaky ${attemptTimes.length}`)) : Effect.void
        })
    }))))

  it.live("goes DEAD after maxAttempts, and at once for unknown names or bad payloads", () =>
    Effect.gen(function*() {
      const queue = yield* Platform.JobQueue
      const failing = yield* queue.enqueue({ name: "w.fails", maxAttempts: 2 })
      const unknown = yield* queue.enqueue({ name: "w.nobody" })
      const bad = yield* queue.enqueue({ name: "w.typed", payload: { count: "x" } })
      yield* runUntil("w1", settled("w.fails", "w.nobody", "w.typed"))
      const dead = yield* queue.get(failing.job.id)
      assert.strictEqual(dead.status, "DEAD")
      assert.strictEqual(dead.attempts, 2)
      assert.match(dead.lastError ?? "", /always/)
      const nobody = yield* queue.get(unknown.job.id)
      assert.strictEqual(nobody.status, "DEAD")
      assert.strictEqual(nobody.attempts, 1)
      assert.match(nobody.lastError ?? "", /No handler registered for job "w.nobody"/)
      const typed = yield* queue.get(bad.job.id)
      assert.strictEqual(typed.status, "DEAD")
      assert.strictEqual(typed.attempts, 1)
      assert.match(typed.lastError ?? "", /Invalid payload/)
    }).pipe(Effect.provide(withHandlers({
      "w.fails": () => Effect.fail(new Error("always")),
      "w.typed": Platform.jobHandler(Schema.Struct({ count: Schema.Number }), () => Effect.void)
    }))))

  it.live("a killed worker's job is reclaimed after its lease expires", () =>
    Effect.gen(function*() {
      const queue = yield* Platform.JobQueue
      const { job } = yield* queue.enqueue({ name: "w.ok2" })
      // "killed": claimed, then never heard of again.
      yield* queue.claim({ workerId: "killed", limit: 1, leaseMs: 200 })
      yield* runUntil("w2", settled("w.ok2"))
      const stored = yield* queue.get(job.id)
      assert.strictEqual(stored.status, "SUCCEEDED")
      assert.strictEqual(stored.attempts, 2)
    }).pipe(Effect.provide(withHandlers({ "w.ok2": () => Effect.void }))))

  it.live("interrupting the worker lets running jobs finish and claims nothing new", () =>
    Effect.gen(function*() {
      const queue = yield* Platform.JobQueue
      const first = yield* queue.enqueue({ name: "w.slow" })
      const fiber = yield* Effect.fork(Platform.runWorker({ workerId: "w1", ...fast, concurrency: 1 }))
      // Interrupt only once the first job's handler is running (not after a guessed delay).
      yield* Effect.repeat(Effect.sync(() => slowStarted > 0).pipe(Effect.zipLeft(Effect.sleep("10 millis"))), { until: (ok) => ok }).pipe(
        Effect.timeoutFail({ duration: "30 seconds", onTimeout: () => new Error("the first job never started") })
      )
      const second = yield* queue.enqueue({ name: "w.slow" })
      yield* Fiber.interrupt(fiber)
      assert.strictEqual((yield* queue.get(first.job.id)).status, "SUCCEEDED")
      assert.strictEqual((yield* queue.get(second.job.id)).status, "PENDING")
    }).pipe(Effect.provide(withHandlers({
      "w.slow": () => Effect.sync(() => slowStarted++).pipe(Effect.zipRight(Effect.sleep("300 millis")))
    }))))
})


describe("two workers on Postgres", () => {
  layer(TestDatabase, { timeout: "60 seconds", excludeTestServices: true })((it) => {
    it.effect("run 1200 jobs, each exactly once", () =>
      Effect.gen(function*() {
        const queue = yield* Platform.JobQueue
        const executions = new Map<string, number>()
        const total = 1200
        yield* Effect.forEach(
          Array.from({ length: total }, (_, i) => i),
          (i) => queue.enqueue({ name: "w.count", payload: { i } }),
          { concurrency: 8, discard: true }
        )
        const handlers = Platform.jobHandlersLayer({
          "w.count": (payload) =>
            Effect.sync(() => {
              const key = String((payload as { i: number }).i)
              executions.set(key, (executions.get(key) ?? 0) + 1)
            })
        })
        const done = Effect.map(queue.counts, (c) => c.SUCCEEDED === total).pipe(Effect.tap(() => Effect.sleep("50 millis")))
        const worker = (id: string) =>
          Effect.fork(Platform.runWorker({ workerId: id, ...fast, concurrency: 8 }).pipe(Effect.provide(handlers)))
        const a = yield* worker("pg-a")
        const b = yield* worker("pg-b")
        // A throughput test: the deadline (and the test's timeout below) allow for a machine whose
        // cores are busy with other work.
        yield* Effect.repeat(done, { until: (ok) => ok }).pipe(Effect.timeout("150 seconds"))
        yield* Fiber.interrupt(a)
        yield* Fiber.interrupt(b)
        assert.strictEqual(executions.size, total)
        assert.isTrue([...executions.values()].every((n) => n === 1))
        const owners = new Set((yield* queue.list({ status: "SUCCEEDED", limit: 10_000 })).map((j) => j.attempts))
        assert.deepStrictEqual([...owners], [1])
      }).pipe(Effect.provide(JobQueuePg)), { timeout: 180_000 })
  })
})
