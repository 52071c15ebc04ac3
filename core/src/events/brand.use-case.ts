/**
 * The organizer brand (C "Organizer brand"): the public brand page, the cascade defaults new events
 * and editions take, followers (list and CSV), prep programs (weekly plan, publication, assignment
 * to following athletes) and the SaaS subscription, paid through the payment gateway port (orders
 * with purpose `organizer_saas`, activated by the gateway's `payment.captured` webhook through the
 * inbox, exactly once).
 */
import type { BrandCascadeDefaults, BrandPage, PrepProgramStatus, PrepWeek } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import type { OrganizerAccessGrant } from "../organizers/organizer.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { PaymentEventProcessingFailed, registerPaymentEventProcessor } from "../payments/payment-event-processors.port.js"
import { createGatewayOrder } from "../payments/payment-order.use-case.js"
import { auditSubject } from "../platform/audit-subject.js"
import {
  periodEndFrom,
  PrepProgramNotFound,
  PrepProgramNotPublished,
  SaasAlreadySubscribed,
  SaasNotSubscribed,
  SaasOrderPurpose,
  SaasPlanNotFound
} from "./brand.model.js"
import { type BrandPagePatch, BrandRepo, type CascadeDefaultsPatch, type PrepProgramPatch } from "./brand.port.js"
import { EventInvalid } from "./event.model.js"
import type { Paging } from "./event.use-case.js"

const nowDate = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

const pageOf = <A>(found: { readonly data: ReadonlyArray<A>; readonly total: number }, paging: Paging, limit: number) => ({
  data: found.data,
  count: found.data.length,
  total: found.total,
  page: paging.page ?? 1,
  pageCount: Math.ceil(found.total / limit)
})
const windowOf = (paging: Paging) => {
  const limit = paging.limit ?? 20
  return { limit, offset: ((paging.page ?? 1) - 1) * limit }
}

// ---------------------------------------------------------------------------------------------
// Page and cascade defaults

const emptyPage = (organizerId: string): BrandPage => ({
  organizerId, tagline: null, about: null, logoUrl: null, coverUrl: null, accentColor: null, website: null,
  instagramUrl: null, facebookUrl: null, xUrl: null, youtubeUrl: null, stravaUrl: null, updatedAt: null
})

/** The organizer's brand page (every field null until first saved). */
export const brandPage = (organizerId: string) =>
  Effect.map(Effect.flatMap(BrandRepo, (r) => r.page(organizerId)), Option.getOrElse(() => emptyPage(organizerId)))

export const updateBrandPage = Effect.fn("events.brand.page.update")(function*(grant: OrganizerAccessGrant & { readonly principal: Principal }, patch: BrandPagePatch) {
  const saved = yield* Effect.flatMap(BrandRepo, (r) => r.savePage(grant.organizerId, patch))
  yield* auditSubject("organizer.brand.page.updated", grant.principal, { kind: "organizer", id: grant.organizerId }, { data: { fields: Object.keys(patch) } })
  return saved
})

const emptyDefaults = (organizerId: string): BrandCascadeDefaults => ({
  organizerId, timezone: null, country: null, city: null, sport: null, visibility: null, refundPolicy: null, editionCapacity: null, updatedAt: null
})

export const cascadeDefaults = (organizerId: string) =>
  Effect.map(Effect.flatMap(BrandRepo, (r) => r.defaults(organizerId)), Option.getOrElse(() => emptyDefaults(organizerId)))

export const updateCascadeDefaults = (grant: OrganizerAccessGrant, patch: CascadeDefaultsPatch) =>
  Effect.flatMap(BrandRepo, (r) => r.saveDefaults(grant.organizerId, patch))

// ---------------------------------------------------------------------------------------------
// Followers

export const brandFollowers = Effect.fn("events.brand.followers")(function*(organizerId: string, paging: Paging) {
  const { limit, offset } = windowOf(paging)
  return pageOf(yield* Effect.flatMap(BrandRepo, (r) => r.followers(organizerId, limit, offset)), paging, limit)
})

const csvField = (value: unknown): string => {
  const text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value)
  // A leading = + - @ would run as a formula in a spreadsheet: quote it with a leading apostrophe.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/**
 * Every follower as RFC 4180 CSV (names and follow date only: follows record no consent to share
 * contact details with the organizer).
 */
export const exportFollowersCsv = Effect.fn("events.brand.followers.csv")(function*(grant: OrganizerAccessGrant & { readonly principal: Principal }) {
  const repo = yield* BrandRepo
  const lines = ["userId,firstName,lastName,followedAt"]
  for (let offset = 0;; offset += 1000) {
    const batch = yield* repo.followers(grant.organizerId, 1000, offset)
    for (const f of batch.data) lines.push([f.userId, f.firstName, f.lastName, f.followedAt].map(csvField).join(","))
    if (batch.data.length < 1000) break
  }
  yield* auditSubject("organizer.brand.followers.exported", grant.principal, { kind: "organizer", id: grant.organizerId }, { data: { rows: lines.length - 1 } })
  return `${lines.join("\r\n")}\r\n`
})

// ---------------------------------------------------------------------------------------------
// Prep programs

export interface PrepProgramInput {
  readonly title: string
  readonly description?: string | null | undefined
  readonly sport: string
  readonly level: "beginner" | "intermediate" | "advanced"
  readonly weeks: number
  readonly eventId?: string | null | undefined
  readonly status?: PrepProgramStatus | undefined
}

export const listPrepPrograms = Effect.fn("events.brand.programs.list")(function*(organizerId: string, query: Paging & { readonly status?: PrepProgramStatus | undefined }) {
  const { limit, offset } = windowOf(query)
  const found = yield* Effect.flatMap(BrandRepo, (r) => r.programs(organizerId, query.status === undefined ? undefined : [query.status], limit, offset))
  return pageOf(found, query, limit)
})

/** The published programs of an organization, for the public (an unknown id lists nothing). */
export const publicPrepPrograms = (organizerId: string, paging: Paging) =>
  isUuid(organizerId)
    ? Effect.gen(function*() {
      const { limit, offset } = windowOf(paging)
      return pageOf(yield* Effect.flatMap(BrandRepo, (r) => r.programs(organizerId, ["published"], limit, offset)), paging, limit)
    })
    : Effect.succeed(pageOf({ data: [], total: 0 }, paging, paging.limit ?? 20))

/** The program when it is the granted organizer's; else 404. */
export const ownedPrepProgram = Effect.fn("events.brand.programs.get")(function*(grant: OrganizerAccessGrant, id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(BrandRepo, (r) => r.findProgram(id)) : Option.none()
  if (Option.isNone(found) || found.value.organizerId !== grant.organizerId) return yield* new PrepProgramNotFound({ id })
  return found.value
})

/** Weeks of the plan beyond the program's length, or repeated, are refused (400). */
const checkPlan = (weeks: number, plan: ReadonlyArray<PrepWeek>) =>
  Effect.gen(function*() {
    const messages: Array<string> = []
    const beyond = plan.filter((w) => w.week > weeks).map((w) => w.week)
    if (beyond.length > 0) messages.push(`weeks ${beyond.join(", ")} are beyond the program's ${weeks} week(s)`)
    const numbers = plan.map((w) => w.week)
    if (new Set(numbers).size !== numbers.length) messages.push("each week may appear only once")
    if (messages.length > 0) return yield* new EventInvalid({ messages })
  })

export const createPrepProgram = Effect.fn("events.brand.programs.create")(function*(grant: OrganizerAccessGrant, input: PrepProgramInput) {
  return yield* Effect.flatMap(BrandRepo, (r) =>
    r.createProgram({
      organizerId: grant.organizerId,
      title: input.title,
      description: input.description ?? null,
      sport: input.sport,
      level: input.level,
      weeks: input.weeks,
      eventId: input.eventId ?? null,
      status: input.status ?? "draft"
    }))
})

export const updatePrepProgram = Effect.fn("events.brand.programs.update")(function*(grant: OrganizerAccessGrant, id: string, patch: PrepProgramPatch) {
  const program = yield* ownedPrepProgram(grant, id)
  if (patch.weeks !== undefined) yield* checkPlan(patch.weeks, program.weeklyPlan)
  const updated = yield* Effect.flatMap(BrandRepo, (r) => r.updateProgram(program.id, patch))
  return Option.getOrElse(updated, () => program)
})

/** Replaces the weekly plan (sorted by week). */
export const setWeeklyPlan = Effect.fn("events.brand.programs.weeklyPlan")(function*(grant: OrganizerAccessGrant, id: string, plan: ReadonlyArray<PrepWeek>) {
  const program = yield* ownedPrepProgram(grant, id)
  yield* checkPlan(program.weeks, plan)
  const sorted = [...plan].sort((a, b) => a.week - b.week).map((w) => ({ ...w, sessions: [...w.sessions].sort((a, b) => a.day - b.day) }))
  const updated = yield* Effect.flatMap(BrandRepo, (r) => r.updateProgram(program.id, { weeklyPlan: sorted }))
  return Option.getOrElse(updated, () => program)
})

/**
 * Assigns a published program to athletes who follow the brand (following is the athlete's consent
 * to hear from it); others are answered as skipped, those already assigned as such.
 */
export const assignPrepProgram = Effect.fn("events.brand.programs.assign")(function*(grant: OrganizerAccessGrant, id: string, userIds: ReadonlyArray<string>) {
  const program = yield* ownedPrepProgram(grant, id)
  if (program.status !== "published") return yield* new PrepProgramNotPublished({ id: program.id, status: program.status })
  const repo = yield* BrandRepo
  const unique = [...new Set(userIds)]
  const following = new Set(yield* repo.followingOf(grant.organizerId, unique))
  const eligible = unique.filter((u) => following.has(u))
  const assigned = yield* repo.assign(program.id, eligible)
  return {
    programId: program.id,
    assigned,
    alreadyAssigned: eligible.filter((u) => !assigned.includes(u)),
    skipped: unique.filter((u) => !following.has(u))
  }
})

// ---------------------------------------------------------------------------------------------
// SaaS

export const saasPlans = Effect.flatMap(BrandRepo, (r) => r.plans)

export const mySaasSubscription = (organizerId: string) =>
  Effect.map(Effect.flatMap(BrandRepo, (r) => r.liveSubscription(organizerId)), (found) => ({ subscription: Option.getOrNull(found) }))

/**
 * Subscribes the organizer to a plan: a free plan is active at once; a paid one is pending with a
 * gateway order the portal pays, activated by the gateway's webhook. One live subscription at a
 * time (409 SAAS_ALREADY_SUBSCRIBED; concurrent subscribes: one wins).
 */
export const subscribeSaas = Effect.fn("events.brand.saas.subscribe")(function*(grant: OrganizerAccessGrant & { readonly principal: Principal }, planId: string) {
  const repo = yield* BrandRepo
  const plan = (yield* repo.plans).find((p) => p.id === planId)
  if (plan === undefined) return yield* new SaasPlanNotFound({ planId })
  const live = yield* repo.liveSubscription(grant.organizerId)
  if (Option.isSome(live)) return yield* new SaasAlreadySubscribed({ organizerId: grant.organizerId, status: live.value.status })
  const now = yield* nowDate
  const subscription = yield* repo.subscribe({
    organizerId: grant.organizerId, planId: plan.id, amount: plan.monthlyPrice, currency: plan.currency, active: plan.monthlyPrice === 0, at: now
  })
  yield* auditSubject("organizer.saas.subscribed", grant.principal, { kind: "organizer", id: grant.organizerId }, { data: { planId: plan.id, subscriptionId: subscription.id } })
  if (subscription.status === "active") return { subscription, payment: null }
  const { gatewayOrder } = yield* createGatewayOrder({
    purpose: SaasOrderPurpose,
    ownerRef: `organizer_saas:${subscription.id}`,
    amount: subscription.amount,
    currency: subscription.currency,
    notes: { subscriptionId: subscription.id, organizerId: grant.organizerId, planId: plan.id },
    createdBy: grant.principal.accountId
  })
  const attached = yield* repo.attachOrder(subscription.id, gatewayOrder.provider, gatewayOrder.id)
  return {
    subscription: attached,
    payment: { provider: gatewayOrder.provider, orderId: gatewayOrder.id, amount: gatewayOrder.amount, currency: gatewayOrder.currency, keyId: gatewayOrder.keyId }
  }
})

/** Cancels the live subscription (pending or active; 409 SAAS_NOT_SUBSCRIBED without one). */
export const cancelSaas = Effect.fn("events.brand.saas.cancel")(function*(grant: OrganizerAccessGrant & { readonly principal: Principal }) {
  const cancelled = yield* Effect.flatMap(BrandRepo, (r) => Effect.flatMap(nowDate, (now) => r.cancel(grant.organizerId, now)))
  if (Option.isNone(cancelled)) return yield* new SaasNotSubscribed({ organizerId: grant.organizerId })
  yield* auditSubject("organizer.saas.cancelled", grant.principal, { kind: "organizer", id: grant.organizerId }, { data: { subscriptionId: cancelled.value.id } })
  return cancelled.value
})

const failed = (message: string) => new PaymentEventProcessingFailed({ processor: "events.organizer-saas", message })

/** The gateway's `payment.captured` webhook for SaaS orders: activates the pending subscription once. */
export const SaasPaymentProcessor = registerPaymentEventProcessor({
  name: "events.organizer-saas",
  eventTypes: ["payment.captured"],
  purpose: SaasOrderPurpose,
  process: (event) =>
    Effect.gen(function*() {
      const p = event.payment
      const id = event.notes.subscriptionId
      if (p === null || id === undefined) return yield* failed("event carries no payment or subscription id")
      const repo = yield* BrandRepo
      const found = isUuid(id) ? yield* repo.findSubscription(id) : Option.none()
      if (Option.isNone(found)) return yield* failed(`no SaaS subscription ${id}`)
      if (p.amount !== found.value.amount || p.currency !== found.value.currency) {
        return yield* failed(`payment ${p.id} amount ${p.amount} ${p.currency} differs from the subscription's ${found.value.amount} ${found.value.currency}`)
      }
      const now = yield* nowDate
      const activated = yield* repo.activate(found.value.id, p.id, now, periodEndFrom(now))
      if (Option.isSome(activated)) {
        yield* auditSubject("organizer.saas.activated", undefined, { kind: "organizer", id: found.value.organizerId }, { data: { subscriptionId: found.value.id, paymentId: p.id } })
      }
    })
})
