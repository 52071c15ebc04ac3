/** Handlers of mobile experiences and promotions: one use case each, the experience answered with its creative's URL. */
import type { HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, OrganizerAccess, type OrganizerReaders, pageOf } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { type Accounts, type Challenges, type Clubs, type Events, type Identity, type Media, type Platform, Promotions } from "@podium/core"
import type { PromotionsInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { readUpload } from "../organizers/organizer.view.js"
import { apiGroup } from "../serving/served-groups.js"

export type PromotionHandlerServices =
  | PromotionsInfrastructure
  | Accounts.UserRepo
  | Events.EventRepo
  | Challenges.ChallengeRepo
  | Clubs.ClubRepo
  | Media.BlobStore
  | Identity.Hmac
  | Identity.SecureRandom
  | Platform.AuditLog
  | Platform.Transactor
  | Authenticated
  | OrganizerReaders

type Group<Name extends string> = Layer.Layer<HttpApiGroup.ApiGroup<"podium", Name>, never, PromotionHandlerServices>

const view = <E, R>(experience: Effect.Effect<Promotions.MobileExperienceRecord, E, R>) => Effect.flatMap(experience, Promotions.experienceView)
const paged = <A, E, R>(query: { readonly page?: number | undefined; readonly limit?: number | undefined }, items: (e: Promotions.MobileExperienceRecord) => Effect.Effect<A, E, R>) =>
  (result: { readonly items: ReadonlyArray<Promotions.MobileExperienceRecord>; readonly total: number }) =>
    Effect.map(Effect.forEach(result.items, items), (views) => ({ ...pageOf(query), items: views, total: result.total }))

export const AdminMobileExperiencesHandlers: Group<"adminMobileExperiences"> = apiGroup(EventsApi, "adminMobileExperiences", (handlers) =>
  handlers
    .handle("mobileExperienceOptions", () => Effect.succeed(Promotions.ExperienceOptions))
    .handle("listMobileExperiences", ({ urlParams: q }) =>
      Effect.flatMap(Promotions.listExperiences({ status: q.status, purpose: q.purpose, search: q.search, ...pageOf(q) }), paged(q, Promotions.experienceView)))
    .handle("createMobileExperience", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => view(Promotions.createExperience(me, payload))))
    .handle("mobileExperienceDestinations", ({ urlParams }) => Promotions.destinations(urlParams))
    .handle("searchMobileExperienceDestinations", ({ urlParams }) => Promotions.searchDestinations(urlParams))
    .handle("uploadMobileExperienceMedia", ({ payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return yield* Promotions.uploadCreative(me, yield* readUpload(payload.file))
      }))
    .handle("getMobileExperience", ({ path }) => view(Promotions.findExperience(path.id)))
    .handle("updateMobileExperience", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => view(Promotions.updateExperience(me, path.id, payload))))
    .handle("archiveMobileExperience", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => view(Promotions.moveExperience(me, path.id, "archive"))))
    .handle("mobileExperienceAnalytics", ({ path, urlParams }) => Promotions.experienceAnalytics(path.id, urlParams.from, urlParams.to))
    .handle("mobileExperienceEligibility", ({ path, urlParams }) => Promotions.checkEligibility(path.id, urlParams.userId))
    .handle("publishMobileExperience", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => view(Promotions.moveExperience(me, path.id, "publish"))))
    .handle("pauseMobileExperience", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => view(Promotions.moveExperience(me, path.id, "pause")))))

export const MyPromotionsHandlers: Group<"myPromotions"> = apiGroup(EventsApi, "myPromotions", (handlers) =>
  handlers
    .handle("myPromotions", ({ urlParams }) => Effect.flatMap(CurrentPrincipal, (me) => Promotions.myPromotions(me, urlParams)))
    .handle("recordPromotionImpression", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Promotions.recordImpression(me, path.promotionId, payload.sessionId)))
    .handle("recordPromotionClick", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Promotions.recordClick(me, path.promotionId, payload.sessionId))))

export const OrganizerMobilePromotionsHandlers: Group<"organizerMobilePromotions"> = apiGroup(EventsApi, "organizerMobilePromotions", (handlers) =>
  handlers
    .handle("organizerPromotions", ({ urlParams }) =>
      Effect.flatMap(OrganizerAccess, (access) =>
        Effect.flatMap(Promotions.organizerPromotions(access.organizerId, pageOf(urlParams)), paged(urlParams, (e) =>
          Effect.map(Promotions.experienceView(e), ({ audience: _a, createdBy: _c, ...rest }) => rest)))))
    .handle("organizerPromotionAnalytics", ({ path, urlParams }) =>
      Effect.flatMap(OrganizerAccess, (access) => Promotions.organizerPromotionAnalytics(access.organizerId, path.promotionId, urlParams.from, urlParams.to))))
