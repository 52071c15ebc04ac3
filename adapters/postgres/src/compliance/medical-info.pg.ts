/** The compliance MedicalInfoRepo on compliance.medical_info (one row per user). */
import * as SqlClient from "@effect/sql/SqlClient"
import { Compliance } from "@podium/core"
import { Effect, Layer, Option } from "effect"

interface Row {
  readonly userId: string
  readonly bloodGroup: string | null
  readonly allergies: string | null
  readonly conditions: string | null
  readonly medications: string | null
  readonly emergencyContactName: string | null
  readonly emergencyContactPhone: string | null
  readonly emergencyContactRelation: string | null
  readonly updatedAt: Date
}

const columns = "user_id, blood_group, allergies, conditions, medications, emergency_contact_name, emergency_contact_phone, emergency_contact_relation, updated_at"

export const MedicalInfoRepoPg = Layer.effect(Compliance.MedicalInfoRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(columns)
  return Compliance.MedicalInfoRepo.of({
    find: (userId) =>
      sql<Row>`select ${cols} from compliance.medical_info where user_id = ${userId}`.pipe(Effect.orDie, Effect.map((rows) => Option.fromNullable(rows[0]))),
    save: (userId, info) => {
      const v = (f: Compliance.MedicalInfoField) => info[f] ?? null
      return sql<Row>`
        insert into compliance.medical_info (user_id, blood_group, allergies, conditions, medications, emergency_contact_name, emergency_contact_phone, emergency_contact_relation)
        values (${userId}, ${v("bloodGroup")}, ${v("allergies")}, ${v("conditions")}, ${v("medications")}, ${v("emergencyContactName")}, ${v("emergencyContactPhone")}, ${v("emergencyContactRelation")})
        on conflict (user_id) do update set blood_group = excluded.blood_group, allergies = excluded.allergies, conditions = excluded.conditions,
          medications = excluded.medications, emergency_contact_name = excluded.emergency_contact_name,
          emergency_contact_phone = excluded.emergency_contact_phone, emergency_contact_relation = excluded.emergency_contact_relation, updated_at = now()
        returning ${cols}`.pipe(Effect.orDie, Effect.map((rows) => rows[0]!))
    },
    erase: (userId) =>
      sql<Row>`delete from compliance.medical_info where user_id = ${userId} returning ${cols}`.pipe(Effect.orDie, Effect.map((rows) => Option.fromNullable(rows[0])))
  })
}))
