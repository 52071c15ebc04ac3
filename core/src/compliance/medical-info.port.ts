import { Context, type Effect, type Option } from "effect"
import type { MedicalInfo, MedicalInfoField } from "./medical-info.model.js"

/** The medical-information records, one per user. */
export class MedicalInfoRepo extends Context.Tag("@podium/core/compliance/MedicalInfoRepo")<MedicalInfoRepo, {
  readonly find: (userId: string) => Effect.Effect<Option.Option<MedicalInfo>>
  /** Creates or replaces the user's record (for the contexts that collect it). */
  readonly save: (userId: string, info: { readonly [K in MedicalInfoField]?: string | null }) => Effect.Effect<MedicalInfo>
  /** Deletes the user's record and answers it as it was (none when there was nothing). */
  readonly erase: (userId: string) => Effect.Effect<Option.Option<MedicalInfo>>
}>() {}
