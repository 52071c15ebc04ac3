/**
 * Memory twins of the events context's repositories, with the Postgres adapters' visible rules:
 * soft-deleted events are invisible, slugs unique with `-2`, `-3`… suffixes, moves conditional on
 * the machine's table, the search index holding exactly the publicly visible events.
 */
import type { Event, EventSlot, EventTicket, MoveRefused } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { EventCategories, EventCategoryRepo } from "../events/event-category.model.js"
import { EventMoves, EventNotFound, eventSlugOf, inTimeframe, isPubliclyVisible, unsuspendRefused } from "../events/event.model.js"
import { type CancellationRequest, EventBookmarkRepo, type EventFilter, EventInventoryRepo, EventRepo } from "../events/event.port.js"
import { makeCollectionRepoMemory } from "./collection.memory.js"
import { nextMemoryId } from "./sequential-id.js"

export const EventCategoryRepoMemory = Layer.sync(EventCategoryRepo, () => makeCollectionRepoMemory(EventCategories))

/** Words as the `simple` text-search configuration splits them. */
const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0)

export const makeEventRepoMemory = () => {
  const rows = new Map<string, Event & { deletedAt: Date | null }>()
  const intents: Array<CancellationRequest & { id: string; eventId: string; createdAt: Date; pending: boolean }> = []
  const index = new Map<string, ReadonlySet<string>>()
  const now = () => new Date()
  const live = (id: string) => {
    const e = rows.get(id)
    return e === undefined || e.deletedAt !== null ? undefined : e
  }
  const strip = ({ deletedAt: _d, ...e }: Event & { deletedAt: Date | null }): Event => e
  const reindex = (id: string) => {
    const e = live(id)
    if (e !== undefined && isPubliclyVisible(e)) {
      index.set(id, new Set(wordsOf([e.title, e.sport, e.city, e.country, e.venue ?? "", e.description ?? ""].join(" "))))
    } else {
      index.delete(id)
    }
  }
  const save = (e: Event & { deletedAt: Date | null }) => {
    rows.set(e.id, e)
    reindex(e.id)
    return strip(e)
  }
  const matches = (e: Event & { deletedAt: Date | null }, f: EventFilter) =>
    e.deletedAt === null &&
    (f.publicOnly !== true || isPubliclyVisible(e)) &&
    (f.organizerId === undefined || e.organizerId === f.organizerId) &&
    (f.statuses === undefined || f.statuses.length === 0 || f.statuses.includes(e.status)) &&
    (f.timeframe === undefined || inTimeframe(e, f.timeframe, f.now)) &&
    (f.city === undefined || e.city.toLowerCase() === f.city.toLowerCase()) &&
    (f.country === undefined || e.country === f.country.toUpperCase()) &&
    (f.sport === undefined || e.sport.toLowerCase() === f.sport.toLowerCase()) &&
    (f.categoryId === undefined || e.categoryId === f.categoryId) &&
    (f.featured === undefined || e.isFeatured === f.featured) &&
    (f.ids === undefined || f.ids.includes(e.id)) &&
    (f.excludeIds === undefined || !f.excludeIds.includes(e.id)) &&
    (f.search === undefined || (() => {
      const words = index.get(e.id)
      const wanted = wordsOf(f.search)
      return words !== undefined && wanted.length > 0 && wanted.every((w) => words.has(w))
    })())
  const byKey = (order: EventFilter["order"]) => (a: Event, b: Event) =>
    order === "createdAt"
      ? b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id)
      : a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id)
  const moveTo = (id: string, move: Parameters<typeof EventMoves.transition>[1], fields: object): Effect.Effect<Event, MoveRefused | EventNotFound> =>
    Effect.suspend((): Effect.Effect<Event, MoveRefused | EventNotFound> => {
      const e = rows.get(id)
      if (e === undefined) return Effect.fail(new EventNotFound({ ref: id }))
      const to = EventMoves.transition(e.status, move)
      if (to._tag === "Left") return Effect.fail(to.left)
      return Effect.succeed(save({ ...e, ...fields, status: to.right, priorStatus: move === "suspend" ? e.status : null, updatedAt: now() }))
    })
  return EventRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const base = eventSlugOf(input.title)
        const taken = new Set([...rows.values()].map((e) => e.slug))
        let slug = base
        for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
        const at = now()
        return save({
          id: nextMemoryId(), slug, ...input,
          refundPolicy: input.refundPolicy ?? null, desktopCover: input.desktopCover ?? null, mobileCover: input.mobileCover ?? null,
          bookingsOpen: input.bookingsOpen ?? true, status: "draft", priorStatus: null, reviewReason: null, isActive: true,
          isFeatured: false, cancelReason: null, submittedAt: null, publishedAt: null, cancelledAt: null,
          createdAt: at, updatedAt: at, deletedAt: null
        })
      }),
    findById: (id) => Effect.sync(() => Option.map(Option.fromNullable(live(id)), strip)),
    findBySlug: (slug) => Effect.sync(() => Option.map(Option.fromNullable([...rows.values()].find((e) => e.deletedAt === null && e.slug === slug.toLowerCase())), strip)),
    update: (id, patch) =>
      Effect.sync(() => {
        const e = live(id)
        return e === undefined ? Option.none() : Option.some(save({ ...e, ...patch, updatedAt: Object.keys(patch).length === 0 ? e.updatedAt : now() }))
      }),
    move: moveTo,
    cancel: (id, request, at) =>
      Effect.tap(moveTo(id, "cancel", { cancelledAt: at, cancelReason: request.reason }), () =>
        Effect.sync(() => intents.push({ ...request, id: nextMemoryId(), eventId: id, createdAt: now(), pending: true }))),
    unsuspend: (id) =>
      Effect.suspend((): Effect.Effect<Event, MoveRefused | EventNotFound> => {
        const e = rows.get(id)
        if (e === undefined) return Effect.fail(new EventNotFound({ ref: id }))
        if (e.status !== "suspended" || e.priorStatus === null) return Effect.fail(unsuspendRefused(e.status))
        return Effect.succeed(save({ ...e, status: e.priorStatus, priorStatus: null, reviewReason: null, updatedAt: now() }))
      }),
    toggle: (id, field) =>
      Effect.sync(() => {
        const e = live(id)
        return e === undefined ? Option.none() : Option.some(save({ ...e, [field]: !e[field], updatedAt: now() }))
      }),
    setFeatured: (ids, featured) =>
      Effect.sync(() =>
        ids.filter((id) => {
          const e = live(id)
          if (e === undefined) return false
          save({ ...e, isFeatured: featured, updatedAt: now() })
          return true
        })
      ),
    remove: (id) =>
      Effect.sync(() => {
        const e = live(id)
        if (e === undefined) return false
        save({ ...e, deletedAt: now(), updatedAt: now() })
        return true
      }),
    replaceId: (id, newId) =>
      Effect.sync(() => {
        const e = live(id)
        if (e === undefined) return Option.none()
        rows.delete(id)
        index.delete(id)
        for (const intent of intents) if (intent.eventId === id) intent.eventId = newId
        return Option.some(save({ ...e, id: newId, updatedAt: now() }))
      }),
    list: (f) =>
      Effect.sync(() => {
        const all = [...rows.values()].filter((e) => matches(e, f)).map(strip).sort(byKey(f.order))
        return { data: all.slice(f.offset, f.offset + f.limit), total: all.length }
      }),
    countByStatus: Effect.sync(() => {
      const by = new Map<Event["status"], number>()
      for (const e of rows.values()) if (e.deletedAt === null) by.set(e.status, (by.get(e.status) ?? 0) + 1)
      return [...by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([status, count]) => ({ status, count }))
    }),
    pendingCancellations: (eventId) =>
      Effect.sync(() =>
        intents.filter((i) => i.eventId === eventId && i.pending).map(({ createdAt, id, reason, requestedBy }) => ({ id, reason, requestedBy, createdAt }))
      ),
    dueCancellations: (limit) =>
      Effect.sync(() =>
        intents.filter((i) => i.pending).slice(0, limit).map(({ createdAt, eventId, id, reason, requestedBy }) => ({ id, eventId, reason, requestedBy, createdAt }))
      ),
    markCancellationProcessed: (intentId) =>
      Effect.sync(() => {
        const intent = intents.find((i) => i.id === intentId && i.pending)
        if (intent === undefined) return false
        intent.pending = false
        return true
      })
  })
}

export const makeEventInventoryRepoMemory = () => {
  const slots = new Map<string, EventSlot>()
  const tickets = new Map<string, EventTicket>()
  const now = () => new Date()
  const slotOf = (eventId: string, slotId: string) => {
    const s = slots.get(slotId)
    return s !== undefined && s.eventId === eventId ? s : undefined
  }
  const ticketOf = (eventId: string, ticketId: string) => {
    const t = tickets.get(ticketId)
    return t !== undefined && t.eventId === eventId ? t : undefined
  }
  const created = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
    a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)
  return EventInventoryRepo.of({
    createSlot: (input) =>
      Effect.sync(() => {
        const s: EventSlot = { id: nextMemoryId(), ...input, isActive: true, createdAt: now(), updatedAt: now() }
        slots.set(s.id, s)
        return s
      }),
    slots: (eventId) =>
      Effect.sync(() => [...slots.values()].filter((s) => s.eventId === eventId).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || created(a, b))),
    findSlot: (eventId, slotId) => Effect.sync(() => Option.fromNullable(slotOf(eventId, slotId))),
    updateSlot: (eventId, slotId, patch) =>
      Effect.sync(() => {
        const s = slotOf(eventId, slotId)
        if (s === undefined) return Option.none()
        const next = { ...s, ...patch, updatedAt: Object.keys(patch).length === 0 ? s.updatedAt : now() }
        slots.set(slotId, next)
        return Option.some(next)
      }),
    toggleSlot: (eventId, slotId) =>
      Effect.sync(() => {
        const s = slotOf(eventId, slotId)
        if (s === undefined) return Option.none()
        const next = { ...s, isActive: !s.isActive, updatedAt: now() }
        slots.set(slotId, next)
        return Option.some(next)
      }),
    removeSlot: (eventId, slotId) =>
      Effect.sync(() => {
        if (slotOf(eventId, slotId) === undefined) return false
        slots.delete(slotId)
        for (const t of [...tickets.values()]) if (t.slotId === slotId) tickets.delete(t.id)
        return true
      }),
    createTicket: (input) =>
      Effect.sync(() => {
        const t: EventTicket = { id: nextMemoryId(), ...input, sold: 0, isActive: true, createdAt: now(), updatedAt: now() }
        tickets.set(t.id, t)
        return t
      }),
    tickets: (eventId, slotId) =>
      Effect.sync(() => [...tickets.values()].filter((t) => t.eventId === eventId && (slotId === undefined || t.slotId === slotId)).sort(created)),
    findTicket: (eventId, ticketId) => Effect.sync(() => Option.fromNullable(ticketOf(eventId, ticketId))),
    updateTicket: (eventId, ticketId, patch) =>
      Effect.sync(() => {
        const t = ticketOf(eventId, ticketId)
        if (t === undefined) return Option.none()
        const next = { ...t, ...patch, updatedAt: Object.keys(patch).length === 0 ? t.updatedAt : now() }
        tickets.set(ticketId, next)
        return Option.some(next)
      }),
    toggleTicket: (eventId, ticketId) =>
      Effect.sync(() => {
        const t = ticketOf(eventId, ticketId)
        if (t === undefined) return Option.none()
        const next = { ...t, isActive: !t.isActive, updatedAt: now() }
        tickets.set(ticketId, next)
        return Option.some(next)
      }),
    removeTicket: (eventId, ticketId) => Effect.sync(() => ticketOf(eventId, ticketId) !== undefined && tickets.delete(ticketId))
  })
}

export const makeEventBookmarkRepoMemory = () => {
  const marks = new Map<string, Date>()
  const key = (userId: string, eventId: string) => `${userId}\u0000${eventId}`
  return EventBookmarkRepo.of({
    toggle: (userId, eventId) =>
      Effect.sync(() => {
        const k = key(userId, eventId)
        if (marks.delete(k)) return false
        marks.set(k, new Date())
        return true
      }),
    has: (userId, eventId) => Effect.sync(() => marks.has(key(userId, eventId))),
    eventIds: (userId) =>
      Effect.sync(() =>
        [...marks.entries()]
          .filter(([k]) => k.startsWith(`${userId}\u0000`))
          .sort(([ka, a], [kb, b]) => b.getTime() - a.getTime() || ka.localeCompare(kb))
          .map(([k]) => k.slice(userId.length + 1))
      )
  })
}

export const EventRepoMemory = Layer.sync(EventRepo, makeEventRepoMemory)
export const EventInventoryRepoMemory = Layer.sync(EventInventoryRepo, makeEventInventoryRepoMemory)
export const EventBookmarkRepoMemory = Layer.sync(EventBookmarkRepo, makeEventBookmarkRepoMemory)
