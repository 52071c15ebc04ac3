/**
 * The generic admin list query of A 2.2 (`fields, s, filter, or, sort, join, limit, offset, page,
 * cache`), in the syntax admin clients of the original service send (`filter=name||$cont||ann`,
 * `sort=createdAt,DESC`, `s={"status":"ACTIVE"}`). Parsed here once, against a per-resource
 * whitelist, into a typed query that the Postgres adapter turns into parameterised SQL and the
 * memory twins evaluate directly. Unknown fields or operators are refused with 400 messages.
 */
import { DomainError } from "@podium/kernel"
import { Either, Schema } from "effect"

export const ListOperators = [
  "$eq", "$ne", "$gt", "$lt", "$gte", "$lte", "$starts", "$ends", "$cont", "$excl", "$in", "$notin",
  "$isnull", "$notnull", "$between", "$eqL", "$neL", "$startsL", "$endsL", "$contL", "$exclL", "$inL", "$notinL"
] as const
export type ListOperator = (typeof ListOperators)[number]

export type FieldType = "string" | "number" | "boolean" | "date" | "uuid"

/** What a resource lets clients filter, sort and select. */
export interface ListSpec {
  /** Public field name → type. Only these may appear in fields, filters and sorts. */
  readonly fields: Readonly<Record<string, FieldType>>
  /** Relations `join` may name (the resource decides what a join adds). */
  readonly joins?: ReadonlyArray<string>
  readonly defaultSort: ReadonlyArray<ListSort>
  /** Fields `s` with a bare string searches (`s=ann` → any of these contains "ann"). */
  readonly searchable?: ReadonlyArray<string>
  readonly defaultLimit?: number
  readonly maxLimit?: number
}

export type ListValue = string | number | boolean | null

export interface ListCondition {
  readonly field: string
  readonly operator: ListOperator
  /** One value, or a list for $in/$notin/$between; absent for $isnull/$notnull. */
  readonly value: ListValue | ReadonlyArray<ListValue> | undefined
}

/** A boolean tree of conditions. */
export type ListWhere =
  | { readonly _tag: "And"; readonly items: ReadonlyArray<ListWhere> }
  | { readonly _tag: "Or"; readonly items: ReadonlyArray<ListWhere> }
  | { readonly _tag: "Cond"; readonly condition: ListCondition }

export interface ListSort {
  readonly field: string
  readonly order: "ASC" | "DESC"
}

export interface ListQuery {
  readonly fields: ReadonlyArray<string> | undefined
  readonly where: ListWhere | undefined
  readonly sort: ReadonlyArray<ListSort>
  readonly joins: ReadonlyArray<string>
  readonly limit: number
  readonly offset: number
  /** 1-based page when the client paged (`page`), for the GetMany answer. */
  readonly page: number
  /** `cache=1`: the client asks for a fresh read (no cached answer). */
  readonly resetCache: boolean
}

/** The raw query parameters as the HTTP contract decodes them. */
export interface ListParams {
  readonly fields?: string | undefined
  readonly s?: string | undefined
  readonly filter?: ReadonlyArray<string> | undefined
  readonly or?: ReadonlyArray<string> | undefined
  readonly sort?: ReadonlyArray<string> | undefined
  readonly join?: ReadonlyArray<string> | undefined
  readonly limit?: number | undefined
  readonly offset?: number | undefined
  readonly page?: number | undefined
  readonly cache?: number | undefined
}

/** The query could not be understood; each message names the parameter (answered 400). */
export class ListQueryInvalid extends DomainError<ListQueryInvalid>()("ListQueryInvalid", {
  kind: "invalid",
  // Listed once each, in the order found, like the schema failures of the same request.
  messages: (e) => [...new Set(e.messages)]
}, {
  messages: Schema.Array(Schema.String)
}) {}

const isOperator = (s: string): s is ListOperator => (ListOperators as ReadonlyArray<string>).includes(s)
const multi = new Set<ListOperator>(["$in", "$notin", "$between", "$inL", "$notinL"])
const noValue = new Set<ListOperator>(["$isnull", "$notnull"])

const coerce = (type: FieldType, raw: unknown): Either.Either<ListValue, string> => {
  if (raw === null) return Either.right(null)
  switch (type) {
    case "number": {
      const n = typeof raw === "number" ? raw : Number(raw)
      return Number.isFinite(n) && String(raw).trim() !== "" ? Either.right(n) : Either.left("must be a number")
    }
    case "boolean":
      if (raw === true || raw === "true") return Either.right(true)
      if (raw === false || raw === "false") return Either.right(false)
      return Either.left("must be true or false")
    case "date":
      return Number.isNaN(Date.parse(String(raw))) ? Either.left("must be a date") : Either.right(String(raw))
    case "uuid":
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(String(raw))
        ? Either.right(String(raw).toLowerCase())
        : Either.left("must be a UUID")
    case "string":
      return typeof raw === "object" ? Either.left("must be a string") : Either.right(String(raw))
  }
}

const condition = (
  spec: ListSpec,
  param: string,
  field: string,
  operator: string,
  raw: unknown,
  errors: Array<string>
): ListCondition | undefined => {
  const type = spec.fields[field]
  if (type === undefined) {
    errors.push(`${param} field "${field}" is not one of: ${Object.keys(spec.fields).join(", ")}`)
    return undefined
  }
  if (!isOperator(operator)) {
    errors.push(`${param} operator "${operator}" is not one of: ${ListOperators.join(", ")}`)
    return undefined
  }
  if (noValue.has(operator)) return { field, operator, value: undefined }
  const values = multi.has(operator)
    ? (Array.isArray(raw) ? raw : String(raw ?? "").split(",")).filter((v) => v !== "")
    : [raw]
  if (operator === "$between" && values.length !== 2) {
    errors.push(`${param} $between on "${field}" needs exactly two values`)
    return undefined
  }
  if (values.length === 0 || raw === undefined || raw === "") {
    errors.push(`${param} on "${field}" with ${operator} needs a value`)
    return undefined
  }
  const coerced: Array<ListValue> = []
  for (const v of values) {
    const result = operator.endsWith("L") ? coerce("string", v) : coerce(type, v)
    if (Either.isLeft(result)) {
      errors.push(`${param} value for "${field}" ${result.left}`)
      return undefined
    }
    coerced.push(result.right)
  }
  return { field, operator, value: multi.has(operator) ? coerced : coerced[0] }
}

/** `field||$op||value` */
const parseFilter = (spec: ListSpec, param: string, text: string, errors: Array<string>) => {
  const [field = "", operator = "", ...rest] = text.split("||")
  return condition(spec, param, field, operator, rest.length === 0 ? undefined : rest.join("||"), errors)
}

/** The `s` JSON search: `{"field": value}`, `{"field": {"$op": value}}`, `$and`/`$or` arrays. */
const parseSearch = (spec: ListSpec, node: unknown, errors: Array<string>): ListWhere | undefined => {
  if (typeof node !== "object" || node === null || Array.isArray(node)) {
    errors.push("s must be a JSON object")
    return undefined
  }
  const items: Array<ListWhere> = []
  for (const [key, value] of Object.entries(node)) {
    if (key === "$and" || key === "$or") {
      if (!Array.isArray(value)) {
        errors.push(`s ${key} must be an array`)
        continue
      }
      const nested = value.map((v) => parseSearch(spec, v, errors)).filter((w): w is ListWhere => w !== undefined)
      items.push({ _tag: key === "$and" ? "And" : "Or", items: nested })
    } else if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      for (const [op, v] of Object.entries(value)) {
        const c = condition(spec, "s", key, op, v, errors)
        if (c !== undefined) items.push({ _tag: "Cond", condition: c })
      }
    } else {
      const c = condition(spec, "s", key, value === null ? "$isnull" : "$eq", value, errors)
      if (c !== undefined) items.push({ _tag: "Cond", condition: c })
    }
  }
  return items.length === 1 ? items[0] : { _tag: "And", items }
}

/** Parses the raw parameters against a resource's whitelist. */
export const parseListQuery = (spec: ListSpec, params: ListParams): Either.Either<ListQuery, ListQueryInvalid> => {
  const errors: Array<string> = []
  const maxLimit = spec.maxLimit ?? 100
  const fields = params.fields?.split(",").map((f) => f.trim()).filter((f) => f !== "")
  for (const f of fields ?? []) {
    if (spec.fields[f] === undefined) errors.push(`fields "${f}" is not one of: ${Object.keys(spec.fields).join(", ")}`)
  }
  const and: Array<ListWhere> = []
  if (params.s !== undefined && params.s.trim() !== "") {
    let json: unknown
    try {
      json = JSON.parse(params.s)
    } catch {
      json = undefined
    }
    if (json === undefined || typeof json !== "object") {
      // A bare word searches the resource's searchable fields.
      const searchable = spec.searchable ?? []
      if (searchable.length === 0) errors.push("s must be a JSON object")
      else {
        and.push({
          _tag: "Or",
          items: searchable.map((field) => ({ _tag: "Cond", condition: { field, operator: "$contL", value: params.s!.trim() } }))
        })
      }
    } else {
      const where = parseSearch(spec, json, errors)
      if (where !== undefined) and.push(where)
    }
  }
  const filters = (params.filter ?? []).map((f) => parseFilter(spec, "filter", f, errors)).filter((c) => c !== undefined)
  const ors = (params.or ?? []).map((f) => parseFilter(spec, "or", f, errors)).filter((c) => c !== undefined)
  const filterWhere: ListWhere | undefined = filters.length === 0
    ? undefined
    : { _tag: "And", items: filters.map((condition) => ({ _tag: "Cond", condition })) }
  // As in the original service: filters are AND-ed; `or` conditions are OR-ed with that group.
  const combined: ListWhere | undefined = ors.length === 0
    ? filterWhere
    : {
      _tag: "Or",
      items: [...(filterWhere === undefined ? [] : [filterWhere]), ...ors.map((condition): ListWhere => ({ _tag: "Cond", condition }))]
    }
  if (combined !== undefined) and.push(combined)
  const sort: Array<ListSort> = []
  for (const s of params.sort ?? []) {
    const [field = "", order = "ASC"] = s.split(",")
    const upper = order.toUpperCase()
    if (spec.fields[field] === undefined) errors.push(`sort field "${field}" is not one of: ${Object.keys(spec.fields).join(", ")}`)
    else if (upper !== "ASC" && upper !== "DESC") errors.push(`sort order of "${field}" must be ASC or DESC`)
    else sort.push({ field, order: upper })
  }
  const joins: Array<string> = []
  for (const j of params.join ?? []) {
    const [relation = ""] = j.split("||")
    if (!(spec.joins ?? []).includes(relation)) {
      errors.push(`join "${relation}" is not one of: ${(spec.joins ?? []).join(", ") || "(none)"}`)
    } else joins.push(relation)
  }
  const limit = params.limit ?? spec.defaultLimit ?? 25
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) errors.push(`limit must be an integer between 1 and ${maxLimit}`)
  const page = params.page ?? 1
  if (!Number.isInteger(page) || page < 1) errors.push("page must be a positive integer")
  const offset = params.page !== undefined ? (page - 1) * limit : (params.offset ?? 0)
  if (!Number.isInteger(offset) || offset < 0) errors.push("offset must be a non-negative integer")
  if (params.cache !== undefined && params.cache !== 0 && params.cache !== 1) errors.push("cache must be 0 or 1")
  if (errors.length > 0) return Either.left(new ListQueryInvalid({ messages: errors }))
  return Either.right({
    fields,
    where: and.length === 0 ? undefined : and.length === 1 ? and[0] : { _tag: "And", items: and },
    sort: sort.length > 0 ? sort : spec.defaultSort,
    joins,
    limit,
    offset,
    page: params.page ?? Math.floor(offset / limit) + 1,
    resetCache: params.cache === 1
  })
}

/** The GetMany answer of the original service. */
export interface ListPage<A> {
  readonly data: ReadonlyArray<A>
  readonly count: number
  readonly total: number
  readonly page: number
  readonly pageCount: number
}

export const listPage = <A>(query: ListQuery, data: ReadonlyArray<A>, total: number): ListPage<A> => ({
  data,
  count: data.length,
  total,
  page: query.page,
  pageCount: total === 0 ? 0 : Math.ceil(total / query.limit)
})

// ---- evaluation over plain records (memory twins) ----

const lower = (v: unknown) => String(v ?? "").toLowerCase()
const cmp = (a: unknown, b: unknown) => {
  if (typeof a === "number" && typeof b === "number") return a - b
  const da = a instanceof Date ? a.getTime() : undefined
  const db = b instanceof Date ? b.getTime() : typeof b === "string" && da !== undefined ? Date.parse(b) : undefined
  if (da !== undefined && db !== undefined) return da - db
  return String(a).localeCompare(String(b))
}

const test = (record: Readonly<Record<string, unknown>>, c: ListCondition): boolean => {
  const v = record[c.field]
  const value = c.value
  const list = Array.isArray(value) ? value : [value]
  switch (c.operator) {
    case "$eq": return v === value || (v instanceof Date && cmp(v, value) === 0)
    case "$ne": return !(v === value || (v instanceof Date && cmp(v, value) === 0))
    case "$gt": return v != null && cmp(v, value) > 0
    case "$lt": return v != null && cmp(v, value) < 0
    case "$gte": return v != null && cmp(v, value) >= 0
    case "$lte": return v != null && cmp(v, value) <= 0
    case "$starts": return String(v ?? "").startsWith(String(value))
    case "$ends": return String(v ?? "").endsWith(String(value))
    case "$cont": return String(v ?? "").includes(String(value))
    case "$excl": return !String(v ?? "").includes(String(value))
    case "$in": return list.includes(v as ListValue)
    case "$notin": return !list.includes(v as ListValue)
    case "$isnull": return v === null || v === undefined
    case "$notnull": return v !== null && v !== undefined
    case "$between": return v != null && cmp(v, list[0]) >= 0 && cmp(v, list[1]) <= 0
    case "$eqL": return lower(v) === lower(value)
    case "$neL": return lower(v) !== lower(value)
    case "$startsL": return lower(v).startsWith(lower(value))
    case "$endsL": return lower(v).endsWith(lower(value))
    case "$contL": return lower(v).includes(lower(value))
    case "$exclL": return !lower(v).includes(lower(value))
    case "$inL": return list.map(lower).includes(lower(v))
    case "$notinL": return !list.map(lower).includes(lower(v))
  }
}

export const matches = (record: Readonly<Record<string, unknown>>, where: ListWhere | undefined): boolean => {
  if (where === undefined) return true
  switch (where._tag) {
    case "Cond": return test(record, where.condition)
    case "And": return where.items.every((w) => matches(record, w))
    case "Or": return where.items.length === 0 || where.items.some((w) => matches(record, w))
  }
}

/** Applies a query to records in memory: filter, sort, page, select fields. */
export const applyListQuery = <A extends Readonly<Record<string, unknown>>>(query: ListQuery, records: ReadonlyArray<A>): ListPage<Partial<A>> => {
  const filtered = records.filter((r) => matches(r, query.where))
  const sorted = [...filtered].sort((a, b) => {
    for (const s of query.sort) {
      const d = cmp(a[s.field], b[s.field])
      if (d !== 0) return s.order === "ASC" ? d : -d
    }
    return 0
  })
  const slice = sorted.slice(query.offset, query.offset + query.limit)
  const selected = query.fields === undefined
    ? slice
    : slice.map((r) => Object.fromEntries(query.fields!.map((f) => [f, r[f]])) as Partial<A>)
  return listPage(query, selected, filtered.length)
}
