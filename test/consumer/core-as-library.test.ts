/**
 * The core as another team uses it: only the published `@podium/core` and `@podium/core/testing`
 * entry points (built `dist`, see vitest.config.ts here), `effect`, and the test runner. Runs real
 * use cases (the job worker, the scheduler tick) and a port twin on the in-memory layers.
 */
import { it } from "@effect/vitest"
import { Platform } from "@podium/core"
import { JobQueueMemory, RateLimiterMemory } from "@podium/core/testing"
import { Effect, Fiber, Layer, Option, Schedule, TestClock } from "effect"
import { describe, expect } from "vitest"

const { CurrentJob, JobFailedPermanently, JobQueue, jobHandlersLayer, runJobNow, runWorker, schedulerTick } = Platform

/** Handlers a consuming team registers for its own job names. */
const greetings: Array<string> = []
const handlers = jobHandlersLayer({
  "consumer.greet": (payload) =>
    Effect.gen(function*() {
      const { reportProgress } = yield* CurrentJob
      yield* reportProgress({ done: 1, total: 1, message: "greeted" })
      greetings.push(String((payload as { name: string }).name))
    }),
  "consumer.flaky": () => Effect.fail("upstream timed out"),
  "consumer.broken": () => Effect.fail(new JobFailedPermanently({ message: "bad input" }))
})

const TestLayers = Layer.merge(JobQueueMemory, handlers)

describe("@podium/core as a library", () => {
  it.effect("runs a job to SUCCEEDED with progress through the worker use case", () =>
    Effect.gen(function*() {
      const job = yield* runJobNow({ name: "consumer.greet", payload: { name: "Asha" }, workerId: "consumer-test" })
      expect(job.status).toBe("SUCCEEDED")
      expect(job.attempts).toBe(1)
      expect(job.progress).toEqual({ done: 1, total: 1, message: "greeted" })
      expect(greetings).toContain("Asha")
    }).pipe(Effect.provide(TestLayers)))

  it.effect("puts a failed attempt back to PENDING with a later runAt, and a permanent failure DEAD", () =>
    Effect.gen(function*() {
      const flaky = yield* runJobNow({ name: "consumer.flaky", workerId: "consumer-test", maxAttempts: 3 })
      expect(flaky.status).toBe("PENDING")
      expect(flaky.lastError).toContain("upstream timed out")
      expect(flaky.runAt.epochMillis).toBeGreaterThan(flaky.updatedAt.epochMillis)

      const broken = yield* runJobNow({ name: "consumer.broken", workerId: "consumer-test" })
      expect(broken.status).toBe("DEAD")
      expect(broken.lastError).toContain("bad input")

      const unknown = yield* runJobNow({ name: "consumer.nobody-handles-this", workerId: "consumer-test" })
      expect(unknown.status).toBe("DEAD")
    }).pipe(Effect.provide(TestLayers)))

  it.live("drains the queue with the worker loop", () =>
    Effect.gen(function*() {
      const queue = yield* JobQueue
      for (const name of ["Bo", "Chen", "Dara"]) yield* queue.enqueue({ name: "consumer.greet", payload: { name } })
      const worker = yield* Effect.fork(
        runWorker({ workerId: "consumer-worker", concurrency: 2, pollInterval: "10 millis", leaseMs: 5_000 })
      )
      const drained = yield* queue.counts.pipe(
        Effect.repeat({ until: (counts) => counts.SUCCEEDED === 3, schedule: Schedule.spaced("10 millis") }),
        Effect.timeoutOption("5 seconds")
      )
      yield* Fiber.interrupt(worker)
      expect(Option.isSome(drained)).toBe(true)
      expect(greetings).toEqual(expect.arrayContaining(["Bo", "Chen", "Dara"]))
    }).pipe(Effect.provide(TestLayers)))

  it.effect("enqueues a scheduled job once per slot however often the scheduler ticks", () =>
    Effect.gen(function*() {
      const schedules: ReadonlyArray<Platform.ScheduledJob> = [{ name: "consumer.report", every: "1 hour" }]
      const [first] = yield* schedulerTick(schedules)
      const [again] = yield* schedulerTick(schedules)
      expect(first?.inserted).toBe(true)
      expect(again?.inserted).toBe(false)

      yield* TestClock.adjust("1 hour")
      const [next] = yield* schedulerTick(schedules)
      expect(next?.inserted).toBe(true)
      const queue = yield* JobQueue
      expect(yield* queue.list({ name: "consumer.report" })).toHaveLength(2)
    }).pipe(Effect.provide(JobQueueMemory)))

  it.effect("limits hits with the in-memory RateLimiter twin", () =>
    Effect.gen(function*() {
      const limiter = yield* Platform.RateLimiter
      const rule = { limit: 2, window: "1 minute" } as const
      expect((yield* limiter.hit("otp:+919800000000", rule)).allowed).toBe(true)
      expect((yield* limiter.hit("otp:+919800000000", rule)).allowed).toBe(true)
      const denied = yield* limiter.hit("otp:+919800000000", rule)
      expect(denied.allowed).toBe(false)
      expect(denied.retryAfterMs).toBeGreaterThan(0)

      yield* TestClock.adjust("61 seconds")
      expect((yield* limiter.hit("otp:+919800000000", rule)).allowed).toBe(true)
    }).pipe(Effect.provide(RateLimiterMemory)))
})
