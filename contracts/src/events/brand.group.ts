/**
 * The organizer brand (C "Organizer brand"): page, cascade defaults, followers and their CSV,
 * prep programs with weekly plan and assignment, SaaS plans/subscribe/cancel/my; and the public
 * list of an organization's published prep programs. Routes act for the organizer the tenancy guard
 * grants (`x-organizer-id` or the caller's own): OWNER/ADMIN write, VIEWER reads. The spec shows no
 * bodies; these are our design.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import {
  Body,
  BrandCascadeDefaults,
  BrandPage,
  inputOf,
  Instant,
  IntFromText,
  NonEmptyStr,
  Optional,
  PrepProgram,
  PrepProgramStatus,
  PrepSession,
  PrepWeek,
  Query,
  SaasPlan,
  SaasSubscription,
  says,
  UuidStr
} from "@podium/kernel"
import { Schema } from "effect"
import { GetMany, op, OrganizerManagers, OrganizerReaders } from "../common/index.js"
import { EditionCheckout } from "./editions.group.js"

const PageParams = { page: Optional(IntFromText(1, 1_000_000)), limit: Optional(IntFromText(1, 100)) }
const OrganizerHeader = Schema.Struct({ "x-organizer-id": Schema.optional(Schema.String) })
const IdPath = Schema.Struct({ id: Schema.String })

const pageFields = ["tagline", "about", "logoUrl", "coverUrl", "accentColor", "website", "instagramUrl", "facebookUrl", "xUrl", "youtubeUrl", "stravaUrl"] as const
export const BrandPageBody = inputOf(BrandPage, { required: [], optional: pageFields })
export const CascadeDefaultsBody = inputOf(BrandCascadeDefaults, {
  required: [],
  optional: ["timezone", "country", "city", "sport", "visibility", "refundPolicy", "editionCapacity"]
})

export const Follower = Schema.Struct({
  userId: Schema.String,
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  followedAt: Instant
}).annotations({ identifier: "BrandFollower" })
export const FollowerPage = GetMany(Follower).annotations({ identifier: "BrandFollowerPage" })
/** RFC 4180 CSV: userId, firstName, lastName, followedAt. */
export const FollowersCsv = HttpApiSchema.Text({ contentType: "text/csv" })

export const PrepProgramPage = GetMany(PrepProgram).annotations({ identifier: "PrepProgramPage" })
export const CreatePrepProgramBody = inputOf(PrepProgram, { required: ["title", "sport", "level", "weeks"], optional: ["description", "eventId", "status"] })
export const UpdatePrepProgramBody = inputOf(PrepProgram, { required: [], optional: ["title", "sport", "level", "weeks", "description", "eventId", "status"] })
export const PrepProgramQuery = Query({ status: Optional(PrepProgramStatus), ...PageParams })

/** A session as organizers write it: duration and notes may be left out. */
const PrepSessionInput = inputOf(PrepSession, { required: ["day", "title"], optional: ["durationMinutes", "notes"] })
const PrepWeekInput = Schema.Struct({
  ...inputOf(PrepWeek, { required: ["week", "focus"], optional: [] }).fields,
  sessions: Schema.Array(PrepSessionInput).pipe(Schema.filter((a) => a.length <= 14), Schema.annotations(says("must contain no more than 14 elements")))
})
export const WeeklyPlanBody = Body({
  weeks: Schema.Array(PrepWeekInput).pipe(Schema.filter((a) => a.length <= 52), Schema.annotations(says("must contain no more than 52 elements")))
})
export const AssignBody = Body({
  userIds: Schema.Array(UuidStr).pipe(
    Schema.filter((a) => a.length >= 1 && a.length <= 500),
    Schema.annotations(says("must contain between 1 and 500 elements"))
  )
})
export const AssignResult = Schema.Struct({
  programId: Schema.String,
  assigned: Schema.Array(Schema.String),
  alreadyAssigned: Schema.Array(Schema.String),
  /** Athletes who do not follow the brand. */
  skipped: Schema.Array(Schema.String)
}).annotations({ identifier: "PrepProgramAssignment" })

export const SubscribeBody = Body({ planId: NonEmptyStr })
export const SubscribeResult = Schema.Struct({ subscription: SaasSubscription, payment: Schema.NullOr(EditionCheckout) }).annotations({ identifier: "SaasSubscribeResult" })
export const MySaas = Schema.Struct({ subscription: Schema.NullOr(SaasSubscription) }).annotations({ identifier: "MySaasSubscription" })

export class OrganizerBrandGroup extends HttpApiGroup.make("organizerBrand")
  .add(op.get("getBrandPage", "/v2/organizer/brand/page", { headers: OrganizerHeader, ok: BrandPage, summary: "The organizer's brand page (fields null until saved)" }).middleware(OrganizerReaders))
  .add(op.patch("updateBrandPage", "/v2/organizer/brand/page", { headers: OrganizerHeader, body: BrandPageBody, ok: BrandPage, summary: "Change the brand page (https links, #RRGGBB accent)" }).middleware(OrganizerManagers))
  .add(op.get("getCascadeDefaults", "/v2/organizer/brand/cascade-defaults", { headers: OrganizerHeader, ok: BrandCascadeDefaults, summary: "The defaults new events (refund policy) and editions (capacity) take when their input leaves them out; the portal pre-fills the rest" }).middleware(OrganizerReaders))
  .add(op.patch("updateCascadeDefaults", "/v2/organizer/brand/cascade-defaults", { headers: OrganizerHeader, body: CascadeDefaultsBody, ok: BrandCascadeDefaults, summary: "Change the cascade defaults" }).middleware(OrganizerManagers))
  .add(op.get("brandFollowers", "/v2/organizer/brand/followers", { headers: OrganizerHeader, query: Query(PageParams), ok: FollowerPage, summary: "Athletes following the organization, newest first (names and follow date)" }).middleware(OrganizerReaders))
  .add(op.get("exportBrandFollowers", "/v2/organizer/brand/followers/export.csv", { headers: OrganizerHeader, success: FollowersCsv, summary: "Every follower as CSV (OWNER/ADMIN; audited)" }).middleware(OrganizerManagers))
  .add(op.get("listPrepPrograms", "/v2/organizer/brand/prep-programs", { headers: OrganizerHeader, query: PrepProgramQuery, ok: PrepProgramPage, summary: "The organizer's prep programs, newest first; filter by status" }).middleware(OrganizerReaders))
  .add(op.post("createPrepProgram", "/v2/organizer/brand/prep-programs", { headers: OrganizerHeader, body: CreatePrepProgramBody, ok: PrepProgram, status: 201, summary: "Create a prep program (draft unless told)" }).middleware(OrganizerManagers))
  .add(op.get("getPrepProgram", "/v2/organizer/brand/prep-programs/:id", { headers: OrganizerHeader, path: IdPath, ok: PrepProgram, summary: "One of the organizer's prep programs" }).middleware(OrganizerReaders))
  .add(op.patch("updatePrepProgram", "/v2/organizer/brand/prep-programs/:id", { headers: OrganizerHeader, path: IdPath, body: UpdatePrepProgramBody, ok: PrepProgram, summary: "Change a prep program (publish, archive); its plan must fit its weeks" }).middleware(OrganizerManagers))
  .add(op.post("assignPrepProgram", "/v2/organizer/brand/prep-programs/:id/assign", { headers: OrganizerHeader, path: IdPath, body: AssignBody, ok: AssignResult, summary: "Assign a published program to athletes who follow the brand (once each; 409 PREP_PROGRAM_NOT_PUBLISHED)" }).middleware(OrganizerManagers))
  .add(op.patch("setPrepWeeklyPlan", "/v2/organizer/brand/prep-programs/:id/weekly-plan", { headers: OrganizerHeader, path: IdPath, body: WeeklyPlanBody, ok: PrepProgram, summary: "Replace the weekly plan (weeks within the program's length, once each)" }).middleware(OrganizerManagers))
  .add(op.get("saasPlans", "/v2/organizer/brand/saas/plans", { headers: OrganizerHeader, ok: Schema.Array(SaasPlan), summary: "The SaaS plans (monthly price in minor units)" }).middleware(OrganizerReaders))
  .add(op.get("mySaas", "/v2/organizer/brand/saas/my", { headers: OrganizerHeader, ok: MySaas, summary: "The organizer's live subscription (pending or active), or null" }).middleware(OrganizerReaders))
  .add(op.post("subscribeSaas", "/v2/organizer/brand/saas/subscribe", { headers: OrganizerHeader, body: SubscribeBody, ok: SubscribeResult, status: 201, summary: "Subscribe to a plan: free → active; paid → pending with a gateway order, activated by the gateway's webhook (409 SAAS_ALREADY_SUBSCRIBED)" }).middleware(OrganizerManagers))
  .add(op.post("cancelSaas", "/v2/organizer/brand/saas/cancel", { headers: OrganizerHeader, ok: SaasSubscription, summary: "Cancel the live subscription (409 SAAS_NOT_SUBSCRIBED without one)" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Organizer brand")
  .annotate(OpenApi.Description, "The organizer's brand: page, defaults, followers, prep programs, SaaS subscription")
{}

export class PublicBrandGroup extends HttpApiGroup.make("publicBrand")
  .add(op.get("organizationPrepPrograms", "/v2/organizations/:orgId/brand-prep-programs", { path: Schema.Struct({ orgId: Schema.String }), query: Query(PageParams), ok: PrepProgramPage, summary: "An organization's published prep programs, newest first" }))
  .annotate(OpenApi.Title, "Organizations / prep programs")
  .annotate(OpenApi.Description, "Published brand prep programs, for the public")
{}
