/** Repository of start waves, rosters and sales tallies (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import type { MoveRefused, Participant, Participation, SeatTally, WaveState } from "@podium/kernel"
import { Context, type Effect } from "effect"
import type { WaveMove, WaveSeedConflict } from "./wave.model.js"

export interface RosterRow {
  readonly participant: Participant
  readonly participation: Participation
  readonly checkedIn: boolean
}

/** One booking moved between waves by a seed. */
export interface Reseat {
  readonly participationId: string
  readonly fromSlotId: string
  readonly toSlotId: string
  readonly seats: number
}

export class WaveRepo extends Context.Tag("@podium/core/registrations/WaveRepo")<WaveRepo, {
  /** The stored states of the event's slots (a slot without one is OPEN). */
  readonly states: (eventId: string) => Effect.Effect<ReadonlyArray<WaveState>>
  /** One conditional move (the state row is created OPEN on first use). */
  readonly move: (eventId: string, slotId: string, move: WaveMove, by: string, at: Date) => Effect.Effect<WaveState, MoveRefused>
  /** Seats taken per slot (bookings, holds and waitlist offers). */
  readonly taken: (eventId: string) => Effect.Effect<ReadonlyMap<string, number>>
  /** Active participants of CONFIRMED bookings (of one slot, or all), by slot then name. */
  readonly roster: (eventId: string, slotId: string | undefined) => Effect.Effect<ReadonlyArray<RosterRow>>
  /**
   * Moves bookings between waves in one transaction: the waves' seat rows are locked (in id order,
   * so bookings wait), a booking moves only if it is still CONFIRMED in its source wave with the
   * same seats, and the whole seed is refused (nothing moves) if any wave would end above its
   * capacity, so swaps between full waves work and capacity holds exactly. Freed seats are offered
   * to the source waves' waitlists. Answers the ids moved.
   */
  readonly reseat: (eventId: string, moves: ReadonlyArray<Reseat>) => Effect.Effect<ReadonlyArray<string>, WaveSeedConflict>
  /** Seats and revenue by ticket or by slot. */
  readonly tally: (eventId: string, by: "ticket" | "slot") => Effect.Effect<ReadonlyArray<SeatTally>>
}>() {}
