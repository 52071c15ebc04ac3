/**
 * Handlers of club membership, invites, linked organizer accounts and admin club oversight
 * (`clubs.review`). Thin: each calls one use case; its domain errors answer as they declare.
 */
import { type HttpApiGroup } from "@effect/platform"
import { ClubAccess, CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { ClubsApi } from "@podium/contracts/clubs"
import { Clubs } from "@podium/core"
import { Effect, type Layer, Option } from "effect"
import type { ClubsHandlerServices } from "./clubs.services.js"
import { adminClubView, organizerRefView } from "./community.view.js"
import { apiGroup } from "../serving/served-groups.js"

const caller = Effect.map(Effect.serviceOption(CurrentPrincipal), Option.getOrUndefined)
const invalid = (messages: ReadonlyArray<string>) => new Clubs.ClubAdminInputInvalid({ messages })

export const ClubMembershipHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubMembership">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "clubMembership",
  (handlers) => {
    const relation = (kind: Clubs.ClubRelationKind, on: boolean) => ({ path }: { readonly path: { readonly id: string } }) =>
      Effect.flatMap(CurrentPrincipal, (p) => Clubs.setClubRelation(p, path.id, kind, on))
    return handlers
      .handle("clubMembers", ({ path, urlParams }) =>
        Effect.flatMap(caller, (p) => Clubs.listMembers(p, path.id, pageOf(urlParams))))
      .handle("clubFeaturedMembers", ({ path }) =>
        Effect.flatMap(caller, (p) => Clubs.featuredMembers(p, path.id)))
      .handle("myClubMembership", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (p) => Clubs.myMembership(p, path.id)))
      .handle("joinClub", ({ path }) => Effect.flatMap(CurrentPrincipal, (p) => Clubs.joinClub(p, path.id)))
      .handle("leaveClub", ({ path }) => Effect.flatMap(CurrentPrincipal, (p) => Clubs.leaveClub(p, path.id)))
      .handle("followClub", relation("FOLLOW", true))
      .handle("unfollowClub", relation("FOLLOW", false))
      .handle("muteClub", relation("MUTE", true))
      .handle("unmuteClub", relation("MUTE", false))
      .handle("blockClub", relation("BLOCK", true))
      .handle("unblockClub", relation("BLOCK", false))
      .handle("clubFollowCount", ({ path }) => Effect.flatMap(caller, (p) => Clubs.followCount(p, path.id)))
      .handle("clubFollowStatus", ({ path }) => Effect.flatMap(CurrentPrincipal, (p) => Clubs.followStatus(p, path.id)))
      .handle("clubSummary", ({ path }) => Effect.flatMap(caller, (p) => Clubs.clubSummary(p, path.id)))
      .handle("clubReadiness", () => Effect.flatMap(ClubAccess, (access) => Clubs.clubReadiness(access.clubId)))
      .handle("clubSocialVerdict", ({ path }) => Effect.flatMap(caller, (p) => Clubs.socialVerdict(p, path.id)))
  }
)

export const ClubInvitesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubInvites">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "clubInvites",
  (handlers) =>
    handlers
      .handle("previewClubInvite", ({ path }) =>
        Clubs.previewInvite(path.token))
      .handle("acceptClubInvite", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (p) => Clubs.acceptInvite(p, path.token)))
)

export const ClubOrganizerAccountsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubOrganizerAccounts">, never, ClubsHandlerServices> = apiGroup(
    ClubsApi,
    "clubOrganizerAccounts",
    (handlers) =>
      handlers
        .handle("clubOrganizerAccounts", () =>
          Effect.flatMap(CurrentPrincipal, Clubs.listOrganizerAccounts).pipe(
            Effect.map((rows) =>
              rows.map((r) => ({
                clubId: r.club.id,
                clubName: r.club.name,
                clubSlug: r.club.slug,
                state: r.state,
                organizer: organizerRefView(r.organizer),
                linkedAt: r.linkedAt
              }))
            )
          ))
        .handle("repairClubOrganizerAccounts", () =>
          Effect.flatMap(CurrentPrincipal, Clubs.repairOrganizerAccounts).pipe(
            Effect.map((r) => ({
              created: r.created,
              relinked: r.relinked,
              unchanged: r.unchanged,
              items: r.items.map((i) => ({
                clubId: i.club.id,
                clubName: i.club.name,
                action: i.action,
                state: i.state,
                organizer: organizerRefView(i.organizer),
                previousOrganizerId: i.previousOrganizerId
              }))
            }))
          ))
  )

/** One page of the club verification queue (served at `/v2/admin/clubs/verification-queue` and `/v2/admin/verification/clubs`). */
const verificationQueuePage = (urlParams: {
  readonly page?: number | undefined
  readonly limit?: number | undefined
  readonly verificationStatus?: Clubs.ClubVerificationStatus | undefined
  readonly search?: string | undefined
}) =>
  Clubs.verificationQueue({
      ...pageOf(urlParams),
      statuses: urlParams.verificationStatus === undefined ? undefined : [urlParams.verificationStatus],
      search: urlParams.search
    })

export const AdminClubsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminClubs">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "adminClubs",
  (handlers) =>
    handlers
      .handle("adminListClubs", ({ urlParams }) =>
        Clubs.adminListClubs({ ...pageOf(urlParams), status: urlParams.status, verificationStatus: urlParams.verificationStatus, search: urlParams.search }))
      .handle("adminClubVerificationQueue", ({ urlParams }) =>
        verificationQueuePage(urlParams))
      .handle("adminGetClub", ({ path }) =>
        Clubs.adminGetClub(path.id).pipe(Effect.map(adminClubView)))
      .handle("adminPatchClub", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.adminPatchClub(admin, path.id, payload)))
      .handle("adminDeactivateClub", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.deactivateClub(admin, path.id, payload.reason)))
      .handle("adminReactivateClub", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.reactivateClub(admin, path.id)))
      .handle("adminVerifyApproveClub", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.approveClubVerification(admin, path.id)))
      .handle("adminVerifyRejectClub", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.rejectClubVerification(admin, path.id, payload.reason)))
      .handle("adminClubMembers", ({ path, urlParams }) =>
        Clubs.adminListMembers(path.id, { ...pageOf(urlParams), status: urlParams.status, role: urlParams.role }))
      .handle("adminAddClubMember", ({ path, payload }) =>
        Effect.gen(function*() {
          const admin = yield* CurrentPrincipal
          const mode = payload.mode ?? "ADD"
          const messages: Array<string> = []
          if (mode === "ADD" && payload.userId === undefined) messages.push("userId is required when mode is ADD")
          if (mode === "INVITE" && payload.role !== undefined && payload.role !== "MEMBER" && payload.role !== "MODERATOR") {
            messages.push("role of an invite must be one of: MEMBER, MODERATOR")
          }
          if (mode === "INVITE" && payload.targetUserId !== undefined && payload.maxUses !== undefined) {
            messages.push("maxUses applies to share links only (a targeted invite has one use)")
          }
          if (messages.length > 0) return yield* invalid(messages)
          const input: Clubs.AddMemberInput = mode === "ADD"
            ? { mode, userId: payload.userId!, role: payload.role ?? "MEMBER" }
            : {
              mode,
              targetUserId: payload.targetUserId,
              role: payload.role === "MODERATOR" ? "MODERATOR" : "MEMBER",
              expiresInHours: payload.expiresInHours,
              maxUses: payload.maxUses
            }
          return yield* Clubs.adminAddMember(admin, path.id, input)
        }))
      .handle("adminPatchClubMember", ({ path, payload }) =>
        Effect.gen(function*() {
          const admin = yield* CurrentPrincipal
          if (payload.role === undefined && payload.status === undefined) return yield* invalid(["role or status is required"])
          return yield* Clubs.adminChangeMember(admin, path.id, path.userId, payload)
        }))
      .handle("adminRemoveClubMember", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.adminRemoveMember(admin, path.id, path.userId)))
)

export const AdminClubVerificationHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminClubVerification">, never, ClubsHandlerServices> = apiGroup(
    ClubsApi,
    "adminClubVerification",
    (handlers) =>
      handlers
        .handle("listClubVerification", ({ urlParams }) =>
          verificationQueuePage(urlParams))
        .handle("getClubVerification", ({ path }) =>
          Clubs.adminGetClub(path.clubId).pipe(Effect.map(adminClubView)))
        .handle("approveClubVerification", ({ path }) =>
          Effect.flatMap(CurrentPrincipal, (admin) => Clubs.approveClubVerification(admin, path.clubId)))
        .handle("rejectClubVerification", ({ path, payload }) =>
          Effect.flatMap(CurrentPrincipal, (admin) => Clubs.rejectClubVerification(admin, path.clubId, payload.reason)))
  )
