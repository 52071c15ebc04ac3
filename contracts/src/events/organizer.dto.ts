/** Organizer records on the wire and the multipart field schemas of A 2.2. */
import { Multipart } from "@effect/platform"
import { EmailAddress, OneOf, PhoneNumber, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"

/** The Organizer record. Files are answered as short-lived signed `/v2/media/content/...` URLs. */
export const OrganizerView = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  slug: Schema.String,
  phoneNumber: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  companyName: Schema.NullOr(Schema.String),
  commission: Schema.NullOr(Schema.Number),
  isActive: Schema.Boolean,
  approvalStatus: Schema.String,
  reviewReason: Schema.NullOr(Schema.String),
  companyLogo: Schema.NullOr(Schema.String),
  companyBanner: Schema.NullOr(Schema.String),
  headline: Schema.NullOr(Schema.String),
  about: Schema.NullOr(Schema.String),
  city: Schema.NullOr(Schema.String),
  state: Schema.NullOr(Schema.String),
  links: Schema.Struct({
    website: Schema.optional(Schema.String),
    youtube: Schema.optional(Schema.String),
    instagram: Schema.optional(Schema.String)
  }),
  pickupLocation: Schema.NullOr(Schema.String),
  suspendedAt: Schema.NullOr(Schema.Date),
  suspendReason: Schema.NullOr(Schema.String),
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "Organizer" })
export type OrganizerView = typeof OrganizerView.Type

/** A row of the admin list (`fields` may narrow it). */
export const OrganizerListItem = Schema.partial(OrganizerView).annotations({ identifier: "OrganizerListItem" })

/** The public organization profile. */
export const OrganizationProfile = Schema.Struct({
  id: Schema.String,
  slug: Schema.String,
  name: Schema.String,
  companyName: Schema.NullOr(Schema.String),
  headline: Schema.NullOr(Schema.String),
  about: Schema.NullOr(Schema.String),
  city: Schema.NullOr(Schema.String),
  state: Schema.NullOr(Schema.String),
  links: OrganizerView.fields.links,
  companyLogo: Schema.NullOr(Schema.String),
  companyBanner: Schema.NullOr(Schema.String),
  followers: Schema.Int
}).annotations({ identifier: "OrganizationProfile" })

export const FollowResult = Schema.Struct({
  organizerId: Schema.String,
  following: Schema.Boolean,
  followers: Schema.Int
})

// ---- multipart text fields (every value arrives as text) ----

/** One uploaded file. */
export const FileField = Multipart.SingleFileSchema.annotations(says("must be a single file"))
/** A number 0–100 given as text (commission percentage). */
export const PercentText = Schema.NumberFromString.pipe(
  Schema.filter((n) => Number.isFinite(n) && n >= 0 && n <= 100),
  Schema.annotations(says("must be a number between 0 and 100"))
)
/** `true` or `false` as text. */
export const BoolText = Schema.Literal("true", "false").pipe(
  Schema.transform(Schema.Boolean, { strict: true, decode: (s) => s === "true", encode: (b) => (b ? "true" : "false") }),
  Schema.annotations(says("must be a boolean value"))
)
export const ApprovalStatusText = OneOf("PENDING", "APPROVED", "REJECTED", "SUSPENDED")
export const NameText = StrLength(1, 200)
export const ShortText = StrLength(0, 200)
export const LongText = StrLength(0, 5000)
export { EmailAddress, PhoneNumber }
