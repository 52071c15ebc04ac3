/**
 * Club membership and relations, the athlete side (document C "Clubs"; states.tsv "Club membership",
 * "Club follow / mute / block"): join (open club → ACTIVE; `requiresApproval` club → PENDING; joining
 * again answers the membership unchanged), leave (the last OWNER cannot: 409 CLUB_LAST_OWNER), the
 * caller's membership (null when none), members and featured members (public for open clubs; gated
 * clubs show them to their members only: 403 CLUB_MEMBERS_PRIVATE), follow / mute / block switches
 * (idempotent; blocking unfollows; following or joining a blocked club: 409 CLUB_BLOCKED), counts,
 * the summary, the managers' readiness checklist and the social verdict. Clubs athletes cannot see
 * answer 404 CLUB_NOT_FOUND.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Query } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, ClubManagersOrAdmin, op, OptionalAuthenticated, PageOf, PageParams } from "../common/index.js"
import { ClubFollowCountView, ClubFollowStatusView, ClubReadinessView, ClubSocialVerdictView, ClubSummaryView } from "./club-community.dto.js"
import { ClubMemberView } from "./club.dto.js"

const IdPath = Schema.Struct({ id: Schema.String })

const relation = <const N extends "follow" | "mute" | "block">(name: N, what: string) => [
  op.post(`${name}Club` as `${N}Club`, `/v2/clubs/:id/${name}` as `/v2/clubs/:id/${N}`, { path: IdPath, ok: ClubFollowStatusView, summary: `${what} the club (idempotent); answers the caller's relation` }).middleware(Authenticated),
  op.del(`un${name}Club` as `un${N}Club`, `/v2/clubs/:id/${name}` as `/v2/clubs/:id/${N}`, { path: IdPath, ok: ClubFollowStatusView, summary: `Stop: ${what.toLowerCase()} off (idempotent); answers the caller's relation` }).middleware(Authenticated)
] as const

const [follow, unfollow] = relation("follow", "Follow")
const [mute, unmute] = relation("mute", "Mute")
const [block, unblock] = relation("block", "Block (also unfollows)")

export class ClubMembershipGroup extends HttpApiGroup.make("clubMembership")
  .add(op.get("clubMembers", "/v2/clubs/:id/members", { path: IdPath, query: Query(PageParams), ok: PageOf(ClubMemberView), summary: "ACTIVE members, owners and staff first (open clubs: public; gated clubs: members only)" }).middleware(OptionalAuthenticated))
  .add(op.get("clubFeaturedMembers", "/v2/clubs/:id/featured-members", { path: IdPath, ok: Schema.Array(ClubMemberView), summary: "Owners, admins and moderators, then the longest-standing members (up to 12)" }).middleware(OptionalAuthenticated))
  .add(op.get("myClubMembership", "/v2/clubs/:id/membership/me", { path: IdPath, ok: Schema.NullOr(ClubMemberView), summary: "The caller's membership (ACTIVE, PENDING or REMOVED); null when not a member" }).middleware(Authenticated))
  .add(op.post("joinClub", "/v2/clubs/:id/join", { path: IdPath, ok: ClubMemberView, summary: "Join: ACTIVE in an open club, PENDING in a requiresApproval club (idempotent)" }).middleware(Authenticated).annotate(OpenApi.Description, "409 CLUB_BLOCKED when the caller blocked the club; 403 CLUB_MEMBERSHIP_REMOVED for a removed member; 404 for clubs that are not live."))
  .add(op.post("leaveClub", "/v2/clubs/:id/leave", { path: IdPath, ok: ClubMemberView, summary: "Leave (ACTIVE or PENDING → LEFT); 409 CLUB_LAST_OWNER for the last owner" }).middleware(Authenticated))
  .add(follow)
  .add(unfollow)
  .add(mute)
  .add(unmute)
  .add(block)
  .add(unblock)
  .add(op.get("clubFollowCount", "/v2/clubs/:id/follow/count", { path: IdPath, ok: ClubFollowCountView, summary: "The club's follower count" }).middleware(OptionalAuthenticated))
  .add(op.get("clubFollowStatus", "/v2/clubs/:id/follow/status", { path: IdPath, ok: ClubFollowStatusView, summary: "The caller's relation: following, muted, blocked, member" }).middleware(Authenticated))
  .add(op.get("clubSummary", "/v2/clubs/:id/summary", { path: IdPath, ok: ClubSummaryView, summary: "Member and follower counts, sports, verification and the caller's relation" }).middleware(OptionalAuthenticated))
  .add(op.get("clubReadiness", "/v2/clubs/:id/readiness", { path: IdPath, ok: ClubReadinessView, summary: "What the club still lacks to go live (OWNER/ADMIN of the club, or a platform admin)" }).middleware(ClubManagersOrAdmin))
  .add(op.get("clubSocialVerdict", "/v2/clubs/:id/social-verdict", { path: IdPath, ok: ClubSocialVerdictView, summary: "Whether the caller can view, see members, follow, join and post, and why" }).middleware(OptionalAuthenticated))
  .annotate(OpenApi.Title, "Club membership")
  .annotate(OpenApi.Description, "Join, leave, members, follow / mute / block, summary, readiness and social verdict")
{}
