/** `podium audit verify`: reports an intact chain, and a tampered row with a non-zero exit. */
import { NodeContext } from "@effect/platform-node"
import * as SqlClient from "@effect/sql/SqlClient"
import { assert, describe, layer } from "@effect/vitest"
import { makeCli } from "@podium/cli"
import { Platform } from "@podium/core"
import { JobHandlersLive, JobQueueLive } from "@podium/host-common"
import { AdminRepoPg, AuditLogPg } from "@podium/postgres"
import { Console, Effect, Exit, Layer } from "effect"
import { TestDatabase } from "../support/database.js"

const run = (...args: Array<string>) =>
  Effect.gen(function*() {
    const database = yield* Effect.context<SqlClient.SqlClient>()
    const services = Layer.merge(JobHandlersLive, AdminRepoPg).pipe(
      Layer.provideMerge(JobQueueLive),
      Layer.provideMerge(Layer.succeedContext(database))
    )
    const out: Array<string> = []
    const err: Array<string> = []
    const current = yield* Console.consoleWith(Effect.succeed)
    const log = (...a: ReadonlyArray<unknown>) => out.push(a.join(" "))
    const error = (...a: ReadonlyArray<unknown>) => err.push(a.join(" "))
    const exit = yield* makeCli(services as never)(["node", "podium", ...args]).pipe(
      Effect.withConsole({
        ...current,
        log: (...a) => Effect.sync(() => log(...a)),
        error: (...a) => Effect.sync(() => error(...a)),
        unsafe: { ...current.unsafe, log, error }
      }),
      Effect.provide(NodeContext.layer),
      Effect.exit
    )
    return { exit, out: out.join("\n"), err: err.join("\n") }
  })

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
