/**
 * Organizer oversight (B "Organizer oversight", A 3): the admin detail read (incl. suspension and
 * KYC state), suspend (APPROVED → SUSPENDED; revokes the team's access and every active session at
 * once) and unsuspend (→ APPROVED). Admins holding `organizers.review`.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"
import { OrganizerView } from "./organizer.dto.js"

export const AdminOrganizerDetail = Schema.Struct({
  ...OrganizerView.fields,
  teamSize: Schema.Int,
  kyc: Schema.NullOr(Schema.Struct({ id: Schema.String, status: Schema.String, reviewReason: Schema.NullOr(Schema.String) }))
}).annotations({ identifier: "AdminOrganizerDetail" })

/** Suspend body: the reason, 10–500 characters (like every admin reason). */
export const SuspendBody = Body({ reason: StrLength(10, 500) })

export const SuspendResult = Schema.Struct({
  ...OrganizerView.fields,
  sessionsRevoked: Schema.Int
}).annotations({ identifier: "OrganizerSuspension" })

const OrganizerIdPath = Schema.Struct({ organizerId: Schema.String })

export class OrganizerOversightGroup extends HttpApiGroup.make("organizerOversight")
  .add(op.get("adminGetOrganizer", "/v2/admin/organizers/:organizerId", { path: OrganizerIdPath, ok: AdminOrganizerDetail, summary: "Organizer detail incl. suspension, KYC state and team size (admin, organizers.review)" }).middleware(Authenticated))
  .add(op.post("suspendOrganizer", "/v2/admin/organizers/:organizerId/suspend", { path: OrganizerIdPath, body: SuspendBody, ok: SuspendResult, summary: "Suspend an APPROVED organizer; revokes its team's access and sessions at once (admin)" }).middleware(Authenticated))
  .add(op.post("unsuspendOrganizer", "/v2/admin/organizers/:organizerId/unsuspend", { path: OrganizerIdPath, ok: OrganizerView, summary: "Unsuspend a SUSPENDED organizer (back to APPROVED; admin)" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("organizers.review"))
  .annotate(OpenApi.Title, "Organizer oversight")
  .annotate(OpenApi.Description, "Admin oversight of organizers: detail, suspend, unsuspend")
{}
