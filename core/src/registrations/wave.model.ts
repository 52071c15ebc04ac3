/** Slots as start waves (C "Check-in and bib config" waves, states.tsv "Wave (slot)"): the machine. */
import { defineMoves, DomainError, type WaveStatus } from "@podium/kernel"
import { Schema } from "effect"

/**
 * A wave is OPEN (bookable) until closed; a closed wave can reopen; starting it (from either) is
 * final: a started wave takes no bookings and cannot reopen.
 */
export const WaveMoves = defineMoves<WaveStatus>()({ machine: "wave", code: "WAVE_STATUS_CONFLICT" }, {
  close: { from: ["OPEN"], to: "CLOSED" },
  open: { from: ["CLOSED"], to: "OPEN" },
  start: { from: ["OPEN", "CLOSED"], to: "STARTED" }
})
export type WaveMove = keyof typeof WaveMoves.table

/** A seed that would leave a wave above capacity (seats changed since it was planned): nothing moved. */
export class WaveSeedConflict extends DomainError<WaveSeedConflict>()("WaveSeedConflict", { kind: "conflict", code: "WAVE_SEED_CONFLICT" }, { slotId: Schema.String }) {
  override get message() {
    return "Seats changed while seeding; nothing was moved, run the seed again"
  }
}
