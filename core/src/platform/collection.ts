/**
 * A plain collection declared once, from its record schema: which fields a client writes, their
 * defaults, which are unique and how lists sort. Everything else the generic CRUD pieces need is
 * derived here: the list-query whitelist (field types read from the schema), the Postgres columns
 * (snake_case of the fields), and how a create or update builds the record (for the memory twin;
 * Postgres builds the same with column defaults of the same values). Adapters:
 * `makeCollectionRepoPg` in @podium/postgres, `makeCollectionRepoMemory` in @podium/core/testing,
 * both run by one contract suite.
 *
 * ```ts
 * export const EventCategories = defineCollection({
 *   resource: "event category", record: EventCategory,
 *   writable: ["name", "description", "sortOrder", "isActive"],
 *   defaults: { description: null, sortOrder: 0, isActive: true },
 *   unique: ["name"], sort: [{ field: "sortOrder", order: "ASC" }], searchable: ["name"]
 * })
 * ```
 */
import { Schema, SchemaAST, String as Str } from "effect"
import type { CrudRepo, CrudResource } from "./crud.port.js"
import type { FieldType, ListSort } from "./list-query.model.js"

// biome-ignore lint/suspicious/noExplicitAny: any record struct
type AnyStruct = Schema.Struct<any>
type Rec<S extends AnyStruct> = S["Type"]
type Field<S extends AnyStruct, K> = K extends keyof Rec<S> ? Rec<S>[K] : never
type Key<S extends AnyStruct> = keyof S["fields"] & string

export interface CollectionOptions<S extends AnyStruct, W extends Key<S>, D extends W> {
  /** Singular name used in messages ("event category"). */
  readonly resource: string
  readonly record: S
  /** Fields a create or update may set; the others (`id`, `createdAt`, `updatedAt`) the server sets. */
  readonly writable: ReadonlyArray<W>
  /** Values of the writable fields a create may leave out (a replace resets them to these). */
  readonly defaults: { readonly [K in D]: Field<S, K> }
  /** Fields no two records share (a clash is a 409). */
  readonly unique?: ReadonlyArray<W>
  readonly sort: ReadonlyArray<ListSort>
  readonly searchable?: ReadonlyArray<Key<S>>
  readonly maxBulk?: number
}

export interface Collection<S extends AnyStruct, W extends Key<S>, D extends W> extends CollectionOptions<S, W, D> {
  /** The list-query whitelist and caps of the generic endpoints. */
  readonly crud: CrudResource
  /** Public field → column. */
  readonly columns: Readonly<Record<Key<S>, string>>
  /** The record a create builds (what Postgres's column defaults build too). */
  readonly build: (input: CollectionCreate<S, W, D>, id: string, at: Date) => Rec<S>
  /** The record after an update (only the given fields) or a replace (every writable field). */
  readonly apply: (record: Rec<S>, patch: CollectionPatch<S, W>, replace: boolean, at: Date) => Rec<S>
}

/** What a create carries: the writable fields, those with defaults optional. */
export type CollectionCreate<S extends AnyStruct, W extends Key<S>, D extends W> =
  & { readonly [K in Exclude<W, D>]: Field<S, K> }
  & { readonly [K in D]?: Field<S, K> }

/** What an update carries: any of the writable fields. */
export type CollectionPatch<S extends AnyStruct, W extends Key<S>> = { readonly [K in W]?: Field<S, K> }

// biome-ignore lint/suspicious/noExplicitAny: any collection, for the helpers below
export type AnyCollection = Collection<any, any, any>
export type RecordOf<C extends AnyCollection> = C extends Collection<infer S, infer _W, infer _D> ? Rec<S> : never
export type CreateOf<C extends AnyCollection> = C extends Collection<infer S, infer W, infer D> ? CollectionCreate<S, W, D> : never
export type PatchOf<C extends AnyCollection> = C extends Collection<infer S, infer W, infer _D> ? CollectionPatch<S, W> : never

/** The repository of a collection (the generic CRUD repository over its record). */
export type CollectionRepo<C extends AnyCollection> = CrudRepo<RecordOf<C>, CreateOf<C>, PatchOf<C>>

/** The list-query type of a field, read from its schema (refinements, nullability and transformations looked through). */
const fieldTypeOf = (ast: SchemaAST.AST): FieldType => {
  switch (ast._tag) {
    case "Refinement":
      return SchemaAST.getSchemaIdAnnotation(ast).pipe((id) => id._tag === "Some" && id.value === Schema.UUIDSchemaId)
        ? "uuid"
        : fieldTypeOf(ast.from)
    case "Transformation":
      return fieldTypeOf(ast.to)
    case "Union": {
      const member = ast.types.find((t) => !(t._tag === "Literal" && t.literal === null))
      return member === undefined ? "string" : fieldTypeOf(member)
    }
    case "Literal":
      return typeof ast.literal === "number" ? "number" : typeof ast.literal === "boolean" ? "boolean" : "string"
    case "NumberKeyword":
      return "number"
    case "BooleanKeyword":
      return "boolean"
    case "Declaration":
      return "date"
    default:
      return "string"
  }
}

/** Declares a collection from its record schema. */
export const defineCollection = <S extends AnyStruct, const W extends Key<S>, const D extends W = never>(
  options: CollectionOptions<S, W, D>
): Collection<S, W, D> => {
  const names = Object.keys(options.record.fields) as Array<Key<S>>
  const has = (field: string) => names.includes(field as Key<S>)
  const fields = Object.fromEntries(names.map((n) => [n, fieldTypeOf(options.record.fields[n]!.ast as SchemaAST.AST)]))
  const defaults = options.defaults as Readonly<Record<string, unknown>>
  // A replace resets an absent optional field to its default, or to null when it has none.
  const resetValue = (field: string) => (field in defaults ? defaults[field] : null)
  const stamp = (at: Date) => (has("updatedAt") ? { updatedAt: at } : {})
  return {
    ...options,
    crud: {
      name: options.resource,
      maxBulk: options.maxBulk ?? 100,
      alwaysSelected: ["id"],
      list: { fields, defaultSort: options.sort, searchable: options.searchable ?? [] }
    },
    columns: Object.fromEntries(names.map((n) => [n, Str.camelToSnake(n)])) as Record<Key<S>, string>,
    build: (input, id, at) =>
      ({
        id,
        ...defaults,
        ...definedOf(input as Readonly<Record<string, unknown>>),
        ...(has("createdAt") ? { createdAt: at } : {}),
        ...stamp(at)
      }) as unknown as Rec<S>,
    apply: (record, patch, replace, at) =>
      ({
        ...(record as object),
        ...(replace ? Object.fromEntries(options.writable.map((w) => [w, resetValue(w)])) : {}),
        ...definedOf(patch as Readonly<Record<string, unknown>>),
        ...stamp(at)
      }) as Rec<S>
  }
}

const definedOf = (values: Readonly<Record<string, unknown>>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined))
