/** The memory twin of a collection's repository, built from the same declaration as its Postgres adapter. */
import type { AnyCollection, CollectionRepo } from "../platform/collection.js"
import { makeCrudRepoMemory } from "./crud.memory.js"

type Row = { readonly id: string }

export const makeCollectionRepoMemory = <C extends AnyCollection>(collection: C): CollectionRepo<C> => {
  // The declaration's record type is generic here; the repository is typed by the caller's collection.
  const c = collection as unknown as {
    readonly resource: string
    readonly unique?: ReadonlyArray<string>
    readonly build: (input: unknown, id: string, at: Date) => Row
    readonly apply: (record: Row, patch: unknown, replace: boolean, at: Date) => Row
  }
  return makeCrudRepoMemory<Row, unknown, unknown>({
    resource: c.resource,
    unique: (c.unique ?? []) as ReadonlyArray<"id">,
    build: c.build,
    apply: c.apply
  }).repo as unknown as CollectionRepo<C>
}
