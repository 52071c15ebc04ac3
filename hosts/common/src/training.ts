/** The training context as the hosts see it: its repositories on Postgres or on memory twins. */
import type { Training } from "@podium/core"
import { TrainingMemory } from "@podium/core/testing"
import { CalendarRepoPg, CoachRepoPg, EnrollmentRepoPg, NutritionRepoPg, ProgramRepoPg, ReviewRepoPg, RouteRepoPg } from "@podium/postgres"
import { Layer } from "effect"
import { hostContext } from "./host-context.js"

/** What the training block adds to a host. */
export type TrainingInfrastructure = Training.CalendarRepo | Training.ProgramRepo | Training.EnrollmentRepo | Training.ReviewRepo | Training.NutritionRepo | Training.RouteRepo | Training.CoachRepo

export const trainingContext = hostContext<TrainingInfrastructure>({
  name: "training",
  live: () => Layer.mergeAll(CalendarRepoPg, ProgramRepoPg, EnrollmentRepoPg, ReviewRepoPg, NutritionRepoPg, RouteRepoPg, CoachRepoPg),
  memory: () => TrainingMemory
})
