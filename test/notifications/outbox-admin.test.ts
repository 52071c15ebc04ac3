/** The operator's outbox operations at use-case level, on the test Postgres and on the memory twins. */
import { assert, describe, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { Notifications } from "@podium/core"
import { NotificationsMemory } from "@podium/core/testing"
import { DateTime, Effect, Layer } from "effect"
import { TestDatabase } from "../support/database.js"
import { FreshNotificationsPg } from "./outbox-repo.contract.js"

type Repos = Notifications.NotificationRepos

const lease = (row: Notifications.OutboxMessage) => ({ id: row.id, workerId: "w", attempt: row.attempts })

/** Seeds one row in each state: PENDING, PROCESSING, SENT, FAILED, DEAD; returns their ids. */
const seed = Effect.gen(function*() {
  const outbox = yield* Notifications.OutboxRepo
  const make = (i: number) =>
    Notifications.enqueueNotification({ channel: i % 2 === 0 ? "EMAIL" : "SMS", recipient: i % 2 === 0 ? `user${i}@example.com` : `+9198765432${i}0`, subject: "secret subject", body: "secret body", variables: { code: "999999" } })
  const [sent, failed, dead, processing] = [yield* make(0), yield* make(1), yield* make(2), yield* make(3)]
  const claimed = new Map((yield* outbox.claim({ workerId: "w", limit: 4, leaseMs: 60_000 })).map((r) => [r.id, r]))
  yield* outbox.recordAttempt(lease(claimed.get(sent.id)!), { _tag: "Sent", provider: "local", providerMessageId: "p", subject: "secret subject", body: "secret body" })
  yield* outbox.recordAttempt(lease(claimed.get(failed.id)!), { _tag: "Failed", provider: "local", error: "timeout", retryAt: DateTime.unsafeMake(Date.now() + 3_600_000) })
  yield* outbox.recordAttempt(lease(claimed.get(dead.id)!), { _tag: "Failed", provider: "local", error: "refused", retryAt: null })
  const pending = yield* make(4)
  return { sent: sent.id, failed: failed.id, dead: dead.id, processing: processing.id, pending: pending.id }
})

const suite = <E, R>(name: string, shared: Layer.Layer<R, E>, fresh: Layer.Layer<Repos, never, R>) =>
  describe(name, () => {
    layer(shared, { timeout: "60 seconds", excludeTestServices: true })((it) => {
      const test = (title: string, body: Effect.Effect<void, unknown, Repos>) => it.effect(title, () => Effect.provide(body, fresh))

      test("list answers fixed-shape previews (masked recipient, never subject, body or variables), paginated and filtered", Effect.gen(function*() {
        yield* seed
        const page = yield* Notifications.listOutbox({ limit: 2, page: 1 })
        assert.strictEqual(page.total, 5)
        assert.strictEqual(page.pageCount, 3)
        assert.strictEqual(page.items.length, 2)
        const keys = Object.keys(page.items[0]!).sort()
        assert.deepStrictEqual(keys, [
          "attempts", "category", "channel", "createdAt", "id", "lastError", "maxAttempts", "nextAttemptAt", "producer",
          "recipient", "sentAt", "skipReason", "status", "templateKey"
        ])
        const text = JSON.stringify(page)
        assert.notInclude(text, "secret")
        assert.notInclude(text, "999999")
        const emails = yield* Notifications.listOutbox({ channel: "EMAIL", limit: 100 })
        assert.strictEqual(emails.total, 3)
        assert.match(emails.items[0]!.recipient, /^us\*\*\*@example\.com$/)
        const sms = yield* Notifications.listOutbox({ channel: "SMS" })
        assert.match(sms.items[0]!.recipient, /^\+91\*+\d{4}$/)
        assert.strictEqual((yield* Notifications.listOutbox({ status: "DEAD" })).total, 1)
        assert.strictEqual((yield* Notifications.listOutbox({ page: 3, limit: 2 })).items.length, 1)
        assert.strictEqual((yield* Notifications.listOutbox({ limit: 1000 })).limit, 100)
      }))

      test("retry one: DEAD and FAILED → PENDING with attempts reset and error cleared; SENT and PROCESSING → 409 conflict", Effect.gen(function*() {
        const ids = yield* seed
        for (const id of [ids.dead, ids.failed]) {
          const retried = yield* Notifications.retryOutboxMessage(id)
          assert.strictEqual(retried.status, "PENDING")
          assert.strictEqual(retried.attempts, 0)
          assert.isNull(retried.lastError)
        }
        for (const [id, status] of [[ids.sent, "SENT"], [ids.processing, "PROCESSING"]] as const) {
          const conflict = yield* Notifications.retryOutboxMessage(id).pipe(Effect.flip)
          assert.strictEqual(conflict._tag, "OutboxRetryConflict")
          if (conflict._tag === "OutboxRetryConflict") {
            assert.strictEqual(conflict.code, "OUTBOX_RETRY_CONFLICT")
            assert.strictEqual(conflict.status, status)
          }
        }
        // A PENDING row is not retryable either, but is not a 409 case of the spec: it answers the same conflict.
        const pending = yield* Notifications.retryOutboxMessage(ids.pending).pipe(Effect.flip)
        assert.strictEqual(pending._tag, "OutboxRetryConflict")
        const missing = yield* Notifications.retryOutboxMessage("00000000-0000-4000-8000-000000000000" as Notifications.OutboxId).pipe(Effect.flip)
        assert.strictEqual(missing._tag, "OutboxMessageNotFound")
      }))

      test("retry by ids: cap 100, per-id outcome, partial success", Effect.gen(function*() {
        const ids = yield* seed
        const unknown = "00000000-0000-4000-8000-000000000000" as Notifications.OutboxId
        const result = yield* Notifications.retryOutboxMessages([ids.dead, ids.sent, ids.failed, ids.processing, unknown, ids.dead])
        assert.deepStrictEqual(result.results, [
          { id: ids.dead, outcome: "RETRIED", status: "PENDING" },
          { id: ids.sent, outcome: "CONFLICT", status: "SENT", code: "OUTBOX_RETRY_CONFLICT" },
          { id: ids.failed, outcome: "RETRIED", status: "PENDING" },
          { id: ids.processing, outcome: "CONFLICT", status: "PROCESSING", code: "OUTBOX_RETRY_CONFLICT" },
          { id: unknown, outcome: "NOT_FOUND" }
        ])
        assert.strictEqual(result.retried, 2)
        assert.strictEqual(result.failed, 3)
        const hundred = Array.from({ length: 100 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}` as Notifications.OutboxId)
        assert.strictEqual((yield* Notifications.retryOutboxMessages(hundred)).results.length, 100)
        const tooMany = yield* Notifications.retryOutboxMessages([...hundred, ids.dead]).pipe(Effect.flip)
        assert.strictEqual(tooMany._tag, "TooManyOutboxIds")
        assert.strictEqual(tooMany.message, "ids must contain no more than 100 elements")
      }))

      test("bulk redrive: dry run by default reports what it would do; dryRun=false moves DEAD/FAILED rows; other statuses are refused", Effect.gen(function*() {
        yield* seed
        const dry = yield* Notifications.bulkRedriveOutbox()
        assert.deepStrictEqual(dry, { dryRun: true, matched: 2, redriven: 0 })
        assert.strictEqual((yield* Notifications.listOutbox({ status: "DEAD" })).total, 1)
        const smsOnly = yield* Notifications.bulkRedriveOutbox({ channel: "SMS", status: "FAILED" })
        assert.deepStrictEqual(smsOnly, { dryRun: true, matched: 1, redriven: 0 })
        const wet = yield* Notifications.bulkRedriveOutbox({ dryRun: false })
        assert.deepStrictEqual(wet, { dryRun: false, matched: 2, redriven: 2 })
        assert.strictEqual((yield* Notifications.listOutbox({ status: "PENDING" })).total, 3)
        const refused = yield* Notifications.bulkRedriveOutbox({ status: "SENT" }).pipe(Effect.flip)
        assert.strictEqual(refused._tag, "RedriveStatusNotAllowed")
      }))

      test("summary: counts by status and channel, oldest-pending age, dead count, last failures as previews", Effect.gen(function*() {
        yield* seed
        const summary = yield* Notifications.outboxSummary()
        assert.deepStrictEqual(summary.byStatus, { PENDING: 1, PROCESSING: 1, SENT: 1, FAILED: 1, DEAD: 1 })
        assert.strictEqual(summary.byChannel.EMAIL.SENT + summary.byChannel.EMAIL.DEAD + summary.byChannel.EMAIL.PENDING, 3)
        assert.strictEqual(summary.deadCount, 1)
        assert.strictEqual(summary.total, 5)
        assert.isNumber(summary.oldestPendingAgeMs)
        assert.deepStrictEqual(summary.lastFailures.map((f) => f.status).sort(), ["DEAD", "FAILED"])
        assert.notInclude(JSON.stringify(summary), "secret")
      }))
    })
  })

suite("outbox admin use cases on the memory twins", Layer.empty, NotificationsMemory)
suite("outbox admin use cases on Postgres", TestDatabase, FreshNotificationsPg as Layer.Layer<Repos, never, SqlClient.SqlClient>)
