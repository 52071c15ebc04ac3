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

/** An athlete (user) account. */
export const UserId = makeId("UserId")
export type UserId = typeof UserId.Type
/** An administrator account. */
export const AdminId = makeId("AdminId")
export type AdminId = typeof AdminId.Type
/** A crew (volunteer) member row. */
export const CrewMemberId = makeId("CrewMemberId")
export type CrewMemberId = typeof CrewMemberId.Type
/** An organizer. */
export const OrganizerId = makeId("OrganizerId")
export type OrganizerId = typeof OrganizerId.Type
/** A member of an organizer's team (OWNER, ADMIN or VIEWER). */
export const OrganizerMemberId = makeId("OrganizerMemberId")
export type OrganizerMemberId = typeof OrganizerMemberId.Type
/** A sign-in session (the access token's `sid`). */
export const SessionId = makeId("SessionId")
export type SessionId = typeof SessionId.Type
