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
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

export const RunStatuses = ["SCHEDULED", "CANCELLED", "COMPLETED"] as const
export type RunStatus = (typeof RunStatuses)[number]

export const RsvpStatuses = ["GOING", "MAYBE", "NOT_GOING"] as const
export type RsvpStatus = (typeof RsvpStatuses)[number]

export interface ClubRun {
  readonly id: string
  readonly clubId: string
  readonly title: string
  readonly description: string | null
  readonly sportId: string | null
  readonly startsAt: Date
  readonly endsAt: Date
  readonly meetingPoint: string | null
  readonly distanceKm: number | null
  readonly capacity: number | null
  readonly status: RunStatus
  readonly createdBy: string | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

export interface RsvpCounts {
  readonly going: number
  readonly maybe: number
  readonly notGoing: number
}

export type AttendanceSource = "MANUAL" | "INFERRED"

export interface RunAttendance {
  readonly runId: string
  readonly userId: string
  readonly present: boolean
  readonly source: AttendanceSource
  readonly markedBy: string | null
  readonly markedAt: Date
}

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
export class RunInputInvalid extends DomainError<RunInputInvalid>()("RunInputInvalid", { kind: "invalid", messages: (e) => e.messages }, { messages: Schema.Array(Schema.String) }) {}
