/**
 * Digital bibs (C "Digital bibs"): the organizer team issues every numbered participant a digital
 * copy of their bib behind an unguessable public link (`/v2/b/{slug}`), reads the roster, reissues
 * one (a new link; the old one dies) or revokes it, each audited with who and why; the athlete who
 * booked reads their participants' bibs and, where the organizer's self-service policy allows
 * self-edits, sets the name printed on the card and an emergency contact.
 */
import { Effect, Option } from "effect"
import { EventNotFound } from "../events/event.model.js"
import { EventRepo } from "../events/event.port.js"
import { SecureRandom } from "../identity/crypto.port.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { Transactor } from "../platform/transactor.port.js"
import { BibNotAssignable, type DigitalBibMove, DigitalBibNotFound, DigitalBibSlugBytes } from "./bib.model.js"
import { BibRepo } from "./bib.port.js"
import { auditActor, type OrganizerActor, organizerEvent } from "./organizer-bookings.use-case.js"
import { ParticipantNotFound, SelfEditRefused } from "./participation.model.js"
import { ParticipationRepo } from "./participation.port.js"
import { SelfServiceConfigRepo } from "./waitlist.port.js"

const newSlug = Effect.flatMap(SecureRandom, (r) => r.token(DigitalBibSlugBytes))

/** Issues a digital bib to every numbered participant without one; issuing again issues only the new ones. */
export const issueDigitalBibs = Effect.fn("registrations.issueDigitalBibs")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  const random = yield* SecureRandom
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const fresh = Effect.all({ id: random.uuid, slug: random.token(DigitalBibSlugBytes) })
    const bibs = yield* Effect.flatMap(BibRepo, (r) => r.issueDigital(eventId, who.actor, fresh))
    if (bibs.length > 0) {
      yield* Effect.flatMap(AuditLog, (log) =>
        log.append({
          action: "registrations.digital_bibs.issued",
          actor: auditActor(who),
          subject: { kind: "event", id: eventId },
          data: { count: bibs.length, participantIds: bibs.map((b) => b.participantId) }
        }))
    }
    return { issued: bibs.length, bibs }
  }))
})

export const bibRoster = Effect.fn("registrations.bibRoster")(function*(who: OrganizerActor, eventId: string, page: number, limit: number) {
  yield* organizerEvent(who, eventId)
  return yield* Effect.flatMap(BibRepo, (r) => r.roster(eventId, { page, limit }))
})

/** A reissue (new link, version + 1) or a revoke of one participant's digital bib, audited and on the booking's timeline. */
export const moveDigitalBib = Effect.fn("registrations.moveDigitalBib")(function*(
  who: OrganizerActor,
  eventId: string,
  participantId: string,
  move: DigitalBibMove,
  reason: string | null
) {
  yield* organizerEvent(who, eventId)
  const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(participantId))
  if (Option.isNone(found) || found.value.participation.eventId !== eventId) return yield* new ParticipantNotFound({ ref: participantId })
  const current = yield* Effect.flatMap(BibRepo, (r) => r.digitalOf(participantId))
  if (Option.isNone(current)) return yield* new DigitalBibNotFound({ ref: participantId })
  // A revoked bib may be reissued only to someone still racing: a cancelled seat gets no new link.
  if (move === "reissue" && (found.value.participant.status !== "ACTIVE" || found.value.participation.status !== "CONFIRMED")) {
    return yield* new BibNotAssignable({ reason: "only an active participant of a confirmed booking gets a bib" })
  }
  const slug = move === "reissue" ? yield* newSlug : undefined
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const moved = yield* Effect.flatMap(BibRepo, (r) => r.moveDigital(current.value.id, move, { ...(slug === undefined ? {} : { slug }), by: who.actor, reason }))
    yield* Effect.flatMap(AuditLog, (log) =>
      log.append({
        action: move === "reissue" ? "registrations.digital_bib.reissued" : "registrations.digital_bib.revoked",
        actor: auditActor(who),
        subject: { kind: "participant", id: participantId },
        ...(reason === null ? {} : { reason }),
        data: { eventId, digitalBibId: moved.id, version: moved.version }
      }))
    yield* Effect.flatMap(ParticipationRepo, (r) =>
      r.appendTimeline({
        participationId: found.value.participation.id,
        action: move === "reissue" ? "bib.reissued" : "bib.revoked",
        actor: who.actor,
        reason,
        data: { participantId, version: moved.version }
      }))
    return moved
  }))
})

/**
 * The public bib card of a live link. It names the runner by the name they chose, else first name
 * and last initial: the link is public and shared, so a full name is shown only by the athlete's
 * choice. A revoked or reissued-away link, a cancelled seat or a bib without a number is 404.
 */
export const publicBib = Effect.fn("registrations.publicBib")(function*(slug: string) {
  const digital = yield* Effect.flatMap(BibRepo, (r) => r.digitalBySlug(slug))
  if (Option.isNone(digital) || digital.value.status === "REVOKED") return yield* new DigitalBibNotFound({ ref: slug })
  const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(digital.value.participantId))
  const bib = yield* Effect.flatMap(BibRepo, (r) => r.ofParticipant(digital.value.participantId))
  const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(digital.value.eventId))
  if (
    Option.isNone(found) || Option.isNone(bib) || Option.isNone(event) || found.value.participant.status !== "ACTIVE" ||
    found.value.participation.status !== "CONFIRMED"
  ) return yield* new DigitalBibNotFound({ ref: slug })
  const { firstName, lastName } = found.value.participant
  return {
    slug,
    label: bib.value.label,
    number: bib.value.number,
    name: digital.value.displayName ?? `${firstName} ${lastName.slice(0, 1)}.`,
    eventId: event.value.id,
    eventTitle: event.value.title,
    startsAt: event.value.startsAt,
    version: digital.value.version
  }
})

/** The caller's participants in the event (of the bookings they made) with their numbers and digital bibs. */
export const myBibs = Effect.fn("registrations.myBibs")(function*(userId: string, eventId: string) {
  if (Option.isNone(yield* Effect.flatMap(EventRepo, (r) => r.findById(eventId)))) return yield* new EventNotFound({ ref: eventId })
  const { items } = yield* Effect.flatMap(BibRepo, (r) => r.roster(eventId, { userId, page: 1, limit: 100 }))
  return items
})

/**
 * The athlete's edit of their card: the printed name and an emergency contact. The printed name is
 * a label, not the entrant: the ticket's holder (first and last name) does not change, so the
 * policy's "a name change is a transfer" is not bypassed; what gates it is `allowSelfEdit`.
 */
export const updateMyBib = Effect.fn("registrations.updateMyBib")(function*(userId: string, eventId: string, input: {
  readonly participantId: string
  readonly displayName?: string | null | undefined
  readonly emergencyContact?: string | null | undefined
}) {
  const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(input.participantId))
  if (
    Option.isNone(found) || found.value.participation.userId !== userId || found.value.participation.eventId !== eventId ||
    found.value.participant.status !== "ACTIVE"
  ) return yield* new ParticipantNotFound({ ref: input.participantId })
  const config = yield* Effect.flatMap(SelfServiceConfigRepo, (r) => r.get(eventId))
  if (!config.allowSelfEdit) return yield* new SelfEditRefused({ code: "SELF_EDIT_DISABLED", reason: "the organizer does not allow participants to edit their details" })
  const current = yield* Effect.flatMap(BibRepo, (r) => r.digitalOf(input.participantId))
  if (Option.isNone(current) || current.value.status === "REVOKED") return yield* new DigitalBibNotFound({ ref: input.participantId })
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const updated = yield* Effect.flatMap(BibRepo, (r) => r.updateDigital(current.value.id, { displayName: input.displayName, emergencyContact: input.emergencyContact }))
    yield* Effect.flatMap(ParticipationRepo, (r) =>
      r.appendTimeline({
        participationId: found.value.participation.id,
        action: "bib.details_updated",
        actor: `user:${userId}`,
        reason: null,
        data: { participantId: input.participantId, fields: Object.keys(input).filter((k) => k !== "participantId") }
      }))
    return updated
  }))
})
