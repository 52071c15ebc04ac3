/**
 * A participant's own corrections (C "Participations" self-edit): the booker changes a seat's
 * details only as the organizer's self-service policy allows (`allowSelfEdit`, the fields listed in
 * `editableFields`). Where the policy makes a name change a transfer, a new name is refused (the
 * seat changes hands through a transfer, whose rules and deadline apply, so a non-transferable
 * ticket stays with its holder); a correction of case or spacing of the same name is not a new
 * person and passes. Edits close once the participant is checked in or the event has started.
 */
import type { Participant } from "@podium/kernel"
import { Effect, Option } from "effect"
import { EventRepo } from "../events/event.port.js"
import { ParticipantNotFound, ParticipationNotFound, SelfEditRefused } from "./participation.model.js"
import { CheckInRepo, ParticipationRepo } from "./participation.port.js"
import { SelfServiceConfigRepo } from "./waitlist.port.js"

type Editable = Partial<Pick<Participant, "firstName" | "lastName" | "email" | "phoneNumber">>

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase()

export const selfEditParticipant = Effect.fn("registrations.selfEditParticipant")(function*(
  userId: string,
  participationId: string,
  participantId: string,
  patch: Editable
) {
  const booking = yield* Effect.flatMap(ParticipationRepo, (r) => r.find(participationId))
  if (Option.isNone(booking) || booking.value.participation.userId !== userId) return yield* new ParticipationNotFound({ ref: participationId })
  const participant = booking.value.participants.find((p) => p.id === participantId)
  if (participant === undefined) return yield* new ParticipantNotFound({ ref: participantId })
  const { participation } = booking.value
  const config = yield* Effect.flatMap(SelfServiceConfigRepo, (r) => r.get(participation.eventId))
  if (!config.allowSelfEdit) return yield* new SelfEditRefused({ code: "SELF_EDIT_DISABLED", reason: "the organizer does not allow participants to edit their details" })
  const changed = (Object.keys(patch) as Array<keyof Editable>).filter((k) => patch[k] !== undefined && patch[k] !== participant[k])
  const renamed = changed.filter((k) => (k === "firstName" || k === "lastName") && !sameName(patch[k]!, participant[k]))
  if (renamed.length > 0 && config.nameChangeIsTransfer) {
    return yield* new SelfEditRefused({ code: "NAME_CHANGE_IS_TRANSFER", reason: "a new name is a new participant: transfer the seat instead" })
  }
  // A case or spacing fix of the same name is a correction, open whatever the editable list says.
  const locked = changed.filter((k) => !config.editableFields.includes(k) && !((k === "firstName" || k === "lastName") && !renamed.includes(k)))
  if (locked.length > 0) return yield* new SelfEditRefused({ code: "FIELD_NOT_EDITABLE", reason: `the organizer does not let participants change ${locked.join(", ")}` })
  if (participant.status !== "ACTIVE" || (participation.status !== "CONFIRMED" && participation.status !== "PENDING")) {
    return yield* new SelfEditRefused({ code: "PARTICIPANT_NOT_EDITABLE", reason: "the seat is no longer active" })
  }
  const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(participation.eventId))
  if (Option.isSome(event) && Date.now() >= event.value.startsAt.getTime()) {
    return yield* new SelfEditRefused({ code: "PARTICIPANT_NOT_EDITABLE", reason: "the event has started" })
  }
  if (Option.isSome(yield* Effect.flatMap(CheckInRepo, (r) => r.live(participantId)))) {
    return yield* new SelfEditRefused({ code: "PARTICIPANT_NOT_EDITABLE", reason: "the participant is already checked in" })
  }
  if (changed.length === 0) return participant
  const updated = yield* Effect.flatMap(ParticipationRepo, (r) =>
    r.updateParticipant(participationId, participantId, Object.fromEntries(changed.map((k) => [k, patch[k]])), {
      action: "participant.self_edited",
      actor: `user:${userId}`,
      data: { participantId, fields: changed }
    }))
  if (Option.isNone(updated)) return yield* new ParticipantNotFound({ ref: participantId })
  return updated.value
})
