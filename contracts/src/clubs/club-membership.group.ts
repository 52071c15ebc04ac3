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
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Query } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, ClubManagersOrAdmin, Ok, OptionalAuthenticated, PageOf, PageParams } from "../common/index.js"
import { ClubFollowCountView, ClubFollowStatusView, ClubReadinessView, ClubSocialVerdictView, ClubSummaryView } from "./club-community.dto.js"
import { ClubMemberView } from "./club.dto.js"

const IdPath = Schema.Struct({ id: Schema.String })

const relation = <const N extends "follow" | "mute" | "block">(name: N, what: string) => [
  HttpApiEndpoint.post(`${name}Club` as `${N}Club`, `/v2/clubs/:id/${name}` as `/v2/clubs/:id/${N}`)
    .middleware(Authenticated)
    .setPath(IdPath)
    .addSuccess(Ok(ClubFollowStatusView))
    .annotate(OpenApi.Summary, `${what} the club (idempotent); answers the caller's relation`),
  HttpApiEndpoint.del(`un${name}Club` as `un${N}Club`, `/v2/clubs/:id/${name}` as `/v2/clubs/:id/${N}`)
    .middleware(Authenticated)
    .setPath(IdPath)
    .addSuccess(Ok(ClubFollowStatusView))
    .annotate(OpenApi.Summary, `Stop: ${what.toLowerCase()} off (idempotent); answers the caller's relation`)
] as const

const [follow, unfollow] = relation("follow", "Follow")
const [mute, unmute] = relation("mute", "Mute")
const [block, unblock] = relation("block", "Block (also unfollows)")

export class ClubMembershipGroup extends HttpApiGroup.make("clubMembership")
  .add(
    HttpApiEndpoint.get("clubMembers", "/v2/clubs/:id/members")
      .middleware(OptionalAuthenticated)
      .setPath(IdPath)
      .setUrlParams(Query(PageParams))
      .addSuccess(Ok(PageOf(ClubMemberView)))
      .annotate(OpenApi.Summary, "ACTIVE members, owners and staff first (open clubs: public; gated clubs: members only)")
  )
  .add(
    HttpApiEndpoint.get("clubFeaturedMembers", "/v2/clubs/:id/featured-members")
      .middleware(OptionalAuthenticated)
      .setPath(IdPath)
      .addSuccess(Ok(Schema.Array(ClubMemberView)))
      .annotate(OpenApi.Summary, "Owners, admins and moderators, then the longest-standing members (up to 12)")
  )
  .add(
    HttpApiEndpoint.get("myClubMembership", "/v2/clubs/:id/membership/me")
      .middleware(Authenticated)
      .setPath(IdPath)
      .addSuccess(Ok(Schema.NullOr(ClubMemberView)))
      .annotate(OpenApi.Summary, "The caller's membership (ACTIVE, PENDING or REMOVED); null when not a member")
  )
  .add(
    HttpApiEndpoint.post("joinClub", "/v2/clubs/:id/join")
      .middleware(Authenticated)
      .setPath(IdPath)
      .addSuccess(Ok(ClubMemberView))
      .annotate(OpenApi.Summary, "Join: ACTIVE in an open club, PENDING in a requiresApproval club (idempotent)")
      .annotate(OpenApi.Description, "409 CLUB_BLOCKED when the caller blocked the club; 403 CLUB_MEMBERSHIP_REMOVED for a removed member; 404 for clubs that are not live.")
  )
  .add(
    HttpApiEndpoint.post("leaveClub", "/v2/clubs/:id/leave")
      .middleware(Authenticated)
      .setPath(IdPath)
      .addSuccess(Ok(ClubMemberView))
      .annotate(OpenApi.Summary, "Leave (ACTIVE or PENDING → LEFT); 409 CLUB_LAST_OWNER for the last owner")
  )
  .add(follow)
  .add(unfollow)
  .add(mute)
  .add(unmute)
  .add(block)
  .add(unblock)
  .add(
    HttpApiEndpoint.get("clubFollowCount", "/v2/clubs/:id/follow/count")
      .middleware(OptionalAuthenticated)
      .setPath(IdPath)
      .addSuccess(Ok(ClubFollowCountView))
      .annotate(OpenApi.Summary, "The club's follower count")
  )
  .add(
    HttpApiEndpoint.get("clubFollowStatus", "/v2/clubs/:id/follow/status")
      .middleware(Authenticated)
      .setPath(IdPath)
      .addSuccess(Ok(ClubFollowStatusView))
      .annotate(OpenApi.Summary, "The caller's relation: following, muted, blocked, member")
  )
  .add(
    HttpApiEndpoint.get("clubSummary", "/v2/clubs/:id/summary")
      .middleware(OptionalAuthenticated)
      .setPath(IdPath)
      .addSuccess(Ok(ClubSummaryView))
      .annotate(OpenApi.Summary, "Member and follower counts, sports, verification and the caller's relation")
  )
  .add(
    HttpApiEndpoint.get("clubReadiness", "/v2/clubs/:id/readiness")
      .middleware(ClubManagersOrAdmin)
      .setPath(IdPath)
      .addSuccess(Ok(ClubReadinessView))
      .annotate(OpenApi.Summary, "What the club still lacks to go live (OWNER/ADMIN of the club, or a platform admin)")
  )
  .add(
    HttpApiEndpoint.get("clubSocialVerdict", "/v2/clubs/:id/social-verdict")
      .middleware(OptionalAuthenticated)
      .setPath(IdPath)
      .addSuccess(Ok(ClubSocialVerdictView))
      .annotate(OpenApi.Summary, "Whether the caller can view, see members, follow, join and post, and why")
  )
  .annotate(OpenApi.Title, "Club membership")
  .annotate(OpenApi.Description, "Join, leave, members, follow / mute / block, summary, readiness and social verdict")
{}
