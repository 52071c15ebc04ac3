import { assert, describe, it, layer } from "@effect/vitest"
import { Platform } from "@podium/core"
import { JobQueueMemory } from "@podium/core/testing"
import { JobQueuePg } from "@podium/postgres"
import { DateTime, Duration, Effect, Fiber, TestClock } from "effect"
import { TestDatabase } from "../support/database.js"

const schedules: ReadonlyArray<Platform.ScheduledJob> = [
  { name: "s.minutely", every: "1 minute" },
  { name: "s.hourly", every: "1 hour" }
]

describe("schedule model", () => {
  it("cuts time into epoch-aligned slots with one dedupe key each", () => {
    const now = DateTime.unsafeMake("2025-03-01T10:17:42.500Z")
    const hourly = schedules[1]!
    assert.strictEqual(DateTime.formatIso(Platform.slotStart(hourly, now)), "2025-03-01T10:00:00.000Z")
    assert.strictEqual(DateTime.formatIso(Platform.nextSlotStart(hourly, now)), "2025-03-01T11:00:00.000Z")
    assert.strictEqual(Platform.slotDedupeKey(hourly, Platform.slotStart(hourly, now)), "s.hourly@2025-03-01T10:00:00.000Z")
  })
})

describe("scheduler on memory", () => {
  it.effect("enqueues each schedule once per slot, with the test clock", () =>
    Effect.gen(function*() {
      const queue = yield* Platform.JobQueue
      yield* TestClock.setTime(DateTime.toEpochMillis(DateTime.unsafeMake("2025-03-01T10:00:30Z")))
      const a = yield* Effect.fork(Platform.runScheduler({ schedules }))
      const b = yield* Effect.fork(Platform.runScheduler({ schedules }))
      yield* TestClock.adjust(Duration.minutes(2))
      yield* Fiber.interrupt(a)
      yield* Fiber.interrupt(b)
      // Minutes 10:00, 10:01, 10:02 → 3 minutely jobs; one hourly.
      assert.strictEqual((yield* queue.list({ name: "s.minutely" })).length, 3)
      assert.strictEqual((yield* queue.list({ name: "s.hourly" })).length, 1)
      const status = yield* Platform.scheduleStatus(schedules)
      assert.strictEqual(DateTime.formatIso(status[1]!.nextRunAt), "2025-03-01T11:00:00.000Z")
      assert.isTrue(status[0]!.lastRun._tag === "Some")
    }).pipe(Effect.provide(JobQueueMemory)))
})

describe("scheduler on Postgres", () => {
  layer(TestDatabase, { timeout: "60 seconds", excludeTestServices: true })((it) => {
    it.effect("two schedulers ticking the same slot enqueue once", () =>
      Effect.gen(function*() {
        const queue = yield* Platform.JobQueue
        const results = yield* Effect.all(
          Array.from({ length: 6 }, () => Platform.schedulerTick(schedules)),
          { concurrency: "unbounded" }
        )
        assert.strictEqual(results.flat().filter((r) => r.inserted).length, 2)
        assert.strictEqual((yield* queue.list({ name: "s.minutely" })).length, 1)
        assert.strictEqual((yield* queue.list({ name: "s.hourly" })).length, 1)
      }).pipe(Effect.provide(JobQueuePg)))
  })
})
