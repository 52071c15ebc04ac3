/**
 * Crew join codes (C "Crew join codes"). Organizer side (`/v2/orgs/{orgId}/crew-join-codes`,
 * OWNER or ADMIN): create codes with an optional label, expiry and maximum uses; list, edit and
 * revoke them. Volunteer side (public): preview a code, and redeem it with a phone number or
 * e-mail, which creates the volunteer's crew member row for the organizer (or finds the one they
 * already have there) so crew sign-in (`/v2/auth/crew/...`) works for them. Unknown codes answer
 * 404; expired, revoked or used-up codes 409 JOIN_CODE_EXPIRED / JOIN_CODE_REVOKED / JOIN_CODE_EXHAUSTED.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, EmailAddress, IntBetween, NonEmptyStr, Optional, PhoneNumber, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { op, OrganizerManagers } from "../common/index.js"

export const CrewJoinCodeView = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  code: Schema.String,
  label: Schema.NullOr(Schema.String),
  expiresAt: Schema.NullOr(Schema.Date),
  maxUses: Schema.NullOr(Schema.Number),
  uses: Schema.Number,
  remainingUses: Schema.NullOr(Schema.Number),
  status: Schema.String,
  revokedAt: Schema.NullOr(Schema.Date),
  createdBy: Schema.NullOr(Schema.String),
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "CrewJoinCode" })

export const CrewJoinPreview = Schema.Struct({
  code: Schema.String,
  organizerId: Schema.String,
  organizerName: Schema.String,
  organizerSlug: Schema.String,
  label: Schema.NullOr(Schema.String),
  expiresAt: Schema.NullOr(Schema.Date),
  remainingUses: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "CrewJoinCodePreview" })

export const CrewJoinResult = Schema.Struct({
  crewMemberId: Schema.String,
  organizerId: Schema.String,
  organizerName: Schema.String,
  phoneNumber: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  name: Schema.NullOr(Schema.String),
  /** False when the volunteer had already joined this organizer (no use consumed). */
  created: Schema.Boolean
}).annotations({ identifier: "CrewJoinResult" })

const When = Schema.Date.annotations(says("must be a valid ISO 8601 date string"))
const Label = StrLength(1, 100)
const MaxUses = IntBetween(1, 100_000)

export const CreateCrewJoinCodeBody = Body({
  label: Optional(Label),
  expiresAt: Optional(When),
  maxUses: Optional(MaxUses)
})

export const UpdateCrewJoinCodeBody = Body({
  label: Optional(Schema.NullOr(Label)),
  expiresAt: Optional(Schema.NullOr(When)),
  maxUses: Optional(Schema.NullOr(MaxUses))
})

const JoinCode = StrLength(4, 32)

export const PreviewCrewJoinCodeBody = Body({ code: JoinCode })

export const RedeemCrewJoinCodeBody = Body({
  code: JoinCode,
  name: Optional(StrLength(1, 100)),
  phoneNumber: Optional(PhoneNumber),
  email: Optional(EmailAddress)
})

const OrgPath = Schema.Struct({ orgId: Schema.String })
const CodePath = Schema.Struct({ orgId: Schema.String, id: NonEmptyStr })

export class CrewJoinCodesGroup extends HttpApiGroup.make("crewJoinCodes")
  .add(op.get("listCrewJoinCodes", "/v2/orgs/:orgId/crew-join-codes", { path: OrgPath, ok: Schema.Array(CrewJoinCodeView), summary: "The organizer's crew join codes, newest first" }))
  .add(op.post("createCrewJoinCode", "/v2/orgs/:orgId/crew-join-codes", { path: OrgPath, body: CreateCrewJoinCodeBody, ok: CrewJoinCodeView, status: 201, summary: "Create a crew join code (optional label, expiry, maximum uses)" }))
  .add(op.patch("updateCrewJoinCode", "/v2/orgs/:orgId/crew-join-codes/:id", { path: CodePath, body: UpdateCrewJoinCodeBody, ok: CrewJoinCodeView, summary: "Change a code's label, expiry or maximum uses (null removes a limit)" }))
  .add(op.post("revokeCrewJoinCode", "/v2/orgs/:orgId/crew-join-codes/:id/revoke", { path: CodePath, ok: CrewJoinCodeView, summary: "Revoke a code (idempotent)" }))
  .middleware(OrganizerManagers)
  .annotate(OpenApi.Title, "Crew join codes (organizer)")
  .annotate(OpenApi.Description, "An organizer's codes that let volunteers join its crew")
{}

export class CrewJoinGroup extends HttpApiGroup.make("crewJoin")
  .add(op.post("previewCrewJoinCode", "/v2/crew/join-codes/preview", { body: PreviewCrewJoinCodeBody, ok: CrewJoinPreview, summary: "What a join code leads to (public; persists nothing)" }))
  .add(op.post("redeemCrewJoinCode", "/v2/crew/join-codes/redeem", { body: RedeemCrewJoinCodeBody, ok: CrewJoinResult, status: 201, summary: "Join an organizer's crew with a code and a phone number or e-mail (public); then sign in through /v2/auth/crew" }))
  .annotate(OpenApi.Title, "Crew join codes")
  .annotate(OpenApi.Description, "Volunteers preview and redeem crew join codes")
{}
