/**
 * The generic CRUD resource, built once for the many plain admin collections (admins, FAQs,
 * categories, gear types, templates…): a resource definition (its generic list query whitelist
 * and bulk cap), the repository shape every such collection implements (Postgres:
 * `makeCrudRepoPg` in @podium/postgres; memory: `makeCrudRepoMemory` in @podium/core/testing), and
 * the read use cases shared by all of them (list with the A 2.2 query, get one with `fields`).
 *
 * A resource defines its own Context.Tag with `CrudRepo<Record, Create, Patch>` as its shape:
 *
 *   export class FaqRepo extends Context.Tag("@podium/core/content/FaqRepo")<FaqRepo, CrudRepo<Faq, NewFaq, FaqPatch>>() {}
 */
import { DomainError } from "@podium/kernel"
import { Effect, Either, Option, Schema } from "effect"
import { type ListParams, type ListQuery, type ListSpec, type ListPage, listPage, parseListQuery } from "./list-query.model.js"

/** What a collection lets clients do with the generic endpoints. */
export interface CrudResource {
  /** Singular name used in messages ("admin", "faq"). */
  readonly name: string
  /** Whitelist of the generic list query (fields, filters, sorts, joins). */
  readonly list: ListSpec
  /** Most items one `POST …/bulk` may create (the whole batch is one transaction). */
  readonly maxBulk: number
  /** Fields always present in a `fields=`-restricted answer (usually the primary key). */
  readonly alwaysSelected?: ReadonlyArray<string>
}

/**
 * A unique field (phone, e-mail, handle, slug…) already belongs to another record. `code` is the
 * resource's own 409 code when it has one (the repository only knows the clashing field; the
 * resource's handlers set it).
 */
export class ResourceConflict extends DomainError<ResourceConflict>()("ResourceConflict", {
  kind: "conflict",
  code: (e) => e.code ?? "RESOURCE_CONFLICT"
}, {
  resource: Schema.String,
  field: Schema.String,
  message: Schema.String,
  code: Schema.optional(Schema.String)
}) {}

/** No record with that id (or it was deleted). */
export class ResourceNotFound extends DomainError<ResourceNotFound>()("ResourceNotFound", { kind: "not-found" }, {
  resource: Schema.String,
  id: Schema.String
}) {
  override get message() {
    return `No ${this.resource} ${this.id}`
  }
}

/** The repository every generic collection implements. Records are plain objects keyed by public field names. */
export interface CrudRepo<A, Create, Patch> {
  /** One page of records matching the query, with the total count. */
  readonly list: (query: ListQuery) => Effect.Effect<ListPage<A>>
  readonly get: (id: string) => Effect.Effect<Option.Option<A>>
  readonly create: (input: Create) => Effect.Effect<A, ResourceConflict>
  /** Creates every item or none (one transaction); the records in input order. */
  readonly createMany: (inputs: ReadonlyArray<Create>) => Effect.Effect<ReadonlyArray<A>, ResourceConflict>
  /** Changes only the given fields; none when the record does not exist. */
  readonly update: (id: string, patch: Patch) => Effect.Effect<Option.Option<A>, ResourceConflict>
  /** Replaces every writable field (absent optional fields become null); none when missing. */
  readonly replace: (id: string, input: Create) => Effect.Effect<Option.Option<A>, ResourceConflict>
  /** Deletes (hard or soft, as the adapter is configured); false when there was nothing to delete. */
  readonly delete: (id: string) => Effect.Effect<boolean>
}

/** `fields=` selection: only the requested public fields (plus the always-selected ones). */
export const selectFields = <A extends object>(
  resource: CrudResource,
  fields: ReadonlyArray<string> | undefined,
  record: A
): Partial<A> => {
  if (fields === undefined || fields.length === 0) return record
  const keep = new Set([...(resource.alwaysSelected ?? ["id"]), ...fields])
  return Object.fromEntries(Object.entries(record).filter(([k]) => keep.has(k))) as Partial<A>
}

/** Parses and runs the generic list query of A 2.2 against a resource (400 messages on a bad query). */
export const listResource = <A extends object, C, U>(
  resource: CrudResource,
  repo: CrudRepo<A, C, U>,
  params: ListParams
) =>
  Effect.gen(function*() {
    const query = yield* Either.match(parseListQuery(resource.list, params), {
      onLeft: (e) => Effect.fail(e),
      onRight: (q) => Effect.succeed(q)
    })
    const page = yield* repo.list(query)
    return { query, page: listPage(query, page.data.map((r) => selectFields(resource, query.fields, r)), page.total) }
  })

/** Reads one record by id, answering ResourceNotFound when missing. */
export const getResource = <A, C, U>(resource: CrudResource, repo: CrudRepo<A, C, U>, id: string) =>
  Effect.flatMap(repo.get(id), Option.match({
    onNone: () => Effect.fail(new ResourceNotFound({ resource: resource.name, id })),
    onSome: (a) => Effect.succeed(a)
  }))

/** Parses the `fields`/`join` of a get-one request against the resource's whitelist. */
export const parseGetOne = (resource: CrudResource, params: Pick<ListParams, "fields" | "join" | "cache">) =>
  Either.map(parseListQuery(resource.list, { ...params, limit: undefined }), (q) => ({ fields: q.fields, joins: q.joins }))

/** Whether a bulk request is within the resource's cap (the schema enforces it too; this is the core rule). */
export const withinBulkCap = (resource: CrudResource, count: number) => count >= 1 && count <= resource.maxBulk
