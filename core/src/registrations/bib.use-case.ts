/**
 * Bib numbering (C "Check-in and bib config"): the organizer team sets a prefix and non-overlapping
 * ranges (per ticket, or a default), pins a participant's number by hand, and auto-assigns every
 * other active participant of a confirmed booking the lowest free number of their ticket's range.
 */
import type { BibRange } from "@podium/kernel"
import { Effect, Option } from "effect"
import { BibNotAssignable, BibRangesInvalid, rangeProblems } from "./bib.model.js"
import { BibRepo } from "./bib.port.js"
import { type OrganizerActor, organizerEvent } from "./organizer-bookings.use-case.js"
import { ParticipantNotFound } from "./participation.model.js"
import { ParticipationRepo } from "./participation.port.js"

export const bibConfig = Effect.fn("registrations.bibConfig")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  return yield* Effect.flatMap(BibRepo, (r) => r.config(eventId))
})

export const updateBibConfig = Effect.fn("registrations.updateBibConfig")(function*(who: OrganizerActor, eventId: string, patch: {
  readonly prefix?: string | undefined
  readonly ranges?: ReadonlyArray<BibRange> | undefined
}) {
  yield* organizerEvent(who, eventId)
  const problems = patch.ranges === undefined ? [] : rangeProblems(patch.ranges)
  if (problems.length > 0) return yield* new BibRangesInvalid({ problems })
  return yield* Effect.flatMap(BibRepo, (r) => r.updateConfig(eventId, patch))
})

/** Pins a number on an active participant of a confirmed booking of the event (BIB_TAKEN when another holds it). */
export const assignBib = Effect.fn("registrations.assignBib")(function*(who: OrganizerActor, eventId: string, participantId: string, number: number) {
  yield* organizerEvent(who, eventId)
  const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(participantId))
  if (Option.isNone(found) || found.value.participation.eventId !== eventId) return yield* new ParticipantNotFound({ ref: participantId })
  if (found.value.participant.status !== "ACTIVE" || found.value.participation.status !== "CONFIRMED") {
    return yield* new BibNotAssignable({ reason: "only an active participant of a confirmed booking gets a bib" })
  }
  return yield* Effect.flatMap(BibRepo, (r) => r.pin({ eventId, participationId: found.value.participation.id, participantId, number, by: who.actor }))
})

export const autoAssignBibs = Effect.fn("registrations.autoAssignBibs")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  const { assigned, unassigned } = yield* Effect.flatMap(BibRepo, (r) => r.autoAssign(eventId, who.actor))
  return { assigned: assigned.length, unassigned, bibs: assigned }
})
