/**
 * Behaviour every notification repository adapter must share (the memory twins and Postgres).
 * Leases expire in real time, so they are short here.
 */
import { assert, describe, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { Notifications } from "@podium/core"
import { NotificationsPg } from "@podium/postgres"
import { DateTime, Duration, Effect, Layer, Option } from "effect"

type Repos = Notifications.NotificationRepos

const lease = (row: Notifications.OutboxMessage, workerId: string) => ({ id: row.id, workerId, attempt: row.attempts })
const sent = { _tag: "Sent", provider: "local", providerMessageId: "pm-1", subject: null, body: "hi" } as const

/**
 * A lease or retry delay the statements right after it stay well inside, even on a busy machine (a
 * Postgres round trip there can take hundreds of milliseconds).
 */
const ShortMs = 1_000

/** Repeats `probe` until `done` holds (leases and retry times pass in real time), failing after 10 s. */
const until = <A, E, R>(probe: Effect.Effect<A, E, R>, done: (a: A) => boolean): Effect.Effect<A, E | Error, R> => {
  const attempt: Effect.Effect<A, E, R> = Effect.flatMap(probe, (a) =>
    done(a) ? Effect.succeed(a) : Effect.zipRight(Effect.sleep("25 millis"), Effect.suspend(() => attempt)))
  return attempt.pipe(
    Effect.timeoutFail({ duration: "10 seconds", onTimeout: () => new Error("condition not reached within 10 s") })
  )
}

const enqueue = (overrides: Partial<Notifications.NewOutboxMessage> = {}) =>
  Effect.flatMap(Notifications.OutboxRepo, (o) =>
    o.enqueue({ channel: "SMS", recipient: "+919876543210", body: "hello", maxAttempts: 3, ...overrides }))

export const notificationReposContract = <E, R>(name: string, shared: Layer.Layer<R, E>, fresh: Layer.Layer<Repos, never, R>) =>
  describe(name, () => {
    layer(shared, { timeout: "60 seconds", excludeTestServices: true })((it) => {
      const test = (title: string, body: Effect.Effect<void, unknown, Repos>) => it.effect(title, () => Effect.provide(body, fresh))

      test("enqueue stores a PENDING row that get finds; unknown ids are not found", Effect.gen(function*() {
        const outbox = yield* Notifications.OutboxRepo
        const row = yield* enqueue({ userId: "u1", templateKey: "otp", variables: { code: "1234", first_name: "A" }, category: null })
        assert.strictEqual(row.status, "PENDING")
        assert.strictEqual(row.attempts, 0)
        assert.strictEqual(row.maxAttempts, 3)
        const found = yield* outbox.get(row.id)
        assert.deepStrictEqual(found.variables, { code: "1234", first_name: "A" })
        assert.strictEqual(found.userId, "u1")
        const missing = yield* outbox.get("00000000-0000-4000-8000-000000000000" as Notifications.OutboxId).pipe(Effect.flip)
        assert.strictEqual(missing._tag, "OutboxMessageNotFound")
        const garbage = yield* outbox.get("not-a-uuid" as Notifications.OutboxId).pipe(Effect.flip)
        assert.strictEqual(garbage._tag, "OutboxMessageNotFound")
      }))

      test("claim leases due rows once; recordAttempt is guarded by owner and attempt and writes a log row", Effect.gen(function*() {
        const outbox = yield* Notifications.OutboxRepo
        const logs = yield* Notifications.NotificationLogRepo
        const due = yield* enqueue()
        yield* enqueue({ notBefore: DateTime.unsafeMake(Date.now() + 3_600_000) })
        const claimed = yield* outbox.claim({ workerId: "w1", limit: 10, leaseMs: 10_000 })
        assert.deepStrictEqual(claimed.map((r) => r.id), [due.id])
        assert.strictEqual(claimed[0]!.status, "PROCESSING")
        assert.strictEqual(claimed[0]!.attempts, 1)
        assert.strictEqual((yield* outbox.claim({ workerId: "w2", limit: 10, leaseMs: 10_000 })).length, 0)
        const stranger = yield* outbox.recordAttempt(lease(claimed[0]!, "w2"), sent).pipe(Effect.flip)
        assert.strictEqual(stranger._tag, "OutboxLeaseLost")
        const stale = yield* outbox.recordAttempt({ ...lease(claimed[0]!, "w1"), attempt: 0 }, sent).pipe(Effect.flip)
        assert.strictEqual(stale._tag, "OutboxLeaseLost")
        const done = yield* outbox.recordAttempt(lease(claimed[0]!, "w1"), sent)
        assert.strictEqual(done.status, "SENT")
        assert.strictEqual(done.providerMessageId, "pm-1")
        assert.isNotNull(done.sentAt)
        assert.isNull(done.leaseOwner)
        const twice = yield* outbox.recordAttempt(lease(claimed[0]!, "w1"), sent).pipe(Effect.flip)
        assert.strictEqual(twice._tag, "OutboxLeaseLost")
        const rows = yield* logs.list({ outboxId: due.id })
        assert.strictEqual(rows.length, 1)
        assert.strictEqual(rows[0]!.status, "SENT")
        assert.strictEqual(rows[0]!.attempt, 1)
        assert.strictEqual(rows[0]!.recipient, "+919876543210")
        assert.strictEqual((yield* logs.get(rows[0]!.id)).id, rows[0]!.id)
      }))

      test("a failed attempt is FAILED until its retry time, then claimable again; a null retry time buries it DEAD", Effect.gen(function*() {
        const outbox = yield* Notifications.OutboxRepo
        const row = yield* enqueue()
        const [first] = yield* outbox.claim({ workerId: "w1", limit: 1, leaseMs: 10_000 })
        const retryAt = DateTime.unsafeMake(Date.now() + ShortMs)
        const failed = yield* outbox.recordAttempt(lease(first!, "w1"), { _tag: "Failed", provider: "local", error: "boom", retryAt })
        assert.strictEqual(failed.status, "FAILED")
        assert.strictEqual(failed.lastError, "boom")
        assert.strictEqual((yield* outbox.claim({ workerId: "w1", limit: 1, leaseMs: 10_000 })).length, 0)
        const [second] = yield* until(outbox.claim({ workerId: "w1", limit: 1, leaseMs: 10_000 }), (rows) => rows.length > 0)
        assert.strictEqual(second?.id, row.id)
        assert.strictEqual(second?.attempts, 2)
        const dead = yield* outbox.recordAttempt(lease(second!, "w1"), { _tag: "Failed", provider: null, error: "fatal", retryAt: null })
        assert.strictEqual(dead.status, "DEAD")
        assert.strictEqual(dead.lastError, "fatal")
        const logs = yield* (yield* Notifications.NotificationLogRepo).list({ outboxId: row.id })
        assert.deepStrictEqual(logs.map((l) => [l.attempt, l.status]), [[2, "FAILED"], [1, "FAILED"]])
      }))

      test("skipped rows are SENT with the reason, and the log row is SKIPPED", Effect.gen(function*() {
        const outbox = yield* Notifications.OutboxRepo
        yield* enqueue({ category: "events", userId: "u9" })
        const [row] = yield* outbox.claim({ workerId: "w1", limit: 1, leaseMs: 10_000 })
        const done = yield* outbox.recordAttempt(lease(row!, "w1"), { _tag: "Skipped", reason: "category disabled" })
        assert.strictEqual(done.status, "SENT")
        assert.strictEqual(done.skipReason, "category disabled")
        const [log] = yield* (yield* Notifications.NotificationLogRepo).list({ outboxId: row!.id })
        assert.strictEqual(log!.status, "SKIPPED")
        assert.strictEqual(log!.error, "category disabled")
      }))

      test("an expired lease is reclaimed with the same id; on the last attempt it goes DEAD", Effect.gen(function*() {
        const outbox = yield* Notifications.OutboxRepo
        const row = yield* enqueue({ maxAttempts: 2 })
        yield* outbox.claim({ workerId: "killed", limit: 1, leaseMs: ShortMs })
        assert.strictEqual((yield* outbox.claim({ workerId: "w2", limit: 1, leaseMs: 10_000 })).length, 0)
        const [again] = yield* until(outbox.claim({ workerId: "w2", limit: 1, leaseMs: 150 }), (rows) => rows.length > 0)
        assert.strictEqual(again?.id, row.id)
        assert.strictEqual(again?.attempts, 2)
        yield* Effect.sleep("300 millis")
        assert.strictEqual((yield* outbox.claim({ workerId: "w3", limit: 1, leaseMs: 10_000 })).length, 0)
        const dead = yield* outbox.get(row.id)
        assert.strictEqual(dead.status, "DEAD")
        assert.match(dead.lastError ?? "", /expired on the last attempt/)
      }))

      test("retry: DEAD and FAILED go PENDING with attempts reset and error cleared; SENT and PROCESSING conflict", Effect.gen(function*() {
        const outbox = yield* Notifications.OutboxRepo
        const a = yield* enqueue()
        const b = yield* enqueue()
        const c = yield* enqueue()
        const d = yield* enqueue()
        const claimed = yield* outbox.claim({ workerId: "w", limit: 4, leaseMs: 10_000 })
        const byId = new Map(claimed.map((r) => [r.id, r]))
        yield* outbox.recordAttempt(lease(byId.get(a.id)!, "w"), { _tag: "Failed", provider: null, error: "x", retryAt: null })
        yield* outbox.recordAttempt(lease(byId.get(b.id)!, "w"), {
          _tag: "Failed",
          provider: null,
          error: "y",
          retryAt: DateTime.unsafeMake(Date.now() + 3_600_000)
        })
        yield* outbox.recordAttempt(lease(byId.get(c.id)!, "w"), sent)
        for (const id of [a.id, b.id]) {
          const retried = yield* outbox.retry(id)
          assert.strictEqual(retried.status, "PENDING")
          assert.strictEqual(retried.attempts, 0)
          assert.isNull(retried.lastError)
        }
        const conflictSent = yield* outbox.retry(c.id).pipe(Effect.flip)
        assert.strictEqual(conflictSent._tag, "OutboxRetryConflict")
        assert.strictEqual((conflictSent as Notifications.OutboxRetryConflict).status, "SENT")
        const conflictProcessing = yield* outbox.retry(d.id).pipe(Effect.flip)
        assert.strictEqual((conflictProcessing as Notifications.OutboxRetryConflict).status, "PROCESSING")
        const missing = yield* outbox.retry("00000000-0000-4000-8000-000000000000" as Notifications.OutboxId).pipe(Effect.flip)
        assert.strictEqual(missing._tag, "OutboxMessageNotFound")
        // Retried rows are due at once.
        assert.strictEqual((yield* outbox.claim({ workerId: "w", limit: 10, leaseMs: 10_000 })).length, 2)
      }))

      test("list filters by status, channel and creation time, newest first, with a total", Effect.gen(function*() {
        const outbox = yield* Notifications.OutboxRepo
        const before = DateTime.unsafeMake(Date.now() - 1000)
        for (let i = 0; i < 5; i++) yield* enqueue({ channel: "EMAIL", recipient: `u${i}@example.com`, subject: "s" })
        yield* enqueue({ channel: "PUSH", recipient: "token-abcdefgh-1234" })
        const page = yield* outbox.list({ channel: "EMAIL", limit: 2, offset: 0 })
        assert.strictEqual(page.total, 5)
        assert.strictEqual(page.items.length, 2)
        assert.strictEqual(page.items[0]!.recipient, "u4@example.com")
        assert.strictEqual((yield* outbox.list({ status: "PENDING", limit: 100, offset: 0 })).total, 6)
        assert.strictEqual((yield* outbox.list({ status: "SENT", limit: 100, offset: 0 })).total, 0)
        assert.strictEqual((yield* outbox.list({ status: ["SENT", "PENDING"], limit: 100, offset: 4 })).items.length, 2)
        assert.strictEqual((yield* outbox.list({ from: before, limit: 100, offset: 0 })).total, 6)
        assert.strictEqual((yield* outbox.list({ to: before, limit: 100, offset: 0 })).total, 0)
      }))

      test("redrive counts on a dry run and moves DEAD/FAILED rows otherwise", Effect.gen(function*() {
        const outbox = yield* Notifications.OutboxRepo
        for (let i = 0; i < 3; i++) yield* enqueue({ channel: i === 0 ? "EMAIL" : "SMS", subject: "s" })
        yield* enqueue()
        const claimed = yield* outbox.claim({ workerId: "w", limit: 3, leaseMs: 10_000 })
        for (const row of claimed) yield* outbox.recordAttempt(lease(row, "w"), { _tag: "Failed", provider: null, error: "x", retryAt: null })
        const dry = yield* outbox.redrive({ status: ["DEAD", "FAILED"], channel: "SMS" }, true)
        assert.deepStrictEqual(dry, { matched: 2, redriven: 0 })
        assert.strictEqual((yield* outbox.list({ status: "DEAD", limit: 10, offset: 0 })).total, 3)
        const wet = yield* outbox.redrive({ status: ["DEAD", "FAILED"], channel: "SMS" }, false)
        assert.deepStrictEqual(wet, { matched: 2, redriven: 2 })
        assert.strictEqual((yield* outbox.list({ status: "DEAD", limit: 10, offset: 0 })).total, 1)
        // PENDING rows never match, whatever the filter says.
        assert.deepStrictEqual(yield* outbox.redrive({ status: ["PENDING"] }, true), { matched: 0, redriven: 0 })
      }))

      test("summary counts by status and channel, the oldest pending age, dead count and the last 10 failures", Effect.gen(function*() {
        const outbox = yield* Notifications.OutboxRepo
        for (let i = 0; i < 12; i++) yield* enqueue({ channel: "CHAT" })
        yield* enqueue({ channel: "EMAIL", subject: "s", recipient: "x@example.com" })
        const claimed = yield* outbox.claim({ workerId: "w", limit: 12, leaseMs: 10_000 })
        for (const row of claimed) yield* outbox.recordAttempt(lease(row, "w"), { _tag: "Failed", provider: null, error: `e-${row.id}`, retryAt: null })
        yield* Effect.sleep("20 millis")
        const summary = yield* outbox.summary
        assert.strictEqual(summary.total, 13)
        assert.strictEqual(summary.byStatus.DEAD, 12)
        assert.strictEqual(summary.byStatus.PENDING, 1)
        assert.strictEqual(summary.deadCount, 12)
        assert.strictEqual(summary.byChannel.CHAT.DEAD, 12)
        assert.strictEqual(summary.byChannel.EMAIL.PENDING, 1)
        assert.strictEqual(summary.byChannel.PUSH.PENDING, 0)
        assert.isNotNull(summary.oldestPendingAgeMs)
        assert.isAtLeast(summary.oldestPendingAgeMs!, 0)
        assert.strictEqual(summary.lastFailures.length, 10)
        assert.match(summary.lastFailures[0]!.recipient, /\*\*\*/)
        assert.notProperty(summary.lastFailures[0]!, "body")
      }))

      test("templates version per key; the newest active one is found", Effect.gen(function*() {
        const templates = yield* Notifications.TemplateRepo
        const v1 = yield* templates.upsert({ channel: "SMS", key: "otp", subject: null, body: "v1 {{code}}", variables: ["code"], category: null })
        const v2 = yield* templates.upsert({ channel: "SMS", key: "otp", subject: null, body: "v2 {{code}}", variables: ["code"], category: null })
        yield* templates.upsert({ channel: "SMS", key: "otp", subject: null, body: "v3 draft", variables: [], category: null, active: false })
        assert.deepStrictEqual([v1.version, v2.version], [1, 2])
        const found = yield* templates.findActive("SMS", "otp")
        assert.strictEqual(Option.getOrThrow(found).body, "v2 {{code}}")
        assert.deepStrictEqual(Option.getOrThrow(found).variables, ["code"])
        assert.isTrue(Option.isNone(yield* templates.findActive("EMAIL", "otp")))
        assert.strictEqual((yield* templates.list("SMS")).length, 3)
      }))

      test("preferences default to enabled and merge updates; retry policies default per channel and can be saved", Effect.gen(function*() {
        const prefs = yield* Notifications.PreferenceRepo
        assert.deepStrictEqual(yield* prefs.get("u1"), Notifications.DefaultPreferences)
        yield* prefs.update("u1", { categories: { events: false } })
        const merged = yield* prefs.update("u1", { channels: { SMS: false }, categories: { activity: true } })
        assert.deepStrictEqual(merged, { channels: { SMS: false }, categories: { events: false, activity: true } })
        assert.deepStrictEqual(yield* prefs.get("u1"), merged)
        const policies = yield* Notifications.RetryPolicyRepo
        assert.deepStrictEqual(yield* policies.get("PUSH"), Notifications.DefaultRetryPolicies.PUSH)
        const custom = { channel: "PUSH", maxAttempts: 7, baseDelayMs: 10, factor: 1.5, maxDelayMs: 100 } as const
        yield* policies.save(custom)
        assert.deepStrictEqual(yield* policies.get("PUSH"), custom)
        assert.strictEqual((yield* policies.list).length, 4)
      }))
    })
  })

/** The Pg repositories over emptied notification tables, for one test. */
export const FreshNotificationsPg: Layer.Layer<Repos, never, SqlClient.SqlClient> = Layer.unwrapEffect(Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* Effect.orDie(sql`truncate notifications.outbox, notifications.logs, notifications.templates, notifications.preferences, notifications.retry_policies`)
  return NotificationsPg
}))

export const sleepMs = (ms: number) => Effect.sleep(Duration.millis(ms))
