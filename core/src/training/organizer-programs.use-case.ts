/**
 * Organizers' training programs (C "Events / Training programs"): their own programs and plans,
 * workouts copied from the platform library, and assignment to athletes one at a time or in bulk
 * (at most 1000 per call, each athlete with its own outcome), optionally for one of their events.
 * Re-planning a workout reaches assigned athletes' PLANNED workouts only: completed history stays.
 */
import type { ProgramEnrollment } from "@podium/kernel"
import { Effect, Option } from "effect"
import { UserRepo } from "../accounts/account.port.js"
import { EventRepo } from "../events/event.port.js"
import { EventNotFound } from "../events/event.model.js"
import { DefaultTimeZone } from "./calendar.use-case.js"
import { EnrollmentRepo, type ProgramWorkoutInput, ProgramRepo } from "./programs.port.js"
import { assignProgram, findProgram, ownedProgram, type PlanItem, planItem } from "./programs.use-case.js"
import { AthleteNotFound, EnrollmentNotFound, isUuid, localDateOf, ProgramNotFound, TrainingInputInvalid } from "./training.model.js"

/** The spec's cap on one bulk assignment. */
export const MaxBulkAssignment = 1000

export interface AssignInput {
  readonly startDate?: string | undefined
  readonly eventId?: string | undefined
}

/** An event named by an assignment must be the organizer's own (404 otherwise, as for any other tenant's record). */
const checkEvent = Effect.fn("organizerPrograms.checkEvent")(function*(organizerId: string, eventId: string | undefined) {
  if (eventId === undefined) return
  const event = isUuid(eventId) ? yield* Effect.flatMap(EventRepo, (r) => r.findById(eventId)) : Option.none()
  if (Option.isNone(event) || event.value.organizerId !== organizerId) return yield* new EventNotFound({ ref: eventId })
})

// Athlete ids are UUIDs; anything else names nobody.
const athleteExists = (userId: string) => (isUuid(userId) ? Effect.map(Effect.flatMap(UserRepo, (r) => r.findById(userId)), Option.isSome) : Effect.succeed(false))

const assignmentOf = (organizerId: string, actorId: string, input: AssignInput) => ({
  organizerId,
  eventId: input.eventId ?? null,
  assignedBy: actorId
})

export const assignOne = Effect.fn("organizerPrograms.assign")(function*(organizerId: string, actorId: string, programId: string, userId: string, input: AssignInput) {
  const program = yield* ownedProgram(organizerId, programId)
  yield* checkEvent(organizerId, input.eventId)
  if (!(yield* athleteExists(userId))) return yield* new AthleteNotFound({ id: userId })
  return yield* assignProgram(userId, program, input.startDate ?? localDateOf(new Date(), DefaultTimeZone), assignmentOf(organizerId, actorId, input))
})

export type AssignmentOutcome = "assigned" | "already_enrolled" | "athlete_not_found"

export const assignBulk = Effect.fn("organizerPrograms.assignBulk")(function*(
  organizerId: string,
  actorId: string,
  programId: string,
  userIds: ReadonlyArray<string>,
  input: AssignInput
) {
  if (userIds.length > MaxBulkAssignment) return yield* new TrainingInputInvalid({ messages: [`userIds must contain at most ${MaxBulkAssignment} athletes`] })
  const program = yield* ownedProgram(organizerId, programId)
  yield* checkEvent(organizerId, input.eventId)
  const start = input.startDate ?? localDateOf(new Date(), DefaultTimeZone)
  const assignment = assignmentOf(organizerId, actorId, input)
  // Each athlete is its own enrollment (its own transaction): one refusal never undoes the others.
  const results = yield* Effect.forEach([...new Set(userIds)], (userId) =>
    Effect.gen(function*() {
      if (!(yield* athleteExists(userId))) return { userId, outcome: "athlete_not_found" as AssignmentOutcome, enrollmentId: null }
      return yield* assignProgram(userId, program, start, assignment).pipe(
        Effect.map((e): { userId: string; outcome: AssignmentOutcome; enrollmentId: string | null } => ({ userId, outcome: "assigned", enrollmentId: e.id })),
        Effect.catchTag("AlreadyEnrolled", () => Effect.succeed({ userId, outcome: "already_enrolled" as AssignmentOutcome, enrollmentId: null }))
      )
    }), { concurrency: 4 })
  return {
    programId,
    requested: userIds.length,
    assigned: results.filter((r) => r.outcome === "assigned").length,
    skipped: results.filter((r) => r.outcome !== "assigned").length,
    results
  }
})

/** Unassigning cancels the enrollment: its planned workouts leave the athlete's calendar, completed ones stay. */
export const unassign = Effect.fn("organizerPrograms.unassign")(function*(organizerId: string, assignmentId: string) {
  const found = isUuid(assignmentId) ? yield* Effect.flatMap(EnrollmentRepo, (r) => r.findById(assignmentId)) : Option.none<ProgramEnrollment>()
  if (Option.isNone(found) || found.value.organizerId !== organizerId) return yield* new EnrollmentNotFound({ id: assignmentId })
  return yield* Effect.flatMap(EnrollmentRepo, (r) => r.move(assignmentId, "cancel", new Date()))
})

export const eventAssignments = Effect.fn("organizerPrograms.eventAssignments")(function*(organizerId: string, eventId: string, page: { readonly limit: number; readonly offset: number }) {
  yield* checkEvent(organizerId, eventId)
  return yield* Effect.flatMap(EnrollmentRepo, (r) => r.list({ organizerId, eventId, ...page }))
})

const today = () => localDateOf(new Date(), DefaultTimeZone)

const checkWeek = (weeks: number, week: number | undefined) =>
  week !== undefined && week > weeks
    ? Effect.fail(new TrainingInputInvalid({ messages: [`week must be at most the program's ${weeks} weeks`] }))
    : Effect.void

export const addProgramWorkout = Effect.fn("organizerPrograms.addWorkout")(function*(organizerId: string, programId: string, item: PlanItem) {
  const program = yield* ownedProgram(organizerId, programId)
  yield* checkWeek(program.weeks, item.week)
  return yield* Effect.flatMap(ProgramRepo, (r) => r.addWorkout(programId, planItem(item), today()))
})

export const updateProgramWorkout = Effect.fn("organizerPrograms.updateWorkout")(function*(organizerId: string, programId: string, workoutId: string, patch: Partial<ProgramWorkoutInput>) {
  const program = yield* ownedProgram(organizerId, programId)
  yield* checkWeek(program.weeks, patch.week)
  return yield* Effect.flatMap(ProgramRepo, (r) => r.updateWorkout(programId, workoutId, patch))
})

export const removeProgramWorkout = Effect.fn("organizerPrograms.removeWorkout")(function*(organizerId: string, programId: string, workoutId: string) {
  yield* ownedProgram(organizerId, programId)
  yield* Effect.flatMap(ProgramRepo, (r) => r.removeWorkout(programId, workoutId))
  return { id: workoutId, deleted: true as const }
})

/**
 * Copies workouts of a published platform program into the organizer's (all of them, or those
 * named), shifted by `weekOffset` weeks; each copy reaches assigned athletes like an added workout.
 */
export const copyFromLibrary = Effect.fn("organizerPrograms.fromLibrary")(function*(
  organizerId: string,
  programId: string,
  input: { readonly libraryProgramId: string; readonly workoutIds?: ReadonlyArray<string> | undefined; readonly weekOffset?: number | undefined }
) {
  const program = yield* ownedProgram(organizerId, programId)
  const library = yield* findProgram(input.libraryProgramId)
  if (library.organizerId !== null || !library.published) return yield* new ProgramNotFound({ id: input.libraryProgramId })
  const chosen = input.workoutIds === undefined ? library.workouts : library.workouts.filter((w) => input.workoutIds!.includes(w.id))
  if (input.workoutIds !== undefined && chosen.length !== new Set(input.workoutIds).size) {
    return yield* new TrainingInputInvalid({ messages: ["workoutIds must name workouts of the library program"] })
  }
  const shift = input.weekOffset ?? 0
  yield* checkWeek(program.weeks, Math.max(0, ...chosen.map((w) => w.week + shift)))
  yield* Effect.forEach(chosen, (w) => {
    const { id: _, programId: __, createdAt: ___, updatedAt: ____, ...item } = w
    return Effect.flatMap(ProgramRepo, (r) => r.addWorkout(programId, { ...item, week: w.week + shift }, today()))
  }, { discard: true })
  return yield* findProgram(programId)
})
