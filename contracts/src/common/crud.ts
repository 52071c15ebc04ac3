/**
 * The standard endpoints of a generic CRUD resource (the contract half of
 * core/src/platform/crud.port.ts), in the shape admin clients of the original service know:
 *
 *   GET    {path}            generic list query (A 2.2) → GetMany(item)    getMany<Name>
 *   GET    {path}/{id}       query fields, join, cache → item             getOne<Name>
 *   POST   {path}            create body → item                           createOne<Name>
 *   POST   {path}/bulk       {bulk: [create…]} (1..maxBulk, all or none)  createMany<Name>
 *   PATCH  {path}/{id}       update body → item                           updateOne<Name>
 *   PUT    {path}/{id}       create body (full replacement) → item        replaceOne<Name>
 *   DELETE {path}/{id}       → {id, deleted}                              deleteOne<Name>
 *
 * `fields=` may leave fields out, so the read answers are the item with every field optional.
 * Usage: `const faqs = crudEndpoints({ name: "Faq", path: "/v2/faqs", item, create, update, maxBulk: 100 })`
 * then `.add(faqs.getMany).add(faqs.getOne)…` in the group (literal sub-paths first), and
 * `crudHandlers` in hosts/http/src/platform/crud.handlers.ts on the host side.
 */
import { Body, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { op } from "./endpoint.js"
import { GetMany, ListQueryParams } from "./list-query.js"

/** Query parameters of a get-one read: `fields`, `join`, `cache`. */
export const GetOneParams = ListQueryParams.pick("fields", "join", "cache").annotations({ parseOptions: { errors: "all" } })

/** Path of a single record. */
export const IdPath = Schema.Struct({ id: UuidStr })

/** The answer of a delete. */
export const DeleteResult = Schema.Struct({ id: Schema.String, deleted: Schema.Boolean }).annotations({ identifier: "DeleteResult" })

/** `{bulk: [item…]}` with 1..max items (class-validator wording). */
export const BulkBody = <A, I, R>(item: Schema.Schema<A, I, R>, max: number) =>
  Body({
    // The message is the predicate's own (a failing item keeps its own message, e.g. bulk.0.phoneNumber …).
    bulk: Schema.Array(item).pipe(
      Schema.filter((items) => (items.length >= 1 && items.length <= max) || `must contain between 1 and ${max} elements`),
      Schema.annotations({ jsonSchema: { type: "array", minItems: 1, maxItems: max } })
    )
  })

/** The seven standard endpoints of a resource under `path`. */
export const crudEndpoints = <
  const Name extends string,
  const Path extends `/${string}`,
  Item,
  ItemI,
  Create,
  CreateI,
  Update,
  UpdateI
>(options: {
  readonly name: Name
  readonly path: Path
  readonly item: Schema.Schema<Item, ItemI>
  readonly create: Schema.Schema<Create, CreateI>
  readonly update: Schema.Schema<Update, UpdateI>
  readonly maxBulk: number
  /** Status of the create answers (the spec says 200 for some resources). */
  readonly createStatus?: 200 | 201
}) => {
  const partial = Schema.partial(options.item)
  const createStatus = options.createStatus ?? 201
  return {
    getMany: op.get(`getMany${options.name}`, options.path, { query: ListQueryParams, ok: GetMany(partial) }),
    getOne: op.get(`getOne${options.name}`, `${options.path}/:id` as `/${string}`, { path: IdPath, query: GetOneParams, ok: partial }),
    createOne: op.post(`createOne${options.name}`, options.path, { body: options.create, ok: options.item, status: createStatus }),
    createMany: op.post(`createMany${options.name}`, `${options.path}/bulk` as `/${string}`, { body: BulkBody(options.create, options.maxBulk), ok: Schema.Array(options.item), status: createStatus }),
    updateOne: op.patch(`updateOne${options.name}`, `${options.path}/:id` as `/${string}`, { path: IdPath, body: options.update, ok: options.item }),
    replaceOne: op.put(`replaceOne${options.name}`, `${options.path}/:id` as `/${string}`, { path: IdPath, body: options.create, ok: options.item }),
    deleteOne: op.del(`deleteOne${options.name}`, `${options.path}/:id` as `/${string}`, { path: IdPath, ok: DeleteResult })
  }
}
