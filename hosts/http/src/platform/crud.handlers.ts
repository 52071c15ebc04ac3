/**
 * The host half of the generic CRUD resource: handler functions for the seven endpoints of
 * `crudEndpoints` (contracts/src/common/crud.ts) over a core `CrudRepo`. Failures are the core's
 * domain errors (a list-query failure is the validation 400, a clash 409 with the resource's code,
 * a missing record 404).
 *
 *   const faqs = crudHandlers({ resource: FaqResource, repo: FaqRepo, … })
 *
 * Who may call them is declared on the endpoints (`Requires`), so the handlers hold no guard.
 *   apiGroup(ContentApi, "faqs", (h) => h.handle("getManyFaq", faqs.getMany).handle("getOneFaq", faqs.getOne)…)
 */
import { Platform } from "@podium/core"
import { Effect, Either, Option } from "effect"

const isConflict = (e: unknown): e is Platform.ResourceConflict =>
  typeof e === "object" && e !== null && (e as { readonly _tag?: unknown })._tag === "ResourceConflict"

/** Gives a unique clash the resource's own 409 code (the repositories only know the clashing field). */
export const withConflictCode = (code: string) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    effect,
    (e): e is Extract<E, Platform.ResourceConflict> => isConflict(e) && e.code === undefined,
    (e) => Effect.fail(new Platform.ResourceConflict({ resource: e.resource, field: e.field, message: e.message, code }))
  )

export interface CrudHandlerOptions<A, C, U, Dto, RRepo, ED, RD> {
  readonly resource: Platform.CrudResource
  /** The resource's repository (its Context.Tag). */
  readonly repo: Effect.Effect<Platform.CrudRepo<A, C, U>, never, RRepo>
  /** Record → answer; `joins` are the relations the client asked for. Absent: the record is its answer. */
  readonly toDto?: (record: A, joins: ReadonlyArray<string>) => Dto
  /** `code` of the 409 on a unique clash (default RESOURCE_CONFLICT). */
  readonly conflictCode?: string
  /** Replaces the plain repository delete (extra rules, side effects); answers the deleted id. */
  readonly deleteOne?: (id: string) => Effect.Effect<unknown, ED, RD>
}

/** Handler functions for the endpoints `crudEndpoints` declares. */
export const crudHandlers = <A extends object, C, U, Dto extends object = A, RRepo = never, ED = never, RD = never>(
  options: CrudHandlerOptions<A, C, U, Dto, RRepo, ED, RD>
) => {
  const { resource } = options
  const toDto = options.toDto ?? ((record: A) => record as unknown as Dto)
  // Only writes can clash on a unique field.
  const withCode = withConflictCode(options.conflictCode ?? "RESOURCE_CONFLICT")
  const select = (dto: Dto, fields: ReadonlyArray<string> | undefined, joins: ReadonlyArray<string>) =>
    Platform.selectFields(resource, fields === undefined ? undefined : [...fields, ...joins], dto)
  const found = (id: string) => (record: Option.Option<A>) =>
    Option.match(record, {
      onNone: () => Effect.fail(new Platform.ResourceNotFound({ resource: resource.name, id })),
      onSome: (a) => Effect.succeed(toDto(a, []))
    })
  return {
    getMany: ({ urlParams }: { readonly urlParams: Platform.ListParams }) =>
      Effect.gen(function*() {
        const query = yield* Either.match(Platform.parseListQuery(resource.list, urlParams), {
          onLeft: Effect.fail,
          onRight: Effect.succeed
        })
        const repo = yield* options.repo
        const page = yield* repo.list(query)
        const data = page.data.map((r) => select(toDto(r, query.joins), query.fields, query.joins))
        return Platform.listPage(query, data, page.total)
      }),
    getOne: ({ path, urlParams }: { readonly path: { readonly id: string }; readonly urlParams: Pick<Platform.ListParams, "fields" | "join" | "cache"> }) =>
      Effect.gen(function*() {
        const parsed = yield* Either.match(Platform.parseGetOne(resource, urlParams), { onLeft: Effect.fail, onRight: Effect.succeed })
        const record = yield* Platform.getResource(resource, yield* options.repo, path.id)
        return select(toDto(record, parsed.joins), parsed.fields, parsed.joins)
      }),
    createOne: ({ payload }: { readonly payload: C }) =>
      Effect.gen(function*() {
        return toDto(yield* (yield* options.repo).create(payload), [])
      }).pipe(withCode),
    createMany: ({ payload }: { readonly payload: { readonly bulk: ReadonlyArray<C> } }) =>
      Effect.gen(function*() {
        const created = yield* (yield* options.repo).createMany(payload.bulk)
        return created.map((r) => toDto(r, []))
      }).pipe(withCode),
    updateOne: ({ path, payload }: { readonly path: { readonly id: string }; readonly payload: U }) =>
      Effect.gen(function*() {
        return yield* found(path.id)(yield* (yield* options.repo).update(path.id, payload))
      }).pipe(withCode),
    replaceOne: ({ path, payload }: { readonly path: { readonly id: string }; readonly payload: C }) =>
      Effect.gen(function*() {
        return yield* found(path.id)(yield* (yield* options.repo).replace(path.id, payload))
      }).pipe(withCode),
    deleteOne: ({ path }: { readonly path: { readonly id: string } }) =>
      Effect.gen(function*() {
        if (options.deleteOne !== undefined) yield* options.deleteOne(path.id)
        else if (!(yield* (yield* options.repo).delete(path.id))) {
          return yield* new Platform.ResourceNotFound({ resource: resource.name, id: path.id })
        }
        return { id: path.id, deleted: true }
      })
  }
}
