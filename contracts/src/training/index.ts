/** Area API "training": the athlete's calendar, programs, organizer training programs, nutrition, routes, the AI coach. */
import { AreaApi } from "../common/index.js"
import { CalendarGroup } from "./calendar.group.js"
import { CoachGroup } from "./coach.group.js"
import { AdminNutritionGroup, NutritionGroup } from "./nutrition.group.js"
import { AdminRoutesGroup } from "./routes.group.js"
import { OcrGroup } from "./ocr.group.js"
import { OrganizerTrainingProgramsGroup } from "./organizer-programs.group.js"
import { AdminTrainingGroup, ProgramsGroup, TrainingTemplatesGroup } from "./programs.group.js"

export * from "./calendar.group.js"
export * from "./programs.group.js"
export * from "./organizer-programs.group.js"
export * from "./nutrition.group.js"
export * from "./routes.group.js"
export * from "./ocr.group.js"
export * from "./coach.group.js"

export class TrainingApi extends AreaApi
  .add(CalendarGroup)
  .add(ProgramsGroup)
  .add(TrainingTemplatesGroup)
  .add(AdminTrainingGroup)
  .add(OrganizerTrainingProgramsGroup)
  .add(NutritionGroup)
  .add(AdminNutritionGroup)
  .add(AdminRoutesGroup)
  .add(OcrGroup)
  .add(CoachGroup) {}
