/**
 * Check-in at the start line (C "Check-in and bib config"; the Participations check-in routes).
 * Every scan answers a verdict, never an error: validity first (signature, event, booking status,
 * check-in window), then the duplicate, which the database decides (one live check-in per
 * participant, unique), so two devices scanning one ticket at once get exactly one `ok`. A scan's
 * `nonce` makes a device's retry answer the first verdict without a second check-in; offline
 * batches are the same scans with their own `scannedAt`, replayable.
 */
import type { CheckInMethod, Event, Participant, ScanVerdict } from "@podium/kernel"
import { Effect, Option } from "effect"
import { Hmac, SecureRandom } from "../identity/crypto.port.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { Transactor } from "../platform/transactor.port.js"
import { auditActor, type OrganizerActor, organizerBooking, organizerEvent } from "./organizer-bookings.use-case.js"
import { CheckInOpensBeforeMs, claimedParticipantId, last7Of, ParticipantNotFound, TicketCodePurpose, ticketCodeOf } from "./participation.model.js"
import { type Booking, CheckInRepo, ParticipationRepo } from "./participation.port.js"
import { bibNumberOf } from "./bib.model.js"
import { BibRepo } from "./bib.port.js"

const rejected = (reason: ScanVerdict["reason"], booking?: Booking & { readonly participant: Participant }): ScanVerdict => ({
  result: "rejected",
  reason,
  participant: booking === undefined ? null : scanned(booking),
  checkInId: null,
  checkedInAt: null,
  checkedInBy: null
})

const scanned = (b: Booking & { readonly participant: Participant }) => ({
  id: b.participant.id,
  participationId: b.participation.id,
  bookingId: b.participation.bookingId,
  firstName: b.participant.firstName,
  lastName: b.participant.lastName,
  ticketId: b.participation.ticketId,
  slotId: b.participation.slotId
})

/** Equal strings in time independent of where they differ. */
const sameText = (a: string, b: string) => {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/** The verdict of checking in one participant of `eventId`, recording the check-in when valid. */
const decide = (
  who: OrganizerActor,
  event: Event,
  found: Option.Option<Booking & { readonly participant: Participant }>,
  method: CheckInMethod,
  scannedAt: Date
) =>
  Effect.gen(function*() {
    const eventId = event.id
    if (Option.isNone(found)) return rejected("unknown")
    const b = found.value
    if (b.participation.eventId !== eventId) return rejected("wrong_event")
    // A transferred or deferred participant's code is dead like a cancelled one's.
    if (b.participant.status !== "ACTIVE" || (b.participation.status !== "CONFIRMED" && b.participation.status !== "PENDING")) return rejected("cancelled", b)
    if (b.participation.status === "PENDING") return rejected("unpaid", b)
    if (scannedAt.getTime() < event.startsAt.getTime() - CheckInOpensBeforeMs) return rejected("not_started", b)
    const { checkIn, created } = yield* Effect.flatMap(CheckInRepo, (r) =>
      Effect.flatMap(Effect.flatMap(SecureRandom, (s) => s.uuid), (id) =>
        r.checkIn({
          id,
          eventId,
          participantId: b.participant.id,
          participationId: b.participation.id,
          method,
          scannedAt,
          checkedInAt: new Date(),
          checkedInBy: who.actor
        })))
    return {
      result: created ? "ok" : "rejected",
      reason: created ? null : "already_checked_in",
      participant: scanned(b),
      checkInId: checkIn.id,
      checkedInAt: checkIn.checkedInAt,
      checkedInBy: checkIn.checkedInBy
    } satisfies ScanVerdict
  })

/** The participant a ticket code names, when its signature holds (a forged code is never looked up). */
const byCode = (code: string) =>
  Effect.gen(function*() {
    const id = claimedParticipantId(code)
    if (id === undefined) return Option.none()
    const expected = ticketCodeOf(id, yield* Effect.flatMap(Hmac, (h) => h.digest(TicketCodePurpose, id)))
    if (!sameText(expected, code.trim().toLowerCase())) return Option.none()
    return yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(id))
  })

/** Runs `decide` under the device's nonce when it sent one. */
const onceFor = <E, R>(eventId: string, nonce: string | undefined, verdict: Effect.Effect<ScanVerdict, E, R>) =>
  nonce === undefined
    ? verdict
    : Effect.flatMap(Effect.context<R>(), (context) =>
      Effect.flatMap(CheckInRepo, (r) => r.remembered(eventId, nonce, Effect.provide(verdict, context))))

export interface ScanInput {
  readonly code: string
  readonly nonce?: string | undefined
  readonly scannedAt?: Date | undefined
}

export const scanCode = Effect.fn("registrations.scan")(function*(who: OrganizerActor, eventId: string, input: ScanInput) {
  const event = yield* organizerEvent(who, eventId)
  return yield* onceFor(eventId, input.nonce, Effect.flatMap(byCode(input.code), (found) => decide(who, event, found, "code", input.scannedAt ?? new Date())))
})

/** A scan of a bib number (with or without the event's prefix): the same verdicts as a ticket code. */
export const scanBib = Effect.fn("registrations.scanBib")(function*(who: OrganizerActor, eventId: string, input: { readonly bib: string; readonly nonce?: string | undefined }) {
  const event = yield* organizerEvent(who, eventId)
  const found = Effect.gen(function*() {
    const bibs = yield* BibRepo
    const n = bibNumberOf((yield* bibs.config(eventId)).prefix, input.bib)
    if (n === undefined) return Option.none()
    const bib = yield* bibs.findByNumber(eventId, n)
    if (Option.isNone(bib)) return Option.none()
    return yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(bib.value.participantId))
  })
  return yield* onceFor(eventId, input.nonce, Effect.flatMap(found, (f) => decide(who, event, f, "bib", new Date())))
})

/** Offline scans uploaded together: each answered in order, as its own nonce-guarded scan (a replay changes nothing). */
export const syncBatch = Effect.fn("registrations.syncBatch")(function*(
  who: OrganizerActor,
  eventId: string,
  scans: ReadonlyArray<{ readonly code: string; readonly nonce: string; readonly scannedAt: Date }>
) {
  const event = yield* organizerEvent(who, eventId)
  const results = yield* Effect.forEach(scans, (scan) =>
    Effect.map(
      onceFor(eventId, scan.nonce, Effect.flatMap(byCode(scan.code), (found) => decide(who, event, found, "code", scan.scannedAt))),
      (verdict) => ({ nonce: scan.nonce, ...verdict })
    ))
  return { results }
})

/**
 * Check-in by the last 7 digits of the booking id: every active participant of the booking. The
 * answer is the first participant's verdict (what the device shows) with every participant's.
 */
export const checkInByBooking = Effect.fn("registrations.checkInByBooking")(function*(
  who: OrganizerActor,
  eventId: string,
  input: { readonly last7: string; readonly nonce?: string | undefined }
) {
  const event = yield* organizerEvent(who, eventId)
  const run = Effect.gen(function*() {
    const booking = yield* Effect.flatMap(ParticipationRepo, (r) => r.findByLast7(eventId, last7Of(input.last7)))
    if (Option.isNone(booking)) return { ...rejected("unknown"), participants: [] }
    const active = booking.value.participants.filter((p) => p.status === "ACTIVE")
    const people = active.length > 0 ? active : booking.value.participants
    const verdicts = yield* Effect.forEach(people, (participant) =>
      decide(who, event, Option.some({ ...booking.value, participant }), "booking", new Date()))
    const first = verdicts.find((v) => v.result === "ok") ?? verdicts[0]!
    return { ...first, participants: verdicts }
  })
  if (input.nonce === undefined) return yield* run
  // The per-participant list is not part of the stored verdict: a retry answers the first verdict.
  const verdict = yield* onceFor(eventId, input.nonce, Effect.map(run, ({ participants: _, ...first }) => first))
  return { ...verdict, participants: [verdict] }
})

/** Manual check-in of one participant (the organizer picked them from the list). */
export const checkInParticipant = Effect.fn("registrations.checkInParticipant")(function*(who: OrganizerActor, participantId: string) {
  const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(participantId))
  if (Option.isNone(found)) return yield* new ParticipantNotFound({ ref: participantId })
  const eventId = found.value.participation.eventId
  const event = yield* organizerEvent(who, eventId).pipe(Effect.mapError(() => new ParticipantNotFound({ ref: participantId })))
  return yield* decide(who, event, found, "manual", new Date())
})

/** Undo of a live check-in, with the audit row and the booking's timeline line. */
export const undoCheckIn = Effect.fn("registrations.undoCheckIn")(function*(who: OrganizerActor, eventId: string, checkInId: string, reason: string | null) {
  yield* organizerEvent(who, eventId)
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const undone = yield* Effect.flatMap(CheckInRepo, (r) => r.undo(eventId, checkInId, who.actor, reason, new Date()))
    yield* Effect.flatMap(AuditLog, (log) =>
      log.append({
        action: "registrations.check_in.undone",
        actor: auditActor(who),
        subject: { kind: "participant", id: undone.participantId },
        ...(reason === null ? {} : { reason }),
        data: { eventId, checkInId, checkedInAt: undone.checkedInAt.toISOString(), checkedInBy: undone.checkedInBy }
      }))
    yield* Effect.flatMap(ParticipationRepo, (r) =>
      r.appendTimeline({ participationId: undone.participationId, action: "check_in.undone", actor: who.actor, reason, data: { participantId: undone.participantId, checkInId } }))
    return undone
  }))
})

/** One participant's check-in state. */
export const checkInStatus = Effect.fn("registrations.checkInStatus")(function*(who: OrganizerActor, eventId: string, participantId: string) {
  yield* organizerEvent(who, eventId)
  const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(participantId))
  if (Option.isNone(found) || found.value.participation.eventId !== eventId) return yield* new ParticipantNotFound({ ref: participantId })
  const live = yield* Effect.flatMap(CheckInRepo, (r) => r.live(participantId))
  return { participant: found.value.participant, participation: found.value.participation, checkIn: Option.getOrNull(live) }
})

export const checkInSearch = Effect.fn("registrations.checkInSearch")(function*(who: OrganizerActor, eventId: string, q: string | undefined, page: number, limit: number) {
  yield* organizerEvent(who, eventId)
  return yield* Effect.flatMap(CheckInRepo, (r) => r.search(eventId, q, page, limit))
})

export const checkInSummary = Effect.fn("registrations.checkInSummary")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  return yield* Effect.flatMap(CheckInRepo, (r) => r.summary(eventId))
})

/**
 * The booking's check-in toggle: when every active participant is checked in, all are undone;
 * otherwise every active participant not yet checked in is checked in.
 */
export const toggleBookingCheckIn = Effect.fn("registrations.toggleBookingCheckIn")(function*(who: OrganizerActor, eventId: string, participationId: string) {
  const event = yield* organizerEvent(who, eventId)
  const booking = yield* organizerBooking(who, eventId, participationId)
  const repo = yield* CheckInRepo
  const active = booking.participants.filter((p) => p.status === "ACTIVE")
  const lives = yield* Effect.forEach(active, (p) => repo.live(p.id))
  const allIn = active.length > 0 && lives.every(Option.isSome)
  if (allIn) {
    for (const live of lives) yield* undoCheckIn(who, eventId, Option.getOrThrow(live).id, "booking check-in toggled off").pipe(Effect.catchTag("CheckInAlreadyUndone", () => Effect.void))
    return { checkedIn: false, participants: yield* Effect.forEach(active, (p) => Effect.map(repo.live(p.id), (l) => ({ participantId: p.id, checkIn: Option.getOrNull(l) }))) }
  }
  for (const participant of active) {
    yield* decide(who, event, Option.some({ ...booking, participant }), "manual", new Date())
  }
  return { checkedIn: true, participants: yield* Effect.forEach(active, (p) => Effect.map(repo.live(p.id), (l) => ({ participantId: p.id, checkIn: Option.getOrNull(l) }))) }
})

