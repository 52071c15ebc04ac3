/** Handlers of the hybrid race: the athlete's own attempt and live position, the public results, the admins' edge cases. */
import { type HttpApiGroup, HttpServerResponse } from "@effect/platform"
import { EventsApi } from "@podium/contracts/events"
import type { Accounts, Identity, Media, Organizers, Platform, Training } from "@podium/core"
import { type Events, HybridRace } from "@podium/core"
import { type Authenticated, CurrentPrincipal } from "@podium/contracts/common"
import { Effect, type Layer } from "effect"
import { readUpload } from "../organizers/organizer.view.js"
import { apiGroup } from "../serving/served-groups.js"

export type HybridRaceHandlerServices =
  | HybridRace.HybridRaceRepo
  | Events.EventRepo
  | Accounts.UserRepo
  | Identity.Hmac
  | Organizers.PdfRenderer
  | Platform.RateLimiter
  | Platform.TtlCache
  | Platform.Leaderboard
  | Events.EventCourseRepo
  | Training.RouteRepo
  | Training.Ocr
  | HybridRace.HybridPhotoCheckRepo
  | Identity.SecureRandom
  | Media.BlobStore
  | Authenticated

const pageOf = (q: { readonly page?: number | undefined; readonly limit?: number | undefined }) => ({ page: q.page ?? 1, limit: q.limit ?? 20 })

export const HybridRaceHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "hybridRace">, never, HybridRaceHandlerServices> =
  apiGroup(EventsApi, "hybridRace", (handlers) =>
    handlers
      .handle("startHybridRace", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => HybridRace.startHybridRace(me.accountId, path.eventId)))
      .handle("hybridRaceCheckpoint", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => HybridRace.passHybridCheckpoint(me.accountId, path.eventId, payload.index)))
      .handle("skipHybridCheckpoint", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => HybridRace.skipHybridCheckpoint(me.accountId, path.eventId, payload.index)))
      .handle("finishHybridRace", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => HybridRace.finishHybridRace(me.accountId, path.eventId)))
      .handle("submitHybridRace", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => HybridRace.submitHybridRace(me.accountId, path.eventId)))
      .handle("reportHybridLivePosition", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => HybridRace.reportLivePosition(me.accountId, path.eventId, payload)))
      .handle("myHybridLivePosition", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => HybridRace.myLivePosition(me.accountId, path.eventId)))
      .handle("hybridNearPace", ({ path, urlParams }) =>
        Effect.flatMap(CurrentPrincipal, (me) => HybridRace.nearPace(me.accountId, path.eventId, urlParams.count ?? HybridRace.DefaultNearPaceCount)))
      .handle("suggestHybridLocalRoutes", ({ path, payload }) => HybridRace.suggestLocalRoutes(path.eventId, payload))
      .handle("initHybridPhotoCheck", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => HybridRace.initPhotoCheck(me.accountId, path.eventId, payload.checkpointIndex)))
      .handle("hybridPhotoCheckPhoto", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) =>
          Effect.flatMap(readUpload(payload.photo), (photo) => HybridRace.submitPhotoCheckPhoto(me.accountId, path.eventId, path.photoCheckId, photo))))
      .handle("hybridPhotoCheckState", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => HybridRace.photoCheckState(me.accountId, path.eventId)))
      .handle("appealHybridPhotoCheck", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => HybridRace.appealPhotoCheck(me.accountId, path.eventId, path.photoCheckId, payload.reason))))

export const HybridRacePublicHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "hybridRacePublic">, never, HybridRaceHandlerServices> =
  apiGroup(EventsApi, "hybridRacePublic", (handlers) =>
    handlers
      .handle("hybridRaceLeaderboard", ({ path, urlParams }) => HybridRace.hybridRaceLeaderboard(path.eventId, pageOf(urlParams)))
      .handle("hybridResultsThisWeek", ({ urlParams }) => HybridRace.thisWeekHybridResults(pageOf(urlParams)))
      .handle("publicHybridResult", ({ path }) => HybridRace.publicHybridResult(path.resultId))
      .handle("hybridResultCertificate", ({ path }) => HybridRace.hybridResultCertificate(path.resultId))
      .handle("hybridResultCertificatePdf", ({ path }) =>
        Effect.map(HybridRace.hybridResultCertificatePdf(path.resultId), (document) =>
          HttpServerResponse.uint8Array(document.bytes, {
            contentType: "application/pdf",
            headers: { "content-disposition": `attachment; filename="${document.fileName}"`, "cache-control": "no-store" }
          })))
      .handle("hybridFinisherCard", ({ path }) => HybridRace.hybridFinisherCardSvg(path.resultId)))

export const AdminHybridRaceHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminHybridRace">, never, HybridRaceHandlerServices> =
  apiGroup(EventsApi, "adminHybridRace", (handlers) =>
    handlers
      .handle("flaggedHybridResults", ({ urlParams }) => HybridRace.flaggedHybridResults(pageOf(urlParams)))
      .handle("hybridResultEdgeCases", ({ path }) => HybridRace.hybridResultEdgeCases(path.resultId)))
