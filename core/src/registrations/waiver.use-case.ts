/**
 * Waivers (C "Waiver", "Waiver (athlete)"): the organizer team keeps one active, versioned waiver
 * per event (an update publishes a new version, deactivate withdraws it); booking an event with an
 * active waiver requires accepting its current version, and each participant's acceptance keeps
 * the version, the exact text (variables filled), who accepted and when. Organizers list the
 * acceptances and download each as PDF; the athlete downloads what their participant accepted.
 */
import type { Event, Participant, Participation, Waiver } from "@podium/kernel"
import { Effect, Option } from "effect"
import { SecureRandom } from "../identity/crypto.port.js"
import { PdfRenderer } from "../organizers/declaration.port.js"
import { type OrganizerActor, organizerEvent } from "./organizer-bookings.use-case.js"
import { ParticipantNotFound } from "./participation.model.js"
import { ParticipationRepo } from "./participation.port.js"
import { renderWaiver, unknownWaiverVariables, WaiverAcceptanceNotFound, WaiverNotAccepted, WaiverNotFound, WaiverVariables, WaiverVariableUnknown } from "./waiver.model.js"
import { WaiverRepo } from "./waiver.port.js"

const checkVariables = (body: string | undefined) => {
  const unknown = body === undefined ? [] : unknownWaiverVariables(body)
  return unknown.length > 0 ? Effect.fail(new WaiverVariableUnknown({ names: unknown })) : Effect.void
}

export const eventWaiver = Effect.fn("registrations.eventWaiver")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  const found = yield* Effect.flatMap(WaiverRepo, (r) => r.active(eventId))
  if (Option.isNone(found)) return yield* new WaiverNotFound({ ref: `event ${eventId}` })
  return found.value
})

export const createWaiver = Effect.fn("registrations.createWaiver")(function*(who: OrganizerActor, eventId: string, input: { readonly title: string; readonly body: string }) {
  yield* organizerEvent(who, eventId)
  yield* checkVariables(input.body)
  const id = yield* Effect.flatMap(SecureRandom, (r) => r.uuid)
  return yield* Effect.flatMap(WaiverRepo, (r) => r.create({ id, eventId, title: input.title, body: input.body, createdBy: who.actor }))
})

/** A new version from the active one with the changes given. */
export const updateWaiver = Effect.fn("registrations.updateWaiver")(function*(who: OrganizerActor, eventId: string, input: { readonly title?: string | undefined; readonly body?: string | undefined }) {
  yield* organizerEvent(who, eventId)
  yield* checkVariables(input.body)
  const id = yield* Effect.flatMap(SecureRandom, (r) => r.uuid)
  return yield* Effect.flatMap(WaiverRepo, (r) => r.update({ id, eventId, title: input.title, body: input.body, createdBy: who.actor }))
})

export const deactivateWaiver = Effect.fn("registrations.deactivateWaiver")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  return yield* Effect.flatMap(WaiverRepo, (r) => r.deactivate(eventId, new Date()))
})

export const waiverAcceptances = Effect.fn("registrations.waiverAcceptances")(function*(who: OrganizerActor, eventId: string, page: number, limit: number) {
  yield* organizerEvent(who, eventId)
  return yield* Effect.flatMap(WaiverRepo, (r) => r.acceptances(eventId, page, limit))
})

export const waiverVariables = Effect.fn("registrations.waiverVariables")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  return WaiverVariables.map((v) => ({ name: v.name, placeholder: `{{${v.name}}}`, description: v.description }))
})

/**
 * The active waiver a booking must accept (`version` is what the client showed): none → nothing to
 * record; a different or missing version → 409 WAIVER_NOT_ACCEPTED.
 */
export const waiverToAccept = Effect.fn("registrations.waiverToAccept")(function*(eventId: string, version: number | undefined) {
  const active = yield* Effect.flatMap(WaiverRepo, (r) => r.active(eventId))
  if (Option.isNone(active)) return Option.none<Waiver>()
  if (version !== active.value.version) return yield* new WaiverNotAccepted({ version: active.value.version })
  return active
})

/** Records every participant's acceptance of `waiver` (run in the booking's unit of work). */
export const recordWaiverAcceptances = Effect.fn("registrations.recordWaiverAcceptances")(function*(
  waiver: Waiver,
  event: Event,
  booking: { readonly participation: Participation; readonly participants: ReadonlyArray<Participant> },
  at: Date
) {
  const random = yield* SecureRandom
  const rows = yield* Effect.forEach(booking.participants, (p) =>
    Effect.map(random.uuid, (id) => ({
      id,
      eventId: event.id,
      waiverId: waiver.id,
      waiverVersion: waiver.version,
      participantId: p.id,
      participationId: booking.participation.id,
      acceptedBy: booking.participation.userId,
      acceptedAt: at,
      title: waiver.title,
      text: renderWaiver(waiver.body, {
        participant_name: `${p.firstName} ${p.lastName}`,
        participant_email: p.email,
        event_title: event.title,
        event_date: event.startsAt.toISOString().slice(0, 10),
        event_city: event.city,
        booking_id: booking.participation.bookingId,
        accepted_at: at.toISOString()
      })
    })))
  yield* Effect.flatMap(WaiverRepo, (r) => r.accept(rows))
})

const acceptancePdf = (participantId: string) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(WaiverRepo, (r) => r.acceptance(participantId))
    if (Option.isNone(found)) return yield* new WaiverAcceptanceNotFound({ participantId })
    const a = found.value
    const bytes = yield* Effect.flatMap(PdfRenderer, (r) =>
      r.render({
        title: a.title,
        paragraphs: [...a.text.split(/\n{2,}/), `Accepted by account ${a.acceptedBy} for participant ${a.participantId} at ${a.acceptedAt.toISOString()}.`],
        footer: `Waiver version ${a.waiverVersion} · ${a.waiverId}`
      }))
    return { bytes, fileName: `waiver-v${a.waiverVersion}-${participantId.slice(0, 8)}.pdf` }
  })

export const organizerWaiverPdf = Effect.fn("registrations.organizerWaiverPdf")(function*(who: OrganizerActor, eventId: string, participantId: string) {
  yield* organizerEvent(who, eventId)
  const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(participantId))
  if (Option.isNone(found) || found.value.participation.eventId !== eventId) return yield* new ParticipantNotFound({ ref: participantId })
  return yield* acceptancePdf(participantId)
})

/** The athlete's copy: only for a participant of one of their bookings. */
export const myWaiverPdf = Effect.fn("registrations.myWaiverPdf")(function*(userId: string, participantId: string) {
  const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(participantId))
  if (Option.isNone(found) || found.value.participation.userId !== userId) return yield* new ParticipantNotFound({ ref: participantId })
  return yield* acceptancePdf(participantId)
})

