/**
 * The accounts a person signs in to: athletes (users), administrators, crew (volunteer) members and
 * the minimal organizer team membership that organizer sign-in resolves. Plain records; the
 * organizers and crew issues extend their tables.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

/** An athlete account. A phone number or an e-mail address (or both) identifies it. */
export const User = Schema.Struct({
  id: Schema.String,
  phoneNumber: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface User extends Schema.Schema.Type<typeof User> {}

export const AdminStatuses = ["ACTIVE", "SUSPENDED"] as const
export type AdminStatus = (typeof AdminStatuses)[number]

/** An administrator. TOTP columns are reserved for the second-factor work (secret stored encrypted). */
export interface Admin {
  readonly id: string
  readonly phoneNumber: string
  readonly email: string | null
  readonly firstName: string | null
  readonly lastName: string | null
  readonly handle: string | null
  readonly status: AdminStatus
  readonly totpEnabledAt: Date | null
  readonly totpRequiredAt: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

export const CrewStatuses = ["ACTIVE", "INACTIVE"] as const
export type CrewStatus = (typeof CrewStatuses)[number]

/** A crew (volunteer) member row; several rows may share one phone or address (one per event or organizer). */
export interface CrewMember {
  readonly id: string
  readonly phoneNumber: string | null
  readonly email: string | null
  readonly name: string | null
  readonly status: CrewStatus
  readonly createdAt: Date
  readonly updatedAt: Date
}

export const OrganizerMemberRoles = ["OWNER", "ADMIN", "VIEWER"] as const
export type OrganizerMemberRole = (typeof OrganizerMemberRoles)[number]
export const OrganizerMemberStatuses = ["ACTIVE", "INVITED", "REMOVED"] as const
export type OrganizerMemberStatus = (typeof OrganizerMemberStatuses)[number]

/** A person on an organizer's team, identified by phone and/or e-mail (and a user account once linked). */
export interface OrganizerMember {
  readonly id: string
  readonly organizerId: string
  readonly userId: string | null
  readonly phoneNumber: string | null
  readonly email: string | null
  readonly role: OrganizerMemberRole
  readonly status: OrganizerMemberStatus
  readonly createdAt: Date
  readonly updatedAt: Date
}

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
