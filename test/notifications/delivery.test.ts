/**
 * The delivery path end to end on the test Postgres: producer transaction → outbox → worker →
 * local provider → log; retry/backoff/DEAD; crash recovery; two concurrent workers; preferences;
 * template variables; log resend.
 */
import { assert, describe, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { Notifications } from "@podium/core"
import { RecordedDeliveries } from "@podium/core/testing"
import { DateTime, Effect, Either, Fiber, Layer } from "effect"
import { TestDatabase } from "../support/database.js"
import { FreshNotificationsPg } from "./outbox-repo.contract.js"
import { countingSenders, fastWorker, outboxSettled, rowIs, runWorkersUntil, SendCalls } from "./support.js"

const fresh = (options: Parameters<typeof countingSenders>[0] = {}) => Layer.merge(FreshNotificationsPg, countingSenders(options))

/** Fast retries so tests see several attempts: 50 ms, 100 ms, 200 ms … */
const fastPolicy = (channel: Notifications.Channel, maxAttempts = 3) =>
  Effect.flatMap(Notifications.RetryPolicyRepo, (p) => p.save({ channel, maxAttempts, baseDelayMs: 50, factor: 2, maxDelayMs: 1_000 }))

describe("notification delivery on Postgres", () => {
  layer(TestDatabase, { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("producer → outbox in the producer's transaction → worker → local provider → log", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* sql`create table if not exists public.test_orders (id serial primary key, email text not null)`
        const templates = yield* Notifications.TemplateRepo
        yield* templates.upsert({
          channel: "EMAIL",
          key: "order.confirmed",
          subject: "Order {{orderId}} confirmed",
          body: "Hi {{name}}, order {{orderId}} is confirmed.",
          variables: ["name", "orderId"],
          category: null
        })
        // The producer: its row and its notification commit together…
        const row = yield* sql.withTransaction(Effect.gen(function*() {
          const [order] = yield* sql<{ readonly id: number }>`insert into public.test_orders (email) values ('asha@example.com') returning id`
          return yield* Notifications.enqueueNotification({
            channel: "EMAIL",
            recipient: "asha@example.com",
            templateKey: "order.confirmed",
            variables: { name: "Asha", orderId: String(order!.id) },
            producer: `test.orders:${order!.id}`
          })
        }))
        // …or roll back together: no order, no outbox row.
        const failed = yield* sql.withTransaction(Effect.gen(function*() {
          yield* sql`insert into public.test_orders (email) values ('ghost@example.com')`
          yield* Notifications.enqueueNotification({ channel: "EMAIL", recipient: "ghost@example.com", subject: "s", body: "b" })
          return yield* Effect.fail("producer failed after enqueueing")
        })).pipe(Effect.either)
        assert.isTrue(Either.isLeft(failed))
        const outboxRows = yield* sql<{ readonly recipient: string }>`select recipient from notifications.outbox`
        assert.deepStrictEqual(outboxRows.map((r) => r.recipient), ["asha@example.com"])
        assert.strictEqual((yield* sql`select 1 from public.test_orders where email = 'ghost@example.com'`).length, 0)
        assert.strictEqual(row.maxAttempts, Notifications.DefaultRetryPolicies.EMAIL.maxAttempts)

        yield* runWorkersUntil([fastWorker("w1")], rowIs(row.id, "SENT"))

        const recorded = (yield* RecordedDeliveries).all()
        assert.strictEqual(recorded.length, 1)
        const message = recorded[0]!.message as Notifications.EmailMessage
        assert.strictEqual(message.to, "asha@example.com")
        assert.match(message.subject, /^Order \d+ confirmed$/)
        assert.match(message.text, /^Hi Asha, order \d+ is confirmed\.$/)
        assert.strictEqual(message.idempotencyKey, row.id)
        const stored = yield* Effect.flatMap(Notifications.OutboxRepo, (o) => o.get(row.id))
        assert.strictEqual(stored.attempts, 1)
        assert.strictEqual(stored.providerMessageId, recorded[0]!.providerMessageId)
        assert.strictEqual(stored.body, message.text)
        const logs = yield* Effect.flatMap(Notifications.NotificationLogRepo, (l) => l.list({ outboxId: row.id }))
        assert.strictEqual(logs.length, 1)
        assert.strictEqual(logs[0]!.status, "SENT")
        assert.strictEqual(logs[0]!.provider, "local")
        assert.strictEqual(logs[0]!.providerMessageId, recorded[0]!.providerMessageId)
        assert.strictEqual(logs[0]!.templateKey, "order.confirmed")
        assert.deepStrictEqual(logs[0]!.variables, row.variables)
      }).pipe(Effect.provide(fresh())))

    it.effect("a retryable failure is retried on the policy's backoff, then SENT", () =>
      Effect.gen(function*() {
        yield* fastPolicy("SMS", 3)
        ;(yield* RecordedDeliveries).failNext("SMS", 1)
        const row = yield* Notifications.enqueueNotification({ channel: "SMS", recipient: "+919876543210", body: "code 1234" })
        assert.strictEqual(row.maxAttempts, 3)
        yield* runWorkersUntil([fastWorker("w1")], rowIs(row.id, "SENT"))
        const stored = yield* Effect.flatMap(Notifications.OutboxRepo, (o) => o.get(row.id))
        assert.strictEqual(stored.attempts, 2)
        assert.isNull(stored.lastError)
        const logs = yield* Effect.flatMap(Notifications.NotificationLogRepo, (l) => l.list({ outboxId: row.id }))
        assert.deepStrictEqual(logs.map((l) => [l.attempt, l.status]), [[2, "SENT"], [1, "FAILED"]])
        assert.match(logs[1]!.error ?? "", /DeliveryFailed: local provider told to fail/)
        // The retry waited at least the policy's first delay (50 ms).
        assert.isAtLeast(DateTime.toEpochMillis(logs[0]!.createdAt) - DateTime.toEpochMillis(logs[1]!.createdAt), 45)
        // Same idempotency key on both attempts.
        assert.strictEqual((yield* SendCalls).calls.get(row.id), 2)
      }).pipe(Effect.provide(fresh())))

    it.effect("failures past the policy's maximum make the row DEAD; a non-retryable failure is DEAD at once", () =>
      Effect.gen(function*() {
        yield* fastPolicy("SMS", 3)
        const recorded = yield* RecordedDeliveries
        recorded.failNext("SMS", 10)
        const row = yield* Notifications.enqueueNotification({ channel: "SMS", recipient: "+919876543210", body: "x" })
        yield* runWorkersUntil([fastWorker("w1")], rowIs(row.id, "DEAD"))
        const dead = yield* Effect.flatMap(Notifications.OutboxRepo, (o) => o.get(row.id))
        assert.strictEqual(dead.attempts, 3)
        assert.match(dead.lastError ?? "", /local provider told to fail/)
        const logs = yield* Effect.flatMap(Notifications.NotificationLogRepo, (l) => l.list({ outboxId: row.id }))
        assert.deepStrictEqual(logs.map((l) => l.status), ["FAILED", "FAILED", "FAILED"])
        // Backoff: 50 ms then 100 ms between the three attempts.
        const times = logs.map((l) => DateTime.toEpochMillis(l.createdAt)).reverse()
        assert.isAtLeast(times[2]! - times[0]!, 140)

        recorded.failNext("SMS", 1, { retryable: false })
        const refused = yield* Notifications.enqueueNotification({ channel: "SMS", recipient: "+919876500000", body: "y" })
        yield* runWorkersUntil([fastWorker("w1")], rowIs(refused.id, "DEAD"))
        assert.strictEqual((yield* Effect.flatMap(Notifications.OutboxRepo, (o) => o.get(refused.id))).attempts, 1)
      }).pipe(Effect.provide(fresh())))

    it.effect("an unconfigured provider leaves the row FAILED with a clear error, retried no sooner than the backoff", () =>
      Effect.gen(function*() {
        const row = yield* Notifications.enqueueNotification({ channel: "PUSH", recipient: "device-token-0123456789", subject: "t", body: "b" })
        const before = Date.now()
        yield* runWorkersUntil([fastWorker("w1")], rowIs(row.id, "FAILED"))
        const failed = yield* Effect.flatMap(Notifications.OutboxRepo, (o) => o.get(row.id))
        assert.match(failed.lastError ?? "", /^ProviderNotConfigured: No PUSH provider configured/)
        assert.strictEqual(failed.attempts, 1)
        assert.isAtLeast(DateTime.toEpochMillis(failed.nextAttemptAt) - before, Notifications.DefaultRetryPolicies.PUSH.baseDelayMs - 1000)
      }).pipe(Effect.provide(fresh({ unconfigured: ["PUSH"] }))))

    it.effect("a worker killed mid-send loses nothing: the row is reclaimed after the lease and sent with the same key", () =>
      Effect.gen(function*() {
        const { calls, hang } = yield* SendCalls
        const row = yield* Notifications.enqueueNotification({ channel: "CHAT", recipient: "+919800000001", body: "hi" })
        hang.add(row.id)
        // Worker A claims (lease 1 s) and hangs in the provider call; then it is killed (no drain).
        const beforeClaim = Date.now()
        const a = yield* Effect.fork(Notifications.runOutboxWorker(fastWorker("A", { leaseMs: 1_000, drain: 0 })))
        yield* Effect.repeat(Effect.sync(() => calls.get(row.id) === 1).pipe(Effect.zipLeft(Effect.sleep("10 millis"))), {
          until: (ok) => ok
        })
        yield* Fiber.interrupt(a)
        const orphan = yield* Effect.flatMap(Notifications.OutboxRepo, (o) => o.get(row.id))
        assert.strictEqual(orphan.status, "PROCESSING")
        assert.strictEqual(orphan.leaseOwner, "A")
        // A second worker starts at once; it can take the row only once A's lease expired, which is
        // at least 1 s after the claim (bounded from the clock, whatever the machine's load; the
        // 50 ms allow for the database clock's rounding).
        yield* runWorkersUntil([fastWorker("B")], rowIs(row.id, "SENT"))
        assert.isAtLeast(Date.now() - beforeClaim, 1_000 - 50)
        const sent = yield* Effect.flatMap(Notifications.OutboxRepo, (o) => o.get(row.id))
        assert.strictEqual(sent.attempts, 2)
        assert.strictEqual(calls.get(row.id), 2)
        const recorded = (yield* RecordedDeliveries).all()
        assert.strictEqual(recorded.length, 1)
        assert.strictEqual((recorded[0]!.message as Notifications.ChatMessage).idempotencyKey, row.id)
        const logs = yield* Effect.flatMap(Notifications.NotificationLogRepo, (l) => l.list({ outboxId: row.id }))
        assert.deepStrictEqual(logs.map((l) => [l.attempt, l.status]), [[2, "SENT"]])
      }).pipe(Effect.provide(fresh())))

    it.effect("a row whose lease ran out while it waited in its batch is not sent by that worker; the next claim sends it once", () =>
      Effect.gen(function*() {
        const { calls } = yield* SendCalls
        const outbox = yield* Notifications.OutboxRepo
        const row = yield* Notifications.enqueueNotification({ channel: "CHAT", recipient: "+919800000002", body: "hi" })
        const [claimed] = yield* outbox.claim({ workerId: "A", limit: 1, leaseMs: 1_000 })
        assert.strictEqual(claimed!.id, row.id)
        // Worker A reaches the row only after its lease lapsed (it waited behind a slow batch).
        const leaseEnd = DateTime.toEpochMillis(claimed!.leaseUntil!)
        yield* Effect.repeat(Effect.sleep("20 millis").pipe(Effect.map(() => Date.now() > leaseEnd + 50)), { until: (over) => over })
        const outcome = yield* Notifications.deliverClaimed(claimed!, { workerId: "A", leaseMs: 1_000 })
        assert.strictEqual(outcome._tag, "Failed")
        assert.strictEqual(calls.get(row.id), undefined)
        yield* runWorkersUntil([fastWorker("B")], rowIs(row.id, "SENT"))
        assert.strictEqual(calls.get(row.id), 1)
      }).pipe(Effect.provide(fresh())))

    it.effect("two concurrent workers drain 3000 rows and never send one twice", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const total = 3000
        yield* sql`
          insert into notifications.outbox (channel, recipient, body, max_attempts)
          select (array['EMAIL', 'SMS', 'PUSH', 'CHAT'])[1 + g % 4], 'r' || g || '@example.com', 'body ' || g, 5
          from generate_series(1, ${total}::int) g`
        const started = Date.now()
        yield* runWorkersUntil(
          // Leases far longer than a batch takes even on a busy machine: this test is about two
          // workers never claiming the same row, not about expiry (a row whose lease lapses while
          // it waits in its batch is rightly reclaimed and sent again).
          [fastWorker("w1", { batchSize: 100, concurrency: 16, leaseMs: 60_000 }), fastWorker("w2", { batchSize: 100, concurrency: 16, leaseMs: 60_000 })],
          outboxSettled,
          // A throughput test: the deadline allows for a machine whose cores are busy with other work.
          "150 seconds"
        )
        const elapsed = Date.now() - started
        const { calls } = yield* SendCalls
        assert.strictEqual(calls.size, total)
        assert.deepStrictEqual([...new Set(calls.values())], [1])
        assert.strictEqual((yield* RecordedDeliveries).all().length, total)
        const [counts] = yield* sql<{ readonly sent: number; readonly logs: number; readonly w1: number; readonly w2: number }>`
          select (select count(*)::int from notifications.outbox where status = 'SENT' and attempts = 1) as sent,
                 (select count(*)::int from notifications.logs) as logs,
                 0 as w1, 0 as w2`
        assert.strictEqual(counts!.sent, total)
        assert.strictEqual(counts!.logs, total)
        yield* Effect.logInfo(`3000 rows drained by two workers in ${elapsed} ms`)
      }).pipe(Effect.provide(fresh())), { timeout: 200_000 })

    it.effect("preferences: a disabled category or channel is not sent and the log says why; transactional messages still go", () =>
      Effect.gen(function*() {
        const prefs = yield* Notifications.PreferenceRepo
        yield* prefs.update("u1", { categories: { events: false } })
        yield* prefs.update("u2", { channels: { EMAIL: false } })
        const skipped = yield* Notifications.enqueueNotification({
          channel: "SMS", recipient: "+919811111111", userId: "u1", category: "events", body: "Race tomorrow"
        })
        const allowed = yield* Notifications.enqueueNotification({
          channel: "SMS", recipient: "+919811111111", userId: "u1", category: "challenges", body: "New challenge"
        })
        const transactional = yield* Notifications.enqueueNotification({
          channel: "SMS", recipient: "+919811111111", userId: "u1", body: "Your code is 1234"
        })
        const channelOff = yield* Notifications.enqueueNotification({
          channel: "EMAIL", recipient: "u2@example.com", userId: "u2", category: "activity", subject: "Weekly", body: "Stats"
        })
        yield* runWorkersUntil([fastWorker("w1")], outboxSettled)
        const outbox = yield* Notifications.OutboxRepo
        const logs = yield* Notifications.NotificationLogRepo
        const s = yield* outbox.get(skipped.id)
        assert.strictEqual(s.status, "SENT")
        assert.match(s.skipReason ?? "", /category "events" disabled/)
        const [skipLog] = yield* logs.list({ outboxId: skipped.id })
        assert.strictEqual(skipLog!.status, "SKIPPED")
        assert.match(skipLog!.error ?? "", /category "events" disabled by the user/)
        assert.strictEqual((yield* logs.list({ outboxId: channelOff.id }))[0]!.status, "SKIPPED")
        assert.strictEqual((yield* logs.list({ outboxId: allowed.id }))[0]!.status, "SENT")
        assert.strictEqual((yield* logs.list({ outboxId: transactional.id }))[0]!.status, "SENT")
        const bodies = (yield* RecordedDeliveries).all().map((d) => (d.message as Notifications.SmsMessage).body).sort()
        assert.deepStrictEqual(bodies, ["New challenge", "Your code is 1234"])
      }).pipe(Effect.provide(fresh())))

    it.effect("a template whose variable is missing (or a missing template) makes the row DEAD without sending", () =>
      Effect.gen(function*() {
        yield* Effect.flatMap(Notifications.TemplateRepo, (t) =>
          t.upsert({ channel: "SMS", key: "welcome", subject: null, body: "Welcome {{name}}, code {{code}}", variables: ["name", "code"], category: null }))
        const missingVar = yield* Notifications.enqueueNotification({
          channel: "SMS", recipient: "+919822222222", templateKey: "welcome", variables: { code: "1" }
        })
        const missingTemplate = yield* Notifications.enqueueNotification({
          channel: "SMS", recipient: "+919822222222", templateKey: "nope", variables: {}
        })
        yield* runWorkersUntil([fastWorker("w1")], outboxSettled)
        const outbox = yield* Notifications.OutboxRepo
        const a = yield* outbox.get(missingVar.id)
        assert.strictEqual(a.status, "DEAD")
        assert.strictEqual(a.attempts, 1)
        assert.match(a.lastError ?? "", /TemplateVariableMissing: Template welcome needs name/)
        const b = yield* outbox.get(missingTemplate.id)
        assert.strictEqual(b.status, "DEAD")
        assert.match(b.lastError ?? "", /TemplateNotFound/)
        assert.strictEqual((yield* RecordedDeliveries).all().length, 0)
      }).pipe(Effect.provide(fresh())))

    it.effect("log resend: a FAILED log queues a new message whose delivery writes a NEW log row; PUSH and non-FAILED are refused", () =>
      Effect.gen(function*() {
        yield* fastPolicy("EMAIL", 1)
        yield* fastPolicy("PUSH", 1)
        const recorded = yield* RecordedDeliveries
        recorded.failNext("EMAIL", 1)
        recorded.failNext("PUSH", 1)
        const email = yield* Notifications.enqueueNotification({
          channel: "EMAIL", recipient: "r@example.com", subject: "Hello", body: "literal body", step: "welcome-1", userId: "u7"
        })
        const push = yield* Notifications.enqueueNotification({ channel: "PUSH", recipient: "device-token-abcdef", subject: "t", body: "b" })
        yield* runWorkersUntil([fastWorker("w1")], outboxSettled)
        const logs = yield* Notifications.NotificationLogRepo
        const [failedLog] = yield* logs.list({ outboxId: email.id })
        assert.strictEqual(failedLog!.status, "FAILED")

        const resent = yield* Notifications.resendNotificationLog(failedLog!.id)
        assert.notStrictEqual(resent.id, email.id)
        assert.strictEqual(resent.resendOf, failedLog!.id)
        yield* runWorkersUntil([fastWorker("w1")], outboxSettled)
        const [newLog] = yield* logs.list({ outboxId: resent.id })
        assert.notStrictEqual(newLog!.id, failedLog!.id)
        assert.strictEqual(newLog!.status, "SENT")
        assert.strictEqual(newLog!.resendOf, failedLog!.id)
        assert.deepStrictEqual(
          [newLog!.step, newLog!.channel, newLog!.recipient, newLog!.variables],
          [failedLog!.step, failedLog!.channel, failedLog!.recipient, failedLog!.variables]
        )
        assert.strictEqual((recorded.all()[0]!.message as Notifications.EmailMessage).text, "literal body")
        // The original row is unchanged.
        assert.deepStrictEqual(yield* logs.get(failedLog!.id), failedLog!)

        const [pushLog] = yield* logs.list({ outboxId: push.id })
        const pushError = yield* Notifications.resendNotificationLog(pushLog!.id).pipe(Effect.flip)
        assert.strictEqual(pushError._tag, "PushResendUnsupported")
        const sentError = yield* Notifications.resendNotificationLog(newLog!.id).pipe(Effect.flip)
        assert.strictEqual(sentError._tag, "NotificationLogNotFailed")
        const missing = yield* Notifications.resendNotificationLog("00000000-0000-4000-8000-000000000000").pipe(Effect.flip)
        assert.strictEqual(missing._tag, "NotificationLogNotFound")
      }).pipe(Effect.provide(fresh())))
  })
})
