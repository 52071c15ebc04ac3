/**
 * Slots and tickets of an event (C "Event configuration: slots / tickets"): a ticket belongs to a
 * slot and its capacity never exceeds the slot's; a ticket's sale window closes before the event
 * starts; prices are integer minor units. A slot or ticket with places taken is not removed, and a
 * slot's capacity never drops below one of its tickets'. And the organizer's bulk tool.
 */
import { type DomainErrorAny, type Event, type MoveRefused, type EventSlot, type EventTicket, isDomainError, publicFailureOf } from "@podium/kernel"
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import type { OrganizerAccessGrant } from "../organizers/organizer.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import type { AuditLog } from "../platform/audit-log.port.js"
import { EventInvalid, type EventNotFound, type EventSuspended, instantIn, PlacesTaken, SlotNotFound, TicketNotFound } from "./event.model.js"
import { EventInventoryRepo, EventRepo, type SlotPatch, type TicketPatch } from "./event.port.js"
import { cancelEvent, ownedEvent, unpublishEvent, writableEvent } from "./event.use-case.js"

const invalid = (...messages: ReadonlyArray<string>) => new EventInvalid({ messages })

/** A date-time of the event's configuration, read in the event's zone when it has no offset. */
const instantOf = (field: string, text: string, event: Event) => {
  const at = instantIn(text, event.timezone)
  return at === undefined ? Effect.fail(invalid(`${field} must be a valid ISO 8601 date string`)) : Effect.succeed(at)
}

const slotOf = Effect.fn("events.slots.find")(function*(eventId: string, slotId: string) {
  const found = isUuid(slotId) ? yield* Effect.flatMap(EventInventoryRepo, (r) => r.findSlot(eventId, slotId)) : Option.none()
  if (Option.isNone(found)) return yield* new SlotNotFound({ slotId })
  return found.value
})

const ticketOf = Effect.fn("events.tickets.find")(function*(eventId: string, ticketId: string) {
  const found = isUuid(ticketId) ? yield* Effect.flatMap(EventInventoryRepo, (r) => r.findTicket(eventId, ticketId)) : Option.none()
  if (Option.isNone(found)) return yield* new TicketNotFound({ ticketId })
  return found.value
})

// ---------------------------------------------------------------------------------------------
// Slots

export interface SlotInput {
  readonly name: string
  readonly startsAt: string
  readonly capacity: number
}

export const listSlots = Effect.fn("events.slots.list")(function*(grant: OrganizerAccessGrant, eventId: string) {
  const event = yield* ownedEvent(grant, eventId)
  return yield* Effect.flatMap(EventInventoryRepo, (r) => r.slots(event.id))
})

export const getSlot = Effect.fn("events.slots.get")(function*(grant: OrganizerAccessGrant, eventId: string, slotId: string) {
  const event = yield* ownedEvent(grant, eventId)
  return yield* slotOf(event.id, slotId)
})

export const createSlot = Effect.fn("events.slots.create")(function*(grant: OrganizerAccessGrant, eventId: string, input: SlotInput) {
  const event = yield* writableEvent(grant, eventId)
  const startsAt = yield* instantOf("startsAt", input.startsAt, event)
  return yield* Effect.flatMap(EventInventoryRepo, (r) => r.createSlot({ eventId: event.id, name: input.name, startsAt, capacity: input.capacity }))
})

export const updateSlot = Effect.fn("events.slots.update")(function*(grant: OrganizerAccessGrant, eventId: string, slotId: string, input: Partial<SlotInput>) {
  const event = yield* writableEvent(grant, eventId)
  const slot = yield* slotOf(event.id, slotId)
  const patch: { -readonly [K in keyof SlotPatch]: SlotPatch[K] } = {}
  if (input.name !== undefined) patch.name = input.name
  if (input.startsAt !== undefined) patch.startsAt = yield* instantOf("startsAt", input.startsAt, event)
  if (input.capacity !== undefined) {
    const tickets = yield* Effect.flatMap(EventInventoryRepo, (r) => r.tickets(event.id, slot.id))
    const largest = tickets.reduce((n, t) => Math.max(n, t.capacity), 0)
    const sold = tickets.reduce((n, t) => n + t.sold, 0)
    if (input.capacity < largest) return yield* invalid(`capacity must not be below a ticket's capacity (${largest})`)
    if (input.capacity < sold) return yield* invalid(`capacity must not be below the places taken (${sold})`)
    patch.capacity = input.capacity
  }
  const updated = yield* Effect.flatMap(EventInventoryRepo, (r) => r.updateSlot(event.id, slot.id, patch))
  return yield* Option.match(updated, { onNone: () => Effect.fail(new SlotNotFound({ slotId })), onSome: Effect.succeed<EventSlot> })
})

export const toggleSlot = Effect.fn("events.slots.toggle")(function*(grant: OrganizerAccessGrant, eventId: string, slotId: string) {
  const event = yield* writableEvent(grant, eventId)
  const toggled = yield* Effect.flatMap(EventInventoryRepo, (r) => r.toggleSlot(event.id, slotId))
  return yield* Option.match(toggled, { onNone: () => Effect.fail(new SlotNotFound({ slotId })), onSome: Effect.succeed<EventSlot> })
})

export const deleteSlot = Effect.fn("events.slots.delete")(function*(grant: OrganizerAccessGrant, eventId: string, slotId: string) {
  const event = yield* writableEvent(grant, eventId)
  const slot = yield* slotOf(event.id, slotId)
  const sold = (yield* Effect.flatMap(EventInventoryRepo, (r) => r.tickets(event.id, slot.id))).reduce((n, t) => n + t.sold, 0)
  if (sold > 0) return yield* new PlacesTaken({ what: "slot", sold })
  yield* Effect.flatMap(EventInventoryRepo, (r) => r.removeSlot(event.id, slot.id))
  return { id: slot.id, deleted: true as const }
})

// ---------------------------------------------------------------------------------------------
// Tickets

export interface TicketInput {
  readonly name: string
  readonly description?: string | null | undefined
  readonly price: number
  readonly currency: "INR"
  readonly capacity: number
  readonly salesStartAt?: string | null | undefined
  readonly salesEndAt?: string | null | undefined
}

/** The rules of a ticket against its slot and event (all failing ones reported together). */
const checkTicket = (event: Event, slot: EventSlot, t: Pick<EventTicket, "capacity" | "salesStartAt" | "salesEndAt" | "sold">) => {
  const messages = [
    ...(t.capacity > slot.capacity ? [`capacity must not exceed the slot's capacity (${slot.capacity})`] : []),
    ...(t.capacity < t.sold ? [`capacity must not be below the places taken (${t.sold})`] : []),
    ...(t.salesEndAt !== null && t.salesEndAt.getTime() > event.startsAt.getTime() ? ["salesEndAt must be before the event starts"] : []),
    ...(t.salesStartAt !== null && t.salesEndAt !== null && t.salesStartAt.getTime() >= t.salesEndAt.getTime() ? ["salesEndAt must be after salesStartAt"] : []),
    ...(t.salesStartAt !== null && t.salesStartAt.getTime() >= event.startsAt.getTime() ? ["salesStartAt must be before the event starts"] : [])
  ]
  return messages.length > 0 ? Effect.fail(invalid(...messages)) : Effect.void
}

const optionalInstant = (field: string, text: string | null | undefined, event: Event) =>
  text === null || text === undefined ? Effect.succeed(text === null ? null : undefined) : instantOf(field, text, event)

export const listTickets = Effect.fn("events.tickets.list")(function*(grant: OrganizerAccessGrant, eventId: string, slotId: string) {
  const event = yield* ownedEvent(grant, eventId)
  const slot = yield* slotOf(event.id, slotId)
  return yield* Effect.flatMap(EventInventoryRepo, (r) => r.tickets(event.id, slot.id))
})

export const getTicket = Effect.fn("events.tickets.get")(function*(grant: OrganizerAccessGrant, eventId: string, ticketId: string) {
  const event = yield* ownedEvent(grant, eventId)
  return yield* ticketOf(event.id, ticketId)
})

export const createTicket = Effect.fn("events.tickets.create")(function*(grant: OrganizerAccessGrant, eventId: string, slotId: string, input: TicketInput) {
  const event = yield* writableEvent(grant, eventId)
  const slot = yield* slotOf(event.id, slotId)
  const salesStartAt = (yield* optionalInstant("salesStartAt", input.salesStartAt, event)) ?? null
  const salesEndAt = (yield* optionalInstant("salesEndAt", input.salesEndAt, event)) ?? null
  yield* checkTicket(event, slot, { capacity: input.capacity, salesStartAt, salesEndAt, sold: 0 })
  return yield* Effect.flatMap(EventInventoryRepo, (r) =>
    r.createTicket({
      eventId: event.id,
      slotId: slot.id,
      name: input.name,
      description: input.description ?? null,
      price: input.price,
      currency: input.currency,
      capacity: input.capacity,
      salesStartAt,
      salesEndAt
    }))
})

export const updateTicket = Effect.fn("events.tickets.update")(function*(grant: OrganizerAccessGrant, eventId: string, ticketId: string, input: Partial<TicketInput>) {
  const event = yield* writableEvent(grant, eventId)
  const ticket = yield* ticketOf(event.id, ticketId)
  const slot = yield* slotOf(event.id, ticket.slotId)
  const patch: { -readonly [K in keyof TicketPatch]: TicketPatch[K] } = {}
  if (input.name !== undefined) patch.name = input.name
  if (input.description !== undefined) patch.description = input.description
  if (input.price !== undefined) patch.price = input.price
  if (input.currency !== undefined) patch.currency = input.currency
  if (input.capacity !== undefined) patch.capacity = input.capacity
  const start = yield* optionalInstant("salesStartAt", input.salesStartAt, event)
  const end = yield* optionalInstant("salesEndAt", input.salesEndAt, event)
  if (start !== undefined) patch.salesStartAt = start
  if (end !== undefined) patch.salesEndAt = end
  yield* checkTicket(event, slot, {
    capacity: patch.capacity ?? ticket.capacity,
    sold: ticket.sold,
    salesStartAt: patch.salesStartAt === undefined ? ticket.salesStartAt : patch.salesStartAt,
    salesEndAt: patch.salesEndAt === undefined ? ticket.salesEndAt : patch.salesEndAt
  })
  const updated = yield* Effect.flatMap(EventInventoryRepo, (r) => r.updateTicket(event.id, ticket.id, patch))
  return yield* Option.match(updated, { onNone: () => Effect.fail(new TicketNotFound({ ticketId })), onSome: Effect.succeed<EventTicket> })
})

export const toggleTicket = Effect.fn("events.tickets.toggle")(function*(grant: OrganizerAccessGrant, eventId: string, ticketId: string) {
  const event = yield* writableEvent(grant, eventId)
  const toggled = yield* Effect.flatMap(EventInventoryRepo, (r) => r.toggleTicket(event.id, ticketId))
  return yield* Option.match(toggled, { onNone: () => Effect.fail(new TicketNotFound({ ticketId })), onSome: Effect.succeed<EventTicket> })
})

export const deleteTicket = Effect.fn("events.tickets.delete")(function*(grant: OrganizerAccessGrant, eventId: string, ticketId: string) {
  const event = yield* writableEvent(grant, eventId)
  const ticket = yield* ticketOf(event.id, ticketId)
  if (ticket.sold > 0) return yield* new PlacesTaken({ what: "ticket", sold: ticket.sold })
  yield* Effect.flatMap(EventInventoryRepo, (r) => r.removeTicket(event.id, ticket.id))
  return { id: ticket.id, deleted: true as const }
})

// ---------------------------------------------------------------------------------------------
// Bulk

export const BulkMaxIds = 100

/** One id's outcome of a bulk action. */
export interface BulkOutcome {
  readonly id: string
  readonly ok: boolean
  readonly error?: string
  readonly code?: string
  readonly newId?: string
}

/** A copy of the event as a new draft (title kept, slug made unique), with its slots and tickets and no places taken. */
export const cloneEvent = Effect.fn("events.clone")(function*(grant: OrganizerAccessGrant, id: string) {
  const source = yield* ownedEvent(grant, id)
  const repo = yield* EventRepo
  const inventory = yield* EventInventoryRepo
  const copy = yield* repo.create({
    organizerId: source.organizerId,
    title: source.title,
    description: source.description,
    sport: source.sport,
    city: source.city,
    country: source.country,
    venue: source.venue,
    startsAt: source.startsAt,
    endsAt: source.endsAt,
    timezone: source.timezone,
    visibility: source.visibility,
    isTest: source.isTest,
    categoryId: source.categoryId,
    refundPolicy: source.refundPolicy,
    desktopCover: source.desktopCover,
    mobileCover: source.mobileCover,
    bookingsOpen: source.bookingsOpen
  })
  const tickets = yield* inventory.tickets(source.id)
  for (const slot of yield* inventory.slots(source.id)) {
    const newSlot = yield* inventory.createSlot({ eventId: copy.id, name: slot.name, startsAt: slot.startsAt, capacity: slot.capacity })
    for (const t of tickets.filter((x) => x.slotId === slot.id)) {
      yield* inventory.createTicket({
        eventId: copy.id, slotId: newSlot.id, name: t.name, description: t.description, price: t.price, currency: t.currency,
        capacity: t.capacity, salesStartAt: t.salesStartAt, salesEndAt: t.salesEndAt
      })
    }
  }
  return copy
})

/**
 * Unpublish, cancel or clone up to 100 events, each on its own: one failure is that id's outcome
 * and never undoes the others (no shared transaction).
 */
export const bulkEvents = Effect.fn("events.bulk")(function*(
  grant: OrganizerAccessGrant,
  principal: Principal,
  action: "unpublish" | "cancel" | "clone",
  ids: ReadonlyArray<string>
) {
  const outcomes: Array<BulkOutcome> = []
  for (const id of ids) {
    type Done = { readonly newId?: string }
    const run: Effect.Effect<Done, EventNotFound | EventSuspended | MoveRefused, EventRepo | EventInventoryRepo | AuditLog> = action === "clone"
      ? Effect.map(cloneEvent(grant, id), (copy): Done => ({ newId: copy.id }))
      : action === "cancel"
      ? Effect.as(cancelEvent(grant, principal, id, null), {} as Done)
      : Effect.as(unpublishEvent(grant, id), {} as Done)
    const outcome = yield* run.pipe(
      Effect.map((r): BulkOutcome => ({ id, ok: true, ...r })),
      Effect.catchIf(isDomainError, (e: DomainErrorAny) => {
        const failure = publicFailureOf(e)
        return Effect.succeed<BulkOutcome>({ id, ok: false, error: failure.message, ...(failure.code === undefined ? {} : { code: failure.code }) })
      })
    )
    outcomes.push(outcome)
  }
  return { action, results: outcomes }
})
