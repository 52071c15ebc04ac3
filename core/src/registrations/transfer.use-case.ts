/**
 * Transfers (C "Transfers"): the holder of a confirmed seat hands it to someone named by e-mail or
 * phone, before the event's transfer deadline (the self-service policy's, else the start), at most
 * `maxTransfersPerParticipant` times per seat; the recipient accepts with the token they were sent
 * (signed in) or in the app, or rejects; the sender cancels. Accepting moves the seat atomically:
 * the sender's ticket code dies, the recipient's booking and code are new.
 */
import type { Transfer } from "@podium/kernel"
import { Effect, Option } from "effect"
import { UserRepo } from "../accounts/account.port.js"
import { EventRepo } from "../events/event.port.js"
import { Hmac, SecureRandom } from "../identity/crypto.port.js"
import { enqueueNotification } from "../notifications/enqueue-notification.use-case.js"
import { Transactor } from "../platform/transactor.port.js"
import { bookingIdFrom, ParticipantNotFound, TicketCodePurpose, ticketCodeOf } from "./participation.model.js"
import { CheckInRepo, ParticipationRepo } from "./participation.port.js"
import { TransferNotFound, TransferRecipientRequired, TransferRefused, TransferTokenPurpose } from "./transfer.model.js"
import { TransferRepo } from "./transfer.port.js"
import { SelfServiceConfigRepo } from "./waitlist.port.js"

/** The policy's checks for handing over a seat of `eventId` at `now` (initiate and accept). */
const transferable = Effect.fn("registrations.transferable")(function*(eventId: string, now: Date) {
  const config = yield* Effect.flatMap(SelfServiceConfigRepo, (r) => r.get(eventId))
  if (!config.allowTransfers) return yield* new TransferRefused({ code: "TRANSFERS_DISABLED", reason: "the organizer does not allow transfers" })
  const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(eventId))
  const deadline = config.transferDeadline ?? Option.match(event, { onNone: () => now, onSome: (e) => e.startsAt })
  if (now.getTime() >= deadline.getTime()) return yield* new TransferRefused({ code: "TRANSFER_DEADLINE_PASSED", reason: "the transfer deadline has passed" })
  return { config, event }
})

export const initiateTransfer = Effect.fn("registrations.initiateTransfer")(function*(userId: string, input: {
  readonly participantId: string
  readonly email?: string | undefined
  readonly phoneNumber?: string | undefined
  readonly firstName: string
  readonly lastName: string
}) {
  if (input.email === undefined && input.phoneNumber === undefined) return yield* new TransferRecipientRequired({ reason: "email or phoneNumber must be given" })
  const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(input.participantId))
  if (Option.isNone(found) || found.value.participation.userId !== userId) return yield* new ParticipantNotFound({ ref: input.participantId })
  const { participation, participant } = found.value
  const now = new Date()
  const { config, event } = yield* transferable(participation.eventId, now)
  if (participation.status !== "CONFIRMED" || participant.status !== "ACTIVE") {
    return yield* new TransferRefused({ code: "PARTICIPANT_NOT_TRANSFERABLE", reason: "only an active participant of a confirmed booking can be transferred" })
  }
  if (Option.isSome(yield* Effect.flatMap(CheckInRepo, (r) => r.live(participant.id)))) {
    return yield* new TransferRefused({ code: "PARTICIPANT_NOT_TRANSFERABLE", reason: "the participant is already checked in" })
  }
  const repo = yield* TransferRepo
  const origin = yield* repo.originOf(participant.id)
  if ((yield* repo.acceptedCount(origin)) >= config.maxTransfersPerParticipant) {
    return yield* new TransferRefused({ code: "TRANSFER_LIMIT_REACHED", reason: `this seat was already transferred ${config.maxTransfersPerParticipant} time(s)` })
  }
  const random = yield* SecureRandom
  const token = (yield* random.uuid).replaceAll("-", "") + (yield* random.digits(12))
  const tokenHash = yield* Effect.flatMap(Hmac, (h) => h.digest(TransferTokenPurpose, token))
  const tx = yield* Transactor
  const title = Option.match(event, { onNone: () => "an event", onSome: (e) => e.title })
  const transfer = yield* tx.atomically(Effect.gen(function*() {
    const created = yield* repo.create({
      id: yield* random.uuid,
      eventId: participation.eventId,
      participationId: participation.id,
      participantId: participant.id,
      fromUserId: userId,
      toEmail: input.email ?? null,
      toPhone: input.phoneNumber ?? null,
      toFirstName: input.firstName,
      toLastName: input.lastName,
      tokenHash
    }, origin)
    const message = {
      subject: `A ticket for ${title} is waiting for you`,
      body: `${participant.firstName} ${participant.lastName} is handing you their place at ${title}. Accept it in the app with the code ${token}.`,
      category: "transactional",
      producer: `registrations.transfer:${created.id}`
    }
    if (input.email !== undefined) yield* enqueueNotification({ ...message, channel: "EMAIL", recipient: input.email })
    if (input.phoneNumber !== undefined) yield* enqueueNotification({ ...message, channel: "SMS", recipient: input.phoneNumber })
    yield* Effect.flatMap(ParticipationRepo, (r) =>
      r.appendTimeline({ participationId: participation.id, action: "transfer.initiated", actor: `user:${userId}`, data: { transferId: created.id, participantId: participant.id } }))
    return created
  }))
  return { transfer, token }
})

/** Whether the account is the transfer's recipient (its e-mail or phone). */
const isRecipient = (t: Transfer, user: { readonly email: string | null; readonly phoneNumber: string | null }) =>
  (t.toEmail !== null && user.email !== null && t.toEmail.toLowerCase() === user.email.toLowerCase()) ||
  (t.toPhone !== null && user.phoneNumber !== null && t.toPhone === user.phoneNumber)

const account = (userId: string) =>
  Effect.map(Effect.flatMap(UserRepo, (r) => r.findById(userId)), (u) =>
    Option.match(u, { onNone: () => ({ email: null, phoneNumber: null }), onSome: (x) => ({ email: x.email, phoneNumber: x.phoneNumber }) }))

const byToken = (token: string) =>
  Effect.gen(function*() {
    const hash = yield* Effect.flatMap(Hmac, (h) => h.digest(TransferTokenPurpose, token))
    const found = yield* Effect.flatMap(TransferRepo, (r) => r.findByToken(hash))
    if (Option.isNone(found)) return yield* new TransferNotFound({ ref: "token" })
    return found.value
  })

/** What the token's holder sees before accepting (no sign-in: the token is the capability). */
export const transferByToken = Effect.fn("registrations.transferByToken")(function*(token: string) {
  const t = yield* byToken(token)
  const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(t.eventId))
  return { ...t, eventTitle: Option.match(event, { onNone: () => null, onSome: (e) => e.title }), eventStartsAt: Option.match(event, { onNone: () => null, onSome: (e) => e.startsAt }) }
})

const accept = (userId: string, t: Transfer) =>
  Effect.gen(function*() {
    const now = new Date()
    const { config } = yield* transferable(t.eventId, now)
    const random = yield* SecureRandom
    const user = yield* account(userId)
    const email = t.toEmail ?? user.email
    if (email === null) return yield* new TransferRecipientRequired({ reason: "email must be an email: add an e-mail to your account to accept this transfer" })
    const participantId = yield* random.uuid
    const signature = yield* Effect.flatMap(Hmac, (h) => h.digest(TicketCodePurpose, participantId))
    const participationId = yield* random.uuid
    const bookingIds = yield* Effect.all(Array.from({ length: 5 }, () => Effect.map(random.digits(10), bookingIdFrom)))
    return yield* Effect.flatMap(TransferRepo, (r) =>
      r.accept(t.id, {
        acceptedBy: userId,
        participationId,
        bookingIds,
        participant: {
          id: participantId,
          firstName: t.toFirstName,
          lastName: t.toLastName,
          email,
          phoneNumber: t.toPhone ?? user.phoneNumber,
          ticketCode: ticketCodeOf(participantId, signature)
        },
        maxTransfers: config.maxTransfersPerParticipant
      }, now))
  })

/** Accepts with the token the recipient was sent (whoever signs in with it becomes the holder). */
export const acceptTransferByToken = Effect.fn("registrations.acceptTransferByToken")(function*(userId: string, token: string) {
  const t = yield* byToken(token)
  if (t.fromUserId === userId) return yield* new TransferNotFound({ ref: "token" })
  return yield* accept(userId, t)
})

/** The recipient's transfer (by the account's e-mail or phone); another's is 404. */
const received = (userId: string, id: string) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(TransferRepo, (r) => r.find(id))
    if (Option.isNone(found) || !isRecipient(found.value, yield* account(userId))) return yield* new TransferNotFound({ ref: id })
    return found.value
  })

export const acceptTransfer = Effect.fn("registrations.acceptTransfer")(function*(userId: string, id: string) {
  return yield* accept(userId, yield* received(userId, id))
})

export const rejectTransfer = Effect.fn("registrations.rejectTransfer")(function*(userId: string, id: string) {
  yield* received(userId, id)
  return yield* Effect.flatMap(TransferRepo, (r) => r.decline(id, "reject", new Date()))
})

/** The sender cancels a pending transfer. */
export const cancelTransfer = Effect.fn("registrations.cancelTransfer")(function*(userId: string, id: string) {
  const found = yield* Effect.flatMap(TransferRepo, (r) => r.find(id))
  if (Option.isNone(found) || found.value.fromUserId !== userId) return yield* new TransferNotFound({ ref: id })
  return yield* Effect.flatMap(TransferRepo, (r) => r.decline(id, "cancel", new Date()))
})

export const myTransfers = Effect.fn("registrations.myTransfers")(function*(userId: string) {
  const user = yield* account(userId)
  return yield* Effect.flatMap(TransferRepo, (r) => r.mine(userId, user.email, user.phoneNumber))
})
