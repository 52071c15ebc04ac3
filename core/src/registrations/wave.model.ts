/** Slots as start waves (C "Check-in and bib config" waves, states.tsv "Wave (slot)"): the machine. */
import { defineMoves, type WaveStatus } from "@podium/kernel"

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
