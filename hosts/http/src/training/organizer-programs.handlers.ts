/** Handlers of organizers' training programs: the organizer comes from the tenancy guard, one use case each. */
import { OrganizerAccess } from "@podium/contracts/common"
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
const filterOf = (q: PageQuery & Omit<Training.LibraryFilter, "limit" | "offset">) => ({ ...pageOf(q), sport: q.sport, level: q.level, maxWeeks: q.maxWeeks, q: q.q })

/** Who acted for the organizer: the team member, or the platform admin. */
const actorOf = (access: OrganizerAccess["Type"]) => access.memberId ?? access.principal.accountId

export const OrganizerTrainingProgramsHandlers: GroupHandlers<"organizerTrainingPrograms"> = apiGroup(TrainingApi, "organizerTrainingPrograms", (handlers) =>
  handlers
    .handle("organizerTrainingLibrary", ({ urlParams }) => Effect.map(Training.adminLibrary(filterOf(urlParams)), paged(urlParams)))
    .handle("organizerEventTrainingAssignments", ({ path, urlParams }) =>
      Effect.flatMap(OrganizerAccess, (access) => Effect.map(Training.eventAssignments(access.organizerId, path.eventId, pageOf(urlParams)), paged(urlParams))))
    .handle("unassignTrainingProgram", ({ path }) => Effect.flatMap(OrganizerAccess, (access) => Training.unassign(access.organizerId, path.assignmentId)))
    .handle("listOrganizerTrainingPrograms", ({ urlParams }) =>
      Effect.flatMap(OrganizerAccess, (access) => Effect.map(Training.listPrograms(access.organizerId, filterOf(urlParams)), paged(urlParams))))
    .handle("createOrganizerTrainingProgram", ({ payload }) =>
      Effect.flatMap(OrganizerAccess, (access) => Training.createProgram(access.organizerId, { ...payload, workouts: payload.workouts?.map(Training.planItem) })))
    .handle("getOrganizerTrainingProgram", ({ path }) => Effect.flatMap(OrganizerAccess, (access) => Training.ownedProgram(access.organizerId, path.templateId)))
    .handle("updateOrganizerTrainingProgram", ({ path, payload }) =>
      Effect.flatMap(OrganizerAccess, (access) => Training.updateProgram(access.organizerId, path.templateId, payload)))
    .handle("assignTrainingProgram", ({ path, payload }) =>
      Effect.flatMap(OrganizerAccess, (access) => Training.assignOne(access.organizerId, actorOf(access), path.templateId, payload.userId, payload)))
    .handle("bulkAssignTrainingProgram", ({ path, payload }) =>
      Effect.flatMap(OrganizerAccess, (access) => Training.assignBulk(access.organizerId, actorOf(access), path.templateId, payload.userIds, payload)))
    .handle("addOrganizerProgramWorkout", ({ path, payload }) =>
      Effect.flatMap(OrganizerAccess, (access) => Training.addProgramWorkout(access.organizerId, path.templateId, payload)))
    .handle("copyLibraryWorkouts", ({ path, payload }) =>
      Effect.flatMap(OrganizerAccess, (access) => Training.copyFromLibrary(access.organizerId, path.templateId, payload)))
    .handle("updateOrganizerProgramWorkout", ({ path, payload }) =>
      Effect.flatMap(OrganizerAccess, (access) => Training.updateProgramWorkout(access.organizerId, path.templateId, path.workoutId, payload)))
    .handle("deleteOrganizerProgramWorkout", ({ path }) =>
      Effect.flatMap(OrganizerAccess, (access) => Training.removeProgramWorkout(access.organizerId, path.templateId, path.workoutId))))
