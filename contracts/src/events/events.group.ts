/**
 * Events (C "Events (organizer and athlete) / Events", "Event configuration: slots / tickets",
 * "Organizer event tools" bulk; C Athlete "Event bookmarks"; B "Events oversight";
 * `/v2/organizers/{orgId}/events`, `/v2/organizations/{id}/events`). Organizer routes act for the
 * organizer the tenancy guard grants (`x-organizer-id` or the caller's own; `orgId` in the path);
 * admin routes need `events.review` (review) or `events.manage` (oversight). Bodies the spec does
 * not show follow the shapes; dates without an offset are read in the event's time zone.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import {
  Body,
  Bool,
  CountryCode,
  Event,
  EventSlot,
  EventStatus,
  EventTicket,
  EventGalleryImage,
  EventWaypoint,
  inputOf,
  Instant,
  IntFromText,
  OneOf,
  Optional,
  Query,
  says,
  StrLength,
  UuidStr
} from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, GetMany, ListQueryParams, op, OrganizerManagers, OrganizerReaders, Requires } from "../common/index.js"
import { DateTimeText } from "./organizer-staff-tasks.group.js"

export const EventPhase = OneOf("draft", "pending_approval", "published", "unpublished", "suspended", "open", "closing_soon", "in_progress", "completed", "cancelled")

/** An event as organizers and admins read it: the record and the status the spec names for it now (`phase`). */
export const EventView = Schema.Struct({ ...Event.fields, phase: EventPhase }).annotations({ identifier: "EventView" })

/** An event as the public reads it (no review, test or suspension bookkeeping). */
export const PublicEventView = EventView.pipe(
  Schema.omit("priorStatus", "reviewReason", "isTest", "submittedAt", "cancelReason", "isActive", "status")
).annotations({ identifier: "PublicEvent" })

export const EventPage = GetMany(EventView).annotations({ identifier: "EventPage" })
export const PublicEventPage = GetMany(PublicEventView).annotations({ identifier: "PublicEventPage" })

const DateTimeOrNull = Schema.NullOr(DateTimeText)

/** `POST /v2/events` (the shape). */
export const CreateEventBody = Body({
  ...inputOf(Event, { required: ["title", "sport", "city", "country", "timezone", "visibility"], optional: ["description", "venue", "isTest", "categoryId", "refundPolicy"] }).fields,
  startsAt: DateTimeText,
  endsAt: DateTimeText
})

export const UpdateEventBody = Body({
  ...inputOf(Event, {
    required: [],
    optional: ["title", "sport", "city", "country", "timezone", "visibility", "description", "venue", "isTest", "categoryId", "refundPolicy"]
  }).fields,
  startsAt: Optional(DateTimeText),
  endsAt: Optional(DateTimeText)
})

export const Timeframe = OneOf("upcoming", "ongoing", "past")
const PageParams = { page: Optional(IntFromText(1, 1_000_000)), limit: Optional(IntFromText(1, 100)) }

export const EventListQuery = Query({ status: Optional(EventStatus), timeframe: Optional(Timeframe), ...PageParams })
export const AdminEventListQuery = Query({ status: Optional(EventStatus), timeframe: Optional(Timeframe), organizerId: Optional(UuidStr), ...PageParams })
export const PublicEventQuery = Query({
  timeframe: Optional(Timeframe),
  city: Optional(StrLength(1, 100)),
  country: Optional(CountryCode),
  sport: Optional(StrLength(1, 40)),
  categoryId: Optional(UuidStr),
  search: Optional(StrLength(1, 200)),
  ...PageParams
})
export const PagingQuery = Query(PageParams)

export const ReviewBody = Body({ decision: OneOf("approve", "reject"), reason: Optional(StrLength(10, 500)) })
export const CancelEventBody = Body({ reason: Optional(StrLength(3, 500)) })
export const SuspendEventBody = Body({ reason: StrLength(10, 500) })
export const AdminEventStatusBody = Body({ action: OneOf("suspend", "reinstate", "cancel"), reason: Optional(StrLength(10, 500)) })
export const ReplaceUuidBody = Body({ newId: UuidStr })

const IdList = (max: number) =>
  Schema.Array(Schema.String).pipe(
    Schema.filter((ids) => ids.length >= 1 && ids.length <= max),
    Schema.annotations(says(`must contain between 1 and ${max} elements`))
  )
export const FeaturedBody = Body({ ids: IdList(100), featured: Bool })
export const BulkEventsBody = Body({ action: OneOf("unpublish", "cancel", "clone"), ids: IdList(100) })

export const Deleted = Schema.Struct({ id: Schema.String, deleted: Schema.Literal(true) })
export const Readiness = Schema.Struct({ eventId: Schema.String, status: EventStatus, ready: Schema.Boolean, reasons: Schema.Array(Schema.String) })
  .annotations({ identifier: "EventReadiness" })
export const VisibilityAnswer = Schema.Struct({ kind: Schema.Literal("event"), id: Schema.String, visible: Schema.Boolean, reasons: Schema.Array(Schema.String) })
  .annotations({ identifier: "EventPublicVisibility" })
export const PortalReadinessAnswer = Schema.Struct({ kind: Schema.Literal("event"), id: Schema.String, ready: Schema.Boolean, reasons: Schema.Array(Schema.String) })
  .annotations({ identifier: "EventPortalReadiness" })
export const RefundPolicyView = Schema.Struct({ eventId: Schema.String, refundPolicy: Schema.NullOr(Schema.String) })
export const FeaturedResult = Schema.Struct({ featured: Schema.Boolean, updated: Schema.Array(Schema.String), missing: Schema.Array(Schema.String) })
export const BulkResult = Schema.Struct({
  action: Schema.String,
  results: Schema.Array(Schema.Struct({
    id: Schema.String,
    ok: Schema.Boolean,
    error: Schema.optional(Schema.String),
    code: Schema.optional(Schema.String),
    newId: Schema.optional(Schema.String)
  }))
}).annotations({ identifier: "BulkEventsResult" })
export const EventStats = Schema.Struct({ total: Schema.Int, byStatus: Schema.Array(Schema.Struct({ status: EventStatus, count: Schema.Int })) })
export const SlotSales = Schema.Struct({
  slotId: Schema.String, name: Schema.String, startsAt: Instant, capacity: Schema.Int, sold: Schema.Int, remaining: Schema.Int, grossMinor: Schema.Int
})
export const TicketSales = Schema.Struct({
  ticketId: Schema.String, slotId: Schema.String, name: Schema.String, currency: Schema.String, price: Schema.Int, capacity: Schema.Int,
  sold: Schema.Int, remaining: Schema.Int, grossMinor: Schema.Int
})
export const MarketingSummary = Schema.Struct({
  eventId: Schema.String,
  slug: Schema.String,
  title: Schema.String,
  phase: EventPhase,
  startsAt: Instant,
  timezone: Schema.String,
  city: Schema.String,
  country: Schema.String,
  currency: Schema.NullOr(Schema.String),
  priceFrom: Schema.NullOr(Schema.Int),
  priceTo: Schema.NullOr(Schema.Int),
  ticketsOnSale: Schema.Int,
  placesLeft: Schema.Int,
  salesCloseAt: Schema.NullOr(Instant),
  daysToStart: Schema.Int
}).annotations({ identifier: "EventMarketingSummary" })
export const BookmarkState = Schema.Struct({ eventId: Schema.String, bookmarked: Schema.Boolean })

/** Slot and ticket bodies (the shapes). */
export const CreateSlotBody = Body({ ...inputOf(EventSlot, { required: ["name", "capacity"], optional: [] }).fields, startsAt: DateTimeText })
export const UpdateSlotBody = Body({ ...inputOf(EventSlot, { required: [], optional: ["name", "capacity"] }).fields, startsAt: Optional(DateTimeText) })
export const CreateTicketBody = Body({
  ...inputOf(EventTicket, { required: ["name", "price", "currency", "capacity"], optional: ["description"] }).fields,
  salesStartAt: Optional(DateTimeOrNull),
  salesEndAt: Optional(DateTimeOrNull)
})
export const UpdateTicketBody = Body({
  ...inputOf(EventTicket, { required: [], optional: ["name", "price", "currency", "capacity", "description"] }).fields,
  salesStartAt: Optional(DateTimeOrNull),
  salesEndAt: Optional(DateTimeOrNull)
})

const OrganizerHeader = Schema.Struct({ "x-organizer-id": Schema.optional(Schema.String) })
const IdPath = Schema.Struct({ id: Schema.String })
const EventIdPath = Schema.Struct({ eventId: Schema.String })

/** The spec names the read, not its body: the event's gallery, never paged (a gallery holds at most 50). */
export const EventPhotoSummary = Schema.Struct({
  eventId: Schema.String,
  photoCount: Schema.Int,
  /** In gallery order; `url` is a short-lived signed `/v2/media/content/...` URL. */
  photos: Schema.Array(Schema.Struct({ id: EventGalleryImage.fields.id, caption: EventGalleryImage.fields.caption, contentType: EventGalleryImage.fields.contentType, sortOrder: EventGalleryImage.fields.sortOrder, url: Schema.String }))
}).annotations({ identifier: "EventPhotoSummary" })
const SlotPath = Schema.Struct({ eventId: Schema.String, slotId: Schema.String })
const TicketPath = Schema.Struct({ eventId: Schema.String, ticketId: Schema.String })
const KindPath = Schema.Struct({ kind: OneOf("event"), id: Schema.String })

export class OrganizerEventsGroup extends HttpApiGroup.make("organizerEvents")
  .add(op.get("listEvents", "/v2/events", { query: EventListQuery, headers: OrganizerHeader, ok: EventPage, summary: "The organizer's events (every status), filtered by status and timeframe (upcoming, ongoing, past)" }).middleware(OrganizerReaders))
  .add(op.post("createEvent", "/v2/events", { body: CreateEventBody, headers: OrganizerHeader, ok: EventView, status: 201, summary: "Create a draft event; dates without an offset are read in its time zone; the slug comes from the title" }).middleware(OrganizerManagers))
  .add(op.get("getEvent", "/v2/events/:id", { path: IdPath, headers: OrganizerHeader, ok: EventView, summary: "One of the organizer's events (any status)" }).middleware(OrganizerReaders))
  .add(op.patch("updateEvent", "/v2/events/:id", { path: IdPath, body: UpdateEventBody, headers: OrganizerHeader, ok: EventView, summary: "Change an event (not while suspended); ticket sale windows must still end before the start" }).middleware(OrganizerManagers))
  .add(op.del("deleteEvent", "/v2/events/:id", { path: IdPath, headers: OrganizerHeader, ok: Deleted, summary: "Soft-delete an event; only with zero active participants, else 400" }).middleware(OrganizerManagers))
  .add(op.patch("submitEventForApproval", "/v2/events/:id/submit-for-approval", { path: IdPath, headers: OrganizerHeader, ok: EventView, summary: "draft or unpublished → pending_approval, once ready (an active slot with an active ticket)" }).middleware(OrganizerManagers))
  .add(op.patch("unpublishEvent", "/v2/events/:id/unpublish", { path: IdPath, headers: OrganizerHeader, ok: EventView, summary: "published → unpublished (gone from public lists and search)" }).middleware(OrganizerManagers))
  .add(op.patch("toggleEvent", "/v2/events/:id/toggle", { path: IdPath, headers: OrganizerHeader, ok: EventView, summary: "Switch the event on or off (isActive); an inactive event is hidden from the public" }).middleware(OrganizerManagers))
  .add(op.patch("toggleEventBookings", "/v2/events/:id/toggle-bookings", { path: IdPath, headers: OrganizerHeader, ok: EventView, summary: "Open or close bookings without unpublishing" }).middleware(OrganizerManagers))
  .add(op.post("cancelEvent", "/v2/events/:id/cancel", { path: IdPath, body: CancelEventBody, headers: OrganizerHeader, ok: EventView, summary: "Cancel the event; records the refund intent (paid bookings refunded, free ones cancelled) durably" }).middleware(OrganizerManagers))
  .add(op.get("eventReadiness", "/v2/events/:id/readiness", { path: IdPath, headers: OrganizerHeader, ok: Readiness, summary: "Whether the event can be submitted, with every reason against" }).middleware(OrganizerReaders))
  .add(op.get("eventPublicVisibility", "/v2/events/public-visibility/:kind/:id", { path: KindPath, headers: OrganizerHeader, ok: VisibilityAnswer, summary: "Whether the public can see the event, with every reason it cannot" }).middleware(OrganizerReaders))
  .add(op.get("eventPortalReadiness", "/v2/events/portal-readiness/:kind/:id", { path: KindPath, headers: OrganizerHeader, ok: PortalReadinessAnswer, summary: "Whether the event is visible and sellable on the public portal, with every reason against" }).middleware(OrganizerReaders))
  .add(op.get("listOrganizerEvents", "/v2/organizers/:orgId/events", { path: Schema.Struct({ orgId: Schema.String }), query: EventListQuery, ok: EventPage, summary: "The named organizer's events (every status; team members)" }).middleware(OrganizerReaders))
  .add(op.post("bulkEvents", "/v2/organizer/events/bulk", { body: BulkEventsBody, headers: OrganizerHeader, ok: BulkResult, summary: "Unpublish, cancel or clone up to 100 events; one outcome per id, a failure never undoes the others" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Events")
  .annotate(OpenApi.Description, "The organizer's events: create, change, submit, unpublish, toggle, cancel, delete, readiness, bulk")
{}

export class EventSlotsGroup extends HttpApiGroup.make("eventSlots")
  .add(op.get("listEventSlots", "/v2/organizers/events/:eventId/slots", { path: EventIdPath, headers: OrganizerHeader, ok: Schema.Array(EventSlot), summary: "The event's slots by start" }).middleware(OrganizerReaders))
  .add(op.post("createEventSlot", "/v2/organizers/events/:eventId/slots", { path: EventIdPath, body: CreateSlotBody, headers: OrganizerHeader, ok: EventSlot, status: 201, summary: "Add a slot (name, start, capacity)" }).middleware(OrganizerManagers))
  .add(op.get("getEventSlot", "/v2/organizers/events/:eventId/slots/:slotId", { path: SlotPath, headers: OrganizerHeader, ok: EventSlot, summary: "One slot" }).middleware(OrganizerReaders))
  .add(op.patch("updateEventSlot", "/v2/organizers/events/:eventId/slots/:slotId", { path: SlotPath, body: UpdateSlotBody, headers: OrganizerHeader, ok: EventSlot, summary: "Change a slot; its capacity never drops below a ticket's" }).middleware(OrganizerManagers))
  .add(op.del("deleteEventSlot", "/v2/organizers/events/:eventId/slots/:slotId", { path: SlotPath, headers: OrganizerHeader, ok: Deleted, summary: "Remove a slot and its tickets (409 PLACES_TAKEN when places are taken)" }).middleware(OrganizerManagers))
  .add(op.patch("toggleEventSlot", "/v2/organizers/events/:eventId/slots/:slotId/toggle-status", { path: SlotPath, headers: OrganizerHeader, ok: EventSlot, summary: "Switch a slot on or off" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Event configuration: slots")
  .annotate(OpenApi.Description, "Slots of an event")
{}

export class EventTicketsGroup extends HttpApiGroup.make("eventTickets")
  .add(op.get("listEventTickets", "/v2/organizers/events/:eventId/slots/:slotId/tickets", { path: SlotPath, headers: OrganizerHeader, ok: Schema.Array(EventTicket), summary: "The slot's tickets" }).middleware(OrganizerReaders))
  .add(op.post("createEventTicket", "/v2/organizers/events/:eventId/slots/:slotId/tickets", { path: SlotPath, body: CreateTicketBody, headers: OrganizerHeader, ok: EventTicket, status: 201, summary: "Add a ticket to a slot: price in integer minor units (0 = free), capacity ≤ the slot's, sales ending before the event starts" }).middleware(OrganizerManagers))
  .add(op.get("getEventTicket", "/v2/organizers/events/:eventId/tickets/:ticketId", { path: TicketPath, headers: OrganizerHeader, ok: EventTicket, summary: "One ticket" }).middleware(OrganizerReaders))
  .add(op.patch("updateEventTicket", "/v2/organizers/events/:eventId/tickets/:ticketId", { path: TicketPath, body: UpdateTicketBody, headers: OrganizerHeader, ok: EventTicket, summary: "Change a ticket under the same rules" }).middleware(OrganizerManagers))
  .add(op.del("deleteEventTicket", "/v2/organizers/events/:eventId/tickets/:ticketId", { path: TicketPath, headers: OrganizerHeader, ok: Deleted, summary: "Remove a ticket (409 PLACES_TAKEN when places are taken)" }).middleware(OrganizerManagers))
  .add(op.patch("toggleEventTicket", "/v2/organizers/events/:eventId/tickets/:ticketId/toggle-status", { path: TicketPath, headers: OrganizerHeader, ok: EventTicket, summary: "Switch a ticket on or off" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Event configuration: tickets")
  .annotate(OpenApi.Description, "Tickets of an event's slots")
{}

export class PublicEventsGroup extends HttpApiGroup.make("publicEvents")
  .add(op.get("publicEvents", "/v2/events/public", { query: PublicEventQuery, ok: PublicEventPage, summary: "Published public events (upcoming unless a timeframe says otherwise); filters city, country, sport, category, search" }))
  .add(op.get("publicEventFeed", "/v2/events/public/feed", { query: PagingQuery, ok: PublicEventPage, summary: "The public feed: upcoming events by start; never draft, cancelled, private, suspended or test events" }))
  .add(op.get("discoverEvents", "/v2/events/discover", { query: PublicEventQuery, ok: PublicEventPage, summary: "Discover public events by city, country, sport, category or words" }))
  .add(op.get("featuredPublicEvents", "/v2/events/featured/public", { query: PagingQuery, ok: PublicEventPage, summary: "Featured public events, upcoming" }))
  .add(op.get("eventsByCity", "/v2/events/by-city/:city", { path: Schema.Struct({ city: Schema.String }), query: PagingQuery, ok: PublicEventPage, summary: "Upcoming public events in a city (case-insensitive)" }))
  .add(op.get("eventsByCountry", "/v2/events/by-country/:country", { path: Schema.Struct({ country: CountryCode }), query: PagingQuery, ok: PublicEventPage, summary: "Upcoming public events in a country (ISO 3166-1 alpha-2)" }))
  .add(op.get("eventBySlug", "/v2/events/by-slug/:slug", { path: Schema.Struct({ slug: Schema.String }), ok: PublicEventView, summary: "A public event by its slug" }))
  .add(op.get("publicEvent", "/v2/events/:idOrSlug/public", { path: Schema.Struct({ idOrSlug: Schema.String }), ok: PublicEventView, summary: "A public event by id or slug" }))
  .add(op.get("eventRefundPolicy", "/v2/events/:eventId/refund-policy", { path: EventIdPath, ok: RefundPolicyView, summary: "A public event's refund policy" }))
  .add(op.get("publicEventWaypoints", "/v2/events/:eventId/course/waypoints", { path: EventIdPath, query: ListQueryParams, ok: GetMany(Schema.partial(EventWaypoint)), summary: "A public event's course waypoints (aid stations, checkpoints…), in course order; 404 for an event the public cannot see" }))
  .add(op.get("publicEventPhotoSummary", "/v2/events/:eventId/photo-summary", { path: EventIdPath, ok: EventPhotoSummary, summary: "A public event's gallery photos in gallery order, each with a media URL; 404 for an event the public cannot see" }))
  .add(op.get("eventMarketingSummary", "/v2/events/:eventId/marketing-summary", { path: EventIdPath, ok: MarketingSummary, summary: "A public event at a glance for promotion: status now, start, place, price range (minor units) and places left of tickets on sale" }))
  .add(op.get("organizationEvents", "/v2/organizations/:id/events", { path: IdPath, query: PagingQuery, ok: PublicEventPage, summary: "An organization's upcoming public events" }))
  .annotate(OpenApi.Title, "Events (public)")
  .annotate(OpenApi.Description, "What the public sees: published, public, active, non-test events only")
{}

export class EventBookmarksGroup extends HttpApiGroup.make("eventBookmarks")
  .add(op.get("eventBookmarkStatus", "/v2/event-bookmarks/:eventId/status", { path: EventIdPath, ok: BookmarkState, summary: "Whether the caller bookmarked the event" }))
  .add(op.patch("toggleEventBookmark", "/v2/event-bookmarks/:eventId/toggle", { path: EventIdPath, ok: BookmarkState, summary: "Bookmark a public event, or remove the bookmark" }))
  .add(op.get("myEventBookmarks", "/v2/event-bookmarks/mine", { query: PagingQuery, ok: PublicEventPage, summary: "The caller's bookmarked public events, newest bookmark first" }))
  .middleware(Authenticated)
  .annotate(OpenApi.Title, "Athlete / Event bookmarks")
  .annotate(OpenApi.Description, "Athletes' bookmarks of events")
{}

export class EventReviewGroup extends HttpApiGroup.make("eventReview")
  .add(op.patch("reviewEvent", "/v2/events/:id/review", { path: IdPath, body: ReviewBody, ok: EventView, summary: "Approve (→ published) or reject (→ draft with the reason, 10–500 characters, verbatim) a pending event" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("events.review"))
  .annotate(OpenApi.Title, "Events / review")
  .annotate(OpenApi.Description, "Admin review of submitted events (events.review)")
{}

export class EventsOversightGroup extends HttpApiGroup.make("eventsOversight")
  .add(op.get("adminListEvents", "/v2/admin/events", { query: AdminEventListQuery, ok: EventPage, summary: "Every organizer's events, newest first; filters status, timeframe, organizer" }))
  .add(op.get("adminEventStats", "/v2/admin/events/stats", { ok: EventStats, summary: "Events per status" }))
  .add(op.get("adminGetEvent", "/v2/admin/events/:id", { path: IdPath, ok: EventView, summary: "Any event (any status)" }))
  .add(op.post("adminSuspendEvent", "/v2/admin/events/:id/suspend", { path: IdPath, body: SuspendEventBody, ok: EventView, summary: "Any running status → suspended: blocks writes and new registrations, holds settlements" }))
  .add(op.post("adminUnsuspendEvent", "/v2/admin/events/:id/unsuspend", { path: IdPath, ok: EventView, summary: "suspended → the status before the suspension" }))
  .add(op.post("adminRestoreCancelledEvent", "/v2/admin/events/:id/restore-cancelled", { path: IdPath, ok: EventView, summary: "cancelled → public, active, published" }))
  .add(op.patch("adminSetEventStatus", "/v2/admin/events/:id/status", { path: IdPath, body: AdminEventStatusBody, ok: EventView, summary: "suspend, reinstate (unsuspend) or cancel" }))
  .add(op.post("adminReplaceEventUuid", "/v2/admin/events/:id/replace-uuid", { path: IdPath, body: ReplaceUuidBody, ok: EventView, summary: "Give the event a new primary id; every reference moves with it (409 when taken)" }))
  .add(op.get("adminEventSlotSales", "/v2/admin/events/:eventId/ticket-sales/slot-wise", { path: EventIdPath, ok: Schema.Array(SlotSales), summary: "Places per slot: capacity, sold, remaining, gross at list price" }))
  .add(op.get("adminEventTicketSales", "/v2/admin/events/:eventId/ticket-sales/ticket-wise", { path: EventIdPath, ok: Schema.Array(TicketSales), summary: "Places per ticket: capacity, sold, remaining, gross at list price" }))
  .add(op.get("listFeaturedEvents", "/v2/events/featured", { query: PagingQuery, ok: EventPage, summary: "Featured events (any status; admin)" }))
  .add(op.patch("setFeaturedEvents", "/v2/events/featured", { body: FeaturedBody, ok: FeaturedResult, summary: "Feature or unfeature up to 100 events" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("events.manage"))
  .annotate(OpenApi.Title, "Events oversight")
  .annotate(OpenApi.Description, "Admin oversight of every organizer's events (events.manage)")
{}

