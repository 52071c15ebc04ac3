/**
 * Editions (C "Editions", "Event configuration: edition"; B "Editions"): dated instances of an
 * event series. Organizers create and change an edition per year of their event (`PATCH …/edition`
 * upserts by year; `PATCH …/editions/{id}` changes one), moving it through `EditionMoves`; athletes
 * register — free editions confirm at once, paid ones take a gateway order (purpose
 * `edition_registration`) and confirm once the payment is captured, by the app's verify or by the
 * gateway's webhook through the inbox (`EditionPaymentProcessor`), whichever comes first. The place
 * is held by a conditional increment, so concurrent registrations never oversell.
 */
import { type Edition, type EditionRegistration, type EditionStatus, MoveRefused } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import type { OrganizerAccessGrant } from "../organizers/organizer.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { PaymentEventProcessingFailed, paymentMismatch, registerPaymentEventProcessor } from "../payments/payment-event-processors.port.js"
import { PaymentGateway } from "../payments/payment-gateway.port.js"
import { createGatewayOrder, verifyCheckoutPayment } from "../payments/payment-order.use-case.js"
import { PaymentOrderRepo } from "../payments/payment-order.port.js"
import { auditSubject } from "../platform/audit-subject.js"
import {
  EditionHasRegistrations,
  EditionMoves,
  editionMoveTo,
  EditionNotFound,
  EditionOrderPurpose,
  EditionPaymentNotCaptured,
  EditionRegistrationClosed,
  EditionRegistrationNotFound,
  isEditionPublic
} from "./edition.model.js"
import { cascadeDefaults } from "./brand.use-case.js"
import { type EditionPatch, EditionRepo } from "./edition.port.js"
import { EventInvalid, instantIn } from "./event.model.js"
import { type Paging, publicEvent, writableEvent } from "./event.use-case.js"

const nowDate = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

export interface EditionInput {
  readonly name?: string | undefined
  readonly mode?: Edition["mode"] | undefined
  /** ISO 8601; without an offset, wall-clock time in the event's zone. */
  readonly startsAt?: string | undefined
  readonly endsAt?: string | undefined
  readonly registrationOpensAt?: string | null | undefined
  readonly registrationClosesAt?: string | null | undefined
  readonly price?: number | undefined
  readonly capacity?: number | undefined
  readonly status?: EditionStatus | undefined
}

const page = <A>(found: { readonly data: ReadonlyArray<A>; readonly total: number }, paging: Paging, limit: number) => ({
  data: found.data,
  count: found.data.length,
  total: found.total,
  page: paging.page ?? 1,
  pageCount: Math.ceil(found.total / limit)
})

/** Reads the input's dates in `zone` over the edition's current ones and checks their order. */
const datesOf = (input: EditionInput, zone: string, current: Pick<Edition, "startsAt" | "endsAt" | "registrationOpensAt" | "registrationClosesAt"> | undefined) =>
  Effect.gen(function*() {
    const messages: Array<string> = []
    const read = (field: string, text: string | null | undefined, was: Date | null | undefined): Date | null | undefined => {
      if (text === undefined) return was
      if (text === null) return null
      const at = instantIn(text, zone)
      if (at === undefined) messages.push(`${field} must be a valid ISO 8601 date string`)
      return at
    }
    const startsAt = read("startsAt", input.startsAt, current?.startsAt)
    const endsAt = read("endsAt", input.endsAt, current?.endsAt)
    const opensAt = read("registrationOpensAt", input.registrationOpensAt, current?.registrationOpensAt ?? null) ?? null
    const closesAt = read("registrationClosesAt", input.registrationClosesAt, current?.registrationClosesAt ?? null) ?? null
    if (startsAt === undefined && messages.length === 0) messages.push("startsAt should not be empty")
    if (endsAt === undefined && messages.length === 0) messages.push("endsAt should not be empty")
    if (messages.length > 0) return yield* new EventInvalid({ messages })
    if (endsAt!.getTime() <= startsAt!.getTime()) return yield* new EventInvalid({ messages: ["endsAt must be after startsAt"] })
    // Virtual editions take registrations while they run, so registration may close as late as the end.
    if (closesAt !== null && closesAt.getTime() > endsAt!.getTime()) {
      return yield* new EventInvalid({ messages: ["registrationClosesAt must not be after endsAt"] })
    }
    if (opensAt !== null && closesAt !== null && opensAt.getTime() >= closesAt.getTime()) {
      return yield* new EventInvalid({ messages: ["registrationClosesAt must be after registrationOpensAt"] })
    }
    return { startsAt: startsAt!, endsAt: endsAt!, registrationOpensAt: opensAt, registrationClosesAt: closesAt }
  })

const editionOf = (id: string) =>
  Effect.gen(function*() {
    const repo = yield* EditionRepo
    const found = isUuid(id) ? yield* repo.findById(id) : yield* repo.findBySlug(id)
    if (Option.isNone(found)) return yield* new EditionNotFound({ ref: id })
    return found.value
  })

/**
 * Moves the edition to `status`; unpublish only with nobody registered. For an organizer's form a
 * status equal to the current one is a no-op; an admin override of it is refused (409), so of
 * concurrent overrides exactly one wins.
 */
const moveTo = (edition: Edition, status: EditionStatus, reason: string | null, strict = false) =>
  Effect.gen(function*() {
    if (edition.status === status && !strict) return edition
    const move = editionMoveTo(edition.status, status)
    if (move === undefined) return yield* EditionMoves.refused(edition.status, "publish")
    if (move === "unpublish" && edition.registered > 0) {
      return yield* new EditionHasRegistrations({ editionId: edition.id, registered: edition.registered })
    }
    return yield* Effect.flatMap(EditionRepo, (r) => r.move(edition.id, move, reason))
  })

const changeEdition = (edition: Edition, zone: string, input: EditionInput) =>
  Effect.gen(function*() {
    if (edition.status === "cancelled") {
      return yield* new MoveRefused({ machine: EditionMoves.machine, code: "EDITION_STATUS_CONFLICT", move: "change", status: edition.status })
    }
    const patch: { -readonly [K in keyof EditionPatch]: EditionPatch[K] } = {}
    if ([input.startsAt, input.endsAt, input.registrationOpensAt, input.registrationClosesAt].some((v) => v !== undefined)) {
      Object.assign(patch, yield* datesOf(input, zone, edition))
    }
    for (const key of ["name", "mode", "price", "capacity"] as const) {
      if (input[key] !== undefined) (patch as Record<string, unknown>)[key] = input[key]
    }
    if (input.capacity !== undefined && input.capacity < edition.registered) {
      return yield* new EventInvalid({ messages: [`capacity must not be below the ${edition.registered} place(s) already held`] })
    }
    let current = edition
    if (Object.keys(patch).length > 0) {
      const updated = yield* Effect.flatMap(EditionRepo, (r) => r.update(edition.id, patch))
      // The conditional update refused: a registration took a place meanwhile.
      if (Option.isNone(updated)) return yield* new EditionHasRegistrations({ editionId: edition.id, registered: edition.registered })
      current = updated.value
    }
    return input.status === undefined ? current : yield* moveTo(current, input.status, null)
  })

// ---------------------------------------------------------------------------------------------
// Organizer

/**
 * `PATCH /v2/organizers/events/{eventId}/edition`: the edition of `year` of the organizer's event,
 * created when the series has none for that year (dates and capacity then required), changed
 * otherwise. New editions start in draft unless `status` says otherwise.
 */
export const upsertEventEdition = Effect.fn("events.editions.upsert")(function*(grant: OrganizerAccessGrant, eventId: string, year: number, input: EditionInput) {
  const event = yield* writableEvent(grant, eventId)
  const repo = yield* EditionRepo
  const existing = (yield* repo.list({ eventId: event.id, limit: 1000, offset: 0 })).data.find((e) => e.year === year)
  if (existing !== undefined) return yield* changeEdition(existing, event.timezone, input)
  // The organizer's cascade defaults fill what the input leaves out.
  const capacity = input.capacity ?? (yield* cascadeDefaults(grant.organizerId)).editionCapacity
  if (capacity === null) return yield* new EventInvalid({ messages: ["capacity must be an integer between 1 and 1000000"] })
  const dates = yield* datesOf(input, event.timezone, undefined)
  const created = yield* repo.create({
    eventId: event.id,
    eventSlug: event.slug,
    year,
    name: input.name ?? `${event.title} ${year}`.slice(0, 150),
    mode: input.mode ?? "in_person",
    ...dates,
    price: input.price ?? 0,
    currency: "INR",
    capacity
  })
  return input.status === undefined || input.status === "draft" ? created : yield* moveTo(created, input.status, null)
})

/** `PATCH /v2/organizers/events/{eventId}/editions/{editionId}`: one edition of the organizer's event (404 for another event's). */
export const updateEventEdition = Effect.fn("events.editions.update")(function*(grant: OrganizerAccessGrant, eventId: string, editionId: string, input: EditionInput) {
  const event = yield* writableEvent(grant, eventId)
  const found = isUuid(editionId) ? yield* Effect.flatMap(EditionRepo, (r) => r.findById(editionId)) : Option.none()
  if (Option.isNone(found) || found.value.eventId !== event.id) return yield* new EditionNotFound({ ref: editionId })
  return yield* changeEdition(found.value, event.timezone, input)
})

// ---------------------------------------------------------------------------------------------
// Public and athlete

/** An edition the public may see (not a draft) of an event the public may see; else 404. */
export const publicEdition = Effect.fn("events.editions.public")(function*(idOrSlug: string) {
  const edition = yield* editionOf(idOrSlug)
  if (!isEditionPublic(edition)) return yield* new EditionNotFound({ ref: idOrSlug })
  yield* publicEvent(edition.eventId).pipe(Effect.catchTag("EventNotFound", () => new EditionNotFound({ ref: idOrSlug })))
  return edition
})

/** The public editions of a public event, newest first. */
export const listEventEditions = Effect.fn("events.editions.ofEvent")(function*(eventIdOrSlug: string, paging: Paging) {
  const event = yield* publicEvent(eventIdOrSlug)
  const limit = paging.limit ?? 20
  const found = yield* Effect.flatMap(EditionRepo, (r) =>
    r.list({ eventId: event.id, statuses: ["published", "closed", "cancelled"], limit, offset: ((paging.page ?? 1) - 1) * limit }))
  return page(found, paging, limit)
})

/** An event seen as its series: every public edition (one per year, newest first) and the one that is current. */
export interface EventSeries {
  readonly eventId: string
  readonly slug: string
  readonly title: string
  readonly timezone: string
  readonly editionCount: number
  /**
   * The edition an athlete would act on now: the earliest public edition that is not cancelled and
   * has not ended yet; null when the series has none ahead (its page then shows the past ones).
   */
  readonly current: Edition | null
  readonly editions: ReadonlyArray<Edition>
}

/** Years are bounded (2000–2100, one edition each), so the whole series fits in one read. */
const seriesLimit = 101

export const eventSeries = Effect.fn("events.editions.series")(function*(eventIdOrSlug: string) {
  const event = yield* publicEvent(eventIdOrSlug)
  const now = yield* nowDate
  const editions = yield* Effect.flatMap(EditionRepo, (r) =>
    r.list({ eventId: event.id, statuses: ["published", "closed", "cancelled"], limit: seriesLimit, offset: 0 }))
  const ahead = editions.data
    .filter((e) => e.status !== "cancelled" && e.endsAt.getTime() > now.getTime())
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
  return {
    eventId: event.id,
    slug: event.slug,
    title: event.title,
    timezone: event.timezone,
    editionCount: editions.data.length,
    current: ahead[0] ?? null,
    editions: editions.data
  } satisfies EventSeries
})

/** Why registration is not possible now (undefined when it is). */
const closedReason = (edition: Edition, now: Date): string | undefined =>
  edition.status !== "published"
    ? `the edition is ${edition.status}`
    : edition.registrationOpensAt !== null && now.getTime() < edition.registrationOpensAt.getTime()
    ? "registration has not opened yet"
    : now.getTime() >= (edition.registrationClosesAt ?? edition.endsAt).getTime()
    ? "the registration window has ended"
    : undefined

const ownerRefOf = (registrationId: string) => `edition_registration:${registrationId}`

/**
 * Registers the caller. Free: confirmed at once. Paid: the place is held by a pending registration
 * and a gateway order is created; registering again while pending issues a fresh order for the
 * same registration (a failed checkout can be retried), the earlier order still counting if paid.
 */
export const registerForEdition = Effect.fn("events.editions.register")(function*(principal: Principal, idOrSlug: string) {
  const edition = yield* publicEdition(idOrSlug)
  const repo = yield* EditionRepo
  const now = yield* nowDate
  const live = yield* repo.findLiveRegistration(edition.id, principal.accountId)
  let registration: EditionRegistration
  if (Option.isSome(live) && live.value.status === "pending_payment") {
    registration = live.value
  } else {
    const reason = closedReason(edition, now)
    if (reason !== undefined) return yield* new EditionRegistrationClosed({ editionId: edition.id, reason })
    registration = yield* repo.register({
      editionId: edition.id,
      userId: principal.accountId,
      amount: edition.price,
      currency: edition.currency,
      confirmed: edition.price === 0,
      at: now
    })
  }
  if (registration.status === "confirmed") return { registration, payment: null }
  const { gatewayOrder } = yield* createGatewayOrder({
    purpose: EditionOrderPurpose,
    ownerRef: ownerRefOf(registration.id),
    amount: registration.amount,
    currency: registration.currency,
    notes: { registrationId: registration.id, editionId: edition.id, userId: principal.accountId },
    createdBy: principal.accountId
  })
  const attached = yield* repo.attachOrder(registration.id, gatewayOrder.provider, gatewayOrder.id)
  return {
    registration: attached,
    payment: { provider: gatewayOrder.provider, orderId: gatewayOrder.id, amount: gatewayOrder.amount, currency: gatewayOrder.currency, keyId: gatewayOrder.keyId }
  }
})

/** Confirms a pending registration once (the conditional move is the gate); a repeat answers it as it stands. */
const confirmOnce = (registration: EditionRegistration, paymentId: string, source: "checkout" | "webhook") =>
  Effect.gen(function*() {
    const repo = yield* EditionRepo
    const confirmed = yield* repo.confirm(registration.id, paymentId, yield* nowDate)
    if (Option.isSome(confirmed)) {
      yield* auditSubject("edition.registration.confirmed", undefined, { kind: "edition_registration", id: registration.id }, {
        data: { editionId: registration.editionId, paymentId, source }
      })
      return confirmed.value
    }
    return (yield* repo.findRegistration(registration.id)).pipe(Option.getOrElse(() => registration))
  })

/**
 * The app's payment callback: the caller's registration (404 for anyone else's), an order the
 * platform created for it, the checkout signature and the payment checked at the gateway.
 */
export const verifyEditionRegistration = Effect.fn("events.editions.verify")(function*(
  principal: Principal,
  registrationId: string,
  input: { readonly orderId: string; readonly paymentId: string; readonly signature: string }
) {
  const repo = yield* EditionRepo
  const found = isUuid(registrationId) ? yield* repo.findRegistration(registrationId) : Option.none()
  if (Option.isNone(found) || found.value.userId !== principal.accountId) return yield* new EditionRegistrationNotFound({ registrationId })
  if (found.value.status === "confirmed") return found.value
  const gateway = yield* PaymentGateway
  const order = yield* Effect.flatMap(PaymentOrderRepo, (r) => r.findByGatewayOrderId(gateway.provider, input.orderId))
  if (Option.isNone(order) || order.value.ownerRef !== ownerRefOf(found.value.id)) return yield* new EditionRegistrationNotFound({ registrationId })
  const verified = yield* verifyCheckoutPayment({ gatewayOrderId: input.orderId, paymentId: input.paymentId, signature: input.signature })
  const payment = verified.payments.find((p) => p.gatewayPaymentId === input.paymentId)
  if (payment === undefined || payment.status !== "captured") return yield* new EditionPaymentNotCaptured({ status: payment?.status ?? "unknown" })
  return yield* confirmOnce(found.value, input.paymentId, "checkout")
})

export const myEditionRegistrations = Effect.fn("events.editions.mine")(function*(userId: string, paging: Paging) {
  const limit = paging.limit ?? 20
  const found = yield* Effect.flatMap(EditionRepo, (r) => r.registrationsOf(userId, limit, ((paging.page ?? 1) - 1) * limit))
  return page(found, paging, limit)
})

const failed = (message: string) => new PaymentEventProcessingFailed({ processor: "events.edition-registrations", message })

/**
 * The gateway's `payment.captured` webhook for edition orders: confirms the registration named in
 * the order's notes when the app never called verify. Idempotent with verify (same conditional move).
 */
export const EditionPaymentProcessor = registerPaymentEventProcessor({
  name: "events.edition-registrations",
  eventTypes: ["payment.captured"],
  purpose: EditionOrderPurpose,
  process: (event) =>
    Effect.gen(function*() {
      const p = event.payment
      const registrationId = event.notes.registrationId
      if (p === null || registrationId === undefined) return yield* failed("event carries no payment or registration id")
      const found = isUuid(registrationId) ? yield* Effect.flatMap(EditionRepo, (r) => r.findRegistration(registrationId)) : Option.none()
      if (Option.isNone(found)) return yield* failed(`no edition registration ${registrationId}`)
      const mismatch = paymentMismatch(p, found.value, "registration")
      if (mismatch !== null) return yield* failed(mismatch)
      yield* confirmOnce(found.value, p.id, "webhook")
    })
})

// ---------------------------------------------------------------------------------------------
// Admin

export interface AdminEditionQuery extends Paging {
  readonly status?: EditionStatus | undefined
  readonly eventId?: string | undefined
}

export const adminListEditions = Effect.fn("events.editions.admin.list")(function*(query: AdminEditionQuery) {
  const limit = query.limit ?? 20
  const found = yield* Effect.flatMap(EditionRepo, (r) =>
    r.list({
      eventId: query.eventId,
      statuses: query.status === undefined ? undefined : [query.status],
      limit,
      offset: ((query.page ?? 1) - 1) * limit
    }))
  return page(found, query, limit)
})

export const adminGetEdition = Effect.fn("events.editions.admin.get")(function*(id: string) {
  if (!isUuid(id)) return yield* new EditionNotFound({ ref: id })
  return yield* editionOf(id)
})

/** The admin override: any legal move to `status`, with the reason kept verbatim and audited. */
export const adminSetEditionStatus = Effect.fn("events.editions.admin.status")(function*(admin: Principal, id: string, status: EditionStatus, reason: string | null) {
  const edition = yield* adminGetEdition(id)
  const moved = yield* moveTo(edition, status, reason, true)
  yield* auditSubject("edition.status.overridden", admin, { kind: "edition", id: edition.id }, { data: { from: edition.status, to: status, reason } })
  return moved
})

export const editionStats = Effect.flatMap(EditionRepo, (r) => r.stats)
