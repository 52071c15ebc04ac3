/**
 * Turns a parsed admin list query (core/src/platform/list-query.model.ts) into parameterised SQL:
 * public field names map to columns through the resource's own table (never from the client),
 * every value is a bound parameter, and `LIKE` patterns are escaped.
 */
import type { Statement } from "@effect/sql"
import * as SqlClient from "@effect/sql/SqlClient"
import type { Platform } from "@podium/core"
import { Effect } from "effect"
import { counts, type Rows } from "../rows.pg.js"

/** Public field → SQL column (snake_case) of one resource. */
export type ListColumns = Readonly<Record<string, string>>

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

const conditionSql = (sql: SqlClient.SqlClient, columns: ListColumns, c: Platform.ListCondition): Statement.Fragment => {
  const column = columns[c.field]
  if (column === undefined) throw new Error(`list column for "${c.field}" is not mapped`)
  const col = sql(column)
  const v = c.value as Platform.ListValue
  const vs = (Array.isArray(c.value) ? c.value : [c.value]) as ReadonlyArray<Platform.ListValue>
  const text = sql`${col}::text`
  switch (c.operator) {
    case "$eq": return sql`${col} = ${v}`
    case "$ne": return sql`${col} is distinct from ${v}`
    case "$gt": return sql`${col} > ${v}`
    case "$lt": return sql`${col} < ${v}`
    case "$gte": return sql`${col} >= ${v}`
    case "$lte": return sql`${col} <= ${v}`
    case "$starts": return sql`${text} like ${`${escapeLike(String(v))}%`}`
    case "$ends": return sql`${text} like ${`%${escapeLike(String(v))}`}`
    case "$cont": return sql`${text} like ${`%${escapeLike(String(v))}%`}`
    case "$excl": return sql`${text} not like ${`%${escapeLike(String(v))}%`}`
    case "$in": return sql`${col} in ${sql.in(vs)}`
    case "$notin": return sql`${col} not in ${sql.in(vs)}`
    case "$isnull": return sql`${col} is null`
    case "$notnull": return sql`${col} is not null`
    case "$between": return sql`${col} between ${vs[0] ?? null} and ${vs[1] ?? null}`
    case "$eqL": return sql`lower(${text}) = lower(${String(v)})`
    case "$neL": return sql`lower(${text}) is distinct from lower(${String(v)})`
    case "$startsL": return sql`${text} ilike ${`${escapeLike(String(v))}%`}`
    case "$endsL": return sql`${text} ilike ${`%${escapeLike(String(v))}`}`
    case "$contL": return sql`${text} ilike ${`%${escapeLike(String(v))}%`}`
    case "$exclL": return sql`${text} not ilike ${`%${escapeLike(String(v))}%`}`
    case "$inL": return sql`lower(${text}) in ${sql.in(vs.map((x) => String(x).toLowerCase()))}`
    case "$notinL": return sql`lower(${text}) not in ${sql.in(vs.map((x) => String(x).toLowerCase()))}`
  }
}

/** The `where` fragment of a list query (`true` when it has no conditions). */
export const listWhereSql = (sql: SqlClient.SqlClient, columns: ListColumns, where: Platform.ListWhere | undefined): Statement.Fragment => {
  if (where === undefined) return sql`true`
  switch (where._tag) {
    case "Cond": return conditionSql(sql, columns, where.condition)
    case "And": return where.items.length === 0 ? sql`true` : sql.and(where.items.map((w) => listWhereSql(sql, columns, w)))
    case "Or": return where.items.length === 0 ? sql`true` : sql.or(where.items.map((w) => listWhereSql(sql, columns, w)))
  }
}

/** `order by …` for a list query; `tiebreak` keeps paging stable when sort keys tie. */
export const listOrderSql = (sql: SqlClient.SqlClient, columns: ListColumns, sort: ReadonlyArray<Platform.ListSort>, tiebreak: string) =>
  sql.csv("order by", [
    ...sort.map((s) => sql`${sql(columns[s.field] ?? tiebreak)} ${sql.literal(s.order === "ASC" ? "asc" : "desc")}`),
    sql`${sql(tiebreak)} asc`
  ])

/** What `runListQuery` reads: a trusted table, its column whitelist and the parsed query. */
export interface ListQuerySource {
  readonly table: string
  readonly columns: ListColumns
  readonly query: Platform.ListQuery
  /** Column that makes the order total (usually the primary key). */
  readonly tiebreak?: string
  /** Extra fixed condition the resource always applies (e.g. not deleted). */
  readonly scope?: (sql: SqlClient.SqlClient) => Statement.Fragment
}

/**
 * Runs a list query against `table` (a trusted, schema-qualified name) and answers the page with
 * its total: one `count(*)` and one page select, both with the same where clause; the page is
 * decoded by the record's schema (query failures are defects).
 */
export const runListQuery = <A>(
  options: ListQuerySource & { readonly rows: Rows<A> }
): Effect.Effect<{ readonly rows: ReadonlyArray<A>; readonly total: number }, never, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = sql.literal(options.table)
    const where = sql.and([
      listWhereSql(sql, options.columns, options.query.where),
      options.scope?.(sql) ?? sql`true`
    ])
    const counted = yield* counts.one(sql`select count(*)::int as n from ${table} where ${where}`)
    const page = sql`select * from ${table} where ${where}
      ${listOrderSql(sql, options.columns, options.query.sort, options.tiebreak ?? "id")}
      limit ${options.query.limit} offset ${options.query.offset}`
    const rows = yield* options.rows.all(page)
    return { rows, total: counted.n }
  })
