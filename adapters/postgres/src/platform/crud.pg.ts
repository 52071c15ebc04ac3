/**
 * The generic CRUD repository on Postgres (the adapter of core/src/platform/crud.port.ts): one
 * table, a whitelist of public field → column for reading/filtering and for writing, the generic
 * list query through `runListQuery`, unique violations as ResourceConflict, `createMany` in one
 * transaction (all or nothing), optional soft delete; rows are decoded by the record's schema.
 *
 *   export const FaqRepoPg = Layer.effect(FaqRepo, makeCrudRepoPg<Faq, NewFaq, FaqPatch>({
 *     resource: "faq", table: "content.faqs",
 *     columns: { id: "id", question: "question", createdAt: "created_at" },
 *     writable: { question: "question", answer: "answer" },
 *     rows: rowsOf(Faq), touch: "updated_at", softDelete: { column: "deleted_at" }
 *   }))
 */
import type { Statement } from "@effect/sql"
import * as SqlClient from "@effect/sql/SqlClient"
import { Platform } from "@podium/core"
import { Effect, Option, Schema } from "effect"
import { onUnique, type Rows, rowsOf } from "../rows.pg.js"
import { type ListColumns, runListQuery } from "./list-query.pg.js"

interface CrudTableBase {
  readonly resource: string
  /** Trusted, schema-qualified table name. */
  readonly table: string
  /** Public field → column, for list filters, sorts and reads. */
  readonly columns: ListColumns
  /** Public field → column, for create/update/replace inputs (other input keys are ignored). */
  readonly writable: ListColumns
  /** Primary-key column (default `id`). */
  readonly idColumn?: string
  /** Column set to now() on every update/replace. */
  readonly touch?: string
  /** Soft delete: `delete` sets this column to now(); reads skip rows where it is set. */
  readonly softDelete?: { readonly column: string }
  /** Public field named by a unique constraint (default: the writable field whose column the constraint name contains). */
  readonly conflictField?: (constraint: string) => string
}

/**
 * How the table's rows become records (the client has already camel-cased the column names):
 * `rows`, the record schema's decoders (`rowsOf(Record)`), or `fromRow` for rows that need more
 * than decoding.
 */
export type CrudTableOptions<A> = CrudTableBase & (
  | { readonly rows: Rows<A>; readonly fromRow?: undefined }
  | { readonly fromRow: (row: Record<string, unknown>) => A; readonly rows?: undefined }
)

/** A row read as its columns, for `fromRow`. */
const plainRows = rowsOf(Schema.Record({ key: Schema.String, value: Schema.Unknown }))

const mapRows = <A>(f: (row: Record<string, unknown>) => A): Rows<A> => ({
  all: (query) => Effect.map(plainRows.all(query), (rows) => rows.map(f)),
  maybe: (query) => Effect.map(plainRows.maybe(query), Option.map(f)),
  one: (query) => Effect.map(plainRows.one(query), f),
  decode: (rows) => Effect.map(plainRows.decode(rows), (decoded) => decoded.map(f))
})

/** Builds a CrudRepo for one table on the SqlClient in context. */
export const makeCrudRepoPg = <A, C, U>(options: CrudTableOptions<A>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = sql.literal(options.table)
    const id = options.idColumn ?? "id"
    const records = options.rows ?? mapRows(options.fromRow)
    const scope = (s: SqlClient.SqlClient): Statement.Fragment =>
      options.softDelete === undefined ? s`true` : s`${s(options.softDelete.column)} is null`
    const fieldOf = options.conflictField ?? ((constraint: string) => {
      const hit = Object.entries(options.writable)
        .sort(([, a], [, b]) => b.length - a.length)
        .find(([, column]) => constraint.includes(column))
      return hit?.[0] ?? "unique"
    })
    const conflict = onUnique((constraint) => {
      const field = fieldOf(constraint)
      return new Platform.ResourceConflict({ resource: options.resource, field, message: `${field} is already in use` })
    })
    /** Input → column values; `replace` sets every writable column (absent → null). */
    const values = (input: object, replace: boolean): Record<string, unknown> => {
      const out: Record<string, unknown> = {}
      for (const [field, column] of Object.entries(options.writable)) {
        const v = (input as Record<string, unknown>)[field]
        if (v !== undefined) out[column] = v
        else if (replace) out[column] = null
      }
      return out
    }
    const insertOne = (input: C) => {
      const row = values(input as object, false)
      return records.one(
        (Object.keys(row).length === 0
          ? sql`insert into ${table} default values returning *`
          : sql`insert into ${table} ${sql.insert(row)} returning *`).pipe(conflict)
      )
    }
    const change = (key: string, input: object, replace: boolean) => {
      const row = values(input, replace)
      if (options.touch !== undefined) delete row[options.touch]
      const sets = [
        ...Object.entries(row).map(([column, v]) => sql`${sql(column)} = ${v as Statement.Fragment}`),
        ...(options.touch === undefined ? [] : [sql`${sql(options.touch)} = now()`])
      ]
      if (sets.length === 0) return records.maybe(sql`select * from ${table} where ${sql(id)} = ${key} and ${scope(sql)}`)
      return records.maybe(sql`
        update ${table} set ${sql.csv(sets)} where ${sql(id)} = ${key} and ${scope(sql)} returning *`.pipe(conflict))
    }
    const repo: Platform.CrudRepo<A, C, U> = {
      list: (query) =>
        runListQuery({ table: options.table, columns: options.columns, query, tiebreak: id, scope, rows: records }).pipe(
          Effect.map(({ rows, total }) => Platform.listPage(query, rows, total)),
          Effect.provideService(SqlClient.SqlClient, sql)
        ),
      get: (key) => records.maybe(sql`select * from ${table} where ${sql(id)} = ${key} and ${scope(sql)}`),
      create: insertOne,
      createMany: (inputs) =>
        sql.withTransaction(Effect.forEach(inputs, insertOne)).pipe(Effect.catchTag("SqlError", (e) => Effect.die(e))),
      update: (key, patch) => change(key, patch as object, false),
      replace: (key, input) => change(key, input as object, true),
      delete: (key) =>
        (options.softDelete === undefined
          ? sql`delete from ${table} where ${sql(id)} = ${key} returning ${sql(id)}`
          : sql`update ${table} set ${sql(options.softDelete.column)} = now() where ${sql(id)} = ${key} and ${scope(sql)} returning ${sql(id)}`
        ).pipe(Effect.orDie, Effect.map((rows) => rows.length > 0))
    }
    return repo
  })
