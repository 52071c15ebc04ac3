/**
 * The accounts a person signs in to: athletes (users), administrators, crew (volunteer) members and
 * the minimal organizer team membership that organizer sign-in resolves. Plain records; the
 * organizers and crew issues extend their tables.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"
/** Records shared with the contracts are declared in the kernel. */
export { User, AdminStatuses, Admin, type AdminStatus } from "@podium/kernel"

export const CrewStatuses = ["ACTIVE", "INACTIVE"] as const
export type CrewStatus = (typeof CrewStatuses)[number]

/** A crew (volunteer) member row; several rows may share one phone or address (one per event or organizer). */
export const CrewMember = Schema.Struct({
  id: Schema.String,
  phoneNumber: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  name: Schema.NullOr(Schema.String),
  status: Schema.Literal(...CrewStatuses),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface CrewMember extends Schema.Schema.Type<typeof CrewMember> {}

export const OrganizerMemberRoles = ["OWNER", "ADMIN", "VIEWER"] as const
export type OrganizerMemberRole = (typeof OrganizerMemberRoles)[number]
export const OrganizerMemberStatuses = ["ACTIVE", "INVITED", "REMOVED"] as const
export type OrganizerMemberStatus = (typeof OrganizerMemberStatuses)[number]

/** A person on an organizer's team, identified by phone and/or e-mail (and a user account once linked). */
export const OrganizerMember = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  userId: Schema.NullOr(Schema.String),
  phoneNumber: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  role: Schema.Literal(...OrganizerMemberRoles),
  status: Schema.Literal(...OrganizerMemberStatuses),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface OrganizerMember extends Schema.Schema.Type<typeof OrganizerMember> {}

/** A unique column (phone, e-mail, handle) already belongs to another account. */
export class AccountConflict extends DomainError<AccountConflict>()("AccountConflict", {
  kind: "conflict",
  code: "ACCOUNT_CONFLICT"
}, { field: Schema.String, message: Schema.String }) {}

/** The first-admin bootstrap was attempted while an admin exists. */
export class AdminsAlreadyExist extends DomainError<AdminsAlreadyExist>()("AdminsAlreadyExist", {
  kind: "conflict",
  code: "ADMIN_ALREADY_EXISTS"
}) {
  override get message() {
    return "An admin already exists; bootstrap is closed"
  }
}

/** The name an athlete goes by on cards and receipts: first and last name, blanks left out ("" when neither). */
export const fullNameOf = (user: { readonly firstName: string | null; readonly lastName: string | null }): string =>
  [user.firstName, user.lastName].filter((p): p is string => p !== null && p.trim() !== "").map((p) => p.trim()).join(" ")
