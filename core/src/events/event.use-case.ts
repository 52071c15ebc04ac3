/**
 * Events: the organizer's race from draft to published, the admin review and oversight, and the
 * public reads. Every status change is one move of `EventMoves` applied as a conditional update by
 * the repository, so of two concurrent moves from the same status exactly one wins (409 for the
 * other). Organizer input without an offset is read in the event's own time zone.
 */
import { type Event, type EventStatus, type EventVisibility, MoveRefused } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import type { OrganizerAccessGrant } from "../organizers/organizer.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { auditSubject } from "../platform/audit-subject.js"
import { cascadeDefaults } from "./brand.use-case.js"
import { EventCategoryRepo } from "./event-category.model.js"
import {
  EventHasParticipants,
  EventInvalid,
  EventNotFound,
  type EventPhase,
  EventSuspended,
  instantIn,
  isPubliclyVisible,
  phaseOf,
  type Timeframe
} from "./event.model.js"
import { EventBookmarkRepo, type EventFilter, EventInventoryRepo, type EventPatch, EventRepo } from "./event.port.js"

/** What the tenancy guard granted, as the use cases read it. */
export interface OrganizerGrant extends OrganizerAccessGrant {
  readonly principal: Principal
}

/** An event as answered: the record and the status the spec names for it now. */
export interface EventView extends Event {
  readonly phase: EventPhase
}

const nowDate = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

export const viewOf = (event: Event, now: Date): EventView => ({ ...event, phase: phaseOf(event, now) })
const view = (event: Event) => Effect.map(nowDate, (now) => viewOf(event, now))

/** A page of events as lists answer it (`data` with the paging fields beside it). */
export interface EventListPage {
  readonly data: ReadonlyArray<EventView>
  readonly count: number
  readonly total: number
  readonly page: number
  readonly pageCount: number
}

export interface Paging {
  readonly page?: number | undefined
  readonly limit?: number | undefined
}

const listPage = (filter: Omit<EventFilter, "now" | "limit" | "offset">, paging: Paging) =>
  Effect.gen(function*() {
    const now = yield* nowDate
    const limit = paging.limit ?? 20
    const page = paging.page ?? 1
    const found = yield* Effect.flatMap(EventRepo, (r) => r.list({ ...filter, now, limit, offset: (page - 1) * limit }))
    const result: EventListPage = {
      data: found.data.map((e) => viewOf(e, now)),
      count: found.data.length,
      total: found.total,
      page,
      pageCount: Math.ceil(found.total / limit)
    }
    return result
  })

// ---------------------------------------------------------------------------------------------
// Organizer

export interface EventInput {
  readonly title: string
  readonly description?: string | null | undefined
  readonly sport: string
  readonly city: string
  readonly country: string
  readonly venue?: string | null | undefined
  /** ISO 8601; without an offset, wall-clock time in `timezone`. */
  readonly startsAt: string
  readonly endsAt: string
  readonly timezone: string
  readonly visibility: EventVisibility
  readonly isTest?: boolean | undefined
  readonly categoryId?: string | null | undefined
  readonly refundPolicy?: string | null | undefined
}

export interface EventChanges extends Partial<EventInput> {}

const checkCategory = (categoryId: string | null | undefined) =>
  Effect.gen(function*() {
    if (categoryId === null || categoryId === undefined) return
    const found = yield* Effect.flatMap(EventCategoryRepo, (r) => (isUuid(categoryId) ? r.get(categoryId) : Effect.succeed(Option.none())))
    if (Option.isNone(found) || !found.value.isActive) {
      return yield* new EventInvalid({ messages: ["categoryId must be an active event category"] })
    }
  })

/** Reads the two dates in the zone and checks their order. */
const datesOf = (startsAt: string, endsAt: string, zone: string) =>
  Effect.gen(function*() {
    const start = instantIn(startsAt, zone)
    const end = instantIn(endsAt, zone)
    const messages = [
      ...(start === undefined ? ["startsAt must be a valid ISO 8601 date string"] : []),
      ...(end === undefined ? ["endsAt must be a valid ISO 8601 date string"] : [])
    ]
    if (messages.length > 0) return yield* new EventInvalid({ messages })
    if (end!.getTime() <= start!.getTime()) return yield* new EventInvalid({ messages: ["endsAt must be after startsAt"] })
    return { startsAt: start!, endsAt: end! }
  })

/** Creates a draft for the organizer the tenancy guard granted. */
export const createEvent = Effect.fn("events.create")(function*(grant: OrganizerAccessGrant, input: EventInput) {
  const dates = yield* datesOf(input.startsAt, input.endsAt, input.timezone)
  yield* checkCategory(input.categoryId)
  // The organizer's cascade defaults fill what the input leaves out.
  const defaults = yield* cascadeDefaults(grant.organizerId)
  const event = yield* Effect.flatMap(EventRepo, (r) =>
    r.create({
      organizerId: grant.organizerId,
      title: input.title,
      description: input.description ?? null,
      sport: input.sport,
      city: input.city,
      country: input.country,
      venue: input.venue ?? null,
      ...dates,
      timezone: input.timezone,
      visibility: input.visibility,
      isTest: input.isTest ?? false,
      categoryId: input.categoryId ?? null,
      refundPolicy: input.refundPolicy ?? defaults.refundPolicy ?? null
    }))
  return yield* view(event)
})

/** The event when it belongs to the granted organizer (a platform admin's grant reaches every event); else 404. */
export const ownedEvent = Effect.fn("events.owned")(function*(grant: OrganizerAccessGrant, id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(EventRepo, (r) => r.findById(id)) : Option.none()
  if (Option.isNone(found) || (grant.role !== "PLATFORM_ADMIN" && found.value.organizerId !== grant.organizerId)) {
    return yield* new EventNotFound({ ref: id })
  }
  return found.value
})

/** The owned event, refused while an admin holds it suspended (writes are blocked). */
export const writableEvent = Effect.fn("events.writable")(function*(grant: OrganizerAccessGrant, id: string) {
  const event = yield* ownedEvent(grant, id)
  if (event.status === "suspended") return yield* new EventSuspended({ eventId: event.id })
  return event
})

export const getEvent = (grant: OrganizerAccessGrant, id: string) => Effect.flatMap(ownedEvent(grant, id), view)

export interface OrganizerEventQuery extends Paging {
  readonly status?: EventStatus | undefined
  readonly timeframe?: Timeframe | undefined
}

export const listOrganizerEvents = (organizerId: string, query: OrganizerEventQuery) =>
  listPage({
    organizerId,
    statuses: query.status === undefined ? undefined : [query.status],
    timeframe: query.timeframe,
    order: query.timeframe === "past" ? "createdAt" : "startsAt"
  }, query)

/** Changes an event; new dates are read in the (possibly new) zone, and existing tickets' sale windows must still end before the start. */
export const updateEvent = Effect.fn("events.update")(function*(grant: OrganizerAccessGrant, id: string, changes: EventChanges) {
  const event = yield* writableEvent(grant, id)
  const zone = changes.timezone ?? event.timezone
  const patch: { -readonly [K in keyof EventPatch]: EventPatch[K] } = {}
  if (changes.startsAt !== undefined || changes.endsAt !== undefined || changes.timezone !== undefined) {
    const start = changes.startsAt === undefined ? event.startsAt.toISOString() : changes.startsAt
    const end = changes.endsAt === undefined ? event.endsAt.toISOString() : changes.endsAt
    const dates = yield* datesOf(start, end, zone)
    const tickets = yield* Effect.flatMap(EventInventoryRepo, (r) => r.tickets(event.id))
    if (tickets.some((t) => t.salesEndAt !== null && t.salesEndAt.getTime() > dates.startsAt.getTime())) {
      return yield* new EventInvalid({ messages: ["startsAt must be after every ticket's salesEndAt"] })
    }
    patch.startsAt = dates.startsAt
    patch.endsAt = dates.endsAt
  }
  if (changes.categoryId !== undefined) yield* checkCategory(changes.categoryId)
  for (const key of ["title", "sport", "city", "country", "timezone", "visibility", "isTest"] as const) {
    if (changes[key] !== undefined) (patch as Record<string, unknown>)[key] = changes[key]
  }
  for (const key of ["description", "venue", "categoryId", "refundPolicy"] as const) {
    if (changes[key] !== undefined) (patch as Record<string, unknown>)[key] = changes[key]
  }
  const updated = yield* Effect.flatMap(EventRepo, (r) => r.update(event.id, patch))
  if (Option.isNone(updated)) return yield* new EventNotFound({ ref: id })
  return yield* view(updated.value)
})

/** Places taken across the event's tickets: the participants a delete or a slot removal would strand. */
const placesTaken = (eventId: string) =>
  Effect.map(Effect.flatMap(EventInventoryRepo, (r) => r.tickets(eventId)), (tickets) => tickets.reduce((n, t) => n + t.sold, 0))

/** Soft delete, only with zero active participants (else 400, as the spec says). */
export const deleteEvent = Effect.fn("events.delete")(function*(grant: OrganizerAccessGrant, id: string) {
  const event = yield* writableEvent(grant, id)
  const active = yield* placesTaken(event.id)
  if (active > 0) return yield* new EventHasParticipants({ eventId: event.id, active })
  yield* Effect.flatMap(EventRepo, (r) => r.remove(event.id))
  return { id: event.id, deleted: true as const }
})

/** What keeps the event from being submitted (and, once published, from selling): an empty list when ready. */
export const readinessReasons = Effect.fn("events.readiness.reasons")(function*(event: Event) {
  const inventory = yield* EventInventoryRepo
  const now = yield* nowDate
  const slots = (yield* inventory.slots(event.id)).filter((s) => s.isActive)
  const tickets = (yield* inventory.tickets(event.id)).filter((t) => t.isActive && slots.some((s) => s.id === t.slotId))
  return [
    ...(event.endsAt.getTime() <= now.getTime() ? ["the event has already ended"] : []),
    ...(slots.length === 0 ? ["the event has no active slot"] : []),
    ...(tickets.length === 0 ? ["the event has no active ticket in an active slot"] : [])
  ]
})

export const eventReadiness = Effect.fn("events.readiness")(function*(grant: OrganizerAccessGrant, id: string) {
  const event = yield* ownedEvent(grant, id)
  const reasons = yield* readinessReasons(event)
  return { eventId: event.id, status: event.status, ready: reasons.length === 0, reasons }
})

/** Draft (or unpublished) → pending_approval, once the event is ready (400 with the reasons otherwise). */
export const submitForApproval = Effect.fn("events.submit")(function*(grant: OrganizerAccessGrant, id: string) {
  const event = yield* writableEvent(grant, id)
  const reasons = yield* readinessReasons(event)
  if (reasons.length > 0) return yield* new EventInvalid({ messages: reasons.map((r) => `event is not ready: ${r}`) })
  const now = yield* nowDate
  const moved = yield* Effect.flatMap(EventRepo, (r) => r.move(event.id, "submit for approval", { submittedAt: now, reviewReason: null }))
  return viewOf(moved, now)
})

/** Published → unpublished (gone from every public list and from search). */
export const unpublishEvent = Effect.fn("events.unpublish")(function*(grant: OrganizerAccessGrant, id: string) {
  const event = yield* writableEvent(grant, id)
  return yield* Effect.flatMap(Effect.flatMap(EventRepo, (r) => r.move(event.id, "unpublish", {})), view)
})

/** Flips `isActive` (an inactive event is hidden from the public without leaving its status). */
export const toggleEvent = Effect.fn("events.toggle")(function*(grant: OrganizerAccessGrant, id: string, field: "isActive" | "bookingsOpen") {
  const event = yield* writableEvent(grant, id)
  const toggled = yield* Effect.flatMap(EventRepo, (r) => r.toggle(event.id, field))
  if (Option.isNone(toggled)) return yield* new EventNotFound({ ref: id })
  return yield* view(toggled.value)
})

/**
 * Organizer cancel: the move and a durable cancellation intent in one transaction; the
 * registrations work refunds paid bookings through the payment gateway and cancels free ones.
 */
export const cancelEvent = Effect.fn("events.cancel")(function*(grant: OrganizerAccessGrant, principal: Principal, id: string, reason: string | null) {
  const event = yield* writableEvent(grant, id)
  const now = yield* nowDate
  const cancelled = yield* Effect.flatMap(EventRepo, (r) =>
    r.cancel(event.id, { reason, requestedBy: `${principal.accountKind}:${principal.accountId}` }, now))
  yield* auditSubject("event.cancelled", principal, { kind: "event", id: event.id }, reason === null ? {} : { reason })
  return viewOf(cancelled, now)
})

export const refundPolicy = Effect.fn("events.refundPolicy")(function*(idOrSlug: string) {
  const event = yield* publicEvent(idOrSlug)
  return { eventId: event.id, refundPolicy: event.refundPolicy }
})

// ---------------------------------------------------------------------------------------------
// Admin

/** Admin review: approve (→ published) or reject (→ draft with the reason, verbatim). */
export const reviewEvent = Effect.fn("events.review")(function*(admin: Principal, id: string, decision: "approve" | "reject", reason: string | undefined) {
  if (decision === "reject" && reason === undefined) {
    return yield* new EventInvalid({ messages: ["reason must be longer than or equal to 10 and shorter than or equal to 500 characters"] })
  }
  const event = yield* adminEvent(id)
  const now = yield* nowDate
  const moved = yield* Effect.flatMap(EventRepo, (r) =>
    decision === "approve"
      ? r.move(event.id, "approve", { publishedAt: now, reviewReason: null })
      : r.move(event.id, "reject", { reviewReason: reason ?? null }))
  yield* auditSubject(`event.${decision === "approve" ? "approved" : "rejected"}`, admin, { kind: "event", id: event.id }, reason === undefined ? {} : { reason })
  return viewOf(moved, now)
})

export const adminEvent = Effect.fn("events.admin.get")(function*(id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(EventRepo, (r) => r.findById(id)) : Option.none()
  if (Option.isNone(found)) return yield* new EventNotFound({ ref: id })
  return found.value
})

export const adminGetEvent = (id: string) => Effect.flatMap(adminEvent(id), view)

export interface AdminEventQuery extends OrganizerEventQuery {
  readonly organizerId?: string | undefined
  readonly search?: string | undefined
}

export const adminListEvents = (query: AdminEventQuery) =>
  listPage({
    organizerId: query.organizerId,
    statuses: query.status === undefined ? undefined : [query.status],
    timeframe: query.timeframe,
    order: "createdAt"
  }, query)

/** Any running status → suspended (the status is kept and restored by unsuspend). */
export const suspendEvent = Effect.fn("events.suspend")(function*(admin: Principal, id: string, reason: string | null) {
  const event = yield* adminEvent(id)
  const moved = yield* Effect.flatMap(EventRepo, (r) => r.move(event.id, "suspend", { reviewReason: reason }))
  yield* auditSubject("event.suspended", admin, { kind: "event", id: event.id }, reason === null ? {} : { reason })
  return yield* view(moved)
})

/** Suspended → the prior status. */
export const unsuspendEvent = Effect.fn("events.unsuspend")(function*(admin: Principal, id: string) {
  const event = yield* adminEvent(id)
  const moved = yield* Effect.flatMap(EventRepo, (r) => r.unsuspend(event.id))
  yield* auditSubject("event.unsuspended", admin, { kind: "event", id: event.id })
  return yield* view(moved)
})

/** Cancelled → public, active and published. */
export const restoreCancelledEvent = Effect.fn("events.restoreCancelled")(function*(admin: Principal, id: string) {
  const event = yield* adminEvent(id)
  const now = yield* nowDate
  const moved = yield* Effect.flatMap(EventRepo, (r) =>
    r.move(event.id, "restore cancelled", { visibility: "public", isActive: true, cancelledAt: null, cancelReason: null, publishedAt: now }))
  yield* auditSubject("event.restored", admin, { kind: "event", id: event.id })
  return viewOf(moved, now)
})

/** The admin status action of B: suspend, reinstate (= unsuspend) or cancel. */
export const adminSetStatus = Effect.fn("events.admin.status")(function*(admin: Principal, id: string, action: "suspend" | "reinstate" | "cancel", reason: string | null) {
  if (action === "suspend") return yield* suspendEvent(admin, id, reason)
  if (action === "reinstate") return yield* unsuspendEvent(admin, id)
  const event = yield* adminEvent(id)
  const now = yield* nowDate
  const cancelled = yield* Effect.flatMap(EventRepo, (r) => r.cancel(event.id, { reason, requestedBy: `admin:${admin.accountId}` }, now))
  yield* auditSubject("event.cancelled", admin, { kind: "event", id: event.id }, reason === null ? {} : { reason })
  return viewOf(cancelled, now)
})

/** Gives the event a new primary id (references follow); 409 when the new id is taken. */
export const replaceEventId = Effect.fn("events.replaceId")(function*(admin: Principal, id: string, newId: string) {
  const event = yield* adminEvent(id)
  const repo = yield* EventRepo
  if (Option.isSome(yield* repo.findById(newId))) {
    return yield* new MoveRefused({ machine: "event", code: "EVENT_ID_TAKEN", move: "replace its id", status: event.status })
  }
  const moved = yield* repo.replaceId(event.id, newId)
  if (Option.isNone(moved)) return yield* new EventNotFound({ ref: id })
  yield* auditSubject("event.id_replaced", admin, { kind: "event", id: newId }, { data: { previousId: event.id } })
  return yield* view(moved.value)
})

export const eventStats = Effect.gen(function*() {
  const byStatus = yield* Effect.flatMap(EventRepo, (r) => r.countByStatus)
  const total = byStatus.reduce((n, s) => n + s.count, 0)
  return { total, byStatus }
})

/** Places per slot and per ticket: capacity, sold, remaining, and the gross at list price (minor units). */
export const ticketSales = Effect.fn("events.ticketSales")(function*(eventId: string) {
  const inventory = yield* EventInventoryRepo
  const slots = yield* inventory.slots(eventId)
  const tickets = yield* inventory.tickets(eventId)
  const ticketWise = tickets.map((t) => ({
    ticketId: t.id,
    slotId: t.slotId,
    name: t.name,
    currency: t.currency,
    price: t.price,
    capacity: t.capacity,
    sold: t.sold,
    remaining: t.capacity - t.sold,
    grossMinor: t.price * t.sold
  }))
  const slotWise = slots.map((s) => {
    const own = ticketWise.filter((t) => t.slotId === s.id)
    const sold = own.reduce((n, t) => n + t.sold, 0)
    return { slotId: s.id, name: s.name, startsAt: s.startsAt, capacity: s.capacity, sold, remaining: Math.max(0, s.capacity - sold), grossMinor: own.reduce((n, t) => n + t.grossMinor, 0) }
  })
  return { eventId, slotWise, ticketWise }
})

export const adminTicketSales = Effect.fn("events.admin.ticketSales")(function*(id: string) {
  const event = yield* adminEvent(id)
  return yield* ticketSales(event.id)
})

/** Marks events featured or not; answers the ids that exist. */
export const setFeatured = Effect.fn("events.featured.set")(function*(admin: Principal, ids: ReadonlyArray<string>, featured: boolean) {
  const valid = ids.filter(isUuid)
  const updated = yield* Effect.flatMap(EventRepo, (r) => r.setFeatured(valid, featured))
  yield* auditSubject(featured ? "event.featured" : "event.unfeatured", admin, { kind: "event", id: updated[0] ?? "none" }, { data: { ids: updated } })
  return { featured, updated, missing: ids.filter((id) => !updated.includes(id)) }
})

export const listFeatured = (paging: Paging) => listPage({ featured: true, order: "startsAt" }, paging)

// ---------------------------------------------------------------------------------------------
// Public

export interface PublicEventQuery extends Paging {
  readonly timeframe?: Timeframe | undefined
  readonly city?: string | undefined
  readonly country?: string | undefined
  readonly sport?: string | undefined
  readonly categoryId?: string | undefined
  readonly search?: string | undefined
}

/** The public lists: published, public, active, non-test events only; upcoming unless a timeframe says otherwise. */
export const listPublicEvents = (query: PublicEventQuery & { readonly featured?: boolean | undefined; readonly organizerId?: string | undefined }) =>
  listPage({
    publicOnly: true,
    timeframe: query.timeframe ?? "upcoming",
    city: query.city,
    country: query.country,
    sport: query.sport,
    categoryId: query.categoryId,
    search: query.search === undefined || query.search.trim() === "" ? undefined : query.search,
    featured: query.featured,
    organizerId: query.organizerId,
    order: query.timeframe === "past" ? "createdAt" : "startsAt"
  }, query)

/** The public event by id or slug; anything the public may not see is 404. */
export const publicEvent = Effect.fn("events.public.get")(function*(idOrSlug: string) {
  const repo = yield* EventRepo
  const found = isUuid(idOrSlug) ? yield* repo.findById(idOrSlug) : yield* repo.findBySlug(idOrSlug)
  if (Option.isNone(found) || !isPubliclyVisible(found.value)) return yield* new EventNotFound({ ref: idOrSlug })
  return found.value
})

export const getPublicEvent = (idOrSlug: string) => Effect.flatMap(publicEvent(idOrSlug), view)

/** What an event's promotion needs at a glance (a published, public event only): its status now, dates, place, price range of tickets on sale and places left. */
export const marketingSummary = Effect.fn("events.marketingSummary")(function*(eventId: string) {
  const event = yield* publicEvent(eventId)
  const now = yield* nowDate
  const inventory = yield* EventInventoryRepo
  const slots = (yield* inventory.slots(event.id)).filter((s) => s.isActive)
  const onSale = (yield* inventory.tickets(event.id)).filter((t) =>
    t.isActive && slots.some((s) => s.id === t.slotId) && t.sold < t.capacity &&
    (t.salesStartAt === null || t.salesStartAt.getTime() <= now.getTime()) &&
    (t.salesEndAt === null || t.salesEndAt.getTime() > now.getTime()))
  const prices = onSale.map((t) => t.price)
  const salesClose = onSale.map((t) => t.salesEndAt ?? event.startsAt).reduce<Date | null>((latest, at) => (latest === null || at > latest ? at : latest), null)
  return {
    eventId: event.id,
    slug: event.slug,
    title: event.title,
    phase: phaseOf(event, now),
    startsAt: event.startsAt,
    timezone: event.timezone,
    city: event.city,
    country: event.country,
    currency: onSale[0]?.currency ?? null,
    priceFrom: prices.length === 0 ? null : Math.min(...prices),
    priceTo: prices.length === 0 ? null : Math.max(...prices),
    ticketsOnSale: event.bookingsOpen ? onSale.length : 0,
    placesLeft: event.bookingsOpen ? onSale.reduce((n, t) => n + t.capacity - t.sold, 0) : 0,
    salesCloseAt: event.bookingsOpen ? salesClose : null,
    daysToStart: Math.max(0, Math.ceil((event.startsAt.getTime() - now.getTime()) / 86_400_000))
  }
})

/** By slug only (an id is not a slug). */
export const getPublicEventBySlug = Effect.fn("events.public.bySlug")(function*(slug: string) {
  const found = yield* Effect.flatMap(EventRepo, (r) => r.findBySlug(slug))
  if (Option.isNone(found) || !isPubliclyVisible(found.value)) return yield* new EventNotFound({ ref: slug })
  return yield* view(found.value)
})

/** An organization's upcoming public events (an unknown or non-uuid id lists nothing). */
export const listOrganizationEvents = (organizerId: string, paging: Paging) =>
  isUuid(organizerId)
    ? listPublicEvents({ ...paging, organizerId })
    : Effect.succeed<EventListPage>({ data: [], count: 0, total: 0, page: paging.page ?? 1, pageCount: 0 })

export const visibilityReasons = (event: Event): ReadonlyArray<string> => [
  ...(event.status !== "published" ? [`status is ${event.status}`] : []),
  ...(event.visibility !== "public" ? ["visibility is private"] : []),
  ...(event.isTest ? ["it is a test event"] : []),
  ...(!event.isActive ? ["it is switched off (inactive)"] : [])
]

/** Why an event is or is not publicly visible (a list of reasons, empty when visible). */
export const eventVisibility = Effect.fn("events.visibility")(function*(grant: OrganizerAccessGrant, id: string) {
  const event = yield* ownedEvent(grant, id)
  const reasons = visibilityReasons(event)
  return { kind: "event" as const, id: event.id, visible: reasons.length === 0, reasons }
})

/** Whether the event is ready for the public portal: visible and sellable, with every reason against. */
export const eventPortalReadiness = Effect.fn("events.portalReadiness")(function*(grant: OrganizerAccessGrant, id: string) {
  const event = yield* ownedEvent(grant, id)
  const reasons = [
    ...visibilityReasons(event),
    ...(yield* readinessReasons(event)),
    ...(event.status === "published" && !event.bookingsOpen ? ["bookings are closed"] : [])
  ]
  return { kind: "event" as const, id: event.id, ready: reasons.length === 0, reasons }
})

// ---------------------------------------------------------------------------------------------
// Bookmarks

/** Toggles the athlete's bookmark of a publicly visible event. */
export const toggleBookmark = Effect.fn("events.bookmarks.toggle")(function*(userId: string, eventId: string) {
  const event = yield* publicEvent(eventId)
  const bookmarked = yield* Effect.flatMap(EventBookmarkRepo, (r) => r.toggle(userId, event.id))
  return { eventId: event.id, bookmarked }
})

export const bookmarkStatus = Effect.fn("events.bookmarks.status")(function*(userId: string, eventId: string) {
  if (!isUuid(eventId)) return yield* new EventNotFound({ ref: eventId })
  const bookmarked = yield* Effect.flatMap(EventBookmarkRepo, (r) => r.has(userId, eventId))
  return { eventId, bookmarked }
})

/** The athlete's bookmarked events the public may still see, newest bookmark first. */
export const myBookmarks = Effect.fn("events.bookmarks.mine")(function*(userId: string, paging: Paging) {
  const ids = yield* Effect.flatMap(EventBookmarkRepo, (r) => r.eventIds(userId))
  const page = yield* listPage({ publicOnly: true, ids }, { page: 1, limit: Math.max(1, ids.length) })
  const order = new Map(ids.map((id, i) => [id, i]))
  const all = [...page.data].sort((a, b) => order.get(a.id)! - order.get(b.id)!)
  const limit = paging.limit ?? 20
  const p = paging.page ?? 1
  const data = all.slice((p - 1) * limit, p * limit)
  const result: EventListPage = { data, count: data.length, total: all.length, page: p, pageCount: Math.ceil(all.length / limit) }
  return result
})
