/**
 * Transfers (C "Events / Transfers"): the holder of a confirmed seat hands it to someone named by
 * e-mail or phone, before the event's transfer deadline and within its per-seat limit; the
 * recipient accepts with the token they were sent or in the app (the seat moves atomically: the
 * sender's ticket code dies, the recipient gets a new booking and code), or rejects; the sender
 * cancels. Reading a transfer by its token needs no sign-in (the token is the capability).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, EmailAddress, Instant, Optional, Participant, PhoneNumber, StrLength, Transfer, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, Requires, Role } from "../common/index.js"
import { BookingView } from "./registrations.dto.js"

const athlete = Role("user")

export const InitiateTransferBody = Body({
  participantId: UuidStr,
  email: Optional(EmailAddress),
  phoneNumber: Optional(PhoneNumber),
  firstName: Participant.fields.firstName,
  lastName: Participant.fields.lastName
})
/** The transfer and its token (also sent to the recipient): whoever holds it can accept once signed in. */
export const InitiatedTransfer = Schema.Struct({ transfer: Transfer, token: Schema.String }).annotations({ identifier: "InitiatedTransfer" })
export const AcceptedTransfer = Schema.Struct({ transfer: Transfer, booking: BookingView }).annotations({ identifier: "AcceptedTransfer" })
export const TransferPreview = Schema.Struct({
  ...Transfer.pick("id", "eventId", "status", "toFirstName", "toLastName", "createdAt").fields,
  eventTitle: Schema.NullOr(Schema.String),
  eventStartsAt: Schema.NullOr(Instant)
}).annotations({ identifier: "TransferPreview" })
export const MyTransfers = Schema.Struct({ sent: Schema.Array(Transfer), received: Schema.Array(Transfer) }).annotations({ identifier: "MyTransfers" })

const Id = Schema.Struct({ transferId: UuidStr })
const Token = Schema.Struct({ token: StrLength(20, 100) })
const base = "/v2/event-participations/transfers"

export class TransfersGroup extends HttpApiGroup.make("transfers")
  .add(op.post("initiateTransfer", base, { body: InitiateTransferBody, ok: InitiatedTransfer, status: 201, summary: "Hand a participant's seat to someone (e-mail or phone); 409 TRANSFERS_DISABLED, TRANSFER_DEADLINE_PASSED, TRANSFER_LIMIT_REACHED, TRANSFER_ALREADY_PENDING, PARTICIPANT_NOT_TRANSFERABLE" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.del("cancelTransfer", `${base}/:transferId`, { path: Id, ok: Transfer, summary: "The sender cancels a pending transfer" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.post("acceptTransfer", `${base}/:transferId/accept`, { path: Id, ok: AcceptedTransfer, summary: "The recipient (by the account's e-mail or phone) accepts: the seat moves to a new booking of theirs" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.post("rejectTransfer", `${base}/:transferId/reject`, { path: Id, ok: Transfer, summary: "The recipient rejects a pending transfer" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.get("transferByToken", `${base}/by-token/:token`, { path: Token, ok: TransferPreview, summary: "What a transfer token offers (no sign-in)" }))
  .add(op.post("acceptTransferByToken", `${base}/by-token/:token/accept`, { path: Token, ok: AcceptedTransfer, summary: "Accept with the token: the signed-in caller becomes the seat's holder" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.get("myTransfers", `${base}/mine`, { ok: MyTransfers, summary: "Transfers the caller sent and those addressed to their e-mail or phone, newest first" }).middleware(Authenticated).annotate(Requires, athlete))
  .annotate(OpenApi.Title, "Events / Transfers")
  .annotate(OpenApi.Description, "Handing a seat to someone else")
{}
