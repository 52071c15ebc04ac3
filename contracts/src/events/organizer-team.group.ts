/**
 * Organizer team (A 4.8, C): list, invite, change role, revoke, activity; and the invitee's side
 * (`/v2/me/organizer-memberships`, accept). Portal routes act for the organizer named by the
 * `x-organizer-id` header, or the caller's own organizer when it is absent (see the tenancy guard).
 * The last ACTIVE OWNER can be neither demoted nor revoked (409 LAST_OWNER).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, EmailAddress, IntFromText, OneOf, Optional, PhoneNumber, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, OrganizerManagers, OrganizerReaders } from "../common/index.js"
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
  .add(op.get("listTeam", "/v2/organizer/team", { headers: OrganizerHeader, ok: Schema.Array(TeamMemberView), summary: "Team members (ACTIVE and INVITED)" }).middleware(OrganizerReaders))
  .add(op.get("teamActivity", "/v2/organizer/team/activity", { query: Schema.Struct({ limit: Optional(IntFromText(1, 100)), before: Optional(IntFromText(1, Number.MAX_SAFE_INTEGER)) }), headers: OrganizerHeader, ok: ActivityView, summary: "The organizer's activity log, newest first (limit, before cursor)" }).middleware(OrganizerReaders))
  .add(op.post("inviteTeamMember", "/v2/organizer/team/invite", { body: InviteBody, headers: OrganizerHeader, ok: TeamMemberView, status: 201, summary: "Invite a person by phone and/or e-mail with a role" }).middleware(OrganizerManagers))
  .add(op.patch("updateTeamMember", "/v2/organizer/team/:id", { path: Schema.Struct({ id: Schema.String }), body: Body({ role: TeamRole }), headers: OrganizerHeader, ok: TeamMemberView, summary: "Change a member's role" }).middleware(OrganizerManagers))
  .add(op.del("revokeTeamMember", "/v2/organizer/team/:id", { path: Schema.Struct({ id: Schema.String }), headers: OrganizerHeader, ok: TeamMemberView, summary: "Revoke a member" }).middleware(OrganizerManagers))
  .add(op.get("myOrganizerInvitations", "/v2/me/organizer-memberships", { ok: Schema.Array(MembershipView), summary: "The caller's organizer memberships and pending invitations" }).middleware(Authenticated))
  .add(op.post("acceptOrganizerMembership", "/v2/me/organizer-memberships/:id/accept", { path: Schema.Struct({ id: Schema.String }), ok: TeamMemberView, status: 201, summary: "Accept an invitation addressed to the caller" }).middleware(Authenticated))
  .annotate(OpenApi.Title, "Organizer team")
  .annotate(OpenApi.Description, "Team members, invitations, roles and the activity log")
{}
