/**
 * Rows enter the domain decoded by the record's schema, never cast: a column the schema does not
 * expect, or a type the driver returns differently on another server, fails loudly at the boundary
 * instead of travelling on as a lie. Query failures and undecodable rows are defects (the adapter's
 * bug, not the caller's); unique violations a caller can react to are mapped with `onUnique` first.
 *
 * ```ts
 * const users = rowsOf(Accounts.User)
 * findById: (id) => users.maybe(sql`select ${cols} from accounts.users where id = ${id}`)
 * ```
 */
import type { SqlError } from "@effect/sql/SqlError"
import { Effect, Option, ParseResult, Schema } from "effect"

const isSqlError = (e: unknown): e is SqlError => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "SqlError"

/** Decoders of one record's rows; each fails only with the query's own non-SQL errors. */
export interface Rows<A> {
  /** Every row, in the query's order. */
  readonly all: <E, R>(query: Effect.Effect<ReadonlyArray<object>, E, R>) => Effect.Effect<ReadonlyArray<A>, Exclude<E, SqlError>, R>
  /** The first row, if there is one. */
  readonly maybe: <E, R>(query: Effect.Effect<ReadonlyArray<object>, E, R>) => Effect.Effect<Option.Option<A>, Exclude<E, SqlError>, R>
  /** Exactly the first row (`insert … returning`, an aggregate); no row is a defect. */
  readonly one: <E, R>(query: Effect.Effect<ReadonlyArray<object>, E, R>) => Effect.Effect<A, Exclude<E, SqlError>, R>
  /** Decodes rows already read (a row nested in a larger query's result). */
  readonly decode: (rows: ReadonlyArray<unknown>) => Effect.Effect<ReadonlyArray<A>>
}

/** Builds the row decoders of one record schema (prepared once, at layer construction). */
export const rowsOf = <A, I>(schema: Schema.Schema<A, I, never>): Rows<A> => {
  const decodeAll = ParseResult.decodeUnknown(Schema.Array(schema), { onExcessProperty: "ignore" })
  const decode = (rows: ReadonlyArray<unknown>) =>
    Effect.orDieWith(decodeAll(rows), (issue) => new Error(`row does not match its schema: ${ParseResult.TreeFormatter.formatIssueSync(issue)}`))
  const all = <E, R>(query: Effect.Effect<ReadonlyArray<object>, E, R>) =>
    query.pipe(
      Effect.catchIf(isSqlError, (error) => Effect.die(error)),
      Effect.flatMap(decode)
    ) as Effect.Effect<ReadonlyArray<A>, Exclude<E, SqlError>, R>
  return {
    all,
    decode,
    maybe: (query) => Effect.map(all(query), (rows) => Option.fromNullable(rows[0])),
    one: (query) =>
      Effect.flatMap(all(query), (rows) => rows.length > 0 ? Effect.succeed(rows[0]!) : Effect.dieMessage("expected a row, the query returned none"))
  }
}

/** A row of one integer column `n` (`select count(*)::int as n`). */
export const CountRow = Schema.Struct({ n: Schema.Number })
export const counts = rowsOf(CountRow)

/** A row holding only an id (`returning id`). */
export const IdRow = Schema.Struct({ id: Schema.String })
export const ids = rowsOf(IdRow)

/**
 * Maps a unique violation (SQLSTATE 23505) to a domain error chosen by the violated constraint's
 * name; other SQL errors pass on (and become defects in `rowsOf`).
 */
export const onUnique =
  <E2>(toError: (constraint: string) => E2) =>
  <A, E, R>(query: Effect.Effect<A, E, R>): Effect.Effect<A, E | E2, R> =>
    Effect.catchIf(query, (e): e is E & SqlError => isSqlError(e) && uniqueConstraintOf(e) !== undefined, (e) =>
      Effect.fail(toError(uniqueConstraintOf(e)!)))

/** The violated constraint's name when `error` is a unique violation. */
export const uniqueConstraintOf = (error: SqlError): string | undefined => {
  const cause = error.cause as { code?: string; constraint?: string } | undefined
  return cause?.code === "23505" ? (cause.constraint ?? "unique") : undefined
}
