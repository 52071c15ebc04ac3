/**
 * Organizer staff tasks (A 4.8): the team's to-do list. Portal routes act for the organizer named by
 * `x-organizer-id` (or the caller's own), like the team routes. List: OWNER, ADMIN, VIEWER; create and
 * status changes: OWNER, ADMIN. Status machine: OPEN → IN_PROGRESS → DONE, OPEN or IN_PROGRESS →
 * CANCELLED; any other move is 409 STAFF_TASK_ILLEGAL_TRANSITION.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, OneOf, Optional, says, StaffTask, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { op, OrganizerManagers, OrganizerReaders } from "../common/index.js"

export const StaffTaskView = StaffTask.annotations({ identifier: "OrganizerStaffTask" })

/** An ISO 8601 date-time (or date) text. */
export const DateTimeText = Schema.String.pipe(
  Schema.filter((s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s))),
  Schema.annotations({ ...says("must be a valid ISO 8601 date string"), jsonSchema: { type: "string", format: "date-time" } })
)

/** CreateOrganizerStaffTaskDto (the spec does not show it; this is our design). */
export const CreateStaffTaskBody = Body({
  title: StrLength(1, 200),
  description: Optional(StrLength(0, 5000)),
  assigneeMemberId: Optional(UuidStr),
  dueAt: Optional(DateTimeText)
})

export const StaffTaskStatusBody = Body({ status: OneOf("OPEN", "IN_PROGRESS", "DONE", "CANCELLED") })

const OrganizerHeader = Schema.Struct({ "x-organizer-id": Schema.optional(Schema.String) })

export class OrganizerStaffTasksGroup extends HttpApiGroup.make("organizerStaffTasks")
  .add(op.get("listStaffTasks", "/v2/organizer/staff-tasks", { headers: OrganizerHeader, ok: Schema.Array(StaffTaskView), summary: "The organizer's staff tasks, newest first" }).middleware(OrganizerReaders))
  .add(op.post("createStaffTask", "/v2/organizer/staff-tasks", { body: CreateStaffTaskBody, headers: OrganizerHeader, ok: StaffTaskView, status: 201, summary: "Create a staff task (status OPEN); the assignee must be an active team member" }).middleware(OrganizerManagers))
  .add(op.patch("changeStaffTaskStatus", "/v2/organizer/staff-tasks/:taskId/status", { path: Schema.Struct({ taskId: Schema.String }), body: StaffTaskStatusBody, headers: OrganizerHeader, ok: StaffTaskView, summary: "Move a task: OPEN → IN_PROGRESS → DONE, or to CANCELLED (409 for illegal moves)" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Organizer staff tasks")
  .annotate(OpenApi.Description, "The organizer team's tasks and their status")
{}
