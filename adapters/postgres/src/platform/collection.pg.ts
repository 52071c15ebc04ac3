/**
 * The Postgres repository of a collection, from the same declaration as its memory twin: columns
 * are the fields in snake_case, rows are decoded by the record schema, `updated_at` is touched
 * when the record has it. The table's column defaults must equal the declaration's `defaults`
 * (the shared contract suite checks that both adapters build the same record).
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { Platform } from "@podium/core"
import { Effect, type Schema } from "effect"
import { rowsOf } from "../rows.pg.js"
import { makeCrudRepoPg } from "./crud.pg.js"

export const makeCollectionRepoPg = <C extends Platform.AnyCollection>(
  collection: C,
  options: { readonly table: string }
): Effect.Effect<Platform.CollectionRepo<C>, never, SqlClient.SqlClient> => {
  const columns = collection.columns as Readonly<Record<string, string>>
  const base = makeCrudRepoPg<Platform.RecordOf<C>, Platform.CreateOf<C>, Platform.PatchOf<C>>({
    resource: collection.resource,
    table: options.table,
    columns,
    writable: Object.fromEntries((collection.writable as ReadonlyArray<string>).map((w) => [w, columns[w]!])),
    rows: rowsOf(collection.record as unknown as Schema.Schema<Platform.RecordOf<C>, unknown>),
    ...("updatedAt" in collection.record.fields ? { touch: "updated_at" } : {})
  })
  // A replace resets the fields it leaves out to the declaration's defaults, as the memory twin does
  // (the generic repository would write null).
  const defaults = collection.defaults as Platform.CreateOf<C>
  return Effect.map(base, (repo) => ({ ...repo, replace: (id, input) => repo.replace(id, { ...defaults, ...input }) }))
}
