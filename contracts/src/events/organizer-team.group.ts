/**
 * Organizer team (A 4.8, C): list, invite, change role, revoke, activity; and the invitee's side
 * (`/v2/me/organizer-memberships`, accept). Portal routes act for the organizer named by the
 * `x-organizer-id` header, or the caller's own organizer when it is absent (see the tenancy guard).
 * The last ACTIVE OWNER can be neither demoted nor revoked (409 LAST_OWNER).
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, EmailAddress, IntFromText, OneOf, Optional, PhoneNumber, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, Ok, OrganizerManagers, OrganizerReaders } from "../common/index.js"
import { MembershipView } from "./organizers.group.js"

export const TeamMemberView = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  userId: Schema.NullOr(Schema.String),
  phoneNumber: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  name: Schema.NullOr(Schema.String),
  role: Schema.String,
  status: Schema.String,
  invitedBy: Schema.NullOr(Schema.String),
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "OrganizerTeamMember" })

export const TeamRole = OneOf("OWNER", "ADMIN", "VIEWER")

export const InviteBody = Body({
  phoneNumber: Optional(PhoneNumber),
  email: Optional(EmailAddress),
  name: Optional(StrLength(1, 200)),
  role: TeamRole
})

export const ActivityView = Schema.Struct({
  items: Schema.Array(Schema.Struct({
    seq: Schema.Int,
    action: Schema.String,
    actorKind: Schema.String,
    actorId: Schema.NullOr(Schema.String),
    reason: Schema.NullOr(Schema.String),
    data: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
    occurredAt: Schema.Date
  })),
  /** Pass as `before` for the next (older) page; null at the end. */
  nextBefore: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "OrganizerTeamActivity" })

const OrganizerHeader = Schema.Struct({ "x-organizer-id": Schema.optional(Schema.String) })

export class OrganizerTeamGroup extends HttpApiGroup.make("organizerTeam")
  .add(
    HttpApiEndpoint.get("listTeam", "/v2/organizer/team")
      .middleware(OrganizerReaders)
      .setHeaders(OrganizerHeader)
      .addSuccess(Ok(Schema.Array(TeamMemberView)))
      .annotate(OpenApi.Summary, "Team members (ACTIVE and INVITED)")
  )
  .add(
    HttpApiEndpoint.get("teamActivity", "/v2/organizer/team/activity")
      .middleware(OrganizerReaders)
      .setHeaders(OrganizerHeader)
      .setUrlParams(Schema.Struct({ limit: Optional(IntFromText(1, 100)), before: Optional(IntFromText(1, Number.MAX_SAFE_INTEGER)) }))
      .addSuccess(Ok(ActivityView))
      .annotate(OpenApi.Summary, "The organizer's activity log, newest first (limit, before cursor)")
  )
  .add(
    HttpApiEndpoint.post("inviteTeamMember", "/v2/organizer/team/invite")
      .middleware(OrganizerManagers)
      .setHeaders(OrganizerHeader)
      .setPayload(InviteBody)
      .addSuccess(Ok(TeamMemberView, { status: 201 }))
      .annotate(OpenApi.Summary, "Invite a person by phone and/or e-mail with a role")
  )
  .add(
    HttpApiEndpoint.patch("updateTeamMember", "/v2/organizer/team/:id")
      .middleware(OrganizerManagers)
      .setHeaders(OrganizerHeader)
      .setPath(Schema.Struct({ id: Schema.String }))
      .setPayload(Body({ role: TeamRole }))
      .addSuccess(Ok(TeamMemberView))
      .annotate(OpenApi.Summary, "Change a member's role")
  )
  .add(
    HttpApiEndpoint.del("revokeTeamMember", "/v2/organizer/team/:id")
      .middleware(OrganizerManagers)
      .setHeaders(OrganizerHeader)
      .setPath(Schema.Struct({ id: Schema.String }))
      .addSuccess(Ok(TeamMemberView))
      .annotate(OpenApi.Summary, "Revoke a member")
  )
  .add(
    HttpApiEndpoint.get("myOrganizerInvitations", "/v2/me/organizer-memberships")
      .middleware(Authenticated)
      .addSuccess(Ok(Schema.Array(MembershipView)))
      .annotate(OpenApi.Summary, "The caller's organizer memberships and pending invitations")
  )
  .add(
    HttpApiEndpoint.post("acceptOrganizerMembership", "/v2/me/organizer-memberships/:id/accept")
      .middleware(Authenticated)
      .setPath(Schema.Struct({ id: Schema.String }))
      .addSuccess(Ok(TeamMemberView, { status: 201 }))
      .annotate(OpenApi.Summary, "Accept an invitation addressed to the caller")
  )
  .annotate(OpenApi.Title, "Organizer team")
  .annotate(OpenApi.Description, "Team members, invitations, roles and the activity log")
{}
