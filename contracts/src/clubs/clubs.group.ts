/**
 * Clubs (document C "Clubs"): the public directory, a club by id or slug, clubs of a sport, the
 * creation eligibility and creation. Any signed-in athlete may create a club (subject to
 * `/creation-eligibility`) and becomes its OWNER; a new club starts in DRAFT and goes public once
 * admins approve it (see the onboarding group).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, OneOf, Optional, Query, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, OptionalAuthenticated, PageOf, PageParams } from "../common/index.js"
import { ClubView } from "./club.dto.js"

/** A club slug: 3-60 lowercase letters, digits and single hyphens. */
export const ClubSlug = Schema.String.pipe(
  Schema.filter((s) => s.length >= 3 && s.length <= 60 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s)),
  Schema.annotations({ ...says("slug must be 3-60 lowercase letters, digits and single hyphens"), jsonSchema: { type: "string", example: "pune-pacers" } })
)

/** A sport id (the sports catalog is shared with events; any short token). */
export const SportId = Schema.String.pipe(
  Schema.filter((s) => /^[A-Za-z0-9_-]{1,64}$/.test(s)),
  Schema.annotations(says("each sportId must be 1-64 letters, digits, _ or -"))
)

export const CreateClubBody = Body({
  name: StrLength(2, 80),
  slug: ClubSlug,
  description: Optional(StrLength(0, 2000)),
  sportIds: Optional(Schema.Array(SportId).pipe(Schema.maxItems(10), Schema.annotations(says("sportIds must contain at most 10 sports")))),
  city: Optional(StrLength(1, 80)),
  clubType: Optional(OneOf("COMMUNITY", "CLUB_MEMBERSHIP")),
  requiresApproval: Optional(Bool)
})

export const CreationEligibilityView = Schema.Struct({
  eligible: Schema.Boolean,
  reasons: Schema.Array(Schema.String),
  ownedClubs: Schema.Number,
  maxClubs: Schema.Number
}).annotations({ identifier: "ClubCreationEligibility" })

const BrowseParams = Query({ ...PageParams, search: Optional(StrLength(1, 80)), sportId: Optional(SportId) })

export class ClubsGroup extends HttpApiGroup.make("clubs")
  .add(op.get("browseClubs", "/v2/clubs", { query: BrowseParams, ok: PageOf(ClubView), summary: "The club directory: ACTIVE clubs, newest first (`?search`, `?sportId`, `?page`, `?limit`)" }).middleware(OptionalAuthenticated))
  .add(op.post("createClub", "/v2/clubs", { body: CreateClubBody, ok: ClubView, status: 201, summary: "Create a club (DRAFT); the caller becomes its OWNER" }).middleware(Authenticated).annotate(OpenApi.Description, "Body `{name (2-80), slug (3-60, lowercase, unique), description?, sportIds? (≤10), city?, clubType? COMMUNITY|CLUB_MEMBERSHIP, requiresApproval?}`. 403 CLUB_CREATION_NOT_ELIGIBLE when `/v2/clubs/creation-eligibility` says no; 409 CLUB_SLUG_TAKEN."))
  .add(op.get("clubCreationEligibility", "/v2/clubs/creation-eligibility", { ok: CreationEligibilityView, summary: "Whether the caller may create a club, and why not" }).middleware(Authenticated))
  .add(op.get("clubsBySport", "/v2/clubs/by-sport/:sportId", { path: Schema.Struct({ sportId: SportId }), query: Query(PageParams), ok: PageOf(ClubView), summary: "ACTIVE clubs of one sport, newest first" }).middleware(OptionalAuthenticated))
  .add(op.get("getClub", "/v2/clubs/:idOrSlug", { path: Schema.Struct({ idOrSlug: Schema.String }), ok: ClubView, summary: "A club by id or slug (clubs not yet ACTIVE: only to their OWNER/ADMIN and admins; 404 otherwise)" }).middleware(OptionalAuthenticated))
  .add(op.get("clubSports", "/v2/clubs/:clubId/sports", { path: Schema.Struct({ clubId: Schema.String }), ok: Schema.Struct({ clubId: Schema.String, sportIds: Schema.Array(Schema.String) }), summary: "The sports a club practises" }).middleware(OptionalAuthenticated))
  .annotate(OpenApi.Title, "Clubs")
  .annotate(OpenApi.Description, "Club directory, reads and creation")
{}
