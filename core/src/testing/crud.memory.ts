/** The generic CRUD repository in memory (the twin of `makeCrudRepoPg`), evaluating the list query with `applyListQuery`. */
import { Clock, Effect, Option } from "effect"
import { type CrudRepo, ResourceConflict } from "../platform/crud.port.js"
import { applyListQuery } from "../platform/list-query.model.js"
import { nextMemoryId } from "./sequential-id.js"

export interface CrudMemoryOptions<A, C, U> {
  readonly resource: string
  /** Fields that must be unique (null values never clash). */
  readonly unique: ReadonlyArray<keyof A & string>
  /** Builds a new record from a create input. */
  readonly build: (input: C, id: string, at: Date) => A
  /** Applies a patch (or a full replacement) to a record. */
  readonly apply: (record: A, patch: U | C, replace: boolean, at: Date) => A
}


/** A CrudRepo over a Map; `records` is exposed for tests. */
export const makeCrudRepoMemory = <A extends { readonly id: string }, C, U>(options: CrudMemoryOptions<A, C, U>) => {
  const records = new Map<string, A>()
  const clash = (candidate: A, others: Iterable<A>): ResourceConflict | undefined => {
    for (const other of others) {
      if (other.id === candidate.id) continue
      for (const field of options.unique) {
        if (candidate[field] != null && candidate[field] === other[field]) {
          return new ResourceConflict({ resource: options.resource, field, message: `${field} is already in use` })
        }
      }
    }
    return undefined
  }
  const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
  const repo: CrudRepo<A, C, U> = {
    list: (query) => Effect.sync(() => applyListQuery(query, [...records.values()] as unknown as ReadonlyArray<Record<string, unknown>>) as never),
    get: (id) => Effect.sync(() => Option.fromNullable(records.get(id))),
    create: (input) => Effect.flatMap(repo.createMany([input]), (created) => Effect.succeed(created[0]!)),
    createMany: (inputs) =>
      Effect.flatMap(now, (at) => {
        const built: Array<A> = []
        for (const input of inputs) {
          const record = options.build(input, nextMemoryId(), at)
          const conflict = clash(record, [...records.values(), ...built])
          if (conflict !== undefined) return Effect.fail(conflict)
          built.push(record)
        }
        for (const r of built) records.set(r.id, r)
        return Effect.succeed(built)
      }),
    update: (id, patch) => change(id, patch, false),
    replace: (id, input) => change(id, input, true),
    delete: (id) => Effect.sync(() => records.delete(id))
  }
  const change = (id: string, patch: U | C, replace: boolean) =>
    Effect.flatMap(now, (at) => {
      const current = records.get(id)
      if (current === undefined) return Effect.succeed(Option.none<A>())
      const next = options.apply(current, patch, replace, at)
      const conflict = clash(next, records.values())
      if (conflict !== undefined) return Effect.fail(conflict)
      records.set(id, next)
      return Effect.succeed(Option.some(next))
    })
  return { repo, records }
}
