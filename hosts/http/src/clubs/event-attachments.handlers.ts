/** Handlers of club event attachments (club admin and the event's organizer) and club reports (athletes, admins). One use case each. */
import type { HttpApiGroup } from "@effect/platform"
import { ClubsApi } from "@podium/contracts/clubs"
import { type Authenticated, ClubAccess, type ClubManagers, CurrentPrincipal, OrganizerAccess, type OrganizerAccessShape, type OrganizerManagers, type OrganizerReaders, pageOf } from "@podium/contracts/common"
import { Clubs, type Events } from "@podium/core"
import type { ClubAttachmentsInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { ClubsHandlerServices } from "./clubs.services.js"

export type ClubAttachmentHandlerServices =
  | ClubsHandlerServices
  | ClubAttachmentsInfrastructure
  | Events.EventRepo
  | Authenticated
  | ClubManagers
  | OrganizerManagers
  | OrganizerReaders

type Group<N extends string> = Layer.Layer<HttpApiGroup.ApiGroup<"podium", N>, never, ClubAttachmentHandlerServices>

const withClub = <A, E, R>(f: (access: typeof ClubAccess.Service) => Effect.Effect<A, E, R>) => Effect.flatMap(ClubAccess, f)

/** The organizer's side as the use cases see it (`organizer:<memberId>`, or `admin:<accountId>` for a platform admin). */
const owner = (access: OrganizerAccessShape): Clubs.EventOwner => ({
  organizerId: access.organizerId,
  actor: access.memberId !== null ? `organizer:${access.memberId}` : `admin:${access.principal.accountId}`,
  principal: access.principal
})
const withOrganizer = <A, E, R>(f: (who: Clubs.EventOwner) => Effect.Effect<A, E, R>) => Effect.flatMap(OrganizerAccess, (a) => f(owner(a)))

export const ClubEventAttachmentsHandlers: Group<"clubEventAttachments"> = apiGroup(ClubsApi, "clubEventAttachments", (handlers) =>
  handlers
    .handle("clubDiscoverableEvents", ({ urlParams: q }) => withClub((a) => Clubs.discoverableEvents(a.clubId, { q: q.q, city: q.city, sport: q.sport, ...pageOf(q) })))
    .handle("attachClubEvent", ({ path }) => withClub((a) => Clubs.attachEvent(a.principal, a.clubId, path.eventId)))
    .handle("clubEventAttachments", ({ urlParams: q }) => withClub((a) => Clubs.listClubAttachments(a.clubId, { status: q.status, ...pageOf(q) })))
    .handle("detachClubEvent", ({ path }) => withClub((a) => Clubs.detachEvent(a.principal, a.clubId, path.attachmentId))))

export const OrganizerClubAttachmentsHandlers: Group<"organizerClubAttachments"> = apiGroup(ClubsApi, "organizerClubAttachments", (handlers) =>
  handlers
    .handle("organizerEventClubAttachments", ({ path, urlParams: q }) => withOrganizer((who) => Clubs.eventClubAttachments(who, path.eventId, { status: q.status, ...pageOf(q) })))
    .handle("approveClubAttachment", ({ path }) => withOrganizer((who) => Clubs.decideClubAttachment(who, path.eventId, path.attachmentId, { approve: true })))
    .handle("rejectClubAttachment", ({ path, payload }) =>
      withOrganizer((who) => Clubs.decideClubAttachment(who, path.eventId, path.attachmentId, { approve: false, reason: payload.reason }))))

export const ClubReportsHandlers: Group<"clubReports"> = apiGroup(ClubsApi, "clubReports", (handlers) =>
  handlers.handle("reportClub", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (p) => Clubs.reportClub(p, path.clubId, payload))))

export const AdminClubModerationReportsHandlers: Group<"adminClubModerationReports"> = apiGroup(ClubsApi, "adminClubModerationReports", (handlers) =>
  handlers.handle("adminClubModerationReports", ({ path, urlParams: q }) =>
    Clubs.clubModerationReports(path.id, { status: q.status, category: q.category, ...pageOf(q) })))
