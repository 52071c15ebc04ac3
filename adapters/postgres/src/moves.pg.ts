/**
 * A machine's move as one conditional update: the row changes only if its status is still one the
 * move is legal from, so concurrent moves serialise on the row and exactly one wins. When nothing
 * matched, one read tells "no such record" from "not legal from its status".
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import type { MoveRefused, Moves } from "@podium/kernel"
import { Effect, Option, Schema } from "effect"
import { type Rows, rowsOf } from "./rows.pg.js"

const StatusRow = Schema.Struct({ status: Schema.String })
const statuses = rowsOf(StatusRow)

export interface MoveOptions<S extends string, M extends string, A, E> {
  readonly moves: Moves<S, M>
  readonly move: M
  /** The table, schema-qualified (`clubs.payout_requests`). */
  readonly table: string
  readonly id: string
  /** Further assignments of the move (`reviewed_by = …`), after the status. */
  readonly set?: Fragment
  /** The updated row's columns, decoded by `rows`. */
  readonly returning: Fragment
  readonly rows: Rows<A>
  /** The error when the record does not exist. */
  readonly notFound: () => E
}

/** Applies `move` to the record `id`; fails with the machine's refusal or `notFound`. */
export const applyMove = <S extends string, M extends string, A, E>(
  sql: SqlClient.SqlClient,
  options: MoveOptions<S, M, A, E>
): Effect.Effect<A, MoveRefused | E> => {
  const { from, to } = options.moves.table[options.move]
  const table = sql(options.table)
  return options.rows.maybe(
    sql`update ${table} set status = ${to}${options.set === undefined ? sql`` : sql`, ${options.set}`}
        where id = ${options.id} and status in ${sql.in(from as ReadonlyArray<string>)}
        returning ${options.returning}`
  ).pipe(
    Effect.flatMap(Option.match({
      onSome: Effect.succeed,
      onNone: () =>
        statuses.maybe(sql`select status from ${table} where id = ${options.id}`).pipe(
          Effect.flatMap(Option.match({
            onNone: (): Effect.Effect<never, MoveRefused | E> => Effect.fail(options.notFound()),
            onSome: (row): Effect.Effect<never, MoveRefused | E> => Effect.fail(options.moves.refused(row.status, options.move))
          }))
        )
    }))
  )
}
