
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { runCli as run } from "../support/cli.js"
import { TestDatabase } from "../support/database.js"


describe("cli", () => {
  layer(TestDatabase, { timeout: "60 seconds", excludeTestServices: true })((it) => {
    it.effect("`migrate status` shows none pending and `migrate` has nothing to do", () =>
      Effect.gen(function*() {
        const status = yield* run("migrate", "status")
        assert.isTrue(Exit.isSuccess(status.exit))
        assert.match(status.out, /applied: \d+, pending: 0/)
        assert.match(status.out, /0001_platform_jobs/)
        assert.match(status.out, /none pending/)
        const migrate = yield* run("migrate")
        assert.match(migrate.out, /nothing to migrate/)
      }))

    it.effect("`jobs run <name>` runs a job in-process and `jobs list` filters by status and name", () =>
      Effect.gen(function*() {
        const ran = yield* run("jobs", "run", "platform.heartbeat")
        assert.isTrue(Exit.isSuccess(ran.exit), ran.err)
        assert.match(ran.out, /platform\.heartbeat .*: SUCCEEDED/)
        assert.match(ran.err, /\[#+\] 1\/1/)
        const listed = yield* run("jobs", "list", "--status", "SUCCEEDED", "--name", "platform.heartbeat")
        assert.match(listed.out, /SUCCEEDED 1/)
        assert.match(listed.out, /platform\.heartbeat\s+SUCCEEDED\s+1\/1/)
        const none = yield* run("jobs", "list", "--status", "DEAD")
        assert.match(none.out, /no jobs match/)
      }))

    it.effect("`jobs run` with an unknown name fails naming the known jobs", () =>
      Effect.gen(function*() {
        const result = yield* run("jobs", "run", "no.such.job")
        assert.isTrue(Exit.isFailure(result.exit))
        assert.include(String(Exit.isFailure(result.exit) ? result.exit.cause : ""), "platform.jobs.prune")
      }))

    it.effect("--help works on every command", () =>
      Effect.gen(function*() {
        for (const args of [["--help"], ["migrate", "--help"], ["migrate", "status", "--help"], ["jobs", "--help"], ["jobs", "list", "--help"], ["jobs", "run", "--help"]]) {
          const result = yield* run(...args)
          assert.isTrue(Exit.isSuccess(result.exit), args.join(" "))
          assert.match(result.out, /USAGE/)
        }
      }))
  })
})
