/**
 * Organizers (A 2.2, A 4.8): the organizer account with its business profile, its approval and
 * suspension state, and the team roles that the tenancy policy checks. Plain records plus the
 * domain errors of the context.
 */
import { DomainError, InputInvalid } from "@podium/kernel"
import { Schema } from "effect"
import { StoredFile } from "../media/stored-file.js"

export const TeamRoles = ["OWNER", "ADMIN", "VIEWER"] as const
export type TeamRole = (typeof TeamRoles)[number]

/** Approval of the organizer account. APPROVED ↔ SUSPENDED is the admin suspension move (A 3). */
export const ApprovalStatuses = ["PENDING", "APPROVED", "REJECTED", "SUSPENDED"] as const
export type ApprovalStatus = (typeof ApprovalStatuses)[number]

/** Links shown on the public profile (`links` multipart field, JSON text). */
export const OrganizerLinks = Schema.Struct({
  website: Schema.optional(Schema.String),
  youtube: Schema.optional(Schema.String),
  instagram: Schema.optional(Schema.String)
})
export interface OrganizerLinks extends Schema.Schema.Type<typeof OrganizerLinks> {}

/** A stored file: its blob key, its (sniffed) content type and the client's file name (shared with other contexts). */
export { StoredFile }

/** An organizer account. */
export const Organizer = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  slug: Schema.String,
  phoneNumber: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  companyName: Schema.NullOr(Schema.String),
  /** Percentage, 0–100 (a numeric column: the driver reads it as text). */
  commission: Schema.NullOr(Schema.NumberFromString),
  isActive: Schema.Boolean,
  approvalStatus: Schema.Literal(...ApprovalStatuses),
  reviewReason: Schema.NullOr(Schema.String),
  logo: Schema.NullOr(StoredFile),
  banner: Schema.NullOr(StoredFile),
  headline: Schema.NullOr(Schema.String),
  about: Schema.NullOr(Schema.String),
  city: Schema.NullOr(Schema.String),
  state: Schema.NullOr(Schema.String),
  links: OrganizerLinks,
  pickupLocation: Schema.NullOr(Schema.String),
  suspendedAt: Schema.NullOr(Schema.DateFromSelf),
  suspendReason: Schema.NullOr(Schema.String),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface Organizer extends Schema.Schema.Type<typeof Organizer> {}

/** What the tenancy policy grants the caller on one organizer. */
export type AccessRole = TeamRole | "PLATFORM_ADMIN"

export interface OrganizerAccessGrant {
  readonly organizerId: string
  readonly role: AccessRole
  /** The caller's team-member row; null for a platform admin. */
  readonly memberId: string | null
}

/** A slug from a name: lower case, ascii letters and digits joined by single dashes. */
export const slugify = (name: string): string =>
  name.normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "organizer"

export class OrganizerNotFound extends DomainError<OrganizerNotFound>()("OrganizerNotFound", { kind: "not-found" }, {
  organizerId: Schema.String
}) {
  override get message() {
    return `Organizer ${this.organizerId} not found`
  }
}

/** The caller is not an active team member with one of the required roles (403). */
export class OrganizerAccessDenied extends DomainError<OrganizerAccessDenied>()("OrganizerAccessDenied", { kind: "forbidden", message: "Access Denied" }, {
  organizerId: Schema.String
}) {
  override get message() {
    return "Access Denied"
  }
}

/** The organizer is suspended: its team has no access until an admin unsuspends it (403). */
export class OrganizerSuspended extends DomainError<OrganizerSuspended>()("OrganizerSuspended", { kind: "forbidden", code: "ORGANIZER_SUSPENDED" }, {
  organizerId: Schema.String
}) {
  override get message() {
    return "This organizer is suspended"
  }
}

/** A unique organizer column (phone, e-mail, slug) is taken (409). */
export class OrganizerConflict extends DomainError<OrganizerConflict>()("OrganizerConflict", { kind: "conflict", code: "ORGANIZER_CONFLICT" }, {
  field: Schema.String,
  message: Schema.String
}) {}

/** An uploaded file or field is unacceptable (400 with the field named). */
export class OrganizerInputInvalid extends InputInvalid<OrganizerInputInvalid>()("OrganizerInputInvalid") {}

/** Codes of OrganizerStateConflict that are the caller's own precondition, not the organizer's state. */
const CallerPreconditions: Readonly<Record<string, "invalid" | "forbidden">> = {
  VERIFIED_PHONE_REQUIRED: "invalid",
  ATHLETES_ONLY: "forbidden",
  OWNER_REQUIRED: "forbidden"
}

/** The organizer's state does not allow the move (409); preconditions of the caller answer 400/403. */
export class OrganizerStateConflict extends DomainError<OrganizerStateConflict>()("OrganizerStateConflict", {
  kind: (e) => CallerPreconditions[e.code] ?? "conflict",
  code: (e) => e.code
}, {
  code: Schema.String,
  message: Schema.String
}) {}

export class TeamMemberNotFound extends DomainError<TeamMemberNotFound>()("TeamMemberNotFound", { kind: "not-found" }, {
  memberId: Schema.String
}) {
  override get message() {
    return `Team member ${this.memberId} not found`
  }
}

/** The organizer would be left without an active OWNER (409 LAST_OWNER). */
export class LastOwner extends DomainError<LastOwner>()("LastOwner", { kind: "conflict", code: "LAST_OWNER" }) {
  override get message() {
    return "The last OWNER cannot be removed or demoted"
  }
}
