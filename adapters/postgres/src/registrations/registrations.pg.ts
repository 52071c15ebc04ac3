/**
 * Bookings and check-ins on Postgres (migration 0055). Seats: one conditional update of the slot's
 * counter, then one of the ticket's `sold`, in the booking's transaction — the lock order every
 * writer follows is participation rows, slot counter, ticket — so no two transactions can both
 * take the last seat and no read decides a write. Releases happen only in the transaction of a
 * conditional status move (or a participant's conditional cancel), so each seat is freed once.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import type { Fragment } from "@effect/sql/Statement"
import { Registrations } from "@podium/core"
import { BookingTimelineEntry, CheckIn, Participant, Participation, type ParticipationStatus, type ScanVerdict, StoredScanVerdict } from "@podium/kernel"
import { Context, Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, ids, rowsOf } from "../rows.pg.js"
import { makeSeats } from "./seats.pg.js"

const ParticipationColumns = [
  "id", "booking_id", "event_id", "slot_id", "ticket_id", "user_id", "status", "seats", "amount", "currency",
  "gateway_order_id", "hold_expires_at", "confirmed_at", "cancelled_at", "cancel_reason", "created_at", "updated_at"
] as const
const ParticipantColumns = [
  "id", "participation_id", "event_id", "first_name", "last_name", "email", "phone_number", "status", "ticket_code", "cancelled_at", "created_at"
] as const
const CheckInColumns = [
  "id", "event_id", "participant_id", "participation_id", "method", "scanned_at", "checked_in_at", "checked_in_by", "undone_at", "undone_by", "undo_reason"
] as const

const isSqlError = (e: unknown): e is SqlError => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "SqlError"
const Released = Schema.Struct({ id: Schema.String, seats: Schema.Number, slotId: Schema.String, ticketId: Schema.String })
const Fullness = Schema.Struct({ full: Schema.Boolean, lapsed: Schema.Boolean })
const VerdictRow = Schema.Struct({ verdict: Schema.NullOr(StoredScanVerdict) })
const WaveRow = Schema.Struct({ slotId: Schema.String, checkedIn: Schema.Number, total: Schema.Number })
const StatusRow = Schema.Struct({ status: Schema.String })
const GiveBack = Schema.Struct({ id: Schema.String, n: Schema.Number })

export const RegistrationsReposPg = Layer.effectContext(Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const participations = rowsOf(Participation)
  const participants = rowsOf(Participant)
  const checkIns = rowsOf(CheckIn)
  const timelines = rowsOf(BookingTimelineEntry)
  const released = rowsOf(Released)
  const fullness = rowsOf(Fullness)
  const verdicts = rowsOf(VerdictRow)
  const waves = rowsOf(WaveRow)
  const statuses = rowsOf(StatusRow)
  const giveBacks = rowsOf(GiveBack)
  const pcols = sql.literal(ParticipationColumns.join(", "))
  const ptcols = sql.literal(ParticipantColumns.join(", "))
  const ccols = sql.literal(CheckInColumns.map((c) => `c.${c}`).join(", "))
  const ccolsPlain = sql.literal(CheckInColumns.join(", "))
  const seats = makeSeats(sql)

  /** A unit of work whose SQL failures are defects and whose domain failures roll it back. */
  const tx = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, Exclude<E, SqlError>> =>
    sql.withTransaction(effect).pipe(Effect.catchAll((e: E | SqlError) => (isSqlError(e) ? Effect.die(e) : Effect.fail(e as Exclude<E, SqlError>))))

  const appendTimeline = (entry: Registrations.TimelineInput) =>
    sql`insert into registrations.timeline (participation_id, action, actor, reason, data)
        values (${entry.participationId}, ${entry.action}, ${entry.actor}, ${entry.reason ?? null}, ${JSON.stringify(entry.data ?? {})}::jsonb)`.pipe(Effect.orDie, Effect.asVoid)

  const participantsOf = (ids: ReadonlyArray<string>) =>
    ids.length === 0
      ? Effect.succeed([] as ReadonlyArray<Participant>)
      : participants.all(sql`select ${ptcols} from registrations.participants where participation_id in ${sql.in(ids as Array<string>)} order by position`)

  const withParticipants = (rows: ReadonlyArray<Participation>) =>
    Effect.map(participantsOf(rows.map((r) => r.id)), (all) =>
      rows.map((participation) => ({ participation, participants: all.filter((p) => p.participationId === participation.id) })))

  const findBy = (where: Fragment) =>
    Effect.flatMap(participations.maybe(sql`select ${pcols} from registrations.participations where ${where}`), (found) =>
      Option.isNone(found) ? Effect.succeed(Option.none<Registrations.Booking>()) : Effect.map(withParticipants([found.value]), (b) => Option.some(b[0]!)))

  /** Gives back `n` seats of a slot and a ticket (the caller holds the participation rows that owned them), offered to its waitlist first. */
  const release = (slotId: string, ticketId: string, n: number) => seats.release(slotId, ticketId, n, new Date())

  /**
   * Gives the add-on units and the coupon uses of cancelled or expired bookings back (after the
   * seats: add-ons, then coupons, each one row at a time in id order, so these writers take their
   * locks in the same order as bookings do; an `UPDATE … FROM` locks in whatever order its join runs).
   */
  const releaseAddOns = (participationIds: ReadonlyArray<string>) =>
    participationIds.length === 0
      ? Effect.void
      : Effect.gen(function*() {
        const ids = participationIds as Array<string>
        const addOns = yield* giveBacks.all(sql`
          select add_on_id as id, sum(quantity)::int as n from registrations.booking_add_ons
          where participation_id in ${sql.in(ids)} group by add_on_id order by add_on_id`)
        for (const a of addOns) yield* sql`update events.add_ons set sold = sold - ${a.n}, updated_at = now() where id = ${a.id}`
        const coupons = yield* giveBacks.all(sql`
          select coupon_id as id, count(*)::int as n from registrations.participations
          where id in ${sql.in(ids)} and coupon_id is not null group by coupon_id order by coupon_id`)
        for (const c of coupons) yield* sql`update events.coupons set used = used - ${c.n}, updated_at = now() where id = ${c.id}`
      }).pipe(Effect.orDie, Effect.asVoid)

  const moveSet = (move: Registrations.ParticipationMove, context: Registrations.MoveContext) =>
    move === "confirm"
      ? sql`updated_at = now(), confirmed_at = ${context.at}, hold_expires_at = null`
      : move === "cancel"
      ? sql`updated_at = now(), cancelled_at = ${context.at}, cancel_reason = ${context.reason ?? null}, hold_expires_at = null`
      : sql`updated_at = now(), hold_expires_at = null`

  const move = (id: string, name: Registrations.ParticipationMove, context: Registrations.MoveContext) =>
    tx(Effect.gen(function*() {
      const moved = yield* applyMove(sql, {
        moves: Registrations.ParticipationMoves,
        move: name,
        table: "registrations.participations",
        id,
        set: moveSet(name, context),
        returning: pcols,
        rows: participations,
        notFound: () => new Registrations.ParticipationNotFound({ ref: id })
      })
      if (moved.status === "CANCELLED" || moved.status === "EXPIRED") {
        yield* release(moved.slotId, moved.ticketId, moved.seats)
        yield* releaseAddOns([moved.id])
        if (moved.status === "CANCELLED") {
          yield* sql`update registrations.participants set status = 'CANCELLED', cancelled_at = ${context.at}
                     where participation_id = ${id} and status = 'ACTIVE'`.pipe(Effect.orDie)
        }
      }
      yield* appendTimeline({ participationId: id, ...context.timeline, reason: context.timeline.reason ?? context.reason ?? null })
      return moved
    }))

  /** Lapsed holds (of one ticket, or any) → EXPIRED with their seats released; answers the expired rows. */
  const expire = (now: Date, ticketId: string | null, limit: number) =>
    Effect.gen(function*() {
      const rows = yield* released.all(sql`
        update registrations.participations set status = 'EXPIRED', hold_expires_at = null, updated_at = now()
        where id in (
          select id from registrations.participations
          where status = 'PENDING' and hold_expires_at <= ${now} ${ticketId === null ? sql`` : sql`and ticket_id = ${ticketId}`}
          order by hold_expires_at limit ${limit} for update skip locked)
        returning id, seats, slot_id, ticket_id`)
      const bySlot = new Map<string, number>()
      const byTicket = new Map<string, number>()
      for (const r of rows) {
        bySlot.set(r.slotId, (bySlot.get(r.slotId) ?? 0) + r.seats)
        byTicket.set(r.ticketId, (byTicket.get(r.ticketId) ?? 0) + r.seats)
      }
      for (const [slotId, n] of [...bySlot].sort(([a], [b]) => a.localeCompare(b))) {
        yield* sql`update registrations.slot_seats set taken = taken - ${n} where slot_id = ${slotId}`.pipe(Effect.orDie)
      }
      for (const [id, n] of [...byTicket].sort(([a], [b]) => a.localeCompare(b))) {
        yield* sql`update events.tickets set sold = sold - ${n}, updated_at = now() where id = ${id}`.pipe(Effect.orDie)
      }
      yield* releaseAddOns(rows.map((r) => r.id))
      for (const slotId of [...bySlot.keys()].sort()) yield* seats.passOn(slotId, now)
      for (const r of rows) yield* appendTimeline({ participationId: r.id, action: "expired", actor: "system", reason: "the payment hold lapsed" })
      return rows
    })

  /** In the booking's transaction: lapsed holds of the ticket given back, the seats taken (slot, then ticket), the rows inserted. */
  const takeSeatsAndInsert = (
    input: Registrations.NewBooking,
    now: Date,
    timeline: Omit<Registrations.TimelineInput, "participationId">,
    n: number,
    soldOut: Registrations.TicketSoldOut
  ): Effect.Effect<Registrations.Booking, Registrations.TicketSoldOut | Registrations.AddOnSoldOut | Registrations.CouponExhausted, never> =>
    Effect.gen(function*() {
      yield* expire(now, input.ticketId, 1000)
      yield* seats.expireOffers(now, input.ticketId, 100)
      // The athlete's open offer on this ticket: its held seats become the booking's (given back
      // here without passing on, then taken again by the same conditional updates).
      const offer = yield* seats.entries.maybe(sql`
        select ${seats.wcols} from registrations.waitlist_entries
        where ticket_id = ${input.ticketId} and user_id = ${input.userId} and status = 'OFFERED' and offer_expires_at > ${now} for update`).pipe(Effect.orDie)
      if (Option.isSome(offer)) yield* seats.give(offer.value.slotId, offer.value.ticketId, offer.value.partySize)
      // The slot's counter first, then the ticket: the one lock order of every seat writer.
      if (!(yield* seats.take(input.slotId, input.ticketId, n))) return yield* soldOut
      const seatCount = n
      let inserted = Option.none<Participation>()
      for (const bookingId of input.bookingIds) {
        inserted = yield* participations.maybe(sql`
          insert into registrations.participations (id, booking_id, booking_last7, event_id, slot_id, ticket_id, user_id, status, seats, amount, currency, hold_expires_at, confirmed_at, coupon_id, discount)
          values (${input.id}, ${bookingId}, ${bookingId.slice(-7)}, ${input.eventId}, ${input.slotId}, ${input.ticketId}, ${input.userId}, ${input.status},
                  ${seatCount}, ${input.amount}, ${input.currency}, ${input.holdExpiresAt}, ${input.status === "CONFIRMED" ? now : null},
                  ${input.coupon?.id ?? null}, ${input.discount})
          on conflict (event_id, booking_last7) do nothing
          returning ${pcols}`)
        if (Option.isSome(inserted)) break
      }
      if (Option.isNone(inserted)) return yield* Effect.dieMessage("no free booking id among the candidates")
      const people = yield* participants.all(sql`
        insert into registrations.participants ${sql.insert(input.participants.map((p, position) => ({
          id: p.id,
          participationId: input.id,
          eventId: input.eventId,
          position,
          firstName: p.firstName,
          lastName: p.lastName,
          email: p.email,
          phoneNumber: p.phoneNumber,
          ticketCode: p.ticketCode
        })))}
        returning ${ptcols}`)
      // The add-ons' units after the seats, in add-on id order (the one lock order of add-on writers).
      for (const a of [...input.addOns].sort((x, y) => x.addOnId.localeCompare(y.addOnId))) {
        const taken = yield* sql`
          update events.add_ons set sold = sold + ${a.quantity}, updated_at = now()
          where id = ${a.addOnId} and sold + ${a.quantity} <= stock returning id`.pipe(Effect.orDie)
        if (taken.length === 0) return yield* new Registrations.AddOnSoldOut({ addOnId: a.addOnId })
      }
      // The coupon last: one use under its cap (the row's lock then serialises the per-athlete count).
      if (input.coupon !== null) {
        const c = input.coupon
        const redeemed = yield* sql`
          update events.coupons set used = used + 1, updated_at = now()
          where id = ${c.id} and is_active and (max_uses is null or used < max_uses) returning id`.pipe(Effect.orDie)
        if (redeemed.length === 0) return yield* new Registrations.CouponExhausted({ couponCode: c.code })
        if (c.maxUsesPerUser !== null) {
          const mine = yield* counts.one(sql`
            select count(*)::int as n from registrations.participations
            where coupon_id = ${c.id} and user_id = ${input.userId} and id <> ${input.id} and status in ('PENDING', 'CONFIRMED')`)
          if (mine.n >= c.maxUsesPerUser) return yield* new Registrations.CouponExhausted({ couponCode: c.code })
        }
      }
      if (input.addOns.length > 0) {
        yield* sql`insert into registrations.booking_add_ons ${sql.insert(input.addOns.map((a) => ({
          participationId: input.id,
          eventId: input.eventId,
          addOnId: a.addOnId,
          name: a.name,
          quantity: a.quantity,
          unitPrice: a.unitPrice,
          currency: a.currency
        })))}`.pipe(Effect.orDie)
      }
      yield* appendTimeline({ participationId: input.id, ...timeline })
      if (Option.isSome(offer)) {
        yield* sql`update registrations.waitlist_entries set status = 'BOOKED', participation_id = ${input.id}, updated_at = now()
                   where id = ${offer.value.id}`.pipe(Effect.orDie)
      }
      // Booking the event clears the athlete's other places on its waitlists (an open offer's seats pass on).
      const others = yield* seats.entries.all(sql`
        select ${seats.wcols} from registrations.waitlist_entries
        where event_id = ${input.eventId} and user_id = ${input.userId} and status in ('WAITING', 'OFFERED') order by slot_id, ticket_id for update`).pipe(Effect.orDie)
      if (others.length > 0) {
        yield* sql`update registrations.waitlist_entries set status = 'CANCELLED', closed_by = ${`user:${input.userId}`},
                     closed_reason = 'booked a ticket of the event', updated_at = now()
                   where id in ${sql.in(others.map((o) => o.id))}`.pipe(Effect.orDie)
        for (const o of others) if (o.status === "OFFERED") yield* seats.release(o.slotId, o.ticketId, o.partySize, now)
      }
      return { participation: inserted.value, participants: people }
    })

  const participationRepo = Registrations.ParticipationRepo.of({
    book: (input, now, timeline) =>
      Effect.gen(function*() {
        const n = input.participants.length
        const soldOut = new Registrations.TicketSoldOut({ ticketId: input.ticketId })
        // A full ticket with no lapsed hold to give back is refused without taking a lock: the
        // read only ever refuses, every seat is still taken by the conditional updates below.
        const state = yield* fullness.one(sql`
          select (t.sold + ${n} > t.capacity or coalesce(ss.taken, 0) + ${n} > sl.capacity) as full,
                 (exists (select 1 from registrations.participations p
                          where p.ticket_id = t.id and p.status = 'PENDING' and p.hold_expires_at <= ${now})
                  or exists (select 1 from registrations.waitlist_entries w
                             where w.ticket_id = t.id and w.status = 'OFFERED' and (w.offer_expires_at <= ${now} or w.user_id = ${input.userId}))) as lapsed
          from events.tickets t join events.slots sl on sl.id = t.slot_id
          left join registrations.slot_seats ss on ss.slot_id = sl.id
          where t.id = ${input.ticketId}`)
        if (state.full && !state.lapsed) return yield* soldOut
        return yield* tx(takeSeatsAndInsert(input, now, timeline, n, soldOut))
      }),
    find: (id) => findBy(sql`id = ${id}`),
    findByOrder: (orderId) => findBy(sql`gateway_order_id = ${orderId}`),
    findByLast7: (eventId, last7) => findBy(sql`event_id = ${eventId} and booking_last7 = ${last7}`),
    findParticipant: (participantId) =>
      Effect.map(findBy(sql`id = (select participation_id from registrations.participants where id = ${participantId})`), (booking) =>
        Option.flatMap(booking, (b) => Option.map(Option.fromNullable(b.participants.find((p) => p.id === participantId)), (participant) => ({ ...b, participant })))),
    list: (f) =>
      Effect.gen(function*() {
        const parts = [sql`true`]
        if (f.eventId !== undefined) parts.push(sql`event_id = ${f.eventId}`)
        if (f.userId !== undefined) parts.push(sql`user_id = ${f.userId}`)
        if (f.status !== undefined) parts.push(sql`status = ${f.status}`)
        if (f.ticketId !== undefined) parts.push(sql`ticket_id = ${f.ticketId}`)
        if (f.slotId !== undefined) parts.push(sql`slot_id = ${f.slotId}`)
        if (f.q !== undefined && f.q.trim() !== "") {
          const q = f.q.trim()
          const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
          parts.push(sql`(booking_id = ${q} or booking_last7 = ${q} or id in (
            select participation_id from registrations.participants
            where lower(first_name || ' ' || last_name) like ${like} or lower(email) like ${like} or phone_number like ${like}))`)
        }
        const where = sql.and(parts)
        const total = yield* counts.one(sql`select count(*)::int as n from registrations.participations where ${where}`)
        const rows = yield* participations.all(sql`
          select ${pcols} from registrations.participations where ${where}
          order by created_at desc, id limit ${f.limit} offset ${(f.page - 1) * f.limit}`)
        return { items: yield* withParticipants(rows), total: total.n }
      }),
    move,
    attachOrder: (id, orderId, holdExpiresAt) =>
      applyMove(sql, {
        moves: Registrations.ParticipationMoves,
        move: "resume payment",
        table: "registrations.participations",
        id,
        set: sql`gateway_order_id = ${orderId}, hold_expires_at = ${holdExpiresAt}, updated_at = now()`,
        returning: pcols,
        rows: participations,
        notFound: () => new Registrations.ParticipationNotFound({ ref: id })
      }),
    cancelParticipant: (participationId, participantId, context) =>
      tx(Effect.gen(function*() {
        const locked = yield* participations.maybe(sql`select ${pcols} from registrations.participations where id = ${participationId} for update`)
        if (Option.isNone(locked)) return yield* new Registrations.ParticipationNotFound({ ref: participationId })
        const p = locked.value
        if (!Registrations.ParticipationMoves.allows(p.status, "cancel")) return yield* Registrations.ParticipationMoves.refused(p.status, "cancel")
        const cancelled = yield* participants.maybe(sql`
          update registrations.participants set status = 'CANCELLED', cancelled_at = ${context.at}
          where id = ${participantId} and participation_id = ${participationId} and status = 'ACTIVE'
          returning ${ptcols}`)
        if (Option.isNone(cancelled)) {
          const existing = yield* statuses.maybe(sql`select status from registrations.participants where id = ${participantId} and participation_id = ${participationId}`)
          return yield* Option.isNone(existing)
            ? Effect.fail(new Registrations.ParticipantNotFound({ ref: participantId }))
            : Effect.fail(new Registrations.ParticipantAlreadyCancelled({ participantId }))
        }
        const left = yield* counts.one(sql`select count(*)::int as n from registrations.participants where participation_id = ${participationId} and status = 'ACTIVE'`)
        if (left.n === 0) {
          yield* move(participationId, "cancel", context)
        } else {
          yield* sql`update registrations.participations set seats = seats - 1, updated_at = now() where id = ${participationId}`.pipe(Effect.orDie)
          yield* release(p.slotId, p.ticketId, 1)
          yield* appendTimeline({ participationId, ...context.timeline, reason: context.timeline.reason ?? context.reason ?? null })
        }
        return Option.getOrThrow(yield* findBy(sql`id = ${participationId}`))
      })),
    updateParticipant: (participationId, participantId, patch, timeline) =>
      tx(Effect.gen(function*() {
        if (Object.keys(patch).length === 0) {
          return yield* participants.maybe(sql`select ${ptcols} from registrations.participants where id = ${participantId} and participation_id = ${participationId}`)
        }
        const updated = yield* participants.maybe(sql`
          update registrations.participants set ${sql.update(patch)}
          where id = ${participantId} and participation_id = ${participationId} returning ${ptcols}`)
        if (Option.isSome(updated)) yield* appendTimeline({ participationId, ...timeline })
        return updated
      })),
    correctContacts: (participationId, changes, timeline) =>
      tx(Effect.gen(function*() {
        const held = yield* statuses.maybe(sql`select status from registrations.participations where id = ${participationId} for update`)
        const status = Option.getOrElse(Option.map(held, (r) => r.status), () => "CANCELLED") as ParticipationStatus
        if (status !== "PENDING" && status !== "CONFIRMED") return { inactive: status }
        for (const { participantId, patch } of changes) {
          const updated = Object.keys(patch).length === 0
            ? yield* ids.maybe(sql`select id from registrations.participants
                                   where id = ${participantId} and participation_id = ${participationId} and status = 'ACTIVE'`)
            : yield* ids.maybe(sql`update registrations.participants set ${sql.update(patch)}
                                   where id = ${participantId} and participation_id = ${participationId} and status = 'ACTIVE' returning id`)
          if (Option.isNone(updated)) return yield* new Registrations.ParticipantNotFound({ ref: participantId })
        }
        yield* appendTimeline({ participationId, ...timeline })
        return { corrected: true as const }
      })),
    expireLapsed: (now, limit) =>
      tx(Effect.gen(function*() {
        const rows = yield* expire(now, null, limit)
        return rows.length === 0 ? [] : yield* participations.all(sql`select ${pcols} from registrations.participations where id in ${sql.in(rows.map((r) => r.id))}`)
      })),
    appendTimeline,
    bookingIdTargets: (filter) =>
      Effect.map(
        ids.all(sql`select id from registrations.participations
                    where ${filter.eventId === undefined ? sql`true` : sql`event_id = ${filter.eventId}`}
                      and ${filter.shortOnly === true ? sql`length(booking_id) < 10` : sql`true`}
                    order by created_at, id limit 10000`),
        (rows) => rows.map((r) => r.id)
      ),
    reissueBookingId: (id, candidates, timeline) =>
      tx(Effect.gen(function*() {
        for (const bookingId of candidates) {
          // A savepoint per candidate: a taken last-7 rolls back only that attempt.
          const moved = yield* sql.withTransaction(participations.maybe(sql`
            update registrations.participations set booking_id = ${bookingId}, booking_last7 = ${bookingId.slice(-7)}, updated_at = now()
            where id = ${id} returning ${pcols}`)).pipe(Effect.catchAll(() => Effect.succeed(Option.none<Participation>())))
          if (Option.isSome(moved)) {
            yield* appendTimeline({ participationId: id, ...timeline, data: { bookingId } })
            return moved
          }
        }
        return Option.none<Participation>()
      })),
    timeline: (participationId) =>
      timelines.all(sql`select id, participation_id, action, actor, reason, data, at from registrations.timeline where participation_id = ${participationId} order by at, id`)
  })

  const liveOf = (participantId: string) =>
    checkIns.maybe(sql`select ${ccolsPlain} from registrations.check_ins where participant_id = ${participantId} and undone_at is null`)

  const checkInRepo = Registrations.CheckInRepo.of({
    remembered: <E>(eventId: string, nonce: string, decide: Effect.Effect<ScanVerdict, E>) =>
      tx(Effect.gen(function*() {
        // A concurrent first scan with this nonce holds the key until it commits; the insert waits for it.
        const claimed = yield* sql`insert into registrations.scan_nonces (event_id, nonce) values (${eventId}, ${nonce})
                                   on conflict (event_id, nonce) do nothing returning nonce`.pipe(Effect.orDie)
        if (claimed.length === 0) {
          const stored = yield* verdicts.one(sql`select verdict from registrations.scan_nonces where event_id = ${eventId} and nonce = ${nonce}`)
          if (stored.verdict !== null) return stored.verdict as ScanVerdict
          return yield* Effect.dieMessage("a nonce without its verdict")
        }
        const verdict = yield* decide
        yield* sql`update registrations.scan_nonces set verdict = ${JSON.stringify(verdict)}::jsonb where event_id = ${eventId} and nonce = ${nonce}`.pipe(Effect.orDie)
        return verdict
      })) as Effect.Effect<ScanVerdict, E>,
    checkIn: (input) =>
      Effect.gen(function*() {
        for (let attempt = 0; attempt < 3; attempt++) {
          const created = yield* checkIns.maybe(sql`
            insert into registrations.check_ins (id, event_id, participant_id, participation_id, method, scanned_at, checked_in_at, checked_in_by)
            values (${input.id}, ${input.eventId}, ${input.participantId}, ${input.participationId}, ${input.method}, ${input.scannedAt}, ${input.checkedInAt}, ${input.checkedInBy})
            on conflict (participant_id) where undone_at is null do nothing
            returning ${ccolsPlain}`)
          if (Option.isSome(created)) return { created: true, checkIn: created.value }
          const existing = yield* liveOf(input.participantId)
          if (Option.isSome(existing)) return { created: false, checkIn: existing.value }
        }
        return yield* Effect.dieMessage("check-in neither inserted nor found")
      }),
    live: liveOf,
    find: (eventId, id) => checkIns.maybe(sql`select ${ccolsPlain} from registrations.check_ins where id = ${id} and event_id = ${eventId}`),
    undo: (eventId, id, by, reason, at) =>
      Effect.gen(function*() {
        const undone = yield* checkIns.maybe(sql`
          update registrations.check_ins set undone_at = ${at}, undone_by = ${by}, undo_reason = ${reason}
          where id = ${id} and event_id = ${eventId} and undone_at is null returning ${ccolsPlain}`)
        if (Option.isSome(undone)) return undone.value
        const exists = yield* checkIns.maybe(sql`select ${ccolsPlain} from registrations.check_ins where id = ${id} and event_id = ${eventId}`)
        return yield* Option.isNone(exists)
          ? Effect.fail(new Registrations.CheckInNotFound({ ref: id }))
          : Effect.fail(new Registrations.CheckInAlreadyUndone({ checkInId: id }))
      }),
    summary: (eventId) =>
      Effect.map(
        waves.all(sql`
          select p.slot_id, (count(c.id))::int as checked_in, count(*)::int as total
          from registrations.participants pt
          join registrations.participations p on p.id = pt.participation_id
          left join registrations.check_ins c on c.participant_id = pt.id and c.undone_at is null
          where pt.event_id = ${eventId} and pt.status = 'ACTIVE' and p.status = 'CONFIRMED'
          group by p.slot_id order by p.slot_id`),
        (rows) => ({ checkedIn: rows.reduce((n, r) => n + r.checkedIn, 0), total: rows.reduce((n, r) => n + r.total, 0), byWave: rows })
      ),
    search: (eventId, q, page, limit) =>
      Effect.gen(function*() {
        const parts = [sql`pt.event_id = ${eventId}`]
        if (q !== undefined && q.trim() !== "") {
          const term = q.trim()
          const like = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
          parts.push(sql`(lower(pt.first_name || ' ' || pt.last_name) like ${like} or lower(pt.email) like ${like} or pt.phone_number like ${like}
                          or p.booking_id = ${term} or p.booking_last7 = ${term})`)
        }
        const where = sql.and(parts)
        const total = yield* counts.one(sql`
          select count(*)::int as n from registrations.participants pt join registrations.participations p on p.id = pt.participation_id where ${where}`)
        const people = yield* participants.all(sql`
          select ${sql.literal(ParticipantColumns.map((c) => `pt.${c}`).join(", "))}
          from registrations.participants pt join registrations.participations p on p.id = pt.participation_id
          where ${where} order by pt.last_name, pt.first_name, pt.id limit ${limit} offset ${(page - 1) * limit}`)
        const ids = people.map((p) => p.id)
        const bookingIds = [...new Set(people.map((p) => p.participationId))]
        const bookings = bookingIds.length === 0
          ? []
          : yield* participations.all(sql`select ${pcols} from registrations.participations where id in ${sql.in(bookingIds)}`)
        const lives = ids.length === 0
          ? []
          : yield* checkIns.all(sql`select ${ccols} from registrations.check_ins c where c.participant_id in ${sql.in(ids)} and c.undone_at is null`)
        return {
          total: total.n,
          items: people.map((participant) => ({
            participant,
            participation: bookings.find((b) => b.id === participant.participationId)!,
            checkIn: lives.find((c) => c.participantId === participant.id) ?? null
          }))
        }
      })
  })

  return Context.make(Registrations.ParticipationRepo, participationRepo).pipe(Context.add(Registrations.CheckInRepo, checkInRepo))
}))
