/**
 * Club runs (document C "Clubs" runs, RSVP and calendar; B "Attendance"): a club's scheduled group
 * sessions. Members RSVP (GOING, MAYBE, NOT_GOING); GOING respects the run's capacity. Attendance is
 * recorded per person, MANUAL (marked by a platform admin or club staff) or INFERRED.
 *
 *   SCHEDULED ──cancel──▶ CANCELLED
 *   SCHEDULED ──(ends)──▶ COMPLETED   (the attendance inference marks it)
 *
 * The catalog lists no route that creates a run; a club without one could not use RSVP at all, so
 * club staff schedule runs through `POST /v2/clubs/{clubId}/runs` (an addition to the catalog).
 * Inference: until an activities context exists to match recorded activities to a run's time and
 * place, a GOING RSVP to a run that has ended (and was not cancelled) counts as INFERRED attendance;
 * MANUAL marks always win over inference and are never overwritten by it.
 */
import { DomainError, InputInvalid } from "@podium/kernel"
import { Schema } from "effect"
/** Records shared with the contracts are declared in the kernel. */
export { AttendanceSources, RunAttendance, type AttendanceSource } from "@podium/kernel"

export const RunStatuses = ["SCHEDULED", "CANCELLED", "COMPLETED"] as const
export type RunStatus = (typeof RunStatuses)[number]

export const RsvpStatuses = ["GOING", "MAYBE", "NOT_GOING"] as const
export type RsvpStatus = (typeof RsvpStatuses)[number]

export const ClubRun = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  title: Schema.String,
  description: Schema.NullOr(Schema.String),
  sportId: Schema.NullOr(Schema.String),
  startsAt: Schema.DateFromSelf,
  endsAt: Schema.DateFromSelf,
  meetingPoint: Schema.NullOr(Schema.String),
  distanceKm: Schema.NullOr(Schema.Number),
  capacity: Schema.NullOr(Schema.Number),
  status: Schema.Literal(...RunStatuses),
  createdBy: Schema.NullOr(Schema.String),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface ClubRun extends Schema.Schema.Type<typeof ClubRun> {}

export const RsvpCounts = Schema.Struct({ going: Schema.Number, maybe: Schema.Number, notGoing: Schema.Number })
export interface RsvpCounts extends Schema.Schema.Type<typeof RsvpCounts> {}

export class ClubRunNotFound extends DomainError<ClubRunNotFound>()("ClubRunNotFound", { kind: "not-found", code: "CLUB_RUN_NOT_FOUND" }, { runId: Schema.String }) {
  override get message() {
    return "Run not found"
  }
}

/** RSVP to a run that is not SCHEDULED or has already started (409). */
export class RunClosed extends DomainError<RunClosed>()("RunClosed", { kind: "conflict", code: "RUN_CLOSED" }, { runId: Schema.String, status: Schema.String }) {
  override get message() {
    return this.status === "SCHEDULED" ? "The run has already started" : `The run is ${this.status}`
  }
}

/** GOING beyond the run's capacity (409). */
export class RunFull extends DomainError<RunFull>()("RunFull", { kind: "conflict", code: "RUN_FULL" }, { runId: Schema.String, capacity: Schema.Number }) {
  override get message() {
    return `The run is full (${this.capacity} going)`
  }
}

/** Bad run input found after decoding (400 with the message list). */
export class RunInputInvalid extends InputInvalid<RunInputInvalid>()("RunInputInvalid") {}
