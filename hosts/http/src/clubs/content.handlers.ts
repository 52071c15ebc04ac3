/** Handlers of the club channels/announcements group and the admin announcements group (`clubs.review`). */
import { type HttpApiGroup } from "@effect/platform"
import { ClubAccess, CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { ClubsApi } from "@podium/contracts/clubs"
import { Clubs } from "@podium/core"
import { Effect, type Layer, Option } from "effect"
import type { ClubsHandlerServices } from "./clubs.services.js"
import { apiGroup } from "../serving/served-groups.js"

const isManager = (role: string) => role === "OWNER" || role === "ADMIN" || role === "PLATFORM_ADMIN"

export const ClubContentHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubContent">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "clubContent",
  (handlers) =>
    handlers
      .handle("clubChannels", ({ urlParams }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.listChannels(access.clubId, urlParams.includeArchived === "true" && isManager(access.role))))
      .handle("createClubChannel", ({ payload }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.createChannel(access.principal, access.clubId, payload)))
      .handle("updateClubChannel", ({ path, payload }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.updateChannel(access.principal, access.clubId, path.channelId, payload)))
      .handle("archiveClubChannel", ({ path }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.archiveChannel(access.principal, access.clubId, path.channelId)))
      .handle("clubAnnouncements", ({ path, urlParams }) =>
        Effect.flatMap(Effect.serviceOption(CurrentPrincipal), (principal) => Clubs.clubAnnouncements(Option.getOrUndefined(principal), path.id, pageOf(urlParams))))
      .handle("postClubAnnouncement", ({ payload }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.postAnnouncement(access.principal, access.clubId, payload)))
      .handle("announcementBlastStatus", ({ path }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.blastStatus(access.clubId, path.id)).pipe(
          Effect.map((s) => ({
            announcementId: s.announcementId,
            sent: s.sent,
            blast: s.blast === null ? null : { recipients: s.blast.recipients, skippedWithoutEmail: s.blast.skippedWithoutEmail, requestedBy: s.blast.requestedBy, createdAt: s.blast.createdAt },
            deliveries: s.deliveries
          }))
        ))
      .handle("sendAnnouncementBlast", ({ path }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.sendBlast(access.principal, access.clubId, path.id)))
      .handle("createClubEvent", () => Clubs.createClubEvent())
)

export const AdminClubAnnouncementsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminClubAnnouncements">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "adminClubAnnouncements",
  (handlers) =>
    handlers
      .handle("adminClubAnnouncements", ({ path, urlParams }) =>
        Effect.flatMap(Effect.flatMap(Clubs.ClubRepo, (r) => r.findById(path.id)), Option.match({
            onNone: () => Effect.fail(new Clubs.ClubNotFound({ ref: path.id })),
            onSome: (club) => Clubs.announcementsPage(club.id, pageOf(urlParams))
          })))
      .handle("adminPostClubAnnouncement", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.postAnnouncement(admin, path.id, payload)))
      .handle("adminDeleteClubAnnouncement", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.deleteAnnouncement(admin, path.annId)))
)
