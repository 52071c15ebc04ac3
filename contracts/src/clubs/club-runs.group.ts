/**
 * Club runs (C "Clubs": runs, run detail, calendar, RSVP) and admin attendance (B "Attendance",
 * `GET /v2/admin/clubs/runs`). Scheduling (`POST /v2/clubs/{id}/runs`, club OWNER/ADMIN/MODERATOR)
 * is an addition to the catalog, which lists no way to create a run. Reads follow the club's
 * visibility; RSVP needs an ACTIVE membership; GOING respects the run's capacity (409 RUN_FULL);
 * a run that started or is not SCHEDULED takes no RSVP (409 RUN_CLOSED).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, IntBetween, OneOf, Optional, Query, RunAttendance, says, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, ClubMembers, ClubStaff, op, OptionalAuthenticated, PageOf, PageParams, Requires } from "../common/index.js"

/** An ISO-8601 date-time with an offset (`2026-12-06T06:00:00+05:30`). */
export const IsoDateTime = Schema.String.pipe(
  Schema.filter((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s))),
  Schema.annotations({ ...says("must be an ISO-8601 date-time with a time zone"), jsonSchema: { type: "string", format: "date-time" } })
)

const MonthKey = Schema.String.pipe(
  Schema.filter((s) => /^\d{4}-(0[1-9]|1[0-2])$/.test(s)),
  Schema.annotations(says("month must be YYYY-MM"))
)

export const RunView = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  title: Schema.String,
  description: Schema.NullOr(Schema.String),
  sportId: Schema.NullOr(Schema.String),
  startsAt: Schema.Date,
  endsAt: Schema.Date,
  meetingPoint: Schema.NullOr(Schema.String),
  distanceKm: Schema.NullOr(Schema.Number),
  capacity: Schema.NullOr(Schema.Number),
  status: Schema.Literal("SCHEDULED", "CANCELLED", "COMPLETED"),
  rsvpCounts: Schema.Struct({ going: Schema.Number, maybe: Schema.Number, notGoing: Schema.Number }),
  /** The caller's own RSVP (null when none or anonymous). */
  myRsvp: Schema.NullOr(Schema.Literal("GOING", "MAYBE", "NOT_GOING"))
}).annotations({ identifier: "ClubRun" })

export const ScheduleRunBody = Body({
  title: StrLength(3, 120),
  description: Optional(StrLength(0, 2000)),
  sportId: Optional(StrLength(1, 64)),
  startsAt: IsoDateTime,
  endsAt: Optional(IsoDateTime),
  meetingPoint: Optional(StrLength(1, 200)),
  distanceKm: Optional(Schema.Number.pipe(Schema.between(0.1, 1000), Schema.annotations(says("distanceKm must be between 0.1 and 1000")))),
  capacity: Optional(IntBetween(1, 10_000))
})

const RunsParams = Query({
  ...PageParams,
  status: Optional(OneOf("SCHEDULED", "CANCELLED", "COMPLETED")),
  from: Optional(IsoDateTime),
  to: Optional(IsoDateTime)
})

const ClubPath = Schema.Struct({ id: Schema.String })
const RunPath = Schema.Struct({ id: Schema.String, runId: Schema.String })

export class ClubRunsGroup extends HttpApiGroup.make("clubRuns")
  .add(op.post("scheduleRun", "/v2/clubs/:id/runs", { path: ClubPath, body: ScheduleRunBody, ok: RunView, status: 201, summary: "Schedule a run (club OWNER/ADMIN/MODERATOR; an addition to the catalog)" }).middleware(ClubStaff).annotate(OpenApi.Description, "startsAt in the future; endsAt after startsAt (default startsAt + 90 minutes), at most 24 hours."))
  .add(op.get("clubRuns", "/v2/clubs/:id/runs", { path: ClubPath, query: RunsParams, ok: PageOf(RunView), summary: "A club's runs, soonest first (default: upcoming; `?status`, `?from`, `?to`)" }).middleware(OptionalAuthenticated))
  .add(op.get("clubRunCalendar", "/v2/clubs/:id/runs/calendar", { path: ClubPath, query: Query({ month: Optional(MonthKey) }), ok: Schema.Struct({
        month: Schema.String,
        days: Schema.Array(Schema.Struct({ date: Schema.String, runs: Schema.Array(RunView) }))
      }), summary: "A club's runs of one UTC month (`?month=YYYY-MM`, default the current month), by date" }).middleware(OptionalAuthenticated))
  .add(op.get("clubRun", "/v2/clubs/:id/runs/:runId", { path: RunPath, ok: RunView, summary: "One run with its RSVP counts and the caller's RSVP" }).middleware(OptionalAuthenticated))
  .add(op.post("rsvpClubRun", "/v2/clubs/:id/runs/:runId/rsvp", { path: RunPath, body: Body({ status: OneOf("GOING", "MAYBE", "NOT_GOING") }), ok: Schema.Struct({
        runId: Schema.String,
        status: Schema.String,
        rsvpCounts: Schema.Struct({ going: Schema.Number, maybe: Schema.Number, notGoing: Schema.Number })
      }), summary: "RSVP to a run (ACTIVE members; 409 RUN_FULL, RUN_CLOSED)" }).middleware(ClubMembers))
  .annotate(OpenApi.Title, "Club runs")
{}

const AttendanceView = RunAttendance.annotations({ identifier: "ClubRunAttendance" })

export class AdminClubRunsGroup extends HttpApiGroup.make("adminClubRuns")
  .add(op.get("adminClubRuns", "/v2/admin/clubs/runs", { query: Query({ ...PageParams, clubId: Optional(UuidStr), status: Optional(OneOf("SCHEDULED", "CANCELLED", "COMPLETED")), from: Optional(IsoDateTime), to: Optional(IsoDateTime) }), ok: PageOf(RunView), summary: "Every club's runs, soonest first (`?clubId`, `?status`, `?from`, `?to`)" }).middleware(Authenticated))
  .add(op.get("adminRunAttendance", "/v2/admin/clubs/runs/:runId/attendance", { path: Schema.Struct({ runId: Schema.String }), ok: Schema.Struct({ run: RunView, present: Schema.Number, attendance: Schema.Array(AttendanceView) }), summary: "A run's attendance marks (MANUAL and INFERRED)" }).middleware(Authenticated))
  .add(op.post("adminMarkAttendance", "/v2/admin/clubs/runs/:runId/attendance/manual", { path: Schema.Struct({ runId: Schema.String }), body: Body({
        userIds: Schema.Array(UuidStr).pipe(Schema.minItems(1), Schema.maxItems(500), Schema.annotations(says("userIds must list 1-500 user ids"))),
        present: Optional(Schema.Boolean)
      }), ok: Schema.Struct({ runId: Schema.String, marked: Schema.Number }), summary: "Mark attendance by hand (present defaults to true); MANUAL marks override inferred ones" }).middleware(Authenticated))
  .add(op.post("adminInferAttendance", "/v2/admin/clubs/attendance/infer", { body: Body({ runId: Optional(UuidStr) }), ok: Schema.Struct({ runs: Schema.Number, marked: Schema.Number }), summary: "Infer attendance now for every ended run (or one): GOING RSVPs become INFERRED marks; the run becomes COMPLETED" }).middleware(Authenticated).annotate(OpenApi.Description, "Idempotent and safe to run concurrently; MANUAL marks are never overwritten. Also runs hourly from the scheduler."))
  .annotate(Requires, AdminPermission("clubs.review"))
  .annotate(OpenApi.Title, "Club run attendance (admin)")
{}
