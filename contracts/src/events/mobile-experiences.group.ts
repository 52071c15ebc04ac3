/**
 * Mobile experiences and promotions (A 4.7). Admins with `promotions.manage` write in-app
 * promotional placements (UpsertMobileExperienceDto), upload their creative, publish, pause and
 * archive them (DELETE archives, soft), and read options, destinations, analytics and a user's
 * eligibility. Athletes read the promotions of a placement (frequency-capped per app session) and
 * record impressions and clicks. Organizer team members read the experiences that promote their
 * events (A says bearer; the organizer portal path means team membership) and their numbers.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import {
  Body,
  DateTimeText,
  DestinationRoute,
  ExperienceAnalytics,
  ExperienceAudience,
  ExperienceCreative,
  ExperienceFormat,
  ExperiencePlacement,
  ExperiencePurpose,
  ExperienceStatus,
  Form,
  IntFromText,
  MobileExperience,
  Optional,
  Query,
  StrLength,
  UuidStr
} from "@podium/kernel"
import { Option, Schema } from "effect"
import { AdminPermission, Authenticated, op, OrganizerReaders, PageOf, PageParams, Requires, Role } from "../common/index.js"
import { FileField } from "./organizer.dto.js"

/** An experience with a short-lived public URL of its creative (null without one). */
export const MobileExperienceView = Schema.Struct({
  ...MobileExperience.fields,
  mediaUrl: Schema.NullOr(Schema.String),
  mediaContentType: Schema.NullOr(Schema.String)
}).annotations({ identifier: "MobileExperienceView" })

/** What organizers see: the experience without its audience (user lists are the platform's). */
export const OrganizerPromotionView = MobileExperienceView.pipe(Schema.omit("audience", "createdBy")).annotations({ identifier: "OrganizerPromotionView" })

/** What the app shows of one promotion. */
export const PromotionView = Schema.Struct({
  id: UuidStr,
  placement: ExperiencePlacement,
  format: ExperienceFormat,
  title: Schema.String,
  body: Schema.NullOr(Schema.String),
  ctaLabel: Schema.NullOr(Schema.String),
  mediaUrl: Schema.NullOr(Schema.String),
  mediaContentType: Schema.NullOr(Schema.String),
  destinationRoute: DestinationRoute,
  destinationId: Schema.NullOr(Schema.String),
  priority: Schema.Int
}).annotations({ identifier: "PromotionView" })

const NullableDate = Schema.NullOr(DateTimeText)

/** UpsertMobileExperienceDto: every field of the form; create requires name, purpose, placement and title. */
const upsertFields = {
  format: Optional(ExperienceFormat),
  body: Optional(MobileExperience.fields.body),
  ctaLabel: Optional(MobileExperience.fields.ctaLabel),
  creativeId: Optional(MobileExperience.fields.creativeId),
  destinationRoute: Optional(DestinationRoute),
  destinationId: Optional(MobileExperience.fields.destinationId),
  audience: Optional(Body({
    newUsersWithinDays: Optional(ExperienceAudience.fields.newUsersWithinDays),
    minAccountAgeDays: Optional(ExperienceAudience.fields.minAccountAgeDays),
    includeUserIds: Optional(ExperienceAudience.fields.includeUserIds),
    excludeUserIds: Optional(ExperienceAudience.fields.excludeUserIds)
  })),
  priority: Optional(MobileExperience.fields.priority),
  frequencyCapPerSession: Optional(MobileExperience.fields.frequencyCapPerSession),
  startsAt: Optional(NullableDate),
  endsAt: Optional(NullableDate)
}
export const CreateMobileExperienceBody = Body({
  name: MobileExperience.fields.name,
  purpose: ExperiencePurpose,
  placement: ExperiencePlacement,
  title: MobileExperience.fields.title,
  ...upsertFields
}).annotations({ identifier: "UpsertMobileExperienceDto" })
export const UpdateMobileExperienceBody = Body({
  name: Optional(MobileExperience.fields.name),
  purpose: Optional(ExperiencePurpose),
  placement: Optional(ExperiencePlacement),
  title: Optional(MobileExperience.fields.title),
  ...upsertFields
}).annotations({ identifier: "UpdateMobileExperienceDto" })

/** A day (`2026-03-01`) or an ISO 8601 date-time. */
const DateParam = Schema.transform(
  Schema.String.pipe(Schema.filter((s) => /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}.*)?$/.test(s) && !Number.isNaN(Date.parse(s)), { message: () => "must be a valid ISO 8601 date string" })),
  Schema.DateFromSelf,
  { strict: true, decode: (s) => new Date(s), encode: (d) => d.toISOString() }
).annotations({ message: () => "must be a valid ISO 8601 date string", jsonSchema: { type: "string", format: "date-time" } })
const Period = Query({ from: Optional(DateParam), to: Optional(DateParam) })

const IdPath = Schema.Struct({ id: Schema.String })
const PromotionPath = Schema.Struct({ promotionId: Schema.String })
const Admin = AdminPermission("promotions.manage")
const Base = "/v2/admin/mobile-experiences"

export const ExperienceOptionsView = Schema.Struct({
  purposes: Schema.Array(Schema.String),
  placements: Schema.Array(Schema.String),
  formats: Schema.Array(Schema.String),
  statuses: Schema.Array(Schema.String),
  destinationRoutes: Schema.Array(Schema.String),
  creativeTypes: Schema.Array(Schema.String),
  limits: Schema.Record({ key: Schema.String, value: Schema.Number })
}).annotations({ identifier: "MobileExperienceOptions" })

const DestinationEntry = Schema.Struct({ route: DestinationRoute, label: Schema.String, needsId: Schema.Boolean, searchable: Schema.Boolean })
const DestinationTarget = Schema.Struct({ id: Schema.String, label: Schema.String, status: Schema.String })
export const DestinationsView = Schema.Struct({
  routes: Schema.Array(DestinationEntry),
  target: Schema.NullOr(Schema.Struct({ route: DestinationRoute, ...DestinationTarget.fields }))
}).annotations({ identifier: "MobileExperienceDestinations" })
export const DestinationSearchView = Schema.Struct({ route: DestinationRoute, items: Schema.Array(DestinationTarget) }).annotations({ identifier: "MobileExperienceDestinationSearch" })
export const EligibilityView = Schema.Struct({ experienceId: Schema.String, userId: Schema.String, eligible: Schema.Boolean, reasons: Schema.Array(Schema.String) }).annotations({ identifier: "MobileExperienceEligibility" })
export const CreativeView = Schema.Struct({ ...ExperienceCreative.fields, url: Schema.String }).annotations({ identifier: "MobileExperienceCreative" })
export const CreativeForm = HttpApiSchema.Multipart(Form({ file: Optional(FileField) }), { maxFileSize: Option.some(60 * 1024 * 1024), maxParts: Option.some(3), maxFieldSize: 16 * 1024 })
const EngagementBody = Body({ sessionId: StrLength(1, 100) })
export const EngagementView = Schema.Struct({ promotionId: Schema.String, sessionId: Schema.String, counted: Schema.Boolean }).annotations({ identifier: "PromotionEngagement" })

export class AdminMobileExperiencesGroup extends HttpApiGroup.make("adminMobileExperiences")
  .add(op.get("mobileExperienceOptions", `${Base}/options`, { ok: ExperienceOptionsView, summary: "The admin form's enums: purposes, placements, formats, statuses, destination routes, creative types and limits" }))
  .add(op.get("listMobileExperiences", Base, { query: Query({ status: Optional(ExperienceStatus), purpose: Optional(ExperiencePurpose), search: Optional(StrLength(1, 100)), ...PageParams }), ok: PageOf(MobileExperienceView), summary: "List experiences, newest first (filter by status, purpose, search in name or title)" }))
  .add(op.post("createMobileExperience", Base, { body: CreateMobileExperienceBody, ok: MobileExperienceView, status: 201, summary: "Create a DRAFT experience (destination and creative must exist: 400 otherwise)" }))
  .add(op.get("mobileExperienceDestinations", `${Base}/destinations`, { query: Query({ route: Optional(DestinationRoute), search: Optional(StrLength(0, 100)), id: Optional(StrLength(1, 100)) }), ok: DestinationsView, summary: "The routes the app can open; with route and id, the record it names (404 DESTINATION_NOT_FOUND)" }))
  .add(op.get("searchMobileExperienceDestinations", `${Base}/destinations/search`, { query: Query({ route: DestinationRoute, q: Optional(StrLength(0, 100)), id: Optional(StrLength(1, 100)) }), ok: DestinationSearchView, summary: "Search the records an EVENT, CHALLENGE or CLUB route can open (public events, active challenges, active clubs)" }))
  .add(op.post("uploadMobileExperienceMedia", `${Base}/media`, { body: CreativeForm, ok: CreativeView, status: 201, summary: "Upload one creative (multipart file: PNG, JPG or WEBP up to 5 MB, or MP4 up to 50 MB); use its id as creativeId" }))
  .add(op.get("getMobileExperience", `${Base}/:id`, { path: IdPath, ok: MobileExperienceView, summary: "Read an experience (404 MOBILE_EXPERIENCE_NOT_FOUND)" }))
  .add(op.patch("updateMobileExperience", `${Base}/:id`, { path: IdPath, body: UpdateMobileExperienceBody, ok: MobileExperienceView, summary: "Change an experience (409 MOBILE_EXPERIENCE_ARCHIVED once archived)" }))
  .add(op.del("archiveMobileExperience", `${Base}/:id`, { path: IdPath, ok: MobileExperienceView, summary: "Archive an experience (soft delete; it stops being served, its analytics stay)" }))
  .add(op.get("mobileExperienceAnalytics", `${Base}/:id/analytics`, { path: IdPath, query: Period, ok: ExperienceAnalytics, summary: "Impressions, clicks, unique viewers, sessions, click-through rate and a daily series (query from, to)" }))
  .add(op.get("mobileExperienceEligibility", `${Base}/:id/eligibility`, { path: IdPath, query: Query({ userId: UuidStr }), ok: EligibilityView, summary: "Whether a user would be shown the experience now, and every reason not" }))
  .add(op.post("publishMobileExperience", `${Base}/:id/publish`, { path: IdPath, ok: MobileExperienceView, status: 201, summary: "Publish a DRAFT or PAUSED experience (409 MOBILE_EXPERIENCE_MOVE_REFUSED, MOBILE_EXPERIENCE_ENDED)" }))
  .add(op.post("pauseMobileExperience", `${Base}/:id/pause`, { path: IdPath, ok: MobileExperienceView, status: 201, summary: "Pause a PUBLISHED experience (409 MOBILE_EXPERIENCE_MOVE_REFUSED)" }))
  .middleware(Authenticated)
  .annotate(Requires, Admin)
  .annotate(OpenApi.Title, "Mobile experiences")
{}

export class MyPromotionsGroup extends HttpApiGroup.make("myPromotions")
  .add(op.get("myPromotions", "/v2/users/me/promotions", { query: Query({ placement: ExperiencePlacement, sessionId: Optional(StrLength(1, 100)), limit: Optional(IntFromText(1, 20)) }), ok: Schema.Array(PromotionView), summary: "The published promotions of a placement meant for the caller, priority first; with sessionId, those that reached their per-session cap are left out" }))
  .add(op.post("recordPromotionImpression", "/v2/users/me/promotions/:promotionId/impression", { path: PromotionPath, body: EngagementBody, ok: EngagementView, status: 201, summary: "Count an impression in the session (counted false once the per-session cap is reached)" }))
  .add(op.post("recordPromotionClick", "/v2/users/me/promotions/:promotionId/click", { path: PromotionPath, body: EngagementBody, ok: EngagementView, status: 201, summary: "Record the session's click (once per session; a repeat answers counted false)" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("user"))
  .annotate(OpenApi.Title, "Promotions")
{}

export class OrganizerMobilePromotionsGroup extends HttpApiGroup.make("organizerMobilePromotions")
  .add(op.get("organizerPromotions", "/v2/organizer/promotions", { query: Query(PageParams), ok: PageOf(OrganizerPromotionView), summary: "The experiences promoting the organizer's events that were published at least once, newest first" }).middleware(OrganizerReaders))
  .add(op.get("organizerPromotionAnalytics", "/v2/organizer/promotions/:promotionId/analytics", { path: PromotionPath, query: Period, ok: ExperienceAnalytics, summary: "The numbers of one experience promoting the organizer's event (query from, to; 404 PROMOTION_NOT_FOUND otherwise)" }).middleware(OrganizerReaders))
  .annotate(OpenApi.Title, "Organizer promotions")
{}
