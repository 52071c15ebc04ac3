/** The Postgres unit of work: `sql.withTransaction` (nested calls become savepoints of the same transaction). */
import { SqlError } from "@effect/sql/SqlError"
import * as SqlClient from "@effect/sql/SqlClient"
import { Platform } from "@podium/core"
import { Effect, Layer } from "effect"

export const TransactorPg = Layer.effect(
  Platform.Transactor,
  Effect.map(SqlClient.SqlClient, (sql) => ({
    atomically: <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      sql.withTransaction(effect).pipe(Effect.catchAll((e) => (e instanceof SqlError ? Effect.die(e) : Effect.fail(e as E))))
  }))
)
