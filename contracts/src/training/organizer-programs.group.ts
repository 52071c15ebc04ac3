/**
 * C "Events / Training programs": an organizer's own training programs, their workouts, and their
 * assignment to athletes (single, or bulk of at most 1000 with a per-athlete outcome). Reads for
 * the organizer's team (OWNER, ADMIN, VIEWER), writes for OWNER and ADMIN.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, inputOf, IntBetween, LocalDate, Optional, ProgramDetail, ProgramEnrollment, ProgramWorkout, Query, says, StrLength, TrainingProgram, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { DeleteResult, op, OrganizerManagers, OrganizerReaders } from "../common/index.js"
import { CreateTemplateBody, LibraryQuery, OffsetPage, OffsetPageOf, PlanItemBody, UpdateTemplateBody } from "./programs.group.js"

const OrganizerPath = Schema.Struct({ organizerId: UuidStr })
const ProgramPath = Schema.Struct({ organizerId: UuidStr, templateId: UuidStr })
const WorkoutPath = Schema.Struct({ organizerId: UuidStr, templateId: UuidStr, workoutId: UuidStr })

const AthleteId = StrLength(1, 64)
const assignFields = { startDate: Optional(LocalDate), eventId: Optional(UuidStr) }
export const AssignBody = Body({ userId: AthleteId, ...assignFields })
export const BulkAssignBody = Body({
  userIds: Schema.Array(AthleteId).pipe(
    Schema.filter((ids) => ids.length >= 1 && ids.length <= 1000),
    Schema.annotations(says("must contain between 1 and 1000 athletes"))
  ),
  ...assignFields
})
export const BulkAssignResult = Schema.Struct({
  programId: Schema.String,
  requested: Schema.Number,
  assigned: Schema.Number,
  skipped: Schema.Number,
  results: Schema.Array(Schema.Struct({
    userId: Schema.String,
    outcome: Schema.Literal("assigned", "already_enrolled", "athlete_not_found"),
    enrollmentId: Schema.NullOr(Schema.String)
  }))
}).annotations({ identifier: "BulkTrainingAssignment" })

const { workouts: _, ...programPatchFields } = UpdateTemplateBody.fields
export const UpdateOrganizerProgramBody = Body(programPatchFields)
export const UpdateProgramWorkoutBody = inputOf(ProgramWorkout, {
  required: [],
  optional: ["week", "day", "title", "sport", "description", "intensity", "plannedDurationMinutes", "plannedDistanceMeters"]
})
export const FromLibraryBody = Body({
  libraryProgramId: UuidStr,
  workoutIds: Optional(Schema.Array(UuidStr)),
  weekOffset: Optional(IntBetween(0, 51))
})

export class OrganizerTrainingProgramsGroup extends HttpApiGroup.make("organizerTrainingPrograms")
  .add(op.get("organizerTrainingLibrary", "/v2/organizers/:organizerId/training-programs/library", { path: OrganizerPath, query: LibraryQuery, ok: OffsetPageOf(TrainingProgram), summary: "The platform's published programs to copy workouts from" }).middleware(OrganizerReaders))
  .add(op.get("organizerEventTrainingAssignments", "/v2/organizers/:organizerId/training-programs/events/:eventId/assignments", { path: Schema.Struct({ organizerId: UuidStr, eventId: UuidStr }), query: Query(OffsetPage), ok: OffsetPageOf(ProgramEnrollment), summary: "Assignments made for one of the organizer's events, newest first" }).middleware(OrganizerReaders))
  .add(op.del("unassignTrainingProgram", "/v2/organizers/:organizerId/training-programs/assignments/:assignmentId", { path: Schema.Struct({ organizerId: UuidStr, assignmentId: UuidStr }), ok: ProgramEnrollment, summary: "Unassign: the enrollment is cancelled, its planned workouts leave the athlete's calendar (completed ones stay)" }).middleware(OrganizerManagers))
  .add(op.get("listOrganizerTrainingPrograms", "/v2/organizers/:organizerId/training-programs", { path: OrganizerPath, query: LibraryQuery, ok: OffsetPageOf(TrainingProgram), summary: "The organizer's programs, newest first" }).middleware(OrganizerReaders))
  .add(op.post("createOrganizerTrainingProgram", "/v2/organizers/:organizerId/training-programs", { path: OrganizerPath, body: CreateTemplateBody, ok: ProgramDetail, status: 201, summary: "Create a program with its weekly workouts" }).middleware(OrganizerManagers))
  .add(op.get("getOrganizerTrainingProgram", "/v2/organizers/:organizerId/training-programs/:templateId", { path: ProgramPath, ok: ProgramDetail, summary: "One of the organizer's programs with its workouts" }).middleware(OrganizerReaders))
  .add(op.patch("updateOrganizerTrainingProgram", "/v2/organizers/:organizerId/training-programs/:templateId", { path: ProgramPath, body: UpdateOrganizerProgramBody, ok: ProgramDetail, summary: "Change a program: only the fields present are written" }).middleware(OrganizerManagers))
  .add(op.post("assignTrainingProgram", "/v2/organizers/:organizerId/training-programs/:templateId/assignments", { path: ProgramPath, body: AssignBody, ok: ProgramEnrollment, status: 201, summary: "Assign the program to one athlete (404 ATHLETE_NOT_FOUND, 409 ALREADY_ENROLLED)" }).middleware(OrganizerManagers))
  .add(op.post("bulkAssignTrainingProgram", "/v2/organizers/:organizerId/training-programs/:templateId/assignments/bulk", { path: ProgramPath, body: BulkAssignBody, ok: BulkAssignResult, status: 201, summary: "Assign the program to at most 1000 athletes (more is 400), each with its outcome" }).middleware(OrganizerManagers))
  .add(op.post("addOrganizerProgramWorkout", "/v2/organizers/:organizerId/training-programs/:templateId/workouts", { path: ProgramPath, body: PlanItemBody, ok: ProgramWorkout, status: 201, summary: "Add a workout; assigned athletes get it when its date is not past" }).middleware(OrganizerManagers))
  .add(op.post("copyLibraryWorkouts", "/v2/organizers/:organizerId/training-programs/:templateId/workouts/from-library", { path: ProgramPath, body: FromLibraryBody, ok: ProgramDetail, status: 201, summary: "Copy workouts (all, or `workoutIds`) of a platform program, shifted by `weekOffset` weeks" }).middleware(OrganizerManagers))
  .add(op.patch("updateOrganizerProgramWorkout", "/v2/organizers/:organizerId/training-programs/:templateId/workouts/:workoutId", { path: WorkoutPath, body: UpdateProgramWorkoutBody, ok: ProgramWorkout, summary: "Change a workout: assigned athletes' planned copies follow, completed ones are history" }).middleware(OrganizerManagers))
  .add(op.del("deleteOrganizerProgramWorkout", "/v2/organizers/:organizerId/training-programs/:templateId/workouts/:workoutId", { path: WorkoutPath, ok: DeleteResult, summary: "Soft-delete a workout; its planned copies leave assigned athletes' calendars" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Events / Training programs")
  .annotate(OpenApi.Description, "Organizers' training programs and their assignment to athletes")
{}
