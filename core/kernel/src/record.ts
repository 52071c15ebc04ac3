/**
 * One schema per record. A record whose stored shape is also its wire shape is declared once, here
 * in the kernel (core and contracts both depend on it): the Postgres adapters decode rows with it,
 * the contracts answer with it, and request bodies are its projections (`inputOf`), so a field's
 * type, bounds and message are written exactly once.
 *
 * ```ts
 * export const EventCategory = Schema.Struct({ id: UuidStr, name: StrLength(1, 60), createdAt: Instant })
 * export const CreateEventCategoryBody = inputOf(EventCategory, { required: ["name"], optional: [] })
 * ```
 */
import { Schema } from "effect"
import { Body, Optional } from "./validation.js"

/**
 * A point in time as records hold it: a `Date` in the domain and from the database driver, an
 * ISO-8601 string on the wire (JSON serialises dates so), documented as `date-time`.
 */
export const Instant = Schema.DateFromSelf.annotations({
  identifier: "Instant",
  jsonSchema: { type: "string", format: "date-time" }
})

/**
 * A point in time held as a `DateTime.Utc` (records whose context computes with `DateTime`): a `Date`
 * from the database driver, an ISO-8601 string on the wire like `Instant`.
 */
export const InstantUtc = Schema.compose(Instant, Schema.DateTimeUtcFromDate)

/**
 * A request body projected from a record: `required` fields as declared on the record, `optional`
 * ones may be absent (and keep the record's own type, so a nullable field may be cleared with null).
 */
export const inputOf = <
  F extends Schema.Struct.Fields,
  const R extends ReadonlyArray<keyof F & string>,
  const O extends ReadonlyArray<keyof F & string>
>(
  record: { readonly fields: F },
  fields: { readonly required: R; readonly optional: O }
) => {
  const out: Record<string, unknown> = {}
  for (const key of fields.required) out[key] = record.fields[key]
  for (const key of fields.optional) out[key] = Optional(record.fields[key] as Schema.Schema.Any)
  return Body(out as Pick<F, R[number]> & { [K in O[number]]: F[K] extends Schema.Schema.All ? Schema.optionalWith<F[K], { exact: true }> : never })
}
