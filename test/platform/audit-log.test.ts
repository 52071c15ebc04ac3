/** The hash-chained audit log: one linear chain under concurrency, tamper detection, append-only. */
import { assert, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { Platform } from "@podium/core"
import { AuditLogMemory } from "@podium/core/testing"
import { AuditLogPg } from "@podium/postgres"
import { Effect, Layer, Option } from "effect"
import { TestDatabase } from "../support/database.js"

const entry = (n: number): Platform.AuditEntryInput => ({
  action: "test.thing.done",
  actor: { kind: "admin", id: `admin-${n % 3}` },
  subject: { kind: "user", id: `user-${n}` },
  reason: `because ${n}`,
  correlationId: `corr-${n}`,
  data: { n, nested: { b: 2, a: 1 } }
})

const contract = (name: string, live: Layer.Layer<Platform.AuditLog | SqlClient.SqlClient, unknown> | Layer.Layer<Platform.AuditLog, never>) =>
  layer(live as Layer.Layer<Platform.AuditLog>, { timeout: "60 seconds", excludeTestServices: true })(name, (it) => {
    it.effect("keeps one linear chain when 40 appends race", () =>
      Effect.gen(function*() {
        const log = yield* Platform.AuditLog
        const appended = yield* Effect.forEach(Array.from({ length: 40 }, (_, i) => i), (n) => log.append(entry(n)), { concurrency: 10 })
        const seqs = appended.map((e) => e.seq).sort((a, b) => a - b)
        assert.deepStrictEqual(seqs, Array.from({ length: 40 }, (_, i) => seqs[0]! + i))
        const health = yield* log.verify(10_000)
        assert.isTrue(health.intact)
        assert.isTrue(health.checked >= 40)
      }))

    it.effect("lists newest first with filters and a seq cursor", () =>
      Effect.gen(function*() {
        const log = yield* Platform.AuditLog
        yield* log.append({ ...entry(1000), action: "test.filtered" })
        yield* log.append({ ...entry(1001), action: "test.filtered" })
        const page = yield* log.list({ action: "test.filtered", limit: 1 })
        assert.strictEqual(page.length, 1)
        assert.strictEqual(page[0]?.subjectId, "user-1001")
        const next = yield* log.list({ action: "test.filtered", limit: 5, beforeSeq: page[0]!.seq })
        assert.deepStrictEqual(next.map((e) => e.subjectId), ["user-1000"])
        assert.deepStrictEqual(next[0]?.data, { n: 1000, nested: { b: 2, a: 1 } })
      }))

    it.effect("verifies only the requested window", () =>
      Effect.gen(function*() {
        const log = yield* Platform.AuditLog
        yield* log.append(entry(1))
        const health = yield* log.verify(1)
        assert.strictEqual(health.checked, 1)
        assert.isTrue(health.intact)
      }))
  })

contract("AuditLogMemory", AuditLogMemory)
contract("AuditLogPg", AuditLogPg.pipe(Layer.provideMerge(TestDatabase)))

layer(AuditLogPg.pipe(Layer.provideMerge(TestDatabase)), { timeout: "60 seconds", excludeTestServices: true })("AuditLogPg storage", (it) => {
  it.effect("refuses updates and deletes, and detects a row changed behind its back", () =>
    Effect.gen(function*() {
      const log = yield* Platform.AuditLog
      const sql = yield* SqlClient.SqlClient
      const a = yield* log.append(entry(1))
      yield* log.append(entry(2))
      const update = yield* sql`update platform.audit_log set reason = 'edited' where seq = ${a.seq}`.pipe(Effect.flip)
      assert.include(String(update.cause ?? update), "append-only")
      const del = yield* sql`delete from platform.audit_log where seq = ${a.seq}`.pipe(Effect.flip)
      assert.include(String(del.cause ?? del), "append-only")

      // An operator with table-owner rights bypasses the trigger: the chain still tells.
      yield* sql`alter table platform.audit_log disable trigger audit_log_no_update`
      yield* sql`update platform.audit_log set reason = 'edited' where seq = ${a.seq}`
      yield* sql`alter table platform.audit_log enable trigger audit_log_no_update`
      const health = yield* log.verify(10_000)
      assert.isFalse(health.intact)
      assert.deepStrictEqual(health.firstBrokenSeq, Option.some(a.seq))
    }))
})
