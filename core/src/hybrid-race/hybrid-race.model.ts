/** The hybrid race's attempt machine and its errors. */
import { defineMoves, DomainError, type HybridRaceStatus } from "@podium/kernel"
import { Schema } from "effect"

/**
 * Finish and submit are legal only in course order: a finish before the start, or a submit before
 * the finish, is refused with 409 like a checkpoint out of order.
 */
export const HybridRaceMoves = defineMoves<HybridRaceStatus>()({ machine: "hybrid race attempt", code: "HYBRID_RACE_OUT_OF_ORDER" }, {
  finish: { from: ["RUNNING"], to: "FINISHED" },
  submit: { from: ["FINISHED"], to: "SUBMITTED" }
})
export type HybridRaceMove = keyof typeof HybridRaceMoves.table

/** Every step after the start needs a started attempt: without one the step is out of order (409). */
export class HybridRaceNotStarted extends DomainError<HybridRaceNotStarted>()("HybridRaceNotStarted", {
  kind: "conflict",
  code: "HYBRID_RACE_OUT_OF_ORDER"
}, { eventId: Schema.String }) {
  override get message() {
    return "The hybrid race has not been started"
  }
}

export class HybridRaceAlreadyStarted extends DomainError<HybridRaceAlreadyStarted>()("HybridRaceAlreadyStarted", {
  kind: "conflict",
  code: "HYBRID_RACE_ALREADY_STARTED"
}, { eventId: Schema.String }) {
  override get message() {
    return "The hybrid race has already been started"
  }
}

export class CheckpointOutOfOrder extends DomainError<CheckpointOutOfOrder>()("CheckpointOutOfOrder", {
  kind: "conflict",
  code: "HYBRID_RACE_OUT_OF_ORDER"
}, { expected: Schema.Number, given: Schema.Number, status: Schema.String }) {
  override get message() {
    return this.status === "RUNNING"
      ? `Checkpoint ${this.given} is out of order: the next checkpoint is ${this.expected}`
      : `A hybrid race attempt that is ${this.status} takes no more checkpoints`
  }
}
