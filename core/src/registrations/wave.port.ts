/** Repository of start waves, rosters and sales tallies (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import type { MoveRefused, Participant, Participation, SeatTally, WaveState } from "@podium/kernel"
import { Context, type Effect } from "effect"
import type { WaveMove } from "./wave.model.js"

export interface RosterRow {
  readonly participant: Participant
  readonly participation: Participation
  readonly checkedIn: boolean
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
  /** Seats and revenue by ticket or by slot. */
  readonly tally: (eventId: string, by: "ticket" | "slot") => Effect.Effect<ReadonlyArray<SeatTally>>
}>() {}
