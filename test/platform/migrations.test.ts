import { assert, describe, it, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { migrations, migrationStatus, runMigrations } from "@podium/postgres"
import { Effect } from "effect"
import { EmptyTestDatabase } from "../support/database.js"

describe("migrations", () => {
  it("ids are strictly increasing small integers keyed <id>_<name>", () => {
    // Contexts own id ranges (identity 0002–0009, notifications 0010–0019, …), so ids may leave gaps;
    // they must still be unique, positive and in record order (scripts/check-migration-ids.mjs guards main).
    const ids = Object.keys(migrations).map((k) => Number(/^(\d+)_/.exec(k)?.[1]))
    assert.isTrue(ids.every((id, i) => Number.isInteger(id) && id > 0 && id < 2 ** 31 && (i === 0 || id > ids[i - 1]!)))
  })

  layer(EmptyTestDatabase, { timeout: "60 seconds", excludeTestServices: true })((it) => {
    it.effect("a fresh database migrates, then shows none pending, and a rerun is a no-op", () =>
      Effect.gen(function*() {
        const before = yield* migrationStatus
        assert.strictEqual(before.applied.length, 0)
        assert.strictEqual(before.pending.length, Object.keys(migrations).length)
        const progress: Array<number> = []
        const applied = yield* runMigrations({ onProgress: (p) => Effect.sync(() => progress.push(p.index)) })
        assert.strictEqual(applied.length, Object.keys(migrations).length)
        assert.deepStrictEqual(progress, applied.map((_, i) => i))
        const after = yield* migrationStatus
        assert.strictEqual(after.pending.length, 0)
        assert.strictEqual(after.skipped.length, 0)
        assert.strictEqual(after.applied.length, applied.length)
        assert.deepStrictEqual(yield* runMigrations(), [])
        const sql = yield* SqlClient.SqlClient
        const tables = yield* sql<{ readonly t: string | null }>`select to_regclass('platform.jobs')::text as t`
        assert.strictEqual(tables[0]?.t, "platform.jobs")
      }))
  })
})
