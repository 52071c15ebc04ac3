/**
 * C "Athlete / Programs" (the athlete's library, enrollment, adherence, today's workout, feedback
 * and reviews), B "Training templates" (the platform's program library) and B "Training" (the
 * numbers of training plans). Athletes act on their own enrollments; admins hold `training.manage`.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import {
  Body,
  Bool,
  EnrollmentAdherence,
  EnrollmentStatus,
  inputOf,
  IntFromText,
  LocalDate,
  OneOf,
  Optional,
  ProgramDetail,
  ProgramEnrollment,
  ProgramLevel,
  ProgramPreview,
  ProgramReview,
  ProgramWorkout,
  Query,
  Sport,
  StrLength,
  TimeZoneName,
  TodayWorkout,
  TrainingProgram,
  UuidStr,
  WorkoutFeedback
} from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, DeleteResult, op, Requires, Role } from "../common/index.js"

export const OffsetPage = { limit: Optional(IntFromText(1, 100)), offset: Optional(IntFromText(0, 1_000_000)) }
export const OffsetPageOf = <S extends Schema.Schema.Any>(item: S) =>
  Schema.Struct({ items: Schema.Array(item), total: Schema.Number, limit: Schema.Number, offset: Schema.Number })

export const LibraryQuery = Query({
  ...OffsetPage,
  sport: Optional(Sport),
  level: Optional(ProgramLevel),
  maxWeeks: Optional(IntFromText(1, 52)),
  q: Optional(StrLength(1, 100))
})
export const ZoneQuery = Query({ timeZone: Optional(TimeZoneName) })
export const EnrollBody = Body({ startDate: Optional(LocalDate), timeZone: Optional(TimeZoneName) })
export const FeedbackBody = inputOf(WorkoutFeedback, { required: ["rpe"], optional: ["feeling", "notes"] })
export const ReviewBody = inputOf(ProgramReview, { required: ["rating"], optional: ["comment"] })
export const FlagReviewBody = Body({ reason: StrLength(3, 500) })

const IdPath = Schema.Struct({ id: UuidStr })
const EnrollmentPath = Schema.Struct({ enrollmentId: UuidStr })
const ReviewPath = Schema.Struct({ reviewId: UuidStr })

export class ProgramsGroup extends HttpApiGroup.make("programs")
  .add(op.get("programLibrary", "/v2/me/programs/library", { query: LibraryQuery, ok: OffsetPageOf(TrainingProgram), summary: "Published programs, newest first (sport, level, maxWeeks, q)" }))
  .add(op.get("programAdminLibrary", "/v2/me/programs/admin-library", { query: LibraryQuery, ok: OffsetPageOf(TrainingProgram), summary: "The platform's published programs (the same filters)" }))
  .add(op.get("myProgramEnrollments", "/v2/me/programs/enrollments", { query: Query({ status: Optional(EnrollmentStatus) }), ok: Schema.Array(ProgramEnrollment), summary: "The caller's enrollments, newest first" }))
  .add(op.get("todayProgramWorkout", "/v2/me/programs/today-workout", { query: ZoneQuery, ok: TodayWorkout, summary: "Today's program workout in the athlete's time zone; `workout: null` with reason REST_DAY or NO_ACTIVE_PROGRAM" }))
  .add(op.get("previewProgram", "/v2/me/programs/:id/preview", { path: IdPath, ok: ProgramPreview, summary: "A published program with its weekly workouts and its latest visible reviews" }))
  .add(op.post("enrollInProgram", "/v2/me/programs/:id/enroll", { path: IdPath, body: EnrollBody, ok: ProgramEnrollment, status: 201, summary: "Enroll (from `startDate`, today by default): the program's workouts are placed on the calendar; 409 ALREADY_ENROLLED" }))
  .add(op.del("cancelProgramEnrollment", "/v2/me/programs/enrollments/:enrollmentId", { path: EnrollmentPath, ok: ProgramEnrollment, summary: "Cancel an ACTIVE enrollment: its planned workouts leave the calendar, completed ones stay (409 ENROLLMENT_STATE_CONFLICT)" }))
  .add(op.get("programEnrollmentAdherence", "/v2/me/programs/enrollments/:enrollmentId/adherence", { path: EnrollmentPath, query: ZoneQuery, ok: EnrollmentAdherence, summary: "Workouts due by today against those done, and the next one" }))
  .add(op.post("programWorkoutFeedback", "/v2/me/programs/workouts/:workoutId/feedback", { path: Schema.Struct({ workoutId: UuidStr }), body: FeedbackBody, ok: WorkoutFeedback, status: 201, summary: "How a calendar workout felt (RPE 1–10, feeling, notes); sending again replaces it" }))
  .add(op.post("reviewProgram", "/v2/me/programs/:templateId/reviews", { path: Schema.Struct({ templateId: UuidStr }), body: ReviewBody, ok: ProgramReview, status: 201, summary: "Review a program: needs a COMPLETED enrollment (400 PROGRAM_NOT_COMPLETED); once per athlete (409 REVIEW_ALREADY_POSTED)" }))
  .add(op.post("markProgramReviewHelpful", "/v2/me/programs/reviews/:reviewId/helpful", { path: ReviewPath, ok: ProgramReview, summary: "Mark another athlete's review helpful (counted once per athlete)" }))
  .add(op.post("flagProgramReview", "/v2/me/programs/reviews/:reviewId/flag", { path: ReviewPath, body: FlagReviewBody, ok: ProgramReview, summary: "Flag another athlete's review (counted once per athlete; hidden from previews at 3 flags)" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("user"))
  .annotate(OpenApi.Title, "Athlete / Programs")
  .annotate(OpenApi.Description, "Browse, preview and follow training programs; adherence, today's workout, feedback and reviews")
{}

export const PlanItemBody = inputOf(ProgramWorkout, {
  required: ["week", "day", "title"],
  optional: ["sport", "description", "intensity", "plannedDurationMinutes", "plannedDistanceMeters"]
})
const programFields = ["description", "sport", "level", "priceMinor", "published"] as const
export const CreateTemplateBody = Body({
  ...inputOf(TrainingProgram, { required: ["title", "weeks"], optional: programFields }).fields,
  workouts: Optional(Schema.Array(PlanItemBody))
})
export const UpdateTemplateBody = Body({
  ...inputOf(TrainingProgram, { required: [], optional: ["title", "weeks", ...programFields] }).fields,
  workouts: Optional(Schema.Array(PlanItemBody))
})
export const PublishBody = Body({ published: Bool })
export const TemplatesQuery = Query({ ...LibraryQuery.fields, published: Optional(OneOf("true", "false")) })

const manage = AdminPermission("training.manage")

export class TrainingTemplatesGroup extends HttpApiGroup.make("trainingTemplates")
  .add(op.get("listTrainingTemplates", "/v2/admin/training-templates", { query: TemplatesQuery, ok: OffsetPageOf(TrainingProgram), summary: "The platform's program templates, published or not (filters as the library, plus published)" }))
  .add(op.post("createTrainingTemplate", "/v2/admin/training-templates", { body: CreateTemplateBody, ok: ProgramDetail, status: 201, summary: "Create a template with its weekly workouts (unpublished unless said)" }))
  .add(op.get("getTrainingTemplate", "/v2/admin/training-templates/:id", { path: IdPath, ok: ProgramDetail, summary: "A template with its workouts" }))
  .add(op.patch("updateTrainingTemplate", "/v2/admin/training-templates/:id", { path: IdPath, body: UpdateTemplateBody, ok: ProgramDetail, summary: "Change a template: only the fields present are written; `workouts` replaces the plan (enrolled athletes keep theirs)" }))
  .add(op.del("deleteTrainingTemplate", "/v2/admin/training-templates/:id", { path: IdPath, ok: DeleteResult, summary: "Soft-delete a template (it leaves the library; enrollments keep their workouts)" }))
  .add(op.patch("publishTrainingTemplate", "/v2/admin/training-templates/:id/publish", { path: IdPath, body: PublishBody, ok: ProgramDetail, summary: "Publish or unpublish a template (`{published: boolean}`)" }))
  .middleware(Authenticated)
  .annotate(Requires, manage)
  .annotate(OpenApi.Title, "Admin: training templates")
  .annotate(OpenApi.Description, "The platform's library of training programs")
{}

export const TrainingRevenue = Schema.Struct({
  currency: Schema.Literal("INR"),
  totalMinor: Schema.Number,
  paidEnrollments: Schema.Number,
  byProgram: Schema.Array(Schema.Struct({ programId: Schema.String, title: Schema.String, enrollments: Schema.Number, revenueMinor: Schema.Number }))
}).annotations({ identifier: "TrainingPlanRevenue" })

const Counts = { active: Schema.Number, cancelled: Schema.Number, completed: Schema.Number }
export const TrainingStats = Schema.Struct({
  programs: Schema.Number,
  publishedPrograms: Schema.Number,
  platformPrograms: Schema.Number,
  enrollments: Schema.Struct({ ...Counts, total: Schema.Number }),
  completionRate: Schema.Number,
  reviews: Schema.Number,
  averageRating: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "TrainingPlanStats" })

export const TrainingAthlete = Schema.Struct({ userId: Schema.String, enrollments: Schema.Number, ...Counts, lastEnrolledAt: Schema.DateFromSelf.annotations({ jsonSchema: { type: "string", format: "date-time" } }) })
  .annotations({ identifier: "TrainingPlanAthlete" })

export const TrainingPlansQuery = Query({ ...OffsetPage, status: Optional(EnrollmentStatus), programId: Optional(UuidStr), userId: Optional(StrLength(1, 64)) })

export class AdminTrainingGroup extends HttpApiGroup.make("adminTraining")
  .add(op.get("listTrainingPlans", "/v2/admin/training-plans/list", { query: TrainingPlansQuery, ok: OffsetPageOf(ProgramEnrollment), summary: "Every enrollment, newest first (status, programId, userId; paginated)" }))
  .add(op.get("trainingPlansRevenue", "/v2/admin/training-plans/revenue", { ok: TrainingRevenue, summary: "What enrollments brought in, by program (cancelled ones count as refunded)" }))
  .add(op.get("trainingPlansStats", "/v2/admin/training-plans/stats", { ok: TrainingStats, summary: "Programs, enrollments by status, completion rate and ratings" }))
  .add(op.get("trainingPlansUsers", "/v2/admin/training-plans/users", { query: Query(OffsetPage), ok: OffsetPageOf(TrainingAthlete), summary: "Athletes with enrollments, most recently enrolled first" }))
  .middleware(Authenticated)
  .annotate(Requires, manage)
  .annotate(OpenApi.Title, "Admin: training")
  .annotate(OpenApi.Description, "The numbers of training plans")
{}
