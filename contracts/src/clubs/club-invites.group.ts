/**
 * Club invites and linked organizer accounts (document C "Club invites", "Linked accounts").
 *
 * Invites: the public preview ALWAYS answers 200 with a verdict `{valid, reason, club?}` (reason
 * VALID, UNKNOWN, EXPIRED, REVOKED, EXHAUSTED or CLUB_UNAVAILABLE), never 404. Accepting a TARGETED
 * invite (made for one athlete) makes an ACTIVE member even in a gated club; a share LINK still faces
 * `requiresApproval` (→ PENDING). Accept errors: 404 CLUB_INVITE_UNKNOWN, 409 CLUB_INVITE_EXPIRED /
 * CLUB_INVITE_REVOKED / CLUB_INVITE_EXHAUSTED / CLUB_INVITE_CLUB_UNAVAILABLE, 403 CLUB_INVITE_NOT_FOR_YOU.
 * Invites are created through `POST /v2/admin/clubs/{id}/members` with `mode: INVITE` (the spec lists
 * no other invite-creating path); the token is shown once.
 *
 * Linked accounts: each club the caller OWNS acts as an organizer (for events) through a linked
 * organizer account; `repair` (idempotent) creates missing links and replaces broken ones and says
 * what it did per club.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated, op } from "../common/index.js"
import { ClubInvitePreviewView, ClubOrganizerAccountView, ClubOrganizerRepairView } from "./club-community.dto.js"
import { ClubMemberView } from "./club.dto.js"

const TokenPath = Schema.Struct({ token: Schema.String })

export class ClubInvitesGroup extends HttpApiGroup.make("clubInvites")
  .add(op.get("previewClubInvite", "/v2/clubs/invites/by-token/:token", { path: TokenPath, ok: ClubInvitePreviewView, summary: "Public invite preview: always a verdict {valid, reason, club?}, never 404" }))
  .add(op.post("acceptClubInvite", "/v2/clubs/invites/:token/accept", { path: TokenPath, ok: ClubMemberView, summary: "Accept an invite: targeted → ACTIVE (even in a gated club); share link → requiresApproval applies" }).middleware(Authenticated))
  .annotate(OpenApi.Title, "Club invites")
{}

export class ClubOrganizerAccountsGroup extends HttpApiGroup.make("clubOrganizerAccounts")
  .add(op.get("clubOrganizerAccounts", "/v2/club-organizer-accounts", { ok: Schema.Array(ClubOrganizerAccountView), summary: "The organizer account linked to each club the caller owns (LINKED, MISSING or BROKEN)" }).middleware(Authenticated))
  .add(op.post("repairClubOrganizerAccounts", "/v2/club-organizer-accounts/repair", { ok: ClubOrganizerRepairView, summary: "Create missing and replace broken organizer links of the caller's clubs (idempotent); answers what it did" }).middleware(Authenticated))
  .annotate(OpenApi.Title, "Club linked accounts")
{}
