/**
 * The plain paginated list used by context routes that are not admin list queries:
 * `?page` (from 1) and `?limit` (1-100, default 20) in, `{items, total, page, limit}` out.
 *
 *   .setUrlParams(Query({ ...PageParams, status: Optional(OneOf(...)) }))
 *   .addSuccess(Ok(PageOf(ClubView)))
 */
import { IntFromText, Optional } from "@podium/kernel"
import { Schema } from "effect"

export const PageParams = {
  page: Optional(IntFromText(1, 1_000_000)),
  limit: Optional(IntFromText(1, 100))
}

export const DefaultPageLimit = 20

/** The page a request asked for, with defaults. */
export const pageOf = (params: { readonly page?: number | undefined; readonly limit?: number | undefined }) => ({
  page: params.page ?? 1,
  limit: params.limit ?? DefaultPageLimit
})

export const PageOf = <S extends Schema.Schema.Any>(item: S) =>
  Schema.Struct({ items: Schema.Array(item), total: Schema.Number, page: Schema.Number, limit: Schema.Number })
