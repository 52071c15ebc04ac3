/**
 * Organizer accounts (A 4.8, A 2.2): admin create and list, the public and the verified
 * create-if-not-exists, read/update/delete of one organizer (tenancy-guarded), toggle, the caller's
 * memberships and onboarding status. Create and update are multipart (files: companyLogoFile,
 * companyBannerFile; PNG, JPG or WEBP, 5 MB; `links` is JSON text).
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Form, Optional } from "@podium/kernel"
import { Option, Schema } from "effect"
import { Authenticated, GetMany, ListQueryParams, op, OrganizerManagersOrAdmin, OrganizerOwnerOrAdmin, OrganizerReadersOrAdmin, Requires, Role } from "../common/index.js"
import {
  ApprovalStatusText,
  BoolText,
  EmailAddress,
  FileField,
  LongText,
  NameText,
  OrganizerListItem,
  OrganizerView,
  PercentText,
  PhoneNumber,
  ShortText
} from "./organizer.dto.js"

/** Hard cap of one uploaded file at the parser (the per-field rules are smaller; above this: 413). */
export const MultipartLimits = { maxFileSize: Option.some(10 * 1024 * 1024), maxParts: Option.some(30), maxFieldSize: 64 * 1024 }

/** Admin create: the organizer fields of A 2.2. */
export const CreateOrganizerForm = HttpApiSchema.Multipart(
  Form({
    name: NameText,
    phoneNumber: PhoneNumber,
    email: Optional(EmailAddress),
    companyName: Optional(NameText),
    commission: Optional(PercentText),
    isActive: Optional(BoolText),
    approvalStatus: Optional(ApprovalStatusText),
    reviewReason: Optional(LongText),
    companyLogoFile: Optional(FileField)
  }),
  MultipartLimits
)

/** Create-if-not-exists (public): name, phoneNumber, email, companyName, companyLogo. */
export const CreateIfNotExistsForm = HttpApiSchema.Multipart(
  Form({
    name: NameText,
    phoneNumber: PhoneNumber,
    email: Optional(EmailAddress),
    companyName: Optional(NameText),
    companyLogo: Optional(FileField)
  }),
  MultipartLimits
)

/** Verified create: as create-if-not-exists less phoneNumber (the caller's verified phone is used). */
export const CreateVerifiedForm = HttpApiSchema.Multipart(
  Form({
    name: NameText,
    email: Optional(EmailAddress),
    companyName: Optional(NameText),
    companyLogo: Optional(FileField)
  }),
  MultipartLimits
)

/** Update: every field optional; only supplied ones change. Status fields are for platform admins only. */
export const UpdateOrganizerForm = HttpApiSchema.Multipart(
  Form({
    name: Optional(NameText),
    phoneNumber: Optional(PhoneNumber),
    email: Optional(EmailAddress),
    companyName: Optional(NameText),
    commission: Optional(PercentText),
    isActive: Optional(BoolText),
    approvalStatus: Optional(ApprovalStatusText),
    reviewReason: Optional(LongText),
    companyLogoFile: Optional(FileField),
    companyBannerFile: Optional(FileField),
    headline: Optional(ShortText),
    about: Optional(LongText),
    city: Optional(ShortText),
    state: Optional(ShortText),
    links: Optional(Schema.String),
    pickupLocation: Optional(ShortText)
  }),
  MultipartLimits
)

export const MembershipView = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  organizerName: Schema.String,
  organizerSlug: Schema.String,
  role: Schema.String,
  status: Schema.String,
  createdAt: Schema.Date
}).annotations({ identifier: "OrganizerMembership" })

export const OnboardingStatusView = Schema.Struct({
  hasOrganizer: Schema.Boolean,
  organizerId: Schema.NullOr(Schema.String),
  approvalStatus: Schema.NullOr(Schema.String),
  profileComplete: Schema.Boolean,
  missingProfileFields: Schema.Array(Schema.String),
  steps: Schema.Array(Schema.Struct({ step: Schema.String, done: Schema.Boolean })),
  nextStep: Schema.String
}).annotations({ identifier: "OrganizerOnboardingStatus" })

const IdPath = Schema.Struct({ id: Schema.String })

/**
 * The public create-if-not-exists answer. It is the same whether the phone was free (an organizer
 * was created) or already had an organizer (nothing changed): the route is public, so it must
 * neither show another person's organizer nor tell a caller which phones have one. The phone's
 * owner sees the organizer after signing in with that phone.
 */
export const OrganizerRegistrationReceipt = Schema.Struct({
  phoneNumber: Schema.String,
  next: Schema.String
}).annotations({ identifier: "OrganizerRegistrationReceipt" })

export class OrganizersGroup extends HttpApiGroup.make("organizers")
  .add(op.post("createOrganizer", "/v2/organizers", { body: CreateOrganizerForm, ok: OrganizerView, status: 201, summary: "Create an organizer with its OWNER (admin; multipart)" }).annotate(Requires, Role("admin")).middleware(Authenticated))
  .add(op.get("listOrganizers", "/v2/organizers", { query: ListQueryParams, ok: GetMany(OrganizerListItem), summary: "List organizers (admin; generic list query)" }).annotate(Requires, Role("admin")).middleware(Authenticated))
  .add(op.post("createOrganizerIfNotExists", "/v2/organizers/create", { body: CreateIfNotExistsForm, ok: OrganizerRegistrationReceipt, status: 201, summary: "Create an organizer unless one is registered with this phone (public; multipart)" }).annotate(OpenApi.Description, "Answers the same receipt whether an organizer was created or the phone already had one, and never an organizer's fields; the phone's owner signs in (organizer send-otp, then verify-otp with role organizer) to see it. Limited to 10 calls per hour per client address (429 with Retry-After)."))
  .add(op.post("createOrganizerVerified", "/v2/organizers/create/verified", { body: CreateVerifiedForm, ok: OrganizerView, status: 201, summary: "Create an organizer owned by the signed-in athlete, whose verified phone is the proof (multipart)" }).middleware(Authenticated))
  .add(op.get("myOrganizerMemberships", "/v2/organizers/me/memberships", { ok: Schema.Array(MembershipView), summary: "The caller's organizer memberships and roles" }).middleware(Authenticated))
  .add(op.get("myOnboardingStatus", "/v2/organizers/me/onboarding-status", { ok: OnboardingStatusView, summary: "Onboarding journey status of the caller's organizer" }).middleware(Authenticated))
  .add(op.get("getOrganizer", "/v2/organizers/:id", { path: IdPath, ok: OrganizerView, summary: "One organizer (its team, or an admin)" }).middleware(OrganizerReadersOrAdmin))
  .add(op.patch("updateOrganizer", "/v2/organizers/:id", { path: IdPath, body: UpdateOrganizerForm, ok: OrganizerView, summary: "Update an organizer (OWNER/ADMIN or admin; multipart; only supplied fields change)" }).middleware(OrganizerManagersOrAdmin))
  .add(op.del("deleteOrganizer", "/v2/organizers/:id", { path: IdPath, ok: Schema.Struct({ id: Schema.String, deleted: Schema.Boolean }), summary: "Delete an organizer (soft; its OWNER or an admin)" }).middleware(OrganizerOwnerOrAdmin))
  .add(op.patch("toggleOrganizer", "/v2/organizers/:id/toggle", { path: IdPath, ok: OrganizerView, summary: "Toggle the organizer's isActive flag (admin)" }).annotate(Requires, Role("admin")).middleware(Authenticated))
  .annotate(OpenApi.Title, "Organizers")
  .annotate(OpenApi.Description, "Organizer accounts: create, list, read, update, delete, toggle, memberships, onboarding")
{}
