/**
 * The generic admin list query of A 2.2 as query parameters, and the GetMany answer. Repeatable
 * parameters (`filter`, `or`, `sort`, `join`) accept one or many occurrences.
 */
import { IntFromText, Optional, says } from "@podium/kernel"
import { Schema } from "effect"

const Repeatable = Schema.Union(Schema.String, Schema.Array(Schema.String)).pipe(
  Schema.transform(Schema.Array(Schema.String), {
    strict: true,
    decode: (v) => (typeof v === "string" ? [v] : v),
    encode: (v) => v
  }),
  Schema.annotations(says("must be a string or a list of strings"))
)

/** Query parameters of every generic admin list (`GET /v2/admins`, …). */
export const ListQueryParams = Schema.Struct({
  fields: Optional(Schema.String),
  s: Optional(Schema.String),
  filter: Optional(Repeatable),
  or: Optional(Repeatable),
  sort: Optional(Repeatable),
  join: Optional(Repeatable),
  limit: Optional(IntFromText(1, 1000)),
  offset: Optional(IntFromText(0, 1_000_000_000)),
  page: Optional(IntFromText(1, 1_000_000)),
  cache: Optional(IntFromText(0, 1))
}).annotations({ parseOptions: { errors: "all" } })
export type ListQueryParams = typeof ListQueryParams.Type

/** The GetMany answer: a page of items with counts. */
export const GetMany = <A, I, R>(item: Schema.Schema<A, I, R>) =>
  Schema.Struct({
    data: Schema.Array(item),
    count: Schema.Int,
    total: Schema.Int,
    page: Schema.Int,
    pageCount: Schema.Int
  })
