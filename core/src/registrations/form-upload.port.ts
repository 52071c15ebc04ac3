/** Repository of registration form uploads (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import type { FormUpload } from "@podium/kernel"
import { Context, type Effect } from "effect"
import type { FormUploadLimitReached } from "./form-upload.use-case.js"

export class FormUploadRepo extends Context.Tag("@podium/core/registrations/FormUploadRepo")<FormUploadRepo, {
  /** Records an upload unless the athlete already holds `max` for the event (counted and inserted under one per-athlete lock). */
  readonly create: (input: Omit<FormUpload, "createdAt">, max: number) => Effect.Effect<FormUpload, FormUploadLimitReached>
}>() {}
