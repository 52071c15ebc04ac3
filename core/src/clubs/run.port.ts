/** Club runs, RSVPs and attendance (Postgres adapter `ClubRunRepoPg`, memory twin `ClubRunRepoMemory`). */
import { Context, type Effect, type Option } from "effect"
import type { AttendanceSource, ClubRun, RsvpCounts, RsvpStatus, RunAttendance, RunFull, RunStatus } from "./run.model.js"

export interface NewRun extends Pick<ClubRun, "clubId" | "title" | "description" | "sportId" | "startsAt" | "endsAt" | "meetingPoint" | "distanceKm" | "capacity" | "createdBy"> {}

export interface RunFilter {
  readonly clubId?: string
  readonly status?: RunStatus
  readonly from?: Date
  readonly to?: Date
  readonly limit: number
  readonly offset: number
}

export class ClubRunRepo extends Context.Tag("@podium/core/clubs/ClubRunRepo")<ClubRunRepo, {
  readonly create: (input: NewRun) => Effect.Effect<ClubRun>
  readonly findById: (runId: string) => Effect.Effect<Option.Option<ClubRun>>
  /** By start time ascending. */
  readonly list: (filter: RunFilter) => Effect.Effect<{ readonly items: ReadonlyArray<ClubRun>; readonly total: number }>
  readonly counts: (runIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, RsvpCounts>>
  readonly rsvpOf: (runId: string, userId: string) => Effect.Effect<Option.Option<RsvpStatus>>
  /**
   * Sets the caller's RSVP under a lock on the run row, so GOING never exceeds the capacity even
   * when many members answer at once (RunFull otherwise).
   */
  readonly setRsvp: (run: ClubRun, userId: string, status: RsvpStatus) => Effect.Effect<RsvpCounts, RunFull>
  readonly attendance: (runId: string) => Effect.Effect<ReadonlyArray<RunAttendance>>
  /** MANUAL marks (insert or overwrite). */
  readonly markManual: (runId: string, userIds: ReadonlyArray<string>, present: boolean, markedBy: string) => Effect.Effect<number>
  /**
   * For SCHEDULED runs that ended before `now` (optionally one run): records INFERRED attendance for
   * each GOING RSVP without a mark yet and moves the run to COMPLETED. Idempotent; answers the runs
   * processed and the marks added.
   */
  readonly inferAttendance: (now: Date, runId: string | null) => Effect.Effect<{ readonly runs: number; readonly marked: number }>
  readonly setStatus: (runId: string, from: RunStatus, to: RunStatus) => Effect.Effect<Option.Option<ClubRun>>
}>() {}

export type { AttendanceSource }
