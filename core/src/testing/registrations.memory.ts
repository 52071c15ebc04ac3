/**
 * Memory twins of the registrations ports. Each operation runs under one lock, which plays the
 * role of the Postgres row locks: seats are counted per ticket and per slot here (the events twin
 * keeps capacities), taken and released only inside the same locked step as the status change, so
 * the twin never oversells and never releases twice, like the SQL.
 */
import type {
  Bib,
  BookingAddOn,
  BibConfig,
  BibRosterRow,
  BookingTimelineEntry,
  CheckIn,
  Deferral,
  DigitalBib,
  FormUpload,
  Participant,
  Participation,
  ScanVerdict,
  SelfServiceConfig,
  Transfer,
  WaitlistEntry,
  Waiver,
  WaiverAcceptance,
  WaveState
} from "@podium/kernel"
import { Context, Effect, Layer, Option } from "effect"
import { EventAddOnRepo, EventCouponRepo } from "../events/event-config/event-config.model.js"
import { EventInventoryRepo, EventRepo } from "../events/event.port.js"
import {
  AddOnSoldOut,
  CouponExhausted,
  BookingAddOnNotFound,
  collectRefusal,
  DeliverableRefused,
  shipRefusal,
  CheckInAlreadyUndone,
  CheckInNotFound,
  ParticipantAlreadyCancelled,
  ParticipantNotFound,
  type ParticipationMove,
  ParticipationMoves,
  ParticipationNotFound,
  TicketSoldOut
} from "../registrations/participation.model.js"
import { type Booking, BookingAddOnRepo, CheckInRepo, type MoveContext, ParticipationRepo, type TimelineInput } from "../registrations/participation.port.js"
import {
  defaultSelfServiceConfig,
  WaitlistAlreadyJoined,
  WaitlistEntryNotFound,
  WaitlistMoves,
  WaitlistOfferOpen
} from "../registrations/waitlist.model.js"
import { type QueuedEntry, SelfServiceConfigRepo, WaitlistRepo } from "../registrations/waitlist.port.js"
import { TransferAlreadyPending, TransferMoves, TransferNotFound, TransferRefused } from "../registrations/transfer.model.js"
import { TransferRepo } from "../registrations/transfer.port.js"
import { DeferralAlreadyRequested, DeferralMoves, DeferralNotFound, DeferralRefused } from "../registrations/deferral.model.js"
import { DeferralRepo } from "../registrations/deferral.port.js"
import { WaiverExists, WaiverNotFound } from "../registrations/waiver.model.js"
import { WaiverRepo } from "../registrations/waiver.port.js"
import { WaveMoves, WaveSeedConflict } from "../registrations/wave.model.js"
import { WaveRepo } from "../registrations/wave.port.js"
import { BibTaken, bibLabel, DigitalBibMoves, DigitalBibNotFound, rangeFor } from "../registrations/bib.model.js"
import { BibRepo } from "../registrations/bib.port.js"
import { FormUploadRepo } from "../registrations/form-upload.port.js"
import { FormUploadLimitReached } from "../registrations/form-upload.use-case.js"

export const RegistrationsReposMemory: Layer.Layer<
  ParticipationRepo | CheckInRepo | WaitlistRepo | SelfServiceConfigRepo | TransferRepo | DeferralRepo | WaiverRepo | WaveRepo | BibRepo | FormUploadRepo | BookingAddOnRepo,
  never,
  EventInventoryRepo | EventRepo | EventAddOnRepo | EventCouponRepo
> = Layer.effectContext(Effect.gen(function*() {
  const couponCatalog = yield* EventCouponRepo
  // Coupon uses taken (the events twin keeps the caps), and the coupon each booking redeemed.
  const couponOf = new Map<string, string>()
  const inventory = yield* EventInventoryRepo
  const addOnCatalog = yield* EventAddOnRepo
  // The catalogs keep `sold` and `used` (as the SQL writes them in the booking's transaction), so organizers read the same counts.
  const addOnSoldOf = (id: string) => Effect.map(addOnCatalog.get(id), Option.match({ onNone: () => ({ stock: 0, sold: 0 }), onSome: (a) => a }))
  const moveSold = (id: string, delta: number) =>
    Effect.flatMap(addOnSoldOf(id), ({ sold }) => Effect.orDie(addOnCatalog.update(id, { sold: sold + delta })))
  const addOnLines = new Map<string, BookingAddOn>()
  const events = yield* EventRepo
  const lock = Effect.unsafeMakeSemaphore(1)
  // Nonces are answered one at a time (the SQL's key wait); the decision inside never takes `lock`.
  const nonceLock = Effect.unsafeMakeSemaphore(1)
  const locked = <A, E>(effect: Effect.Effect<A, E>) => lock.withPermits(1)(effect)
  const bookings = new Map<string, Participation>()
  const people = new Map<string, Participant & { position: number }>()
  const ticketSold = new Map<string, number>()
  const slotTaken = new Map<string, number>()
  const timelines: Array<BookingTimelineEntry> = []
  const checkIns = new Map<string, CheckIn>()
  const nonces = new Map<string, ScanVerdict>()
  const waitlist = new Map<string, WaitlistEntry>()
  const configs = new Map<string, SelfServiceConfig>()
  const transfers = new Map<string, Transfer & { readonly tokenHash: string }>()
  const deferrals = new Map<string, Deferral>()
  const waivers: Array<Waiver> = []
  const waves = new Map<string, WaveState>()
  const bibConfigs = new Map<string, BibConfig>()
  const bibs = new Map<string, Bib>()
  const digitalBibs = new Map<string, DigitalBib>()
  const formUploads: Array<FormUpload> = []
  const acceptances = new Map<string, WaiverAcceptance>()
  let seq = 0
  let joinSeq = 0
  const uuid = () => `00000000-0000-4000-8000-${(++seq).toString(16).padStart(12, "0")}`

  const participantsOf = (id: string) => [...people.values()].filter((p) => p.participationId === id).sort((a, b) => a.position - b.position).map(strip)
  const strip = ({ position: _, ...p }: Participant & { position: number }): Participant => p
  const bookingOf = (p: Participation): Booking => ({ participation: p, participants: participantsOf(p.id) })
  const append = (entry: TimelineInput) =>
    Effect.sync(() => {
      timelines.push({ id: uuid(), participationId: entry.participationId, action: entry.action, actor: entry.actor, reason: entry.reason ?? null, data: { ...entry.data }, at: new Date() })
    })
  const give = (p: { readonly slotId: string; readonly ticketId: string }, seats: number) => {
    ticketSold.set(p.ticketId, (ticketSold.get(p.ticketId) ?? 0) - seats)
    slotTaken.set(p.slotId, (slotTaken.get(p.slotId) ?? 0) - seats)
  }
  /** Takes `n` seats of the ticket and its slot when both have room (the SQL's conditional updates). */
  const take = (eventId: string, slotId: string, ticketId: string, n: number) =>
    Effect.gen(function*() {
      const ticket = yield* inventory.findTicket(eventId, ticketId)
      const slot = yield* inventory.findSlot(eventId, slotId)
      if (Option.isNone(ticket) || Option.isNone(slot) || !ticket.value.isActive || !slot.value.isActive) return false
      const sold = ticketSold.get(ticketId) ?? 0
      const taken = slotTaken.get(slotId) ?? 0
      if (taken + n > slot.value.capacity || sold + n > ticket.value.capacity) return false
      ticketSold.set(ticketId, sold + n)
      slotTaken.set(slotId, taken + n)
      return true
    })
  const offerHours = (eventId: string) => (configs.get(eventId) ?? defaultSelfServiceConfig(eventId)).waitlistOfferHours
  /** Offers the slot's free seats to its earliest waiting entries whose party fits (seats.pg.ts's passOn). */
  const passOn = (slotId: string, now: Date) =>
    Effect.gen(function*() {
      let offered = 0
      const waiting = [...waitlist.values()].filter((e) => e.slotId === slotId && e.status === "WAITING").sort((a, b) => a.seq - b.seq)
      for (const e of waiting) {
        if ([...waitlist.values()].some((o) => o.eventId === e.eventId && o.userId === e.userId && o.status === "OFFERED")) continue
        if (!(yield* take(e.eventId, e.slotId, e.ticketId, e.partySize))) continue
        waitlist.set(e.id, { ...e, status: "OFFERED", offeredAt: now, offerExpiresAt: new Date(now.getTime() + offerHours(e.eventId) * 3_600_000), offerNotifiedAt: null, updatedAt: now })
        offered++
      }
      return offered
    })
  const release = (p: { readonly slotId: string; readonly ticketId: string }, seats: number) =>
    Effect.gen(function*() {
      give(p, seats)
      yield* passOn(p.slotId, new Date())
    })
  const expireOffers = (now: Date, ticketId: string | null) =>
    Effect.gen(function*() {
      const due = [...waitlist.values()].filter((e) =>
        e.status === "OFFERED" && e.offerExpiresAt !== null && e.offerExpiresAt.getTime() <= now.getTime() && (ticketId === null || e.ticketId === ticketId))
      for (const e of due) {
        waitlist.set(e.id, { ...e, status: "EXPIRED", closedBy: "system", closedReason: "the offer lapsed", updatedAt: now })
        yield* release(e, e.partySize)
      }
      return due.length
    })
  const applyMoveNow = (id: string, move: ParticipationMove, context: MoveContext) =>
    Effect.gen(function*() {
      const p = bookings.get(id)
      if (p === undefined) return yield* new ParticipationNotFound({ ref: id })
      if (!ParticipationMoves.allows(p.status, move)) return yield* ParticipationMoves.refused(p.status, move)
      const to = ParticipationMoves.table[move].to
      const moved: Participation = {
        ...p,
        status: to,
        updatedAt: context.at,
        holdExpiresAt: null,
        ...(move === "confirm" ? { confirmedAt: context.at } : {}),
        ...(move === "cancel" ? { cancelledAt: context.at, cancelReason: context.reason ?? null } : {})
      }
      bookings.set(id, moved)
      if (to === "CANCELLED" || to === "EXPIRED") {
        yield* release(p, p.seats)
        const lines = [...addOnLines.values()].filter((l) => l.participationId === id).sort((x, y) => x.addOnId.localeCompare(y.addOnId))
        for (const l of lines) yield* moveSold(l.addOnId, -l.quantity)
        const coupon = couponOf.get(id)
        if (coupon !== undefined) yield* couponCatalog.countUses(coupon, -1)
      }
      if (to === "CANCELLED") {
        for (const person of people.values()) {
          if (person.participationId === id && person.status === "ACTIVE") people.set(person.id, { ...person, status: "CANCELLED", cancelledAt: context.at })
        }
      }
      yield* append({ participationId: id, ...context.timeline, reason: context.timeline.reason ?? context.reason ?? null })
      return moved
    })
  const expireNow = (now: Date, ticketId: string | null, limit: number) =>
    Effect.gen(function*() {
      const due = [...bookings.values()]
        .filter((p) => p.status === "PENDING" && p.holdExpiresAt !== null && p.holdExpiresAt.getTime() <= now.getTime() && (ticketId === null || p.ticketId === ticketId))
        .slice(0, limit)
      const out: Array<Participation> = []
      for (const p of due) {
        out.push(yield* applyMoveNow(p.id, "expire", { at: now, timeline: { action: "expired", actor: "system", reason: "the payment hold lapsed" } }).pipe(Effect.orDie))
      }
      return out
    })
  const matches = (p: Participation, q: string | undefined) => {
    if (q === undefined || q.trim() === "") return true
    const term = q.trim().toLowerCase()
    return p.bookingId === term || p.bookingId.slice(-7) === term || participantsOf(p.id).some((x) =>
      `${x.firstName} ${x.lastName}`.toLowerCase().includes(term) || x.email.includes(term) || (x.phoneNumber ?? "").includes(term))
  }
  const liveOf = (participantId: string) => Option.fromNullable([...checkIns.values()].find((c) => c.participantId === participantId && c.undoneAt === null))

  const participationRepo = ParticipationRepo.of({
    book: (input, now, timeline) =>
      locked(Effect.gen(function*() {
        yield* expireNow(now, input.ticketId, 1000)
        yield* expireOffers(now, input.ticketId)
        const seats = input.participants.length
        const offer = [...waitlist.values()].find((e) =>
          e.ticketId === input.ticketId && e.userId === input.userId && e.status === "OFFERED" && (e.offerExpiresAt?.getTime() ?? 0) > now.getTime())
        if (offer !== undefined) give(offer, offer.partySize)
        if (!(yield* take(input.eventId, input.slotId, input.ticketId, seats))) {
          if (offer !== undefined) yield* take(offer.eventId, offer.slotId, offer.ticketId, offer.partySize)
          return yield* new TicketSoldOut({ ticketId: input.ticketId })
        }
        // The add-ons after the seats (the SQL's order); a sold-out one gives every unit and seat back.
        const addOns = [...input.addOns].sort((x, y) => x.addOnId.localeCompare(y.addOnId))
        for (const a of addOns) {
          const { sold, stock } = yield* addOnSoldOf(a.addOnId)
          if (sold + a.quantity <= stock) {
            yield* moveSold(a.addOnId, a.quantity)
            continue
          }
          for (const taken of addOns.slice(0, addOns.indexOf(a))) yield* moveSold(taken.addOnId, -taken.quantity)
          give(input, seats)
          if (offer !== undefined) yield* take(offer.eventId, offer.slotId, offer.ticketId, offer.partySize)
          return yield* new AddOnSoldOut({ addOnId: a.addOnId })
        }
        // The coupon last, under its caps in all and per athlete (the SQL's order); a refusal gives everything back.
        if (input.coupon !== null) {
          const c = input.coupon
          const { cap, used } = Option.match(yield* couponCatalog.find(input.eventId, c.id), {
            onNone: () => ({ cap: 0, used: 0 }),
            onSome: (x) => ({ cap: x.isActive ? x.maxUses ?? Number.MAX_SAFE_INTEGER : 0, used: x.used })
          })
          const mine = [...bookings.values()].filter((b) => couponOf.get(b.id) === c.id && b.userId === input.userId && (b.status === "PENDING" || b.status === "CONFIRMED")).length
          if (used >= cap || (c.maxUsesPerUser !== null && mine >= c.maxUsesPerUser)) {
            for (const a of addOns) yield* moveSold(a.addOnId, -a.quantity)
            give(input, seats)
            if (offer !== undefined) yield* take(offer.eventId, offer.slotId, offer.ticketId, offer.partySize)
            return yield* new CouponExhausted({ couponCode: c.code })
          }
          yield* couponCatalog.countUses(c.id, 1)
          couponOf.set(input.id, c.id)
        }
        const last7s = new Set([...bookings.values()].filter((b) => b.eventId === input.eventId).map((b) => b.bookingId.slice(-7)))
        const bookingId = input.bookingIds.find((id) => !last7s.has(id.slice(-7)))
        if (bookingId === undefined) return yield* Effect.dieMessage("no free booking id among the candidates")
        if (offer !== undefined) waitlist.set(offer.id, { ...offer, status: "BOOKED", participationId: input.id, updatedAt: now })
        for (const other of [...waitlist.values()]) {
          if (other.eventId !== input.eventId || other.userId !== input.userId || (other.status !== "WAITING" && other.status !== "OFFERED")) continue
          waitlist.set(other.id, { ...other, status: "CANCELLED", closedBy: `user:${input.userId}`, closedReason: "booked a ticket of the event", updatedAt: now })
          if (other.status === "OFFERED") yield* release(other, other.partySize)
        }
        const participation: Participation = {
          id: input.id,
          bookingId,
          eventId: input.eventId,
          slotId: input.slotId,
          ticketId: input.ticketId,
          userId: input.userId,
          status: input.status,
          seats,
          amount: input.amount,
          currency: input.currency,
          gatewayOrderId: null,
          holdExpiresAt: input.holdExpiresAt,
          confirmedAt: input.status === "CONFIRMED" ? now : null,
          cancelledAt: null,
          cancelReason: null,
          createdAt: now,
          updatedAt: now
        }
        bookings.set(input.id, participation)
        input.participants.forEach((p, position) => {
          people.set(p.id, { ...p, participationId: input.id, eventId: input.eventId, status: "ACTIVE", cancelledAt: null, createdAt: now, position })
        })
        for (const a of addOns) {
          const line: BookingAddOn = {
            ...a, id: uuid(), participationId: input.id, eventId: input.eventId, status: "NOT_COLLECTED", collectedAt: null, collectedBy: null,
            fulfilment: "PICKUP", shippingAddress: null, claimedAt: null, createdAt: now
          }
          addOnLines.set(line.id, line)
        }
        yield* append({ participationId: input.id, ...timeline })
        return bookingOf(participation)
      })),
    find: (id) => Effect.sync(() => Option.map(Option.fromNullable(bookings.get(id)), bookingOf)),
    findByOrder: (orderId) => Effect.sync(() => Option.map(Option.fromNullable([...bookings.values()].find((b) => b.gatewayOrderId === orderId)), bookingOf)),
    findByLast7: (eventId, last7) =>
      Effect.sync(() => Option.map(Option.fromNullable([...bookings.values()].find((b) => b.eventId === eventId && b.bookingId.slice(-7) === last7)), bookingOf)),
    findParticipant: (participantId) =>
      Effect.sync(() => {
        const person = people.get(participantId)
        const booking = person === undefined ? undefined : bookings.get(person.participationId)
        return person === undefined || booking === undefined ? Option.none() : Option.some({ ...bookingOf(booking), participant: strip(person) })
      }),
    list: (f) =>
      Effect.sync(() => {
        const all = [...bookings.values()]
          .filter((b) =>
            (f.eventId === undefined || b.eventId === f.eventId) && (f.userId === undefined || b.userId === f.userId) &&
            (f.status === undefined || b.status === f.status) && (f.ticketId === undefined || b.ticketId === f.ticketId) &&
            (f.slotId === undefined || b.slotId === f.slotId) && matches(b, f.q))
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id))
        return { total: all.length, items: all.slice((f.page - 1) * f.limit, f.page * f.limit).map(bookingOf) }
      }),
    move: (id, move, context) => locked(applyMoveNow(id, move, context)),
    attachOrder: (id, orderId, holdExpiresAt) =>
      locked(Effect.gen(function*() {
        const p = bookings.get(id)
        if (p === undefined) return yield* new ParticipationNotFound({ ref: id })
        if (p.status !== "PENDING") return yield* ParticipationMoves.refused(p.status, "resume payment")
        const next = { ...p, gatewayOrderId: orderId, holdExpiresAt, updatedAt: new Date() }
        bookings.set(id, next)
        return next
      })),
    cancelParticipant: (participationId, participantId, context) =>
      locked(Effect.gen(function*() {
        const p = bookings.get(participationId)
        if (p === undefined) return yield* new ParticipationNotFound({ ref: participationId })
        if (!ParticipationMoves.allows(p.status, "cancel")) return yield* ParticipationMoves.refused(p.status, "cancel")
        const person = people.get(participantId)
        if (person === undefined || person.participationId !== participationId) return yield* new ParticipantNotFound({ ref: participantId })
        if (person.status !== "ACTIVE") return yield* new ParticipantAlreadyCancelled({ participantId })
        people.set(participantId, { ...person, status: "CANCELLED", cancelledAt: context.at })
        if (participantsOf(participationId).every((x) => x.status !== "ACTIVE")) {
          yield* applyMoveNow(participationId, "cancel", context)
        } else {
          bookings.set(participationId, { ...p, seats: p.seats - 1, updatedAt: context.at })
          yield* release(p, 1)
          yield* append({ participationId, ...context.timeline, reason: context.timeline.reason ?? context.reason ?? null })
        }
        return bookingOf(bookings.get(participationId)!)
      })),
    updateParticipant: (participationId, participantId, patch, timeline) =>
      locked(Effect.gen(function*() {
        const person = people.get(participantId)
        if (person === undefined || person.participationId !== participationId) return Option.none()
        const next = { ...person, ...patch }
        people.set(participantId, next)
        if (Object.keys(patch).length > 0) yield* append({ participationId, ...timeline })
        return Option.some(strip(next))
      })),
    correctContacts: (participationId, changes, timeline) =>
      locked(Effect.gen(function*() {
        const booking = bookings.get(participationId)
        const status = booking?.status ?? "CANCELLED"
        if (status !== "PENDING" && status !== "CONFIRMED") return { inactive: status }
        const seats = changes.map((c) => ({ ...c, person: people.get(c.participantId) }))
        const missing = seats.find((s) => s.person === undefined || s.person.participationId !== participationId || s.person.status !== "ACTIVE")
        if (missing !== undefined) return yield* new ParticipantNotFound({ ref: missing.participantId })
        for (const s of seats) people.set(s.participantId, { ...s.person!, ...s.patch })
        yield* append({ participationId, ...timeline })
        return { corrected: true as const }
      })),
    expireLapsed: (now, limit) => locked(expireNow(now, null, limit)),
    appendTimeline: append,
    bookingIdTargets: (filter) =>
      Effect.sync(() =>
        [...bookings.values()]
          .filter((b) => (filter.eventId === undefined || b.eventId === filter.eventId) && (filter.shortOnly !== true || b.bookingId.length < 10))
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
          .slice(0, 10_000)
          .map((b) => b.id)
      ),
    reissueBookingId: (id, candidates, timeline) =>
      locked(Effect.gen(function*() {
        const p = bookings.get(id)
        if (p === undefined) return Option.none()
        const taken = new Set([...bookings.values()].filter((b) => b.eventId === p.eventId && b.id !== id).map((b) => b.bookingId.slice(-7)))
        const bookingId = candidates.find((c) => !taken.has(c.slice(-7)))
        if (bookingId === undefined) return Option.none()
        const next = { ...p, bookingId, updatedAt: new Date() }
        bookings.set(id, next)
        yield* append({ participationId: id, ...timeline, data: { bookingId } })
        return Option.some(next)
      })),
    timeline: (participationId) => Effect.sync(() => timelines.filter((t) => t.participationId === participationId))
  })

  const checkInRepo = CheckInRepo.of({
    remembered: (eventId, nonce, decide) =>
      nonceLock.withPermits(1)(Effect.suspend(() => {
        const key = `${eventId}\u0000${nonce}`
        const stored = nonces.get(key)
        if (stored !== undefined) return Effect.succeed(stored)
        return Effect.tap(decide, (verdict) => Effect.sync(() => nonces.set(key, verdict)))
      })),
    checkIn: (input) =>
      Effect.sync(() => {
        const live = liveOf(input.participantId)
        if (Option.isSome(live)) return { created: false, checkIn: live.value }
        const row: CheckIn = { ...input, undoneAt: null, undoneBy: null, undoReason: null }
        checkIns.set(row.id, row)
        return { created: true, checkIn: row }
      }),
    live: (participantId) => Effect.sync(() => liveOf(participantId)),
    find: (eventId, id) => Effect.sync(() => Option.filter(Option.fromNullable(checkIns.get(id)), (c) => c.eventId === eventId)),
    undo: (eventId, id, by, reason, at) =>
      Effect.gen(function*() {
        const row = checkIns.get(id)
        if (row === undefined || row.eventId !== eventId) return yield* new CheckInNotFound({ ref: id })
        if (row.undoneAt !== null) return yield* new CheckInAlreadyUndone({ checkInId: id })
        const next = { ...row, undoneAt: at, undoneBy: by, undoReason: reason }
        checkIns.set(id, next)
        return next
      }),
    summary: (eventId) =>
      Effect.sync(() => {
        const waves = new Map<string, { slotId: string; checkedIn: number; total: number }>()
        for (const person of people.values()) {
          const b = bookings.get(person.participationId)
          if (person.eventId !== eventId || person.status !== "ACTIVE" || b?.status !== "CONFIRMED") continue
          const wave = waves.get(b.slotId) ?? { slotId: b.slotId, checkedIn: 0, total: 0 }
          wave.total++
          if (Option.isSome(liveOf(person.id))) wave.checkedIn++
          waves.set(b.slotId, wave)
        }
        const byWave = [...waves.values()].sort((a, b) => a.slotId.localeCompare(b.slotId))
        return { checkedIn: byWave.reduce((n, w) => n + w.checkedIn, 0), total: byWave.reduce((n, w) => n + w.total, 0), byWave }
      }),
    search: (eventId, q, page, limit) =>
      Effect.sync(() => {
        const term = q?.trim().toLowerCase() ?? ""
        const all = [...people.values()]
          .filter((p) => p.eventId === eventId)
          .filter((p) => {
            if (term === "") return true
            const b = bookings.get(p.participationId)!
            return `${p.firstName} ${p.lastName}`.toLowerCase().includes(term) || p.email.includes(term) || (p.phoneNumber ?? "").includes(term) ||
              b.bookingId === term || b.bookingId.slice(-7) === term
          })
          .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id.localeCompare(b.id))
        return {
          total: all.length,
          items: all.slice((page - 1) * limit, page * limit).map((p) => ({
            participant: strip(p),
            participation: bookings.get(p.participationId)!,
            checkIn: Option.getOrNull(liveOf(p.id))
          }))
        }
      })
  })

  const queuedOf = (e: WaitlistEntry): QueuedEntry => ({
    entry: e,
    position: e.status === "OFFERED"
      ? 0
      : e.status === "WAITING"
      ? [...waitlist.values()].filter((w) => w.ticketId === e.ticketId && w.status === "WAITING" && w.seq <= e.seq).length
      : null
  })
  const fresh = (now: Date) => locked(expireOffers(now, null))
  const entryMove = (id: string, move: "cancel" | "remove" | "notify") =>
    Effect.gen(function*() {
      const e = waitlist.get(id)
      if (e === undefined) return yield* new WaitlistEntryNotFound({ ref: id })
      if (!WaitlistMoves.allows(e.status, move)) return yield* WaitlistMoves.refused(e.status, move)
      return e
    })

  const waitlistRepo = WaitlistRepo.of({
    available: (eventId, ticketId, now) =>
      locked(Effect.gen(function*() {
        yield* expireOffers(now, ticketId)
        const ticket = yield* inventory.findTicket(eventId, ticketId)
        if (Option.isNone(ticket)) return 0
        const slot = yield* inventory.findSlot(eventId, ticket.value.slotId)
        const slotLeft = Option.isNone(slot) ? 0 : slot.value.capacity - (slotTaken.get(ticket.value.slotId) ?? 0)
        return Math.max(0, Math.min(ticket.value.capacity - (ticketSold.get(ticketId) ?? 0), slotLeft))
      })),
    join: (input) =>
      locked(Effect.gen(function*() {
        if ([...waitlist.values()].some((e) => e.ticketId === input.ticketId && e.userId === input.userId && (e.status === "WAITING" || e.status === "OFFERED"))) {
          return yield* new WaitlistAlreadyJoined({ ticketId: input.ticketId })
        }
        const now = new Date()
        const entry: WaitlistEntry = {
          ...input,
          status: "WAITING",
          seq: ++joinSeq,
          offeredAt: null,
          offerExpiresAt: null,
          offerNotifiedAt: null,
          promotedBy: null,
          promoteReason: null,
          participationId: null,
          closedBy: null,
          closedReason: null,
          createdAt: now,
          updatedAt: now
        }
        waitlist.set(entry.id, entry)
        return entry
      })),
    find: (id, now) => Effect.zipRight(fresh(now), Effect.sync(() => Option.map(Option.fromNullable(waitlist.get(id)), queuedOf))),
    mine: (userId, now) =>
      Effect.zipRight(fresh(now), Effect.sync(() =>
        [...waitlist.values()].filter((e) => e.userId === userId).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.seq - a.seq).map(queuedOf))),
    list: (eventId, filter, now) =>
      Effect.zipRight(fresh(now), Effect.sync(() => {
        const all = [...waitlist.values()].filter((e) => e.eventId === eventId && (filter.status === undefined || e.status === filter.status)).sort((a, b) => a.seq - b.seq)
        return { total: all.length, items: all.slice((filter.page - 1) * filter.limit, filter.page * filter.limit).map(queuedOf) }
      })),
    close: (id, move, by, reason, now) =>
      locked(Effect.gen(function*() {
        const e = yield* entryMove(id, move)
        const closed: WaitlistEntry = { ...e, status: WaitlistMoves.table[move].to, closedBy: by, closedReason: reason, updatedAt: now }
        waitlist.set(id, closed)
        if (e.status === "OFFERED") yield* release(e, e.partySize)
        return closed
      })),
    promote: (id, by, reason, now) =>
      locked(Effect.gen(function*() {
        const e = waitlist.get(id)
        if (e === undefined) return yield* new WaitlistEntryNotFound({ ref: id })
        if (!WaitlistMoves.allows(e.status, "promote")) return yield* WaitlistMoves.refused(e.status, "promote")
        yield* expireOffers(now, e.ticketId)
        const open = [...waitlist.values()].find((o) => o.eventId === e.eventId && o.userId === e.userId && o.status === "OFFERED")
        if (open !== undefined) return yield* new WaitlistOfferOpen({ entryId: open.id })
        if (!(yield* take(e.eventId, e.slotId, e.ticketId, e.partySize))) return yield* new TicketSoldOut({ ticketId: e.ticketId })
        const offered: WaitlistEntry = {
          ...e,
          status: "OFFERED",
          offeredAt: now,
          offerExpiresAt: new Date(now.getTime() + offerHours(e.eventId) * 3_600_000),
          offerNotifiedAt: null,
          promotedBy: by,
          promoteReason: reason,
          updatedAt: now
        }
        waitlist.set(id, offered)
        return offered
      })),
    renotify: (id) =>
      locked(Effect.gen(function*() {
        const e = yield* entryMove(id, "notify")
        const next = { ...e, offerNotifiedAt: null, updatedAt: new Date() }
        waitlist.set(id, next)
        return next
      })),
    sweep: (now) =>
      locked(Effect.gen(function*() {
        const expired = yield* expireOffers(now, null)
        let offered = 0
        for (const slotId of new Set([...waitlist.values()].filter((e) => e.status === "WAITING").map((e) => e.slotId))) offered += yield* passOn(slotId, now)
        return { expired, offered }
      })),
    claimUnnotified: (limit) =>
      locked(Effect.sync(() => {
        const due = [...waitlist.values()].filter((e) => e.status === "OFFERED" && e.offerNotifiedAt === null).slice(0, limit)
        const now = new Date()
        for (const e of due) waitlist.set(e.id, { ...e, offerNotifiedAt: now })
        return due.map((e) => waitlist.get(e.id)!)
      }))
  })

  const configRepo = SelfServiceConfigRepo.of({
    get: (eventId) => Effect.sync(() => configs.get(eventId) ?? defaultSelfServiceConfig(eventId)),
    update: (eventId, patch) =>
      Effect.sync(() => {
        const next = { ...(configs.get(eventId) ?? defaultSelfServiceConfig(eventId)), ...patch, eventId, updatedAt: new Date() }
        configs.set(eventId, next)
        return next
      })
  })

  /** Moves one participant's seat into a new CONFIRMED booking of `userId` (moveSeatPg's twin); false when it was not ACTIVE. */
  const moveSeat = (from: Participation, participantId: string, status: "TRANSFERRED" | "DEFERRED", input: {
    readonly id: string
    readonly bookingIds: ReadonlyArray<string>
    readonly userId: string
    readonly eventId: string
    readonly slotId: string
    readonly ticketId: string
    readonly currency: string
    readonly participant: { readonly id: string; readonly firstName: string; readonly lastName: string; readonly email: string; readonly phoneNumber: string | null; readonly ticketCode: string }
  }, at: Date) =>
    Effect.gen(function*() {
      const person = people.get(participantId)
      if (person === undefined || person.participationId !== from.id || person.status !== "ACTIVE") return Option.none<Booking>()
      people.set(participantId, { ...person, status, cancelledAt: at })
      const anyLeft = participantsOf(from.id).some((x) => x.status === "ACTIVE")
      bookings.set(from.id, { ...from, seats: from.seats - 1, status: anyLeft ? from.status : status, updatedAt: at })
      const last7s = new Set([...bookings.values()].filter((b) => b.eventId === input.eventId).map((b) => b.bookingId.slice(-7)))
      const bookingId = input.bookingIds.find((id) => !last7s.has(id.slice(-7)))
      if (bookingId === undefined) return yield* Effect.dieMessage("no free booking id among the candidates")
      const participation: Participation = {
        id: input.id,
        bookingId,
        eventId: input.eventId,
        slotId: input.slotId,
        ticketId: input.ticketId,
        userId: input.userId,
        status: "CONFIRMED",
        seats: 1,
        amount: 0,
        currency: input.currency,
        gatewayOrderId: null,
        holdExpiresAt: null,
        confirmedAt: at,
        cancelledAt: null,
        cancelReason: null,
        createdAt: at,
        updatedAt: at
      }
      bookings.set(input.id, participation)
      people.set(input.participant.id, { ...input.participant, participationId: input.id, eventId: input.eventId, status: "ACTIVE", cancelledAt: null, createdAt: at, position: 0 })
      return Option.some(bookingOf(participation))
    })
  const publicTransfer = ({ tokenHash: _, ...t }: Transfer & { readonly tokenHash: string }): Transfer => t

  const transferRepo = TransferRepo.of({
    originOf: (participantId) =>
      Effect.sync(() => [...transfers.values()].find((t) => t.newParticipantId === participantId && t.status === "ACCEPTED")?.originParticipantId ?? participantId),
    acceptedCount: (origin) => Effect.sync(() => [...transfers.values()].filter((t) => t.originParticipantId === origin && t.status === "ACCEPTED").length),
    create: (input, origin) =>
      locked(Effect.gen(function*() {
        if ([...transfers.values()].some((t) => t.participantId === input.participantId && t.status === "PENDING")) {
          return yield* new TransferAlreadyPending({ participantId: input.participantId })
        }
        const now = new Date()
        const row = { ...input, status: "PENDING" as const, originParticipantId: origin, acceptedBy: null, newParticipationId: null, newParticipantId: null, respondedAt: null, createdAt: now, updatedAt: now }
        transfers.set(row.id, row)
        return publicTransfer(row)
      })),
    find: (id) => Effect.sync(() => Option.map(Option.fromNullable(transfers.get(id)), publicTransfer)),
    findByToken: (hash) => Effect.sync(() => Option.map(Option.fromNullable([...transfers.values()].find((t) => t.tokenHash === hash)), publicTransfer)),
    mine: (userId, email, phone) =>
      Effect.sync(() => {
        const all = [...transfers.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map(publicTransfer)
        return {
          sent: all.filter((t) => t.fromUserId === userId),
          received: all.filter((t) => (email !== null && t.toEmail?.toLowerCase() === email.toLowerCase()) || (phone !== null && t.toPhone === phone))
        }
      }),
    decline: (id, move, at) =>
      locked(Effect.gen(function*() {
        const t = transfers.get(id)
        if (t === undefined) return yield* new TransferNotFound({ ref: id })
        if (!TransferMoves.allows(t.status, move)) return yield* TransferMoves.refused(t.status, move)
        const next = { ...t, status: TransferMoves.table[move].to, respondedAt: at, updatedAt: at }
        transfers.set(id, next)
        return publicTransfer(next)
      })),
    accept: (id, a, at) =>
      locked(Effect.gen(function*() {
        const t = transfers.get(id)
        if (t === undefined) return yield* new TransferNotFound({ ref: id })
        if (!TransferMoves.allows(t.status, "accept")) return yield* TransferMoves.refused(t.status, "accept")
        const p = bookings.get(t.participationId)
        if (p === undefined) return yield* new ParticipationNotFound({ ref: t.participationId })
        if ([...transfers.values()].filter((x) => x.originParticipantId === t.originParticipantId && x.status === "ACCEPTED").length >= a.maxTransfers) {
          return yield* new TransferRefused({ code: "TRANSFER_LIMIT_REACHED", reason: `this seat was already transferred ${a.maxTransfers} time(s)` })
        }
        const moved = p.status !== "CONFIRMED" ? Option.none<Booking>() : yield* moveSeat(p, t.participantId, "TRANSFERRED", {
          id: a.participationId,
          bookingIds: a.bookingIds,
          userId: a.acceptedBy,
          eventId: p.eventId,
          slotId: p.slotId,
          ticketId: p.ticketId,
          currency: p.currency,
          participant: a.participant
        }, at)
        if (Option.isNone(moved)) return yield* new TransferRefused({ code: "PARTICIPANT_NOT_TRANSFERABLE", reason: "the participant's booking is no longer active" })
        const next = { ...t, status: "ACCEPTED" as const, acceptedBy: a.acceptedBy, newParticipationId: a.participationId, newParticipantId: a.participant.id, respondedAt: at, updatedAt: at }
        transfers.set(id, next)
        yield* append({ participationId: p.id, action: "transfer.accepted", actor: `user:${a.acceptedBy}`, data: { transferId: id, participantId: t.participantId, to: a.participationId } })
        yield* append({ participationId: a.participationId, action: "booked.by_transfer", actor: `user:${a.acceptedBy}`, data: { transferId: id, from: p.id } })
        return { transfer: publicTransfer(next), booking: moved.value }
      }))
  })

  /** Applies a seat-releasing decision: the deferral's move and the participant DEFERRED (decideReleasing's twin). */
  const releasing = (id: string, move: "fulfil" | "issue comp", patch: Partial<Deferral>, at: Date) =>
    Effect.gen(function*() {
      const d = deferrals.get(id)
      if (d === undefined) return yield* new DeferralNotFound({ ref: id })
      if (!DeferralMoves.allows(d.status, move)) return yield* DeferralMoves.refused(d.status, move)
      const p = bookings.get(d.participationId)
      if (p === undefined) return yield* new ParticipationNotFound({ ref: d.participationId })
      const person = people.get(d.participantId)
      if (p.status !== "CONFIRMED" || person?.status !== "ACTIVE") {
        return yield* new DeferralRefused({ code: "PARTICIPANT_NOT_DEFERRABLE", reason: "the participant's booking is no longer active" })
      }
      return { d: { ...d, ...patch, status: DeferralMoves.table[move].to, decidedAt: at, updatedAt: at } as Deferral, p }
    })
  const leaveDeferred = (p: Participation, participantId: string, at: Date) => {
    const person = people.get(participantId)!
    people.set(participantId, { ...person, status: "DEFERRED", cancelledAt: at })
    const anyLeft = participantsOf(p.id).some((x) => x.status === "ACTIVE")
    bookings.set(p.id, { ...p, seats: p.seats - 1, status: anyLeft ? p.status : "DEFERRED", updatedAt: at })
  }

  const deferralRepo = DeferralRepo.of({
    create: (input) =>
      locked(Effect.gen(function*() {
        if ([...deferrals.values()].some((d) => d.participantId === input.participantId && d.status === "REQUESTED")) {
          return yield* new DeferralAlreadyRequested({ participantId: input.participantId })
        }
        const now = new Date()
        const row: Deferral = {
          ...input,
          status: "REQUESTED",
          targetEventId: null,
          targetTicketId: null,
          newParticipationId: null,
          compCode: null,
          decidedBy: null,
          decisionReason: null,
          decidedAt: null,
          createdAt: now,
          updatedAt: now
        }
        deferrals.set(row.id, row)
        return row
      })),
    find: (id) => Effect.sync(() => Option.fromNullable(deferrals.get(id))),
    mine: (userId) => Effect.sync(() => [...deferrals.values()].filter((d) => d.userId === userId).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())),
    pending: (organizerId, eventId, page, limit) =>
      Effect.gen(function*() {
        const open = [...deferrals.values()].filter((d) => d.status === "REQUESTED" && (eventId === undefined || d.eventId === eventId))
        const mine: Array<Deferral> = []
        for (const d of open) {
          const e = yield* events.findById(d.eventId)
          if (Option.isSome(e) && e.value.organizerId === organizerId) mine.push(d)
        }
        mine.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
        return { total: mine.length, items: mine.slice((page - 1) * limit, page * limit) }
      }),
    decide: (id, move, by, reason, at) =>
      locked(Effect.gen(function*() {
        const d = deferrals.get(id)
        if (d === undefined) return yield* new DeferralNotFound({ ref: id })
        if (!DeferralMoves.allows(d.status, move)) return yield* DeferralMoves.refused(d.status, move)
        const next: Deferral = { ...d, status: DeferralMoves.table[move].to, decidedBy: by, decisionReason: reason, decidedAt: at, updatedAt: at }
        deferrals.set(id, next)
        return next
      })),
    fulfil: (id, f, at) =>
      locked(Effect.gen(function*() {
        const { d, p } = yield* releasing(id, "fulfil", { targetEventId: f.targetEventId, targetTicketId: f.targetTicketId, newParticipationId: f.participationId, decidedBy: f.by }, at)
        if (!(yield* take(f.targetEventId, f.targetSlotId, f.targetTicketId, 1))) return yield* new TicketSoldOut({ ticketId: f.targetTicketId })
        give(p, 1)
        deferrals.set(id, d)
        leaveDeferred(p, d.participantId, at)
        const participation: Participation = {
          id: f.participationId,
          bookingId: f.bookingIds.find((c) => ![...bookings.values()].some((x) => x.eventId === f.targetEventId && x.bookingId.slice(-7) === c.slice(-7))) ?? f.bookingIds[0]!,
          eventId: f.targetEventId,
          slotId: f.targetSlotId,
          ticketId: f.targetTicketId,
          userId: d.userId,
          status: "CONFIRMED",
          seats: 1,
          amount: 0,
          currency: p.currency,
          gatewayOrderId: null,
          holdExpiresAt: null,
          confirmedAt: at,
          cancelledAt: null,
          cancelReason: null,
          createdAt: at,
          updatedAt: at
        }
        bookings.set(participation.id, participation)
        people.set(f.participant.id, { ...f.participant, participationId: participation.id, eventId: f.targetEventId, status: "ACTIVE", cancelledAt: null, createdAt: at, position: 0 })
        yield* passOn(p.slotId, at)
        yield* append({ participationId: p.id, action: "deferral.fulfilled", actor: f.by, data: { deferralId: id, participantId: d.participantId, to: participation.id } })
        yield* append({ participationId: participation.id, action: "booked.by_deferral", actor: f.by, data: { deferralId: id, from: p.id } })
        return { deferral: d, booking: bookingOf(participation) }
      })),
    issueComp: (id, by, code, note, at) =>
      locked(Effect.gen(function*() {
        const { d, p } = yield* releasing(id, "issue comp", { compCode: code, decidedBy: by, decisionReason: note }, at)
        deferrals.set(id, d)
        leaveDeferred(p, d.participantId, at)
        yield* release(p, 1)
        yield* append({ participationId: p.id, action: "deferral.comp_issued", actor: by, reason: note, data: { deferralId: id, participantId: d.participantId } })
        return d
      }))
  })

  const activeWaiver = (eventId: string) => waivers.find((w) => w.eventId === eventId && w.isActive)
  const nextVersion = (eventId: string) => waivers.filter((w) => w.eventId === eventId).reduce((n, w) => Math.max(n, w.version), 0) + 1
  const waiverRepo = WaiverRepo.of({
    active: (eventId) => Effect.sync(() => Option.fromNullable(activeWaiver(eventId))),
    create: (input) =>
      locked(Effect.gen(function*() {
        if (activeWaiver(input.eventId) !== undefined) return yield* new WaiverExists({ eventId: input.eventId })
        const row: Waiver = { ...input, version: nextVersion(input.eventId), isActive: true, createdAt: new Date(), deactivatedAt: null }
        waivers.push(row)
        return row
      })),
    update: (input) =>
      locked(Effect.gen(function*() {
        const current = activeWaiver(input.eventId)
        if (current === undefined) return yield* new WaiverNotFound({ ref: `event ${input.eventId}` })
        const now = new Date()
        waivers[waivers.indexOf(current)] = { ...current, isActive: false, deactivatedAt: now }
        const row: Waiver = {
          id: input.id,
          eventId: input.eventId,
          version: nextVersion(input.eventId),
          title: input.title ?? current.title,
          body: input.body ?? current.body,
          isActive: true,
          createdBy: input.createdBy,
          createdAt: now,
          deactivatedAt: null
        }
        waivers.push(row)
        return row
      })),
    deactivate: (eventId, at) =>
      locked(Effect.gen(function*() {
        const current = activeWaiver(eventId)
        if (current === undefined) return yield* new WaiverNotFound({ ref: `event ${eventId}` })
        const next = { ...current, isActive: false, deactivatedAt: at }
        waivers[waivers.indexOf(current)] = next
        return next
      })),
    accept: (rows) =>
      Effect.sync(() => {
        for (const r of rows) if (!acceptances.has(r.participantId)) acceptances.set(r.participantId, r)
      }),
    acceptance: (participantId) => Effect.sync(() => Option.fromNullable(acceptances.get(participantId))),
    acceptances: (eventId, page, limit) =>
      Effect.sync(() => {
        const all = [...acceptances.values()].filter((a) => a.eventId === eventId).sort((a, b) => a.acceptedAt.getTime() - b.acceptedAt.getTime() || a.id.localeCompare(b.id))
        return { total: all.length, items: all.slice((page - 1) * limit, page * limit) }
      })
  })

  const waveRepo = WaveRepo.of({
    states: (eventId) => Effect.sync(() => [...waves.values()].filter((w) => w.eventId === eventId)),
    move: (eventId, slotId, move, by, at) =>
      locked(Effect.gen(function*() {
        const w = waves.get(slotId) ?? { id: slotId, eventId, status: "OPEN" as const, closedAt: null, startedAt: null, updatedBy: null, updatedAt: at }
        if (!WaveMoves.allows(w.status, move)) return yield* WaveMoves.refused(w.status, move)
        const next: WaveState = {
          ...w,
          status: WaveMoves.table[move].to,
          updatedBy: by,
          updatedAt: at,
          ...(move === "close" ? { closedAt: at } : move === "start" ? { startedAt: at } : { closedAt: null })
        }
        waves.set(slotId, next)
        return next
      })),
    reseat: (eventId, moves) =>
      locked(Effect.gen(function*() {
        const next = new Map(slotTaken)
        const moving: Array<Participation> = []
        for (const m of moves) {
          const b = bookings.get(m.participationId)
          if (b === undefined || b.eventId !== eventId || b.slotId !== m.fromSlotId || b.status !== "CONFIRMED" || b.seats !== m.seats) continue
          next.set(m.fromSlotId, (next.get(m.fromSlotId) ?? 0) - m.seats)
          next.set(m.toSlotId, (next.get(m.toSlotId) ?? 0) + m.seats)
          moving.push({ ...b, slotId: m.toSlotId, updatedAt: new Date() })
        }
        for (const slotId of new Set(moves.map((m) => m.toSlotId))) {
          const slot = yield* inventory.findSlot(eventId, slotId)
          const grew = (next.get(slotId) ?? 0) > (slotTaken.get(slotId) ?? 0)
          if (grew && (Option.isNone(slot) || (next.get(slotId) ?? 0) > slot.value.capacity)) return yield* new WaveSeedConflict({ slotId })
        }
        for (const [slotId, n] of next) slotTaken.set(slotId, n)
        for (const b of moving) bookings.set(b.id, b)
        for (const slotId of new Set(moves.map((m) => m.fromSlotId))) yield* passOn(slotId, new Date())
        return moving.map((b) => b.id)
      })),
    taken: (eventId) =>
      Effect.gen(function*() {
        const slots = yield* inventory.slots(eventId)
        return new Map(slots.map((sl) => [sl.id, slotTaken.get(sl.id) ?? 0]))
      }),
    roster: (eventId, slotId) =>
      Effect.sync(() =>
        [...people.values()]
          .filter((p) => {
            const b = bookings.get(p.participationId)
            return p.status === "ACTIVE" && b !== undefined && b.eventId === eventId && b.status === "CONFIRMED" && (slotId === undefined || b.slotId === slotId)
          })
          .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id.localeCompare(b.id))
          .map((p) => ({ participant: strip(p), participation: bookings.get(p.participationId)!, checkedIn: Option.isSome(liveOf(p.id)) }))
      ),
    tally: (eventId, by) =>
      Effect.sync(() => {
        const out = new Map<string, { key: string; confirmedSeats: number; pendingSeats: number; cancelledSeats: number; bookings: number; revenue: number }>()
        for (const b of bookings.values()) {
          if (b.eventId !== eventId) continue
          const key = by === "ticket" ? b.ticketId : b.slotId
          const t = out.get(key) ?? { key, confirmedSeats: 0, pendingSeats: 0, cancelledSeats: 0, bookings: 0, revenue: 0 }
          t.bookings++
          if (b.status === "CONFIRMED") {
            t.confirmedSeats += b.seats
            t.revenue += b.amount
          } else if (b.status === "PENDING") t.pendingSeats += b.seats
          else if (b.status === "CANCELLED") t.cancelledSeats += b.seats
          out.set(key, t)
        }
        return [...out.values()]
      })
  })

  const bibConfigOf = (eventId: string): BibConfig => bibConfigs.get(eventId) ?? { eventId, prefix: "", ranges: [], updatedAt: new Date(0) }
  const bibRepo = BibRepo.of({
    config: (eventId) => Effect.sync(() => bibConfigOf(eventId)),
    updateConfig: (eventId, patch) =>
      Effect.sync(() => {
        const current = bibConfigOf(eventId)
        const next: BibConfig = { ...current, ...(patch.prefix === undefined ? {} : { prefix: patch.prefix }), ...(patch.ranges === undefined ? {} : { ranges: patch.ranges }), updatedAt: new Date() }
        bibConfigs.set(eventId, next)
        return next
      }),
    pin: (input) =>
      locked(Effect.gen(function*() {
        const holder = [...bibs.values()].find((b) => b.eventId === input.eventId && b.number === input.number)
        if (holder !== undefined && holder.participantId !== input.participantId) return yield* new BibTaken({ number: input.number })
        const bib: Bib = {
          participantId: input.participantId,
          eventId: input.eventId,
          participationId: input.participationId,
          number: input.number,
          label: bibLabel(bibConfigOf(input.eventId).prefix, input.number),
          pinned: true,
          assignedBy: input.by,
          assignedAt: new Date()
        }
        bibs.set(input.participantId, bib)
        return bib
      })),
    autoAssign: (eventId, by) =>
      locked(Effect.sync(() => {
        const { prefix, ranges } = bibConfigOf(eventId)
        const used = new Set([...bibs.values()].filter((b) => b.eventId === eventId).map((b) => b.number))
        const unnumbered = [...people.values()]
          .filter((p) => p.eventId === eventId && p.status === "ACTIVE" && bookings.get(p.participationId)?.status === "CONFIRMED" && !bibs.has(p.id))
          .sort((a, b) => bookings.get(a.participationId)!.createdAt.getTime() - bookings.get(b.participationId)!.createdAt.getTime() || a.position - b.position)
        const assigned: Array<Bib> = []
        let unassigned = 0
        for (const p of unnumbered) {
          const range = rangeFor(ranges, bookings.get(p.participationId)!.ticketId)
          let n = range?.from ?? 0
          while (range !== undefined && n <= range.to && used.has(n)) n++
          if (range === undefined || n > range.to) {
            unassigned++
            continue
          }
          used.add(n)
          const bib: Bib = { participantId: p.id, eventId, participationId: p.participationId, number: n, label: bibLabel(prefix, n), pinned: false, assignedBy: by, assignedAt: new Date() }
          bibs.set(p.id, bib)
          assigned.push(bib)
        }
        return { assigned: assigned.sort((a, b) => a.number - b.number), unassigned }
      })),
    findByNumber: (eventId, number) => Effect.sync(() => Option.fromNullable([...bibs.values()].find((b) => b.eventId === eventId && b.number === number))),
    ofParticipant: (participantId) => Effect.sync(() => Option.fromNullable(bibs.get(participantId))),
    issueDigital: (eventId, by, fresh) =>
      locked(Effect.gen(function*() {
        const waiting = [...bibs.values()]
          .filter((b) => b.eventId === eventId && people.get(b.participantId)?.status === "ACTIVE" && bookings.get(b.participationId)?.status === "CONFIRMED" && !digitalBibs.has(b.participantId))
          .sort((a, b) => a.number - b.number)
        const issued: Array<DigitalBib> = []
        for (const b of waiting) {
          const at = new Date()
          const card: DigitalBib = {
            ...(yield* fresh),
            participantId: b.participantId,
            eventId,
            participationId: b.participationId,
            status: "ISSUED",
            version: 1,
            displayName: null,
            emergencyContact: null,
            issuedBy: by,
            issuedAt: at,
            revokedReason: null,
            updatedAt: at
          }
          digitalBibs.set(b.participantId, card)
          issued.push(card)
        }
        return issued
      })),
    digitalOf: (participantId) => Effect.sync(() => Option.fromNullable(digitalBibs.get(participantId))),
    digitalBySlug: (slug) => Effect.sync(() => Option.fromNullable([...digitalBibs.values()].find((d) => d.slug === slug))),
    moveDigital: (id, move, change) =>
      locked(Effect.gen(function*() {
        const current = [...digitalBibs.values()].find((d) => d.id === id)
        if (current === undefined) return yield* new DigitalBibNotFound({ ref: id })
        if (!DigitalBibMoves.allows(current.status, move)) return yield* DigitalBibMoves.refused(current.status, move)
        const at = new Date()
        const next: DigitalBib = change.slug === undefined
          ? { ...current, status: DigitalBibMoves.table[move].to, revokedReason: change.reason, updatedAt: at }
          : { ...current, status: DigitalBibMoves.table[move].to, slug: change.slug, version: current.version + 1, revokedReason: null, issuedBy: change.by, issuedAt: at, updatedAt: at }
        digitalBibs.set(current.participantId, next)
        return next
      })),
    updateDigital: (id, patch) =>
      locked(Effect.gen(function*() {
        const current = [...digitalBibs.values()].find((d) => d.id === id)
        if (current === undefined) return yield* new DigitalBibNotFound({ ref: id })
        const next: DigitalBib = {
          ...current,
          ...(patch.displayName === undefined ? {} : { displayName: patch.displayName }),
          ...(patch.emergencyContact === undefined ? {} : { emergencyContact: patch.emergencyContact }),
          updatedAt: new Date()
        }
        digitalBibs.set(current.participantId, next)
        return next
      })),
    roster: (eventId, filter) =>
      Effect.sync(() => {
        const all = [...people.values()]
          .filter((p) => {
            const booking = bookings.get(p.participationId)
            return p.eventId === eventId && p.status === "ACTIVE" && booking?.status === "CONFIRMED" && (filter.userId === undefined || booking.userId === filter.userId)
          })
          .sort((a, b) => {
            const na = bibs.get(a.id)?.number ?? Number.MAX_SAFE_INTEGER
            const nb = bibs.get(b.id)?.number ?? Number.MAX_SAFE_INTEGER
            return na - nb || bookings.get(a.participationId)!.createdAt.getTime() - bookings.get(b.participationId)!.createdAt.getTime() ||
              a.participationId.localeCompare(b.participationId) || a.position - b.position
          })
        const items = all.slice((filter.page - 1) * filter.limit, filter.page * filter.limit).map((p): BibRosterRow => {
          const booking = bookings.get(p.participationId)!
          const bib = bibs.get(p.id)
          return {
            participantId: p.id,
            participationId: p.participationId,
            bookingId: booking.bookingId,
            ticketId: booking.ticketId,
            firstName: p.firstName,
            lastName: p.lastName,
            number: bib?.number ?? null,
            label: bib?.label ?? null,
            pinned: bib?.pinned ?? null,
            digitalBib: digitalBibs.get(p.id) ?? null
          }
        })
        return { items, total: all.length }
      })
  })

  const formUploadRepo = FormUploadRepo.of({
    create: (input, max) =>
      locked(Effect.gen(function*() {
        if (formUploads.filter((u) => u.eventId === input.eventId && u.userId === input.userId).length >= max) return yield* new FormUploadLimitReached({ max })
        const row: FormUpload = { ...input, createdAt: new Date() }
        formUploads.push(row)
        return row
      }))
  })

  /** One step of a line when `allowed`; otherwise the line's refusal (the SQL's conditional update). */
  const step = (id: string, allowed: (l: BookingAddOn) => boolean, refusal: (l: BookingAddOn) => string, change: (l: BookingAddOn) => BookingAddOn) =>
    locked(Effect.gen(function*() {
      const line = addOnLines.get(id)
      if (line === undefined) return yield* new BookingAddOnNotFound({ ref: id })
      if (!allowed(line)) return yield* new DeliverableRefused({ reason: refusal(line) })
      const next = change(line)
      addOnLines.set(id, next)
      return next
    }))
  const bookingAddOnRepo = BookingAddOnRepo.of({
    ofBooking: (participationId) =>
      Effect.sync(() => [...addOnLines.values()].filter((l) => l.participationId === participationId).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))),
    find: (id) => Effect.sync(() => Option.fromNullable(addOnLines.get(id))),
    collect: (id, by, at) =>
      step(id, (l) => l.status === "NOT_COLLECTED" && l.fulfilment === "PICKUP", collectRefusal, (l) => ({ ...l, status: "COLLECTED", collectedAt: at, collectedBy: by })),
    ship: (id, address) =>
      step(id, (l) => l.status === "NOT_COLLECTED" && l.claimedAt === null, shipRefusal, (l) => ({ ...l, fulfilment: "SHIP", shippingAddress: address })),
    claim: (id, at) => step(id, (l) => l.claimedAt === null, () => "the deliverable was already claimed", (l) => ({ ...l, claimedAt: at }))
  })

  return Context.make(ParticipationRepo, participationRepo).pipe(
    Context.add(BookingAddOnRepo, bookingAddOnRepo),
    Context.add(FormUploadRepo, formUploadRepo),
    Context.add(BibRepo, bibRepo),
    Context.add(WaveRepo, waveRepo),
    Context.add(WaiverRepo, waiverRepo),
    Context.add(DeferralRepo, deferralRepo),
    Context.add(TransferRepo, transferRepo),
    Context.add(CheckInRepo, checkInRepo),
    Context.add(WaitlistRepo, waitlistRepo),
    Context.add(SelfServiceConfigRepo, configRepo)
  )
}))
