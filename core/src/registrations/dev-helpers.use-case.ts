/**
 * Dev and migration helpers (C "Dev and migration helpers"): re-issue booking ids (one booking,
 * legacy short ids, one event, or every booking) and check a participant in without a device.
 * They answer 403 DEV_HELPER_DISABLED in production, whoever calls.
 */
import { DomainError } from "@podium/kernel"
import { Effect, Option, Schema } from "effect"
import { EventRepo } from "../events/event.port.js"
import { SecureRandom } from "../identity/crypto.port.js"
import { checkInParticipant } from "./check-in.use-case.js"
import { bookingIdFrom, ParticipantNotFound } from "./participation.model.js"
import { ParticipationRepo } from "./participation.port.js"

export class DevHelperDisabled extends DomainError<DevHelperDisabled>()("DevHelperDisabled", { kind: "forbidden", code: "DEV_HELPER_DISABLED" }, {
  helper: Schema.String
}) {
  override get message() {
    return `${this.helper} is disabled in production`
  }
}

const guard = (production: boolean, helper: string) => (production ? Effect.fail(new DevHelperDisabled({ helper })) : Effect.void)

/** Gives each booking a fresh 10-digit id whose last 7 digits are free in its event. */
const reissue = (ids: ReadonlyArray<string>, adminId: string) =>
  Effect.gen(function*() {
    const random = yield* SecureRandom
    const repo = yield* ParticipationRepo
    let updated = 0
    for (const id of ids) {
      const candidates = yield* Effect.all(Array.from({ length: 5 }, () => Effect.map(random.digits(10), bookingIdFrom)))
      const done = yield* repo.reissueBookingId(id, candidates, { action: "booking_id.reissued", actor: `admin:${adminId}` })
      if (Option.isSome(done)) updated++
    }
    return updated
  })

export const assignBookingId = Effect.fn("registrations.assignBookingId")(function*(production: boolean, adminId: string, participantId: string) {
  yield* guard(production, "assign-booking-id")
  const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(participantId))
  if (Option.isNone(found)) return yield* new ParticipantNotFound({ ref: participantId })
  yield* reissue([found.value.participation.id], adminId)
  return Option.getOrThrow(yield* Effect.flatMap(ParticipationRepo, (r) => r.find(found.value.participation.id)))
})

/** Legacy bookings whose id is shorter than 10 digits (imports) get a 10-digit one. */
export const assignBookingIdsAll = Effect.fn("registrations.assignBookingIdsAll")(function*(production: boolean, adminId: string) {
  yield* guard(production, "assign-booking-ids-all")
  const ids = yield* Effect.flatMap(ParticipationRepo, (r) => r.bookingIdTargets({ shortOnly: true }))
  return { updated: yield* reissue(ids, adminId) }
})

export const reassignAllBookingIds = Effect.fn("registrations.reassignAllBookingIds")(function*(production: boolean, adminId: string) {
  yield* guard(production, "reassign-all-booking-ids")
  const ids = yield* Effect.flatMap(ParticipationRepo, (r) => r.bookingIdTargets({}))
  return { updated: yield* reissue(ids, adminId) }
})

export const reassignEventBookingIds = Effect.fn("registrations.reassignEventBookingIds")(function*(production: boolean, adminId: string, eventId: string) {
  yield* guard(production, "reassign-event-booking-ids")
  const ids = yield* Effect.flatMap(ParticipationRepo, (r) => r.bookingIdTargets({ eventId }))
  return { updated: yield* reissue(ids, adminId) }
})

/** Checks a participant in as the event's organizer would, recorded as the admin (no device, no nonce). */
export const testCheckIn = Effect.fn("registrations.testCheckIn")(function*(production: boolean, adminId: string, participantId: string) {
  yield* guard(production, "test-check-in")
  const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(participantId))
  if (Option.isNone(found)) return yield* new ParticipantNotFound({ ref: participantId })
  const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(found.value.participation.eventId))
  if (Option.isNone(event)) return yield* new ParticipantNotFound({ ref: participantId })
  return yield* checkInParticipant({ organizerId: event.value.organizerId, actor: `admin:${adminId}` }, participantId)
})
