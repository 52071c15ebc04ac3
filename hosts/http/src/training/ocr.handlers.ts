/** Handlers of Athlete / OCR: the checkpoint photo read through the configured reader. */
import { TrainingApi } from "@podium/contracts/training"
import { Training } from "@podium/core"
import { Effect } from "effect"
import { readUpload } from "../organizers/organizer.view.js"
import { apiGroup } from "../serving/served-groups.js"
import type { GroupHandlers } from "./calendar.handlers.js"

export const OcrHandlers: GroupHandlers<"ocr"> = apiGroup(TrainingApi, "ocr", (handlers) =>
  handlers.handle("ocrCheckpoint", ({ payload }) => Effect.flatMap(readUpload(payload.image), Training.readCheckpointPhoto)))
