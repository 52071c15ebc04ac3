/**
 * Official partners (A 4.6). Admins holding `partners.manage` designate an approved, active
 * organizer or an active club as an official partner (tier and benefits from the benefit
 * definitions, validity window, logo, display fields), list candidates, read, change and remove
 * partnerships (DELETE carries RemoveOfficialPartnerDto), upload logos and configure the single
 * athlete exclusive partner tab. The public reads answer only live partnerships; the tab's config
 * is a conditional read (`if-none-match` required, `etag` answered, 304 when unchanged).
 */
import { HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import {
  Body,
  Bool,
  DateTimeText,
  Form,
  Instant,
  IntBetween,
  NonEmptyStr,
  OfficialPartner,
  OfficialPartnerStatus,
  Optional,
  PartnerBenefit,
  PartnerExclusiveTab,
  PartnerLogoImage,
  PartnerSubjectType,
  PartnerTier,
  PartnerWebsite,
  Query,
  says,
  StrLength,
  UuidStr,
  validationTextOf
} from "@podium/kernel"
import { Option, Schema } from "effect"
import { AdminPermission, Authenticated, op, PageOf, PageParams, Requires } from "../common/index.js"

/** A partnership as admins see it: the record, its status now and a short-lived logo URL. */
export const OfficialPartnerView = Schema.Struct({
  ...OfficialPartner.fields,
  status: OfficialPartnerStatus,
  logoUrl: Schema.NullOr(Schema.String)
}).annotations({ identifier: "OfficialPartnerView" })

export const PartnerCandidateView = Schema.Struct({
  subjectType: PartnerSubjectType,
  subjectId: Schema.String,
  name: Schema.String,
  city: Schema.NullOr(Schema.String),
  verified: Schema.Boolean,
  /** The subject's current partnership, when it already is a partner. */
  partnerId: Schema.NullOr(Schema.String)
}).annotations({ identifier: "OfficialPartnerCandidate" })

export const PartnerBenefitDefinitionsView = Schema.Struct({
  tiers: Schema.Array(Schema.Struct({ tier: PartnerTier, label: Schema.String, rank: Schema.Int, benefits: Schema.Array(PartnerBenefit) })),
  benefits: Schema.Array(Schema.Struct({ key: PartnerBenefit, label: Schema.String, description: Schema.String }))
}).annotations({ identifier: "OfficialPartnerBenefitDefinitions" })

export const ExclusiveTabTargetView = Schema.Struct({
  id: Schema.String,
  subjectType: PartnerSubjectType,
  subjectId: Schema.String,
  displayName: Schema.String,
  tier: PartnerTier,
  status: OfficialPartnerStatus,
  validFrom: Instant,
  validUntil: Schema.NullOr(Instant)
}).annotations({ identifier: "OfficialPartnerExclusiveTabTarget" })

export const ExclusiveTabView = Schema.Struct({
  ...PartnerExclusiveTab.fields,
  partner: Schema.NullOr(ExclusiveTabTargetView),
  /** Whether athletes see the tab now (enabled, its partnership ACTIVE, its subject still eligible). */
  live: Schema.Boolean
}).annotations({ identifier: "OfficialPartnerExclusiveTab" })

/** The public-safe projection of a live partnership. */
export const PublicPartnerView = Schema.Struct({
  subjectType: PartnerSubjectType,
  subjectId: Schema.String,
  tier: PartnerTier,
  benefits: Schema.Array(PartnerBenefit),
  displayName: Schema.String,
  tagline: Schema.NullOr(Schema.String),
  description: Schema.NullOr(Schema.String),
  websiteUrl: Schema.NullOr(Schema.String),
  logoUrl: Schema.NullOr(Schema.String),
  validFrom: Instant,
  validUntil: Schema.NullOr(Instant)
}).annotations({ identifier: "PublicOfficialPartner" })

export const ExclusiveTabConfigView = Schema.Struct({
  enabled: Schema.Boolean,
  title: Schema.NullOr(Schema.String),
  subtitle: Schema.NullOr(Schema.String),
  partner: Schema.NullOr(PublicPartnerView)
}).annotations({ identifier: "OfficialPartnerExclusiveTabConfig" })

export const PartnerLogoImageView = Schema.Struct({ ...PartnerLogoImage.fields, url: Schema.String }).annotations({ identifier: "OfficialPartnerLogoImage" })

/** A field that may also be cleared with null, reported with the field's own wording (one message, not one per member). */
const nullable = <S extends Schema.Schema.Any>(schema: S) => Schema.NullOr(schema).annotations(says(validationTextOf(schema.ast) ?? "has an invalid value"))

const partnerFields = {
  benefits: Optional(Schema.Array(PartnerBenefit).pipe(Schema.maxItems(6)).annotations(says("must be a list of benefit keys"))),
  displayName: Optional(OfficialPartner.fields.displayName),
  tagline: Optional(nullable(StrLength(1, 160))),
  description: Optional(nullable(StrLength(1, 2000))),
  websiteUrl: Optional(nullable(PartnerWebsite)),
  displayOrder: Optional(IntBetween(0, 10000)),
  logoImageId: Optional(nullable(UuidStr)),
  validFrom: Optional(DateTimeText),
  validUntil: Optional(nullable(DateTimeText))
}

/** Designates a subject: its type and id and a tier are required; benefits default to the tier's. */
export const UpsertOfficialPartnerDto = Body({ subjectType: PartnerSubjectType, subjectId: UuidStr, tier: PartnerTier, ...partnerFields })
  .annotations({ identifier: "UpsertOfficialPartnerDto" })
/** The same fields, each optional; the subject may be repeated but not changed. */
export const UpdateOfficialPartnerDto = Body({ subjectType: Optional(PartnerSubjectType), subjectId: Optional(UuidStr), tier: Optional(PartnerTier), ...partnerFields })
  .annotations({ identifier: "UpdateOfficialPartnerDto" })
export const RemoveOfficialPartnerDto = Body({ reason: StrLength(10, 500) }).annotations({ identifier: "RemoveOfficialPartnerDto" })
export const UpsertOfficialPartnerExclusiveTabDto = Body({
  enabled: Bool,
  partnerId: Optional(nullable(UuidStr)),
  title: Optional(nullable(StrLength(1, 40))),
  subtitle: Optional(nullable(StrLength(1, 120)))
}).annotations({ identifier: "UpsertOfficialPartnerExclusiveTabDto" })

export const PartnerLogoForm = HttpApiSchema.Multipart(Form({ logoImage: Multipart.SingleFileSchema.annotations(says("must be a single file")) }), {
  maxFileSize: Option.some(5 * 1024 * 1024),
  maxParts: Option.some(2),
  maxFieldSize: 16 * 1024
})

const IdPath = Schema.Struct({ id: Schema.String })
const base = "/v2/admin/official-partners"
const PartnerList = Query({
  ...PageParams,
  status: Optional(OfficialPartnerStatus),
  subjectType: Optional(PartnerSubjectType),
  tier: Optional(PartnerTier),
  search: Optional(StrLength(1, 100))
})
const CandidateQuery = Query({ ...PageParams, subjectType: Optional(PartnerSubjectType), search: Optional(StrLength(1, 100)) })

// Literal paths are listed before `/:id`, which would otherwise shadow them.
export class AdminOfficialPartnersGroup extends HttpApiGroup.make("adminOfficialPartners")
  .add(op.get("officialPartnerBenefitDefinitions", `${base}/benefit-definitions`, { ok: PartnerBenefitDefinitionsView, summary: "The partner tiers and the benefits each may hold" }))
  .add(op.get("officialPartnerCandidates", `${base}/candidates`, { query: CandidateQuery, ok: PageOf(PartnerCandidateView), summary: "Who could be a partner: approved, active organizers (by name), then active clubs (oldest first); search by name" }))
  .add(op.get("officialPartners", base, { query: PartnerList, ok: PageOf(OfficialPartnerView), summary: "Partnerships by display order and name; status filter (default: every one not removed)" }))
  .add(op.post("designateOfficialPartner", base, { body: UpsertOfficialPartnerDto, ok: OfficialPartnerView, status: 201, summary: "Designate an organizer or a club as an official partner" }).annotate(OpenApi.Description, "404 PARTNER_SUBJECT_NOT_FOUND, 404 PARTNER_LOGO_NOT_FOUND; 409 PARTNER_SUBJECT_NOT_ELIGIBLE (not an approved, active organizer or an active club); 409 OFFICIAL_PARTNER_EXISTS (one current partnership per subject: of two concurrent designations one wins)."))
  .add(op.get("officialPartnerExclusiveTab", `${base}/exclusive-tab`, { ok: ExclusiveTabView, summary: "The athlete exclusive partner tab's configuration and whether athletes see it now" }))
  .add(op.put("putOfficialPartnerExclusiveTab", `${base}/exclusive-tab`, { body: UpsertOfficialPartnerExclusiveTabDto, ok: ExclusiveTabView, summary: "Configure the single athlete exclusive partner tab (enabling needs partnerId and title)" }).annotate(OpenApi.Description, "404 OFFICIAL_PARTNER_NOT_FOUND; 409 EXCLUSIVE_TAB_TARGET_NOT_ELIGIBLE unless the partnership is current, not expired and holds ATHLETE_EXCLUSIVE_TAB."))
  .add(op.get("officialPartnerExclusiveTabTargets", `${base}/exclusive-tab/targets`, { ok: Schema.Array(ExclusiveTabTargetView), summary: "The partnerships the exclusive tab may show" }))
  .add(op.post("uploadOfficialPartnerLogo", `${base}/logo-images`, { body: PartnerLogoForm, ok: PartnerLogoImageView, status: 201, summary: "Upload a partner logo (multipart logoImage: PNG, JPG or WEBP, 5 MB); pass its id as logoImageId" }))
  .add(op.get("officialPartner", `${base}/:id`, { path: IdPath, ok: OfficialPartnerView, summary: "One partnership (removed ones included)" }))
  .add(op.patch("updateOfficialPartner", `${base}/:id`, { path: IdPath, body: UpdateOfficialPartnerDto, ok: OfficialPartnerView, summary: "Change a current partnership (409 OFFICIAL_PARTNER_REMOVED once removed)" }))
  .add(op.del("removeOfficialPartner", `${base}/:id`, { path: IdPath, body: RemoveOfficialPartnerDto, ok: OfficialPartnerView, summary: "Remove a partnership with a reason (10-500 characters); kept as history" }).annotate(OpenApi.Description, "409 OFFICIAL_PARTNER_REMOVED when it already was: of two concurrent removals one wins."))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("partners.manage"))
  .annotate(OpenApi.Title, "Admin: official partners")
{}

/** The conditional read's header: the entity tag the client holds (required by the spec). */
const ConditionalRead = Query({ "if-none-match": NonEmptyStr })

/**
 * The public reads. The spec leaves the tab config's authentication open; it is public because the
 * app builds its navigation before sign-in and the answer holds only public-safe partner fields.
 */
export class OfficialPartnersGroup extends HttpApiGroup.make("officialPartners")
  .add(op.get("officialPartnerExclusiveTabConfig", "/v2/official-partners/exclusive-tab/config", { headers: ConditionalRead, ok: ExclusiveTabConfigView, summary: "The athlete exclusive partner tab (public); 304 with no body when if-none-match holds the current etag" }))
  .add(op.get("publicOfficialPartner", "/v2/official-partners/:subjectType/:subjectId", { path: Schema.Struct({ subjectType: PartnerSubjectType, subjectId: Schema.String }), ok: PublicPartnerView, summary: "An organizer's or club's live partnership, public-safe (404 OFFICIAL_PARTNER_NOT_FOUND otherwise)" }))
  .annotate(OpenApi.Title, "Official partners")
{}
