/** Handlers of the club admin workspace's community tools: recognition rules, awards, segments. */
import { type HttpApiGroup } from "@effect/platform"
import { ClubAccess, pageOf } from "@podium/contracts/common"
import { ClubsApi } from "@podium/contracts/clubs"
import { Clubs } from "@podium/core"
import { Effect, type Layer } from "effect"
import type { ClubsHandlerServices } from "./clubs.services.js"
import { apiGroup } from "../serving/served-groups.js"

type FilterInput = {
  readonly roles?: ReadonlyArray<Clubs.ClubRole> | undefined
  readonly tierIds?: ReadonlyArray<string> | undefined
  readonly joinedBefore?: string | undefined
  readonly joinedAfter?: string | undefined
  readonly minPoints?: number | undefined
  readonly minAttendedRuns?: number | undefined
}

const toFilter = (f: FilterInput): Clubs.SegmentFilter => ({
  ...(f.roles === undefined ? {} : { roles: [...new Set(f.roles)] }),
  ...(f.tierIds === undefined ? {} : { tierIds: [...new Set(f.tierIds.map((t) => t.toLowerCase()))] }),
  ...(f.joinedBefore === undefined ? {} : { joinedBefore: new Date(f.joinedBefore) }),
  ...(f.joinedAfter === undefined ? {} : { joinedAfter: new Date(f.joinedAfter) }),
  ...(f.minPoints === undefined ? {} : { minPoints: f.minPoints }),
  ...(f.minAttendedRuns === undefined ? {} : { minAttendedRuns: f.minAttendedRuns })
})

const withAccess = <A, E, R>(f: (access: typeof ClubAccess.Service) => Effect.Effect<A, E, R>) => Effect.flatMap(ClubAccess, f)

export const ClubAdminHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubAdmin">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "clubAdmin",
  (handlers) =>
    handlers
      .handle("clubRecognitionRules", ({ urlParams }) =>
        withAccess((a) => Clubs.listRecognitionRules(a.clubId, { status: urlParams.status, ...pageOf(urlParams) })))
      .handle("createClubRecognitionRule", ({ payload }) =>
        withAccess((a) => Clubs.createRecognitionRule(a.principal, a.clubId, payload)))
      .handle("clubRecognitionRule", ({ path }) =>
        withAccess((a) => Clubs.getRecognitionRule(a.clubId, path.id)))
      .handle("updateClubRecognitionRule", ({ path, payload }) =>
        withAccess((a) => Clubs.updateRecognitionRule(a.principal, a.clubId, path.id, payload)))
      .handle("disableClubRecognitionRule", ({ path }) =>
        withAccess((a) => Clubs.moveRecognitionRule(a.principal, a.clubId, path.id, "disable")))
      .handle("enableClubRecognitionRule", ({ path }) =>
        withAccess((a) => Clubs.moveRecognitionRule(a.principal, a.clubId, path.id, "enable")))
      .handle("evaluateClubRecognitionRule", ({ path, payload }) =>
        withAccess((a) => Clubs.evaluateRecognitionRule(a.clubId, path.id, payload.periodKey)))
      .handle("clubAwards", ({ urlParams }) =>
        withAccess((a) => Clubs.listAwards(a.clubId, { userId: urlParams.userId, ruleId: urlParams.ruleId, ...pageOf(urlParams) })))
      .handle("giveClubAward", ({ payload }) =>
        withAccess((a) => Clubs.giveAward(a.principal, a.clubId, payload)))
      .handle("revokeClubAward", ({ path }) =>
        withAccess((a) => Clubs.revokeAward(a.principal, a.clubId, path.awardId)))
      .handle("updateClubAward", ({ path, payload }) =>
        withAccess((a) => Clubs.updateAward(a.principal, a.clubId, path.awardId, payload)))
      .handle("clubAudienceSegments", ({ urlParams }) =>
        withAccess((a) => Clubs.listSegments(a.clubId, "AUDIENCE", { status: urlParams.status, ...pageOf(urlParams) })))
      .handle("createClubAudienceSegment", ({ payload }) =>
        withAccess((a) => Clubs.createSegment(a.principal, a.clubId, "AUDIENCE", { ...payload, filter: toFilter(payload.filter) })))
      .handle("updateClubAudienceSegment", ({ path, payload }) =>
        withAccess((a) =>
          Clubs.updateAudienceSegment(a.principal, a.clubId, path.id, { ...payload, filter: payload.filter === undefined ? undefined : toFilter(payload.filter) })))
      .handle("archiveClubAudienceSegment", ({ path }) =>
        withAccess((a) => Clubs.archiveAudienceSegment(a.principal, a.clubId, path.id)))
      .handle("previewClubAudienceSegment", ({ path }) =>
        withAccess((a) => Clubs.previewAudienceSegment(a.clubId, path.id)))
      .handle("attachClubSegmentChallenge", ({ path }) =>
        withAccess((a) => Clubs.attachSegmentChallenge(a.principal, a.clubId, path.id, path.challengeId)))
      .handle("detachClubSegmentChallenge", ({ path }) =>
        withAccess((a) => Clubs.detachSegmentChallenge(a.principal, a.clubId, path.id, path.challengeId)))
      .handle("clubMemberSegments", ({ urlParams }) =>
        withAccess((a) => Clubs.listSegments(a.clubId, "MEMBER", pageOf(urlParams))))
      .handle("createClubMemberSegment", ({ payload }) =>
        withAccess((a) => Clubs.createSegment(a.principal, a.clubId, "MEMBER", { ...payload, filter: toFilter(payload.filter) })))
)
