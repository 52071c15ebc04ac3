/**
 * Handlers of the challenge groups: one use case each, the kernel's records answered as they are.
 * Who may call is declared on the contract; the creator check (organizer or club OWNER/ADMIN) is
 * the core's, and club routes pass the club their tenancy guard granted as the creator scope.
 */
import { HttpApiBuilder, type HttpApiGroup } from "@effect/platform"
import { AthletesApi } from "@podium/contracts/athletes"
import { type Authenticated, ClubAccess, type ClubManagers, CurrentPrincipal, type OptionalAuthenticated, type OrganizerReaders, pageOf } from "@podium/contracts/common"
import { Challenges, type Events, type Media, type Notifications, type Platform, type Wallets } from "@podium/core"
import type {
  ActivitiesInfrastructure,
  AppConfig,
  ChallengesInfrastructure,
  ClubsInfrastructure,
  IdentityServices,
  OrganizersInfrastructure,
  PaymentsInfrastructure,
  SponsorsInfrastructure
} from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"

export type ChallengeHandlerServices =
  | IdentityServices
  | OrganizersInfrastructure
  | ClubsInfrastructure
  | ChallengesInfrastructure
  | PaymentsInfrastructure
  | ActivitiesInfrastructure
  | SponsorsInfrastructure
  | Events.EventRepo
  | Events.EventInventoryRepo
  | Events.EventCouponRepo
  | Wallets.Ledger
  | Notifications.WebhookInboxRepo
  | OrganizerReaders
  | Platform.JobQueue
  | Platform.Transactor
  | Platform.AuditLog
  | Media.VideoUploadRepo
  | AppConfig
  | Authenticated
  | ClubManagers
  | OptionalAuthenticated

const paged = <A>(query: { readonly page?: number | undefined; readonly limit?: number | undefined }, result: { readonly items: ReadonlyArray<A>; readonly total: number }) => ({
  ...pageOf(query),
  items: result.items,
  total: result.total
})

const clubScope = Effect.map(ClubAccess, (access): Challenges.CreatorScope => ({ creatorType: "club", creatorId: access.clubId }))

export const ChallengesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "challenges">, never, ChallengeHandlerServices> = apiGroup(
  AthletesApi,
  "challenges",
  (handlers) =>
    handlers
      .handle("discoverChallenges", ({ urlParams: q }) => Effect.map(Challenges.discoverChallenges(q, pageOf(q)), (r) => paged(q, r)))
      .handle("exploreChallenges", ({ urlParams: q }) => Effect.map(Challenges.exploreChallenges(q, pageOf(q)), (r) => paged(q, r)))
      .handle("featuredChallenges", ({ urlParams: q }) => Effect.map(Challenges.featuredChallenges(pageOf(q)), (r) => paged(q, r)))
      .handle("challengeTagTaxonomy", () => Effect.succeed(Challenges.tagTaxonomy()))
      .handle("challengesByTag", ({ path, urlParams: q }) => Effect.map(Challenges.challengesByTag(path.slug, pageOf(q)), (r) => paged(q, r)))
      .handle("publicChallenge", ({ path }) => Challenges.getPublicChallenge(path.idOrSlug))
      .handle("challengeTags", ({ path }) => Challenges.challengeTags(path.id))
      .handle("challengeCalendar", ({ path }) => Challenges.challengeCalendarFile(path.id))
      .handle("challengeParticipants", ({ path, urlParams: q }) => Effect.map(Challenges.challengeParticipants(path.id, pageOf(q)), (r) => paged(q, r)))
      .handle("listChallenges", ({ urlParams: q }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Effect.map(Challenges.listManagedChallenges(me, q, pageOf(q)), (r) => paged(q, r))))
      .handle("createChallenge", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.createChallenge(me, payload)))
      .handle("getChallenge", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.getManagedChallenge(me, path.id)))
      .handle("updateChallenge", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.updateChallenge(me, path.id, payload)))
      .handle("deleteChallenge", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.deleteChallenge(me, path.id)))
      .handle("challengeReadiness", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.challengeReadiness(me, path.id)))
      .handle("reviewChallenge", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.reviewChallenge(me, path.id, payload)))
      .handle("toggleChallenge", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.toggleChallenge(me, path.id)))
      .handle("cancelChallenge", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.cancelChallenge(me, path.id, payload.reason)))
      .handle("setChallengeTags", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.setChallengeTags(me, path.id, payload.tags)))
)

export const ClubChallengesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubChallenges">, never, ChallengeHandlerServices> = apiGroup(
  AthletesApi,
  "clubChallenges",
  (handlers) =>
    handlers
      .handle("listClubChallenges", ({ urlParams: q }) =>
        Effect.gen(function*() {
          const scope = yield* clubScope
          const access = yield* ClubAccess
          return paged(q, yield* Challenges.listManagedChallenges(access.principal, { status: q.status }, pageOf(q), scope))
        }))
      .handle("createClubChallenge", ({ payload }) =>
        Effect.gen(function*() {
          const access = yield* ClubAccess
          return yield* Challenges.createChallenge(access.principal, { ...payload, creatorType: "club", creatorId: access.clubId }, yield* clubScope)
        }))
      .handle("updateClubChallenge", ({ path, payload }) =>
        Effect.gen(function*() {
          const access = yield* ClubAccess
          return yield* Challenges.updateChallenge(access.principal, path.id, payload, yield* clubScope)
        }))
      .handle("cancelClubChallenge", ({ path, payload }) =>
        Effect.gen(function*() {
          const access = yield* ClubAccess
          return yield* Challenges.cancelChallenge(access.principal, path.id, payload.reason, yield* clubScope)
        }))
      .handle("toggleClubChallenge", ({ path }) =>
        Effect.gen(function*() {
          const access = yield* ClubAccess
          return yield* Challenges.toggleChallenge(access.principal, path.id, yield* clubScope)
        }))
)

export const ClubPublicChallengesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubPublicChallenges">, never, ChallengeHandlerServices> = HttpApiBuilder
  .group(AthletesApi, "clubPublicChallenges", (handlers) =>
    handlers
      .handle("clubPublicChallenges", ({ path, urlParams: q }) =>
        Effect.map(Challenges.exploreChallenges({ creatorType: "club", creatorId: path.id, sort: "startsAt" }, pageOf(q)), (r) => paged(q, r)))
      .handle("organizationPublicChallenges", ({ path, urlParams: q }) =>
        Effect.map(Challenges.exploreChallenges({ creatorType: "organizer", creatorId: path.id, sort: "startsAt" }, pageOf(q)), (r) => paged(q, r))))

export const ChallengeParticipationsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "challengeParticipations">, never, ChallengeHandlerServices> =
  apiGroup(AthletesApi, "challengeParticipations", (handlers) =>
    handlers
      .handle("myChallengeParticipations", ({ urlParams: q }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Effect.map(Challenges.myParticipations(me, q.status, pageOf(q)), (r) => paged(q, r))))
      .handle("joinChallenge", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.joinChallenge(me, path.challengeId)))
      .handle("challengePaymentSummary", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.challengePaymentSummary(me, path.challengeId)))
      .handle("verifyChallengePayment", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Challenges.verifyChallengePayment(me, path.challengeId, payload)))
      .handle("myChallengeParticipation", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.myParticipation(me, path.challengeId)))
      .handle("updateMyChallengeParticipation", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Challenges.updateMyParticipation(me, path.challengeId, payload)))
      .handle("leaveChallenge", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.leaveChallenge(me, path.challengeId))))

export const ChallengeTemplatesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "challengeTemplates">, never, ChallengeHandlerServices> = HttpApiBuilder
  .group(AthletesApi, "challengeTemplates", (handlers) =>
    handlers
      .handle("listChallengeTemplates", ({ urlParams }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.listChallengeTemplates(me, urlParams)))
      .handle("saveChallengeTemplate", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.saveChallengeTemplate(me, payload)))
      .handle("deleteChallengeTemplate", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.deleteChallengeTemplate(me, path.id))))

export const AdminChallengeManagementHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminChallengeManagement">, never, ChallengeHandlerServices> =
  apiGroup(AthletesApi, "adminChallengeManagement", (handlers) =>
    handlers
      .handle("adminListChallenges", ({ urlParams: q }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Effect.map(Challenges.listManagedChallenges(me, q, pageOf(q)), (r) => paged(q, r))))
      .handle("adminCloseChallenge", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.forceCloseChallenge(me, path.id, payload.reason)))
      .handle("adminReopenChallenge", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.reopenChallenge(me, path.id, payload.endsAt)))
      .handle("adminChallengeHistory", ({ urlParams: q }) =>
        Effect.map(
          Challenges.challengeHistory({ challengeId: q.challengeId, beforeSeq: q.beforeSeq, limit: q.limit ?? 50 }),
          (rows) =>
            rows.map((e) => ({
              seq: e.seq,
              id: e.id,
              occurredAt: e.occurredAt,
              action: e.action,
              actorKind: e.actorKind,
              actorId: e.actorId,
              challengeId: e.subjectId,
              reason: e.reason,
              data: e.data
            }))
        ))
      .handle("adminListParticipations", ({ urlParams: q }) => Effect.map(Challenges.adminListParticipations(q, pageOf(q)), (r) => paged(q, r)))
      .handle("adminRevokeParticipation", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Challenges.revokeParticipation(me, path.participationId, payload.reason)))
      .handle("adminChallengeStats", () => Challenges.challengeManagementStats)
      .handle("adminUserChallenges", ({ path, urlParams: q }) => Effect.map(Challenges.adminUserParticipations(path.id, q.status, pageOf(q)), (r) => paged(q, r)))
      .handle("adminUserChallengeSummary", ({ path }) => Challenges.userChallengeSummary(path.userId)))
