/** The hybrid race's attempt machine and its errors. */
import { defineMoves, DomainError, type HybridPhotoCheckStatus, type HybridRaceStatus } from "@podium/kernel"
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

/** Live positions, like checkpoints, are taken only while the attempt runs (409 in course order). */
export class HybridRaceNotRunning extends DomainError<HybridRaceNotRunning>()("HybridRaceNotRunning", {
  kind: "conflict",
  code: "HYBRID_RACE_OUT_OF_ORDER"
}, { status: Schema.String }) {
  override get message() {
    return `A hybrid race attempt that is ${this.status} takes no live positions`
  }
}

/** A result is a submitted attempt of an event the public can see; anything else is this 404. */
export class HybridResultNotFound extends DomainError<HybridResultNotFound>()("HybridResultNotFound", {
  kind: "not-found",
  code: "HYBRID_RESULT_NOT_FOUND"
}, { ref: Schema.String }) {
  override get message() {
    return "Hybrid race result not found"
  }
}

export class LivePositionNotFound extends DomainError<LivePositionNotFound>()("LivePositionNotFound", {
  kind: "not-found",
  code: "HYBRID_LIVE_POSITION_NOT_FOUND"
}, { eventId: Schema.String }) {
  override get message() {
    return "No live position has been reported for this attempt yet"
  }
}

/** Live positions are taken at a bounded rate per athlete and event (429). */
export class LivePositionRateLimited extends DomainError<LivePositionRateLimited>()("LivePositionRateLimited", {
  kind: "rate-limited",
  code: "HYBRID_LIVE_POSITION_RATE_LIMITED"
}, { retryAfterMs: Schema.Number }) {
  override get message() {
    return "Too many live positions; slow down"
  }
}

/**
 * Photo checks: decided once (pass or fail, from PENDING), a failure appealed once (409
 * PHOTO_CHECK_STATUS_CONFLICT otherwise: a second appeal, an appeal of a pass or of a pending check).
 */
export const PhotoCheckMoves = defineMoves<HybridPhotoCheckStatus>()({ machine: "photo check", code: "PHOTO_CHECK_STATUS_CONFLICT" }, {
  pass: { from: ["PENDING"], to: "PASSED" },
  fail: { from: ["PENDING"], to: "FAILED" },
  appeal: { from: ["FAILED"], to: "APPEALED" }
})
export type PhotoCheckMove = keyof typeof PhotoCheckMoves.table

export class PhotoCheckNotFound extends DomainError<PhotoCheckNotFound>()("PhotoCheckNotFound", {
  kind: "not-found",
  code: "PHOTO_CHECK_NOT_FOUND"
}, { ref: Schema.String }) {
  override get message() {
    return "Photo check not found"
  }
}

/** A photo check is for a checkpoint the running attempt has reached: passed already, or the next one. */
export class PhotoCheckCheckpointInvalid extends DomainError<PhotoCheckCheckpointInvalid>()("PhotoCheckCheckpointInvalid", {
  kind: "conflict",
  code: "HYBRID_RACE_OUT_OF_ORDER"
}, { given: Schema.Number, next: Schema.Number }) {
  override get message() {
    return `Checkpoint ${this.given} has not been reached: the next checkpoint is ${this.next}`
  }
}
