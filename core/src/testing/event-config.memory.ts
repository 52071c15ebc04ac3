/**
 * Memory twins of an event's configuration repositories, with the Postgres adapters' visible
 * rules: coupon codes unique per event (case-insensitive), a redeemed coupon kept, forms versioned
 * on every change of their questions and soft-deleted with their versions kept, one course per event.
 */
import type { EventCoupon, EventCourse, EventForm, EventFormVersion } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import {
  CouponCodeTaken,
  EventAddOnRepo,
  EventAddOns,
  EventCommunicationRepo,
  EventCommunications,
  EventCouponRepo,
  EventCourseRepo,
  EventFaqRepo,
  EventFaqs,
  EventFormRepo,
  EventGallery,
  EventGalleryRepo,
  EventWaypointRepo,
  EventWaypoints
} from "../events/event-config/event-config.model.js"
import { applyListQuery, type ListQuery } from "../platform/list-query.model.js"
import { makeCollectionRepoMemory } from "./collection.memory.js"
import { nextMemoryId } from "./sequential-id.js"

const everyOf = (eventId: string): ListQuery => ({
  fields: undefined,
  where: { _tag: "Cond", condition: { field: "eventId", operator: "$eq", value: eventId } },
  sort: [],
  joins: [],
  limit: Number.MAX_SAFE_INTEGER,
  offset: 0,
  page: 1,
  resetCache: false
})

export const EventAddOnRepoMemory = Layer.sync(EventAddOnRepo, () => {
  const repo = makeCollectionRepoMemory(EventAddOns)
  // One writer at a time, so the check on `sold` and the write are one step (the SQL's conditional statement).
  const lock = Effect.unsafeMakeSemaphore(1)
  return EventAddOnRepo.of({
    ...repo,
    update: (id, patch) => lock.withPermits(1)(repo.update(id, patch)),
    updateAboveSold: (id, patch) =>
      lock.withPermits(1)(Effect.gen(function*() {
        const current = yield* repo.get(id)
        if (Option.isNone(current)) return Option.none()
        if (patch.stock !== undefined && patch.stock < current.value.sold) return Option.some({ below: current.value.sold })
        const updated = yield* Effect.orDie(repo.update(id, patch))
        return Option.map(updated, (a) => ({ updated: a }))
      })),
    removeUnsold: (id) =>
      lock.withPermits(1)(Effect.gen(function*() {
        const current = yield* repo.get(id)
        if (Option.isNone(current)) return "missing" as const
        if (current.value.sold > 0) return { sold: current.value.sold }
        yield* repo.delete(id)
        return "deleted" as const
      }))
  })
})
export const EventWaypointRepoMemory = Layer.sync(EventWaypointRepo, () => makeCollectionRepoMemory(EventWaypoints))
export const EventGalleryRepoMemory = Layer.sync(EventGalleryRepo, () => makeCollectionRepoMemory(EventGallery))
export const EventCommunicationRepoMemory = Layer.sync(EventCommunicationRepo, () => makeCollectionRepoMemory(EventCommunications))

export const EventFaqRepoMemory = Layer.sync(EventFaqRepo, () => {
  const repo = makeCollectionRepoMemory(EventFaqs)
  return {
    ...repo,
    replaceAll: (eventId, inputs) =>
      Effect.gen(function*() {
        const current = yield* repo.list(everyOf(eventId))
        for (const faq of current.data) yield* repo.delete(faq.id)
        return yield* Effect.orDie(repo.createMany(inputs.map((i) => ({ ...i, eventId }))))
      })
  }
})

export const makeEventCouponRepoMemory = () => {
  const rows = new Map<string, EventCoupon>()
  return EventCouponRepo.of({
    create: (input) =>
      Effect.suspend(() => {
        if ([...rows.values()].some((c) => c.eventId === input.eventId && c.code === input.code)) {
          return Effect.fail(new CouponCodeTaken({ code: input.code }))
        }
        const at = new Date()
        const coupon: EventCoupon = { id: nextMemoryId(), ...input, used: 0, isActive: true, createdAt: at, updatedAt: at }
        rows.set(coupon.id, coupon)
        return Effect.succeed(coupon)
      }),
    list: (eventId, query) =>
      Effect.sync(() => {
        const own = [...rows.values()].filter((c) => c.eventId === eventId)
        return applyListQuery(query, own as unknown as ReadonlyArray<Record<string, unknown>>) as never
      }),
    find: (eventId, id) => Effect.sync(() => Option.filter(Option.fromNullable(rows.get(id)), (c) => c.eventId === eventId)),
    findByCode: (eventId, code) => Effect.sync(() => Option.fromNullable([...rows.values()].find((c) => c.eventId === eventId && c.code === code.toUpperCase()))),
    remove: (eventId, id) =>
      Effect.sync(() => {
        const c = rows.get(id)
        if (c === undefined || c.eventId !== eventId) return "missing" as const
        if (c.used > 0) return "used" as const
        rows.delete(id)
        return "deleted" as const
      }),
    countUses: (id, delta) =>
      Effect.sync(() => {
        const c = rows.get(id)
        if (c !== undefined) rows.set(id, { ...c, used: c.used + delta, updatedAt: new Date() })
      })
  })
}
export const EventCouponRepoMemory = Layer.sync(EventCouponRepo, makeEventCouponRepoMemory)

export const makeEventFormRepoMemory = () => {
  const rows = new Map<string, EventForm & { deleted: boolean }>()
  const versions: Array<EventFormVersion> = []
  const live = (eventId: string, id: string) => {
    const f = rows.get(id)
    return f === undefined || f.deleted || f.eventId !== eventId ? undefined : f
  }
  const strip = ({ deleted: _d, ...f }: EventForm & { deleted: boolean }): EventForm => f
  return EventFormRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const at = new Date()
        const form = { id: nextMemoryId(), ...input, version: 1, isActive: true, createdAt: at, updatedAt: at, deleted: false }
        rows.set(form.id, form)
        versions.push({ formId: form.id, version: 1, title: form.title, fields: form.fields, createdAt: at })
        return strip(form)
      }),
    list: (eventId, query) =>
      Effect.sync(() => {
        const own = [...rows.values()].filter((f) => f.eventId === eventId && !f.deleted).map(strip)
        return applyListQuery(query, own as unknown as ReadonlyArray<Record<string, unknown>>) as never
      }),
    find: (eventId, id) => Effect.sync(() => Option.map(Option.fromNullable(live(eventId, id)), strip)),
    change: (eventId, id, patch) =>
      Effect.sync(() => {
        const f = live(eventId, id)
        if (f === undefined) return Option.none()
        const at = new Date()
        const next = { ...f, ...patch, updatedAt: at }
        const newVersion = (patch.fields !== undefined && JSON.stringify(patch.fields) !== JSON.stringify(f.fields)) ||
          (patch.title !== undefined && patch.title !== f.title)
        if (newVersion) {
          next.version = f.version + 1
          versions.push({ formId: id, version: next.version, title: next.title, fields: next.fields, createdAt: at })
        }
        rows.set(id, next)
        return Option.some(strip(next))
      }),
    toggle: (eventId, id) =>
      Effect.sync(() => {
        const f = live(eventId, id)
        if (f === undefined) return Option.none()
        const next = { ...f, isActive: !f.isActive, updatedAt: new Date() }
        rows.set(id, next)
        return Option.some(strip(next))
      }),
    version: (formId, version) => Effect.sync(() => Option.fromNullable(versions.find((v) => v.formId === formId && v.version === version))),
    remove: (eventId, id) =>
      Effect.sync(() => {
        const f = live(eventId, id)
        if (f === undefined) return false
        rows.set(id, { ...f, deleted: true })
        return true
      })
  })
}
export const EventFormRepoMemory = Layer.sync(EventFormRepo, makeEventFormRepoMemory)

export const makeEventCourseRepoMemory = () => {
  const rows = new Map<string, EventCourse>()
  return EventCourseRepo.of({
    upsert: (input) =>
      Effect.sync(() => {
        const at = new Date()
        const course: EventCourse = { ...input, createdAt: rows.get(input.eventId)?.createdAt ?? at, updatedAt: at }
        rows.set(input.eventId, course)
        return course
      }),
    find: (eventId) => Effect.sync(() => Option.fromNullable(rows.get(eventId)))
  })
}
export const EventCourseRepoMemory = Layer.sync(EventCourseRepo, makeEventCourseRepoMemory)
