/**
 * Memory twin of the organizer brand repository with the Postgres adapter's visible rules (upserted
 * page and defaults, assignments once each, one live SaaS subscription per organizer, conditional
 * activation and cancellation). Follows live in the organizers twin, which lists none: a memory
 * host's brand has no followers (`follow` here records them for tests of this twin).
 */
import type { BrandCascadeDefaults, BrandPage, PrepProgram, SaasPlan, SaasSubscription } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { SaasAlreadySubscribed } from "../events/brand.model.js"
import { BrandRepo, type Follower } from "../events/brand.port.js"
import { nextMemoryId } from "./sequential-id.js"

/** The catalogue migration 0061 seeds. */
export const SaasPlansSeed: ReadonlyArray<SaasPlan> = [
  { id: "starter", name: "Starter", description: "Publish events and sell tickets", monthlyPrice: 0, currency: "INR", features: ["Unlimited events", "Ticketing", "Brand page"], sortOrder: 1 },
  { id: "growth", name: "Growth", description: "Editions, prep programs and follower exports", monthlyPrice: 249900, currency: "INR", features: ["Everything in Starter", "Editions", "Prep programs", "Follower CSV export"], sortOrder: 2 },
  { id: "pro", name: "Pro", description: "Custom branding and priority support", monthlyPrice: 749900, currency: "INR", features: ["Everything in Growth", "Custom branding", "Priority support"], sortOrder: 3 }
]

export const makeBrandRepoMemory = () => {
  const pages = new Map<string, BrandPage>()
  const defaults = new Map<string, BrandCascadeDefaults>()
  const programs = new Map<string, PrepProgram>()
  const assignments = new Set<string>()
  const subscriptions = new Map<string, SaasSubscription>()
  const follows: Array<Follower & { organizerId: string }> = []
  const now = () => new Date()
  const liveOf = (organizerId: string) =>
    [...subscriptions.values()].find((s) => s.organizerId === organizerId && (s.status === "pending_payment" || s.status === "active"))
  const repo = BrandRepo.of({
    page: (id) => Effect.sync(() => Option.fromNullable(pages.get(id))),
    savePage: (organizerId, patch) =>
      Effect.sync(() => {
        const base: BrandPage = pages.get(organizerId) ?? {
          organizerId, tagline: null, about: null, logoUrl: null, coverUrl: null, accentColor: null, website: null,
          instagramUrl: null, facebookUrl: null, xUrl: null, youtubeUrl: null, stravaUrl: null, updatedAt: null
        }
        const saved = { ...base, ...patch, updatedAt: now() }
        pages.set(organizerId, saved)
        return saved
      }),
    defaults: (id) => Effect.sync(() => Option.fromNullable(defaults.get(id))),
    saveDefaults: (organizerId, patch) =>
      Effect.sync(() => {
        const base: BrandCascadeDefaults = defaults.get(organizerId) ?? {
          organizerId, timezone: null, country: null, city: null, sport: null, visibility: null, refundPolicy: null, editionCapacity: null, updatedAt: null
        }
        const saved = { ...base, ...patch, updatedAt: now() }
        defaults.set(organizerId, saved)
        return saved
      }),
    followers: (organizerId, limit, offset) =>
      Effect.sync(() => {
        const mine = follows.filter((f) => f.organizerId === organizerId).sort((a, b) => b.followedAt.getTime() - a.followedAt.getTime())
        return { data: mine.slice(offset, offset + limit).map(({ organizerId: _o, ...f }) => f), total: mine.length }
      }),
    followingOf: (organizerId, userIds) => Effect.sync(() => userIds.filter((u) => follows.some((f) => f.organizerId === organizerId && f.userId === u))),
    programs: (organizerId, statuses, limit, offset) =>
      Effect.sync(() => {
        const mine = [...programs.values()]
          .filter((p) => p.organizerId === organizerId && (statuses === undefined || statuses.length === 0 || statuses.includes(p.status)))
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        return { data: mine.slice(offset, offset + limit), total: mine.length }
      }),
    findProgram: (id) => Effect.sync(() => Option.fromNullable(programs.get(id))),
    createProgram: (input) =>
      Effect.sync(() => {
        const at = now()
        const program: PrepProgram = { ...input, id: nextMemoryId(), weeklyPlan: [], assignedCount: 0, createdAt: at, updatedAt: at }
        programs.set(program.id, program)
        return program
      }),
    updateProgram: (id, patch) =>
      Effect.sync(() => {
        const p = programs.get(id)
        if (p === undefined) return Option.none()
        const updated = { ...p, ...patch, updatedAt: now() }
        programs.set(id, updated)
        return Option.some(updated)
      }),
    assign: (programId, userIds) =>
      Effect.sync(() => {
        const added = userIds.filter((u) => !assignments.has(`${programId}:${u}`))
        for (const u of added) assignments.add(`${programId}:${u}`)
        const p = programs.get(programId)
        if (p !== undefined) programs.set(programId, { ...p, assignedCount: p.assignedCount + added.length, updatedAt: now() })
        return added
      }),
    plans: Effect.succeed(SaasPlansSeed),
    liveSubscription: (organizerId) => Effect.sync(() => Option.fromNullable(liveOf(organizerId))),
    findSubscription: (id) => Effect.sync(() => Option.fromNullable(subscriptions.get(id))),
    subscribe: (input) =>
      Effect.gen(function*() {
        const live = liveOf(input.organizerId)
        if (live !== undefined) return yield* new SaasAlreadySubscribed({ organizerId: input.organizerId, status: live.status })
        const s: SaasSubscription = {
          id: nextMemoryId(), organizerId: input.organizerId, planId: input.planId, status: input.active ? "active" : "pending_payment",
          amount: input.amount, currency: input.currency, provider: null, gatewayOrderId: null, paymentId: null, currentPeriodEnd: null,
          activatedAt: input.active ? input.at : null, cancelledAt: null, createdAt: input.at, updatedAt: input.at
        }
        subscriptions.set(s.id, s)
        return s
      }),
    attachOrder: (id, provider, gatewayOrderId) =>
      Effect.sync(() => {
        const updated = { ...subscriptions.get(id)!, provider, gatewayOrderId, updatedAt: now() }
        subscriptions.set(id, updated)
        return updated
      }),
    activate: (id, paymentId, at, periodEnd) =>
      Effect.sync(() => {
        const s = subscriptions.get(id)
        if (s === undefined || s.status !== "pending_payment") return Option.none()
        const updated: SaasSubscription = { ...s, status: "active", paymentId, activatedAt: at, currentPeriodEnd: periodEnd, updatedAt: now() }
        subscriptions.set(id, updated)
        return Option.some(updated)
      }),
    cancel: (organizerId, at) =>
      Effect.sync(() => {
        const live = liveOf(organizerId)
        if (live === undefined) return Option.none()
        const updated: SaasSubscription = { ...live, status: "cancelled", cancelledAt: at, updatedAt: now() }
        subscriptions.set(live.id, updated)
        return Option.some(updated)
      })
  })
  return { repo, follow: (organizerId: string, follower: Follower) => void follows.push({ ...follower, organizerId }) }
}

export const BrandRepoMemory = Layer.sync(BrandRepo, () => makeBrandRepoMemory().repo)
