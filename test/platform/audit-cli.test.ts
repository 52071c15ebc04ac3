
import * as SqlClient from "@effect/sql/SqlClient"
import { assert, describe, layer } from "@effect/vitest"
import { Platform } from "@podium/core"
import { AuditLogPg } from "@podium/postgres"
import { Effect, Exit } from "effect"
import { runCli as run } from "../support/cli.js"
import { TestDatabase } from "../support/database.js"


describe("cli audit verify", () => {
  layer(TestDatabase, { timeout: "60 seconds", excludeTestServices: true })((it) => {
    it.effect("reports an intact chain, then the first broken link of a tampered row and fails", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* Effect.flatMap(Platform.AuditLog, (log) =>
          Effect.forEach([1, 2, 3], (i) => log.append({ action: "test.cli", actor: { kind: "system", id: null }, data: { i } }))).pipe(Effect.provide(AuditLogPg))
        const intact = yield* run("audit", "verify")
        assert.isTrue(Exit.isSuccess(intact.exit), intact.err)
        assert.match(intact.out, /audit chain intact: \d+ row\(s\) checked/)

        const victim = rows[1]!
        yield* sql.withTransaction(Effect.gen(function*() {
          yield* sql`alter table platform.audit_log disable trigger audit_log_no_update`
          yield* sql`update platform.audit_log set action = 'test.forged' where seq = ${victim.seq}`
          yield* sql`alter table platform.audit_log enable trigger audit_log_no_update`
        }))
        const broken = yield* run("audit", "verify", "--window", "100000")
        assert.isTrue(Exit.isFailure(broken.exit))
        assert.include(broken.out, `audit chain BROKEN at seq ${victim.seq}`)
        const tooBig = yield* run("audit", "verify", "--window", "100001")
        assert.isTrue(Exit.isFailure(tooBig.exit))
      }))
  })
})
