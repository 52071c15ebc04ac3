/** Handlers of the athlete's activity groups: one use case each, the domain record answered as is. */
import { type HttpApiGroup, } from "@effect/platform"
import { ActivitiesApi } from "@podium/contracts/activities"
import { type Authenticated, CurrentPrincipal } from "@podium/contracts/common"
import { Activities, type Identity, type Platform } from "@podium/core"
import type { ActivitiesInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { crudHandlers } from "../platform/crud.handlers.js"
import { apiGroup } from "../serving/served-groups.js"
import { readUpload } from "../organizers/organizer.view.js"

/** What the activities handlers use: the context's repositories and the platform and identity ports. */
export type ActivitiesHandlerServices =
  | ActivitiesInfrastructure
  | Platform.AuditLog
  | Platform.RateLimiter
  | Identity.Hmac
  | Identity.SecureRandom
  | Authenticated

/** One group's handler layer. */
export type GroupHandlers<Name extends string> = Layer.Layer<HttpApiGroup.ApiGroup<"podium", Name>, never, ActivitiesHandlerServices>

const paged = <A>(page: { readonly items: ReadonlyArray<A>; readonly total: number }, q: { readonly limit?: number | undefined; readonly offset?: number | undefined }) => ({
  items: page.items,
  total: page.total,
  limit: q.limit ?? 20,
  offset: q.offset ?? 0
})
const pageOf = (q: { readonly limit?: number | undefined; readonly offset?: number | undefined }) => ({ limit: q.limit ?? 20, offset: q.offset ?? 0 })

export const ActivitiesHandlers: GroupHandlers<"activities"> = apiGroup(ActivitiesApi, "activities", (handlers) =>
  handlers
    .handle("listActivities", ({ urlParams }) =>
      Effect.flatMap(CurrentPrincipal, (me) =>
        Effect.map(Activities.listActivities(me, { ...pageOf(urlParams), sport: urlParams.sport }), (p) => paged(p, urlParams))))
    .handle("createActivity", ({ payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        const file = yield* readUpload(payload.file)
        return yield* Activities.createActivity(me, { ...payload, file })
      }))
    .handle("getActivity", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.getActivity(me, path.id)))
    .handle("updateActivity", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.updateActivity(me, path.id, payload)))
    .handle("deleteActivity", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.deleteActivity(me, path.id)))
    .handle("getPublicActivity", ({ path }) => Activities.publicActivity(path.id)))

export const ActivityAppealsHandlers: GroupHandlers<"activityAppeals"> = apiGroup(ActivitiesApi, "activityAppeals", (handlers) =>
  handlers
    .handle("appealActivity", ({ path, payload }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Activities.appealActivity(me, path.userId, path.activityId, payload.reason)))
    .handle("activityReviewState", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.reviewState(me, path.userId, path.activityId)))
    .handle("userActivityAppeals", ({ path, urlParams }) =>
      Effect.flatMap(CurrentPrincipal, (me) =>
        Effect.map(Activities.userAppeals(me, path.userId, { ...pageOf(urlParams), status: urlParams.status }), (p) => paged(p, urlParams)))))

export const TrackingPreferencesHandlers: GroupHandlers<"trackingPreferences"> = apiGroup(ActivitiesApi, "trackingPreferences", (handlers) =>
  handlers
    .handle("myTrackingPreferences", () => Effect.flatMap(CurrentPrincipal, (me) => Activities.trackingPreferences(me, "me")))
    .handle("updateMyTrackingPreferences", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.updateTrackingPreferences(me, "me", payload)))
    .handle("userTrackingPreferences", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.trackingPreferences(me, path.userId)))
    .handle("updateUserTrackingPreferences", ({ path, payload }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Activities.updateTrackingPreferences(me, path.userId, payload))))

export const PreferredSportsHandlers: GroupHandlers<"preferredSports"> = apiGroup(ActivitiesApi, "preferredSports", (handlers) =>
  handlers.handle("myPreferredSports", () => Effect.flatMap(CurrentPrincipal, Activities.preferredSports)))

export const GearsHandlers: GroupHandlers<"gears"> = apiGroup(ActivitiesApi, "gears", (handlers) =>
  handlers
    .handle("listGears", () => Effect.flatMap(CurrentPrincipal, Activities.listGears))
    .handle("createGear", ({ payload }) =>
      Effect.flatMap(CurrentPrincipal, (me) =>
        Activities.createGear(me, {
          name: payload.name,
          gearTypeId: payload.gearTypeId ?? null,
          brand: payload.brand ?? null,
          model: payload.model ?? null,
          initialDistanceMeters: payload.initialDistanceMeters ?? 0,
          maxDistanceMeters: payload.maxDistanceMeters ?? null,
          retired: payload.retired ?? false
        })))
    .handle("getGear", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.ownGear(me, path.id)))
    .handle("updateGear", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.updateGear(me, path.id, payload)))
    .handle("deleteGear", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.deleteGear(me, path.id))))

const gearTypes = crudHandlers({
  resource: Activities.GearTypes.crud,
  repo: Activities.GearTypeRepo,
  toDto: (gearType) => gearType,
  conflictCode: "GEAR_TYPE_EXISTS"
})

export const GearTypesHandlers: GroupHandlers<"gearTypes"> = apiGroup(ActivitiesApi, "gearTypes", (handlers) =>
  handlers
    .handle("getManyGearType", gearTypes.getMany)
    .handle("getOneGearType", gearTypes.getOne)
    .handle("createOneGearType", gearTypes.createOne)
    .handle("updateOneGearType", gearTypes.updateOne)
    .handle("deleteOneGearType", gearTypes.deleteOne))

export const LiveTrackingHandlers: GroupHandlers<"liveTracking"> = apiGroup(ActivitiesApi, "liveTracking", (handlers) =>
  handlers
    .handle("createLiveShare", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.createLiveShare(me, payload)))
    .handle("cancelLiveShare", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.cancelLiveShare(me, path.shareId)))
    .handle("liveShareRecipients", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.liveShareRecipients(me, path.shareId)))
    .handle("activeLiveShares", () => Effect.flatMap(CurrentPrincipal, Activities.activeLiveShares)))

export { paged, pageOf }
