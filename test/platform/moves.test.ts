import * as SqlClient from "@effect/sql/SqlClient"
import { assert, describe, it, layer } from "@effect/vitest"
import { defineMoves, publicFailureOf } from "@podium/kernel"
import { applyMove, rowsOf } from "@podium/postgres"
import { Effect, Either, Exit, Schema } from "effect"
import { TestDatabase } from "../support/database.js"

type Status = "REQUESTED" | "UNDER_REVIEW" | "APPROVED" | "CANCELLED"
const Moves = defineMoves<Status>()({ machine: "payout request", code: "PAYOUT_MOVE_REFUSED" }, {
  review: { from: ["REQUESTED"], to: "UNDER_REVIEW" },
  approve: { from: ["UNDER_REVIEW"], to: "APPROVED" },
  cancel: { from: ["REQUESTED", "UNDER_REVIEW"], to: "CANCELLED" }
})

describe("a state machine declared as data", () => {
  it("allows exactly the table's moves and refuses the rest with the machine's 409 code", () => {
    assert.deepStrictEqual(Moves.available("REQUESTED"), ["review", "cancel"])
    assert.deepStrictEqual(Moves.available("APPROVED"), [])
    assert.deepStrictEqual(Moves.transition("UNDER_REVIEW", "approve"), Either.right("APPROVED"))
    const refused = Either.getLeft(Moves.transition("REQUESTED", "approve"))
    assert.isTrue(refused._tag === "Some")
    if (refused._tag === "Some") {
      const failure = publicFailureOf(refused.value)
      assert.deepStrictEqual([failure.status, failure.code, failure.message], [409, "PAYOUT_MOVE_REFUSED", "A payout request that is REQUESTED cannot approve"])
    }
  })
})

const Row = Schema.Struct({ id: Schema.String, status: Schema.String })
class Missing extends Schema.TaggedError<Missing>()("Missing", {}) {}

describe("a move applied in Postgres", () => {
  layer(TestDatabase, { timeout: "60 seconds", excludeTestServices: true })((it) => {
    it.effect("is one conditional update: of concurrent moves exactly one wins, a missing row is not found", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* sql`create table public.move_probe (id text primary key, status text not null)`
        yield* sql`insert into public.move_probe values ('p1', 'UNDER_REVIEW')`
        const move = (m: "approve" | "cancel", id = "p1") =>
          applyMove(sql, { moves: Moves, move: m, table: "public.move_probe", id, returning: sql`id, status`, rows: rowsOf(Row), notFound: () => new Missing() })
        const results = yield* Effect.all([move("approve"), move("cancel"), move("approve")], { concurrency: "unbounded", mode: "either" })
        assert.strictEqual(results.filter(Either.isRight).length, 1)
        for (const loser of results.filter(Either.isLeft)) assert.strictEqual(loser.left._tag, "MoveRefused")
        const missing = yield* Effect.exit(move("cancel", "nope"))
        assert.deepStrictEqual(missing, Exit.fail(new Missing()))
      }))
  })
})
