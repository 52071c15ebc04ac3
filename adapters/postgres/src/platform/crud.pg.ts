/**
 * The generic CRUD repository on Postgres (the adapter of core/src/platform/crud.port.ts): one
 * table, a whitelist of public field → column for reading/filtering and for writing, the generic
 * list query through `runListQuery`, unique violations as ResourceConflict, `createMany` in one
 * transaction (all or nothing), optional soft delete.
 *
 *   export const FaqRepoPg = Layer.effect(FaqRepo, makeCrudRepoPg<Faq, NewFaq, FaqPatch>({
 *     resource: "faq", table: "content.faqs",
 *     columns: { id: "id", question: "question", createdAt: "created_at" },
 *     writable: { question: "question", answer: "answer" },
 *     fromRow: (r) => r as Faq, touch: "updated_at", softDelete: { column: "deleted_at" }
 *   }))
 */
import type { Statement } from "@effect/sql"
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Platform } from "@podium/core"
import { Effect, Option } from "effect"
import { type ListColumns, runListQuery } from "./list-query.pg.js"

export interface CrudTableOptions<A> {
  readonly resource: string
  /** Trusted, schema-qualified table name. */
  readonly table: string
  /** Public field → column, for list filters, sorts and reads. */
  readonly columns: ListColumns
  /** Public field → column, for create/update/replace inputs (other input keys are ignored). */
  readonly writable: ListColumns
  /** Builds the record from a row (the client has already camel-cased the column names). */
  readonly fromRow: (row: Record<string, unknown>) => A
  /** Primary-key column (default `id`). */
  readonly idColumn?: string
  /** Column set to now() on every update/replace. */
  readonly touch?: string
  /** Soft delete: `delete` sets this column to now(); reads skip rows where it is set. */
  readonly softDelete?: { readonly column: string }
  /** Public field named by a unique constraint (default: the writable field whose column the constraint name contains). */
  readonly conflictField?: (constraint: string) => string
}

const uniqueViolation = (error: SqlError): string | undefined => {
  const cause = error.cause as { code?: string; constraint?: string } | undefined
  return cause?.code === "23505" ? (cause.constraint ?? "unique") : undefined
}

/** Builds a CrudRepo for one table on the SqlClient in context. */
export const makeCrudRepoPg = <A, C, U>(options: CrudTableOptions<A>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = sql.literal(options.table)
    const id = options.idColumn ?? "id"
    const scope = (s: SqlClient.SqlClient): Statement.Fragment =>
      options.softDelete === undefined ? s`true` : s`${s(options.softDelete.column)} is null`
    const fieldOf = options.conflictField ?? ((constraint: string) => {
      const hit = Object.entries(options.writable)
        .sort(([, a], [, b]) => b.length - a.length)
        .find(([, column]) => constraint.includes(column))
      return hit?.[0] ?? "unique"
    })
    const conflictOrDie = <X>(effect: Effect.Effect<X, SqlError>): Effect.Effect<X, Platform.ResourceConflict> =>
      Effect.catchAll(effect, (error) => {
        const constraint = uniqueViolation(error)
        if (constraint === undefined) return Effect.die(error)
        const field = fieldOf(constraint)
        return Effect.fail(new Platform.ResourceConflict({ resource: options.resource, field, message: `${field} is already in use` }))
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
    const toRecord = (rows: ReadonlyArray<Record<string, unknown>>) => Option.map(Option.fromNullable(rows[0]), options.fromRow)
    const insertOne = (input: C) => {
      const row = values(input as object, false)
      return Object.keys(row).length === 0
        ? sql<Record<string, unknown>>`insert into ${table} default values returning *`
        : sql<Record<string, unknown>>`insert into ${table} ${sql.insert(row)} returning *`
    }
    const change = (key: string, input: object, replace: boolean) => {
      const row = values(input, replace)
      if (options.touch !== undefined) delete row[options.touch]
      const sets = [
        ...Object.entries(row).map(([column, v]) => sql`${sql(column)} = ${v as Statement.Fragment}`),
        ...(options.touch === undefined ? [] : [sql`${sql(options.touch)} = now()`])
      ]
      if (sets.length === 0) return sql<Record<string, unknown>>`select * from ${table} where ${sql(id)} = ${key} and ${scope(sql)}`
      return sql<Record<string, unknown>>`
        update ${table} set ${sql.csv(sets)} where ${sql(id)} = ${key} and ${scope(sql)} returning *`
    }
    const repo: Platform.CrudRepo<A, C, U> = {
      list: (query) =>
        runListQuery<Record<string, unknown>>({ table: options.table, columns: options.columns, query, tiebreak: id, scope }).pipe(
          Effect.orDie,
          Effect.map(({ rows, total }) => Platform.listPage(query, rows.map(options.fromRow), total)),
          Effect.provideService(SqlClient.SqlClient, sql)
        ),
      get: (key) => sql<Record<string, unknown>>`select * from ${table} where ${sql(id)} = ${key} and ${scope(sql)}`.pipe(Effect.orDie, Effect.map(toRecord)),
      create: (input) => conflictOrDie(insertOne(input)).pipe(Effect.map((rows) => options.fromRow(rows[0]!))),
      createMany: (inputs) =>
        conflictOrDie(
          sql.withTransaction(Effect.forEach(inputs, (input) => Effect.map(insertOne(input), (rows) => options.fromRow(rows[0]!))))
        ),
      update: (key, patch) => conflictOrDie(change(key, patch as object, false)).pipe(Effect.map(toRecord)),
      replace: (key, input) => conflictOrDie(change(key, input as object, true)).pipe(Effect.map(toRecord)),
      delete: (key) =>
        (options.softDelete === undefined
          ? sql`delete from ${table} where ${sql(id)} = ${key} returning ${sql(id)}`
          : sql`update ${table} set ${sql(options.softDelete.column)} = now() where ${sql(id)} = ${key} and ${scope(sql)} returning ${sql(id)}`
        ).pipe(Effect.orDie, Effect.map((rows) => rows.length > 0))
    }
    return repo
  })
