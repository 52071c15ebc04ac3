/** Handlers of the events groups: one use case each, organizer routes on the tenancy guard's grant. */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { Events, type Identity, type Platform } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"

export type EventHandlerServices =
  | Events.EventRepo
  | Events.EventInventoryRepo
  | Events.EventWaypointRepo
  | Events.EventGalleryRepo
  | Identity.Hmac
  | Events.EventBookmarkRepo
  | Events.EventCategoryRepo
  | Events.BrandRepo
  | Platform.AuditLog
  | Authenticated
  | OrganizerManagers
  | OrganizerReaders

/** Runs a use case with the organizer grant of the request. */
const granted = <A, E, R>(f: (grant: Events.OrganizerGrant) => Effect.Effect<A, E, R>) => Effect.flatMap(OrganizerAccess, f)

export const OrganizerEventsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "organizerEvents">, never, EventHandlerServices> =
  apiGroup(EventsApi, "organizerEvents", (handlers) =>
    handlers
      .handle("listEvents", ({ urlParams }) => granted((g) => Events.listOrganizerEvents(g.organizerId, urlParams)))
      .handle("createEvent", ({ payload }) => granted((g) => Events.createEvent(g, payload)))
      .handle("getEvent", ({ path }) => granted((g) => Events.getEvent(g, path.id)))
      .handle("updateEvent", ({ path, payload }) => granted((g) => Events.updateEvent(g, path.id, payload)))
      .handle("deleteEvent", ({ path }) => granted((g) => Events.deleteEvent(g, path.id)))
      .handle("submitEventForApproval", ({ path }) => granted((g) => Events.submitForApproval(g, path.id)))
      .handle("unpublishEvent", ({ path }) => granted((g) => Events.unpublishEvent(g, path.id)))
      .handle("toggleEvent", ({ path }) => granted((g) => Events.toggleEvent(g, path.id, "isActive")))
      .handle("toggleEventBookings", ({ path }) => granted((g) => Events.toggleEvent(g, path.id, "bookingsOpen")))
      .handle("cancelEvent", ({ path, payload }) => granted((g) => Events.cancelEvent(g, g.principal, path.id, payload.reason ?? null)))
      .handle("eventReadiness", ({ path }) => granted((g) => Events.eventReadiness(g, path.id)))
      .handle("eventPublicVisibility", ({ path }) => granted((g) => Events.eventVisibility(g, path.id)))
      .handle("eventPortalReadiness", ({ path }) => granted((g) => Events.eventPortalReadiness(g, path.id)))
      .handle("listOrganizerEvents", ({ urlParams }) => granted((g) => Events.listOrganizerEvents(g.organizerId, urlParams)))
      .handle("bulkEvents", ({ payload }) => granted((g) => Events.bulkEvents(g, g.principal, payload.action, payload.ids))))

export const EventSlotsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "eventSlots">, never, EventHandlerServices> =
  apiGroup(EventsApi, "eventSlots", (handlers) =>
    handlers
      .handle("listEventSlots", ({ path }) => granted((g) => Events.listSlots(g, path.eventId)))
      .handle("createEventSlot", ({ path, payload }) => granted((g) => Events.createSlot(g, path.eventId, payload)))
      .handle("getEventSlot", ({ path }) => granted((g) => Events.getSlot(g, path.eventId, path.slotId)))
      .handle("updateEventSlot", ({ path, payload }) => granted((g) => Events.updateSlot(g, path.eventId, path.slotId, payload)))
      .handle("deleteEventSlot", ({ path }) => granted((g) => Events.deleteSlot(g, path.eventId, path.slotId)))
      .handle("toggleEventSlot", ({ path }) => granted((g) => Events.toggleSlot(g, path.eventId, path.slotId))))

export const EventTicketsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "eventTickets">, never, EventHandlerServices> =
  apiGroup(EventsApi, "eventTickets", (handlers) =>
    handlers
      .handle("listEventTickets", ({ path }) => granted((g) => Events.listTickets(g, path.eventId, path.slotId)))
      .handle("createEventTicket", ({ path, payload }) => granted((g) => Events.createTicket(g, path.eventId, path.slotId, payload)))
      .handle("getEventTicket", ({ path }) => granted((g) => Events.getTicket(g, path.eventId, path.ticketId)))
      .handle("updateEventTicket", ({ path, payload }) => granted((g) => Events.updateTicket(g, path.eventId, path.ticketId, payload)))
      .handle("deleteEventTicket", ({ path }) => granted((g) => Events.deleteTicket(g, path.eventId, path.ticketId)))
      .handle("toggleEventTicket", ({ path }) => granted((g) => Events.toggleTicket(g, path.eventId, path.ticketId))))

export const PublicEventsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "publicEvents">, never, EventHandlerServices> =
  apiGroup(EventsApi, "publicEvents", (handlers) =>
    handlers
      .handle("publicEvents", ({ urlParams }) => Events.listPublicEvents(urlParams))
      .handle("publicEventFeed", ({ urlParams }) => Events.listPublicEvents({ ...urlParams, timeframe: "upcoming" }))
      .handle("discoverEvents", ({ urlParams }) => Events.listPublicEvents(urlParams))
      .handle("featuredPublicEvents", ({ urlParams }) => Events.listPublicEvents({ ...urlParams, featured: true }))
      .handle("eventsByCity", ({ path, urlParams }) => Events.listPublicEvents({ ...urlParams, city: path.city }))
      .handle("eventsByCountry", ({ path, urlParams }) => Events.listPublicEvents({ ...urlParams, country: path.country }))
      .handle("eventBySlug", ({ path }) => Events.getPublicEventBySlug(path.slug))
      .handle("publicEvent", ({ path }) => Events.getPublicEvent(path.idOrSlug))
      .handle("eventRefundPolicy", ({ path }) => Events.refundPolicy(path.eventId))
      .handle("publicEventWaypoints", ({ path, urlParams }) => Events.listPublicWaypoints(path.eventId, urlParams))
      .handle("publicEventPhotoSummary", ({ path }) => Events.publicPhotoSummary(path.eventId))
      .handle("eventMarketingSummary", ({ path }) => Events.marketingSummary(path.eventId))
      .handle("organizationEvents", ({ path, urlParams }) => Events.listOrganizationEvents(path.id, urlParams)))

export const EventBookmarksHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "eventBookmarks">, never, EventHandlerServices> =
  apiGroup(EventsApi, "eventBookmarks", (handlers) =>
    handlers
      .handle("eventBookmarkStatus", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Events.bookmarkStatus(me.accountId, path.eventId)))
      .handle("toggleEventBookmark", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Events.toggleBookmark(me.accountId, path.eventId)))
      .handle("myEventBookmarks", ({ urlParams }) => Effect.flatMap(CurrentPrincipal, (me) => Events.myBookmarks(me.accountId, urlParams))))

export const EventReviewHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "eventReview">, never, EventHandlerServices> =
  apiGroup(EventsApi, "eventReview", (handlers) =>
    handlers.handle("reviewEvent", ({ path, payload }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Events.reviewEvent(me, path.id, payload.decision, payload.reason))))

export const EventsOversightHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "eventsOversight">, never, EventHandlerServices> =
  apiGroup(EventsApi, "eventsOversight", (handlers) =>
    handlers
      .handle("adminListEvents", ({ urlParams }) => Events.adminListEvents(urlParams))
      .handle("adminEventStats", () => Events.eventStats)
      .handle("adminGetEvent", ({ path }) => Events.adminGetEvent(path.id))
      .handle("adminSuspendEvent", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Events.suspendEvent(me, path.id, payload.reason)))
      .handle("adminUnsuspendEvent", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Events.unsuspendEvent(me, path.id)))
      .handle("adminRestoreCancelledEvent", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Events.restoreCancelledEvent(me, path.id)))
      .handle("adminSetEventStatus", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Events.adminSetStatus(me, path.id, payload.action, payload.reason ?? null)))
      .handle("adminReplaceEventUuid", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Events.replaceEventId(me, path.id, payload.newId)))
      .handle("adminEventSlotSales", ({ path }) => Effect.map(Events.adminTicketSales(path.eventId), (s) => s.slotWise))
      .handle("adminEventTicketSales", ({ path }) => Effect.map(Events.adminTicketSales(path.eventId), (s) => s.ticketWise))
      .handle("listFeaturedEvents", ({ urlParams }) => Events.listFeatured(urlParams))
      .handle("setFeaturedEvents", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Events.setFeatured(me, payload.ids, payload.featured))))
