/** The training context's HTTP handlers: the layers the host's area list provides. */
// biome-ignore lint/correctness/noUnusedImports: the declaration emitter names the list's port types through these namespaces
import type { Accounts, Activities, Challenges, Events, Platform, Registrations, Training } from "@podium/core"
import { CalendarHandlers } from "./calendar.handlers.js"
import { CoachHandlers } from "./coach.handlers.js"
import { AdminNutritionHandlers, NutritionHandlers } from "./nutrition.handlers.js"
import { AdminRoutesHandlers } from "./routes.handlers.js"
import { OcrHandlers } from "./ocr.handlers.js"
import { OrganizerTrainingProgramsHandlers } from "./organizer-programs.handlers.js"
import { AdminTrainingHandlers, ProgramsHandlers, TrainingTemplatesHandlers } from "./programs.handlers.js"

export const handlers = [CalendarHandlers, ProgramsHandlers, TrainingTemplatesHandlers, AdminTrainingHandlers, OrganizerTrainingProgramsHandlers, NutritionHandlers, AdminNutritionHandlers, AdminRoutesHandlers, OcrHandlers, CoachHandlers] as const
