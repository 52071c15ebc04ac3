/**
 * Memory twin of the editions repository with the Postgres adapter's visible rules: one edition per
 * year of a series, places taken only while published and below capacity, one live registration
 * per athlete and edition, conditional moves and confirmation.
 */
import type { Edition, EditionRegistration, EditionStatus } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import {
  EditionAlreadyRegistered,
  EditionFull,
  EditionHasRegistrations,
  EditionMoves,
  EditionNotFound,
  EditionRegistrationClosed,
  EditionYearTaken
} from "../events/edition.model.js"
import { EditionRepo } from "../events/edition.port.js"
import { nextMemoryId } from "./sequential-id.js"

export const makeEditionRepoMemory = () => {
  const editions = new Map<string, Edition>()
  const registrations = new Map<string, EditionRegistration>()
  const now = () => new Date()
  const live = (editionId: string, userId: string) =>
    [...registrations.values()].find((r) => r.editionId === editionId && r.userId === userId && r.status !== "cancelled")
  const byStart = (a: Edition, b: Edition) => b.startsAt.getTime() - a.startsAt.getTime() || a.id.localeCompare(b.id)
  return EditionRepo.of({
    create: (input) =>
      Effect.gen(function*() {
        if ([...editions.values()].some((e) => e.eventId === input.eventId && e.year === input.year)) {
          return yield* new EditionYearTaken({ eventId: input.eventId, year: input.year })
        }
        const { eventSlug, ...fields } = input
        const at = now()
        const edition: Edition = {
          ...fields, id: nextMemoryId(), slug: `${eventSlug}-${input.year}`, registered: 0, status: "draft", statusReason: null, createdAt: at, updatedAt: at
        }
        editions.set(edition.id, edition)
        return edition
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(editions.get(id))),
    findBySlug: (slug) => Effect.sync(() => Option.fromNullable([...editions.values()].find((e) => e.slug === slug))),
    update: (id, patch) =>
      Effect.sync(() => {
        const e = editions.get(id)
        if (e === undefined || (patch.capacity !== undefined && e.registered > patch.capacity)) return Option.none()
        const updated = { ...e, ...patch, updatedAt: now() }
        editions.set(id, updated)
        return Option.some(updated)
      }),
    move: (id, move, reason) =>
      Effect.gen(function*() {
        const e = editions.get(id)
        if (e === undefined) return yield* new EditionNotFound({ ref: id })
        if (move === "unpublish" && e.status === "published" && e.registered > 0) {
          return yield* new EditionHasRegistrations({ editionId: id, registered: e.registered })
        }
        const to = yield* EditionMoves.transition(e.status, move)
        const moved = { ...e, status: to, statusReason: reason, updatedAt: now() }
        editions.set(id, moved)
        return moved
      }),
    list: (f) =>
      Effect.sync(() => {
        const all = [...editions.values()]
          .filter((e) => (f.eventId === undefined || e.eventId === f.eventId) && (f.statuses === undefined || f.statuses.length === 0 || f.statuses.includes(e.status)))
          .sort(byStart)
        return { data: all.slice(f.offset, f.offset + f.limit), total: all.length }
      }),
    stats: Effect.sync(() => {
      const counts = new Map<EditionStatus, number>()
      for (const e of editions.values()) counts.set(e.status, (counts.get(e.status) ?? 0) + 1)
      const regs = [...registrations.values()]
      return {
        total: editions.size,
        byStatus: [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([status, count]) => ({ status, count })),
        registrations: { confirmed: regs.filter((r) => r.status === "confirmed").length, pendingPayment: regs.filter((r) => r.status === "pending_payment").length },
        revenue: regs.filter((r) => r.status === "confirmed").reduce((n, r) => n + r.amount, 0)
      }
    }),
    register: (input) =>
      Effect.gen(function*() {
        if (live(input.editionId, input.userId) !== undefined) return yield* new EditionAlreadyRegistered({ editionId: input.editionId })
        const e = editions.get(input.editionId)
        if (e === undefined || e.status !== "published") {
          return yield* new EditionRegistrationClosed({ editionId: input.editionId, reason: `the edition is ${e?.status ?? "gone"}` })
        }
        if (e.registered >= e.capacity) return yield* new EditionFull({ editionId: input.editionId })
        editions.set(e.id, { ...e, registered: e.registered + 1, updatedAt: now() })
        const registration: EditionRegistration = {
          id: nextMemoryId(),
          editionId: input.editionId,
          userId: input.userId,
          status: input.confirmed ? "confirmed" : "pending_payment",
          amount: input.amount,
          currency: input.currency,
          provider: null,
          gatewayOrderId: null,
          paymentId: null,
          confirmedAt: input.confirmed ? input.at : null,
          createdAt: input.at,
          updatedAt: input.at
        }
        registrations.set(registration.id, registration)
        return registration
      }),
    findRegistration: (id) => Effect.sync(() => Option.fromNullable(registrations.get(id))),
    findLiveRegistration: (editionId, userId) => Effect.sync(() => Option.fromNullable(live(editionId, userId))),
    findRegistrationByOrder: (provider, orderId) =>
      Effect.sync(() => Option.fromNullable([...registrations.values()].find((r) => r.provider === provider && r.gatewayOrderId === orderId))),
    attachOrder: (id, provider, gatewayOrderId) =>
      Effect.sync(() => {
        const updated = { ...registrations.get(id)!, provider, gatewayOrderId, updatedAt: now() }
        registrations.set(id, updated)
        return updated
      }),
    confirm: (id, paymentId, at) =>
      Effect.sync(() => {
        const r = registrations.get(id)
        if (r === undefined || r.status !== "pending_payment") return Option.none()
        const updated: EditionRegistration = { ...r, status: "confirmed", paymentId, confirmedAt: at, updatedAt: now() }
        registrations.set(id, updated)
        return Option.some(updated)
      }),
    registrationsOf: (userId, limit, offset) =>
      Effect.sync(() => {
        const mine = [...registrations.values()].filter((r) => r.userId === userId).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        return { data: mine.slice(offset, offset + limit).map((r) => ({ ...r, edition: editions.get(r.editionId)! })), total: mine.length }
      })
  })
}

export const EditionRepoMemory = Layer.sync(EditionRepo, makeEditionRepoMemory)
