/** Handlers of the athlete's calendar: one use case each, the domain record answered as is. */
import type { HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { TrainingApi } from "@podium/contracts/training"
import { type Accounts, type Challenges, type Events, type Platform, type Registrations, Training } from "@podium/core"
import type { ActivitiesInfrastructure, TrainingInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"

/**
 * What the training handlers use: the context's repositories, the activities the calendar shows,
 * the accounts and events organizers assign programs to, the challenges and bookings the coach
 * reads, the coach's providers and rate limiter, and the guards.
 */
export type TrainingHandlerServices =
  | TrainingInfrastructure
  | Training.Ocr
  | Training.LanguageModel
  | Training.Speech
  | Challenges.ChallengeRepo
  | Challenges.ParticipationRepo
  | Registrations.ParticipationRepo
  | Platform.RateLimiter
  | ActivitiesInfrastructure
  | Accounts.UserRepo
  | Events.EventRepo
  | Authenticated
  | OrganizerManagers
  | OrganizerReaders

/** One group's handler layer. */
export type GroupHandlers<Name extends string> = Layer.Layer<HttpApiGroup.ApiGroup<"podium", Name>, never, TrainingHandlerServices>

export const CalendarHandlers: GroupHandlers<"calendar"> = apiGroup(TrainingApi, "calendar", (handlers) =>
  handlers
    .handle("calendarDaily", ({ urlParams }) => Effect.flatMap(CurrentPrincipal, (me) => Training.calendarDay(me, urlParams.date, urlParams.timeZone)))
    .handle("calendarMonth", ({ urlParams }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Training.calendarMonth(me, urlParams.year, urlParams.month, urlParams.timeZone)))
    .handle("calendarRange", ({ urlParams }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Training.calendarRange(me, urlParams.from, urlParams.to, urlParams.timeZone)))
    .handle("calendarToday", ({ urlParams }) => Effect.flatMap(CurrentPrincipal, (me) => Training.calendarToday(me, urlParams.timeZone)))
    .handle("listCalendarWorkouts", ({ urlParams }) => Effect.flatMap(CurrentPrincipal, (me) => Training.listWorkouts(me, urlParams)))
    .handle("createCalendarWorkout", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Training.createWorkout(me, payload)))
    .handle("calendarWorkoutsMonth", ({ urlParams }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Training.monthWorkouts(me, urlParams.year, urlParams.month)))
    .handle("calendarWorkoutStatistics", ({ urlParams }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Training.workoutStatistics(me, urlParams.from, urlParams.to)))
    .handle("getCalendarWorkout", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Training.ownWorkout(me, path.workoutId)))
    .handle("updateCalendarWorkout", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Training.updateWorkout(me, path.workoutId, payload)))
    .handle("deleteCalendarWorkout", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Training.deleteWorkout(me, path.workoutId)))
    .handle("toggleCalendarWorkout", ({ path, payload }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Training.toggleWorkout(me, path.workoutId, payload.completed))))
