import { Clock, Effect, Option } from "effect"
import { AuditLog } from "../platform/audit-log.port.js"
import { filledMedicalFields, type MedicalInfoErased } from "./medical-info.model.js"
import { MedicalInfoRepo } from "./medical-info.port.js"

/**
 * `POST /v2/me/medical-info/erase`: deletes the caller's medical record at once and answers which
 * fields it erased (idempotent: a second call erases nothing and says so). Audited without values.
 */
export const eraseMedicalInfo = Effect.fn("compliance.medical_info.erase")(function*(userId: string) {
  const removed = yield* (yield* MedicalInfoRepo).erase(userId)
  const erasedAt = new Date(yield* Clock.currentTimeMillis)
  const fields = Option.match(removed, { onNone: () => [], onSome: filledMedicalFields })
  yield* (yield* AuditLog).append({
    action: "compliance.medical_info.erased",
    actor: { kind: "user", id: userId },
    subject: { kind: "user", id: userId },
    data: { erased: Option.isSome(removed), fields }
  })
  return { erased: Option.isSome(removed), fields, erasedAt } satisfies MedicalInfoErased
})
