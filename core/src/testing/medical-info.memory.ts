/** In-memory twin of the compliance MedicalInfoRepo. */
import { Effect, Layer, Option } from "effect"
import { type MedicalInfo, MedicalInfoFields } from "../compliance/medical-info.model.js"
import { MedicalInfoRepo } from "../compliance/medical-info.port.js"

export const MedicalInfoRepoMemory: Layer.Layer<MedicalInfoRepo> = Layer.sync(MedicalInfoRepo, () => {
  const records = new Map<string, MedicalInfo>()
  return MedicalInfoRepo.of({
    find: (userId) => Effect.sync(() => Option.fromNullable(records.get(userId))),
    save: (userId, info) =>
      Effect.sync(() => {
        const record = { userId, updatedAt: new Date(), ...Object.fromEntries(MedicalInfoFields.map((f) => [f, info[f] ?? null])) } as MedicalInfo
        records.set(userId, record)
        return record
      }),
    erase: (userId) =>
      Effect.sync(() => {
        const found = records.get(userId)
        records.delete(userId)
        return Option.fromNullable(found)
      })
  })
})
