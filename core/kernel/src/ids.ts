import { Schema } from "effect"

const UuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A UUID in canonical text form (any version). */
export const Uuid = Schema.String.pipe(
  Schema.pattern(UuidPattern, { message: () => "must be a UUID" }),
  Schema.annotations({ identifier: "Uuid", format: "uuid" })
)

/** Builds a branded UUID schema for one kind of id (`JobId`, `UserId`…). */
export const makeId = <const B extends string>(brand: B) => Uuid.pipe(Schema.brand(brand))

export const JobId = makeId("JobId")
export type JobId = typeof JobId.Type
