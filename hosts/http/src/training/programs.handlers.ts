/** Handlers of the athlete's programs, the admin's templates and training-plan numbers: one use case each. */
import { CurrentPrincipal } from "@podium/contracts/common"
import { TrainingApi } from "@podium/contracts/training"
import { Training } from "@podium/core"
import { Effect } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { GroupHandlers } from "./calendar.handlers.js"

interface PageQuery {
  readonly limit?: number | undefined
  readonly offset?: number | undefined
}
const pageOf = (q: PageQuery) => ({ limit: q.limit ?? 20, offset: q.offset ?? 0 })
const paged = <A>(q: PageQuery) => (page: Training.Page<A>) => ({ items: page.items, total: page.total, ...pageOf(q) })

const libraryFilter = (q: PageQuery & Omit<Training.LibraryFilter, "limit" | "offset">) => ({
  ...pageOf(q),
  sport: q.sport,
  level: q.level,
  maxWeeks: q.maxWeeks,
  q: q.q
})

export const ProgramsHandlers: GroupHandlers<"programs"> = apiGroup(TrainingApi, "programs", (handlers) =>
  handlers
    .handle("programLibrary", ({ urlParams }) => Effect.map(Training.programLibrary(libraryFilter(urlParams)), paged(urlParams)))
    .handle("programAdminLibrary", ({ urlParams }) => Effect.map(Training.adminLibrary(libraryFilter(urlParams)), paged(urlParams)))
    .handle("myProgramEnrollments", ({ urlParams }) => Effect.flatMap(CurrentPrincipal, (me) => Training.myEnrollments(me, urlParams.status)))
    .handle("todayProgramWorkout", ({ urlParams }) => Effect.flatMap(CurrentPrincipal, (me) => Training.todayWorkout(me, urlParams.timeZone)))
    .handle("previewProgram", ({ path }) => Training.previewProgram(path.id))
    .handle("enrollInProgram", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Training.enroll(me, path.id, payload)))
    .handle("cancelProgramEnrollment", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Training.cancelEnrollment(me, path.enrollmentId)))
    .handle("programEnrollmentAdherence", ({ path, urlParams }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Training.enrollmentAdherence(me, path.enrollmentId, urlParams.timeZone)))
    .handle("programWorkoutFeedback", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Training.workoutFeedback(me, path.workoutId, payload)))
    .handle("reviewProgram", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Training.reviewProgram(me, path.templateId, payload)))
    .handle("markProgramReviewHelpful", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Training.markReviewHelpful(me, path.reviewId)))
    .handle("flagProgramReview", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Training.flagReview(me, path.reviewId, payload.reason))))

const withPlan = <I extends { readonly workouts?: ReadonlyArray<Training.PlanItem> | undefined }>(input: I) => ({
  ...input,
  workouts: input.workouts?.map(Training.planItem)
})

export const TrainingTemplatesHandlers: GroupHandlers<"trainingTemplates"> = apiGroup(TrainingApi, "trainingTemplates", (handlers) =>
  handlers
    .handle("listTrainingTemplates", ({ urlParams }) =>
      Effect.map(
        Training.listPrograms(null, {
          ...libraryFilter(urlParams),
          published: urlParams.published === undefined ? undefined : urlParams.published === "true"
        }),
        paged(urlParams)
      ))
    .handle("createTrainingTemplate", ({ payload }) => Training.createProgram(null, withPlan(payload)))
    .handle("getTrainingTemplate", ({ path }) => Training.ownedProgram(null, path.id))
    .handle("updateTrainingTemplate", ({ path, payload }) => Training.updateProgram(null, path.id, withPlan(payload)))
    .handle("deleteTrainingTemplate", ({ path }) => Training.deleteProgram(null, path.id))
    .handle("publishTrainingTemplate", ({ path, payload }) => Training.publishProgram(null, path.id, payload.published)))

export const AdminTrainingHandlers: GroupHandlers<"adminTraining"> = apiGroup(TrainingApi, "adminTraining", (handlers) =>
  handlers
    .handle("listTrainingPlans", ({ urlParams }) =>
      Effect.map(
        Training.trainingPlanEnrollments({ ...pageOf(urlParams), status: urlParams.status, programId: urlParams.programId, userId: urlParams.userId }),
        paged(urlParams)
      ))
    .handle("trainingPlansRevenue", () => Training.trainingPlanRevenue)
    .handle("trainingPlansStats", () => Training.trainingPlanStats)
    .handle("trainingPlansUsers", ({ urlParams }) => Effect.map(Training.trainingPlanUsers(pageOf(urlParams)), paged(urlParams))))
