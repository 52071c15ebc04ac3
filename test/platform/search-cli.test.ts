
import * as SqlClient from "@effect/sql/SqlClient"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { runCli as run } from "../support/cli.js"
import { TestDatabase } from "../support/database.js"


describe("cli search", () => {
  layer(TestDatabase, { timeout: "60 seconds", excludeTestServices: true })((it) => {
    it.effect("ensure, reindex with a progress line, health in sync; an unknown collection fails", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* Effect.forEach(["Cli Org A", "Cli Org B"], (name) => sql`insert into organizers.organizers (name) values (${name})`, { discard: true })
        const [{ n }] = (yield* sql<{ n: string }>`select count(*) as n from organizers.organizers`) as unknown as [{ n: string }]
        const ensured = yield* run("search", "ensure")
        assert.isTrue(Exit.isSuccess(ensured.exit), ensured.err)
        assert.match(ensured.out, /ensured \d+ collection\(s\): admins, organizers/)
        const reindexed = yield* run("search", "reindex", "--batch-size", "1", "organizers")
        assert.isTrue(Exit.isSuccess(reindexed.exit), reindexed.err)
        assert.include(reindexed.err, `] 0/${n} organizers`)
        assert.include(reindexed.err, `[####################] ${n}/${n} organizers`)
        assert.include(reindexed.out, `reindexed ${n} document(s) into organizers`)
        const health = yield* run("search", "health")
        assert.isTrue(Exit.isSuccess(health.exit), health.err)
        assert.include(health.out, `organizers: ${n} document(s), ${n} database row(s)`)
        assert.notInclude(health.out.split("\n").find((l) => l.startsWith("organizers:")) ?? "", "out of sync")
        const unknown = yield* run("search", "reindex", "nope")
        assert.isTrue(Exit.isFailure(unknown.exit))
      }))
  })
})
