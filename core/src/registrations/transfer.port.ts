/** Repository of transfers (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import type { MoveRefused, Transfer } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { ParticipationNotFound } from "./participation.model.js"
import type { Booking, NewParticipant } from "./participation.port.js"
import type { TransferAlreadyPending, TransferNotFound, TransferRefused } from "./transfer.model.js"

export interface NewTransfer extends Pick<Transfer, "id" | "eventId" | "participationId" | "participantId" | "fromUserId" | "toEmail" | "toPhone" | "toFirstName" | "toLastName"> {
  readonly tokenHash: string
}

export interface Acceptance {
  readonly acceptedBy: string
  /** The recipient's new booking (CONFIRMED, one seat, nothing to pay: the sender paid). */
  readonly participationId: string
  /** Candidates in order; the first whose last 7 digits are free in the event is used. */
  readonly bookingIds: ReadonlyArray<string>
  readonly participant: NewParticipant
  /** Accepted transfers allowed per seat (the event's policy). */
  readonly maxTransfers: number
}

/**
 * Transfers. Accepting is one transaction that locks the sender's booking, moves the transfer
 * PENDING → ACCEPTED (conditional), marks the sender's participant TRANSFERRED (its ticket code
 * dies) and creates the recipient's booking with a new participant: the seat moves, so no counter
 * changes and no seat is released or taken.
 */
export class TransferRepo extends Context.Tag("@podium/core/registrations/TransferRepo")<TransferRepo, {
  /** The first participant of the seat's chain of holders (itself unless it came by a transfer). */
  readonly originOf: (participantId: string) => Effect.Effect<string>
  readonly acceptedCount: (originParticipantId: string) => Effect.Effect<number>
  readonly create: (input: NewTransfer, originParticipantId: string) => Effect.Effect<Transfer, TransferAlreadyPending>
  readonly find: (id: string) => Effect.Effect<Option.Option<Transfer>>
  readonly findByToken: (tokenHash: string) => Effect.Effect<Option.Option<Transfer>>
  /** Sent by `userId`, or addressed to its e-mail or phone; newest first. */
  readonly mine: (userId: string, email: string | null, phone: string | null) => Effect.Effect<{
    readonly sent: ReadonlyArray<Transfer>
    readonly received: ReadonlyArray<Transfer>
  }>
  readonly decline: (id: string, move: "reject" | "cancel", at: Date) => Effect.Effect<Transfer, MoveRefused | TransferNotFound>
  readonly accept: (id: string, acceptance: Acceptance, at: Date) => Effect.Effect<
    { readonly transfer: Transfer; readonly booking: Booking },
    MoveRefused | TransferNotFound | TransferRefused | ParticipationNotFound
  >
}>() {}
