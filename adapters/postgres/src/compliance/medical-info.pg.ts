/** The compliance MedicalInfoRepo on compliance.medical_info (one row per user). */
import * as SqlClient from "@effect/sql/SqlClient"
import { Compliance } from "@podium/core"
import { Effect, Layer } from "effect"
import { rowsOf } from "../rows.pg.js"

const columns = "user_id, blood_group, allergies, conditions, medications, emergency_contact_name, emergency_contact_phone, emergency_contact_relation, updated_at"

export const MedicalInfoRepoPg = Layer.effect(Compliance.MedicalInfoRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(columns)
  const infos = rowsOf(Compliance.MedicalInfo)
  return Compliance.MedicalInfoRepo.of({
    find: (userId) =>
      infos.maybe(sql`select ${cols} from compliance.medical_info where user_id = ${userId}`),
    save: (userId, info) => {
      const v = (f: Compliance.MedicalInfoField) => info[f] ?? null
      return infos.one(sql`
        insert into compliance.medical_info (user_id, blood_group, allergies, conditions, medications, emergency_contact_name, emergency_contact_phone, emergency_contact_relation)
        values (${userId}, ${v("bloodGroup")}, ${v("allergies")}, ${v("conditions")}, ${v("medications")}, ${v("emergencyContactName")}, ${v("emergencyContactPhone")}, ${v("emergencyContactRelation")})
        on conflict (user_id) do update set blood_group = excluded.blood_group, allergies = excluded.allergies, conditions = excluded.conditions,
          medications = excluded.medications, emergency_contact_name = excluded.emergency_contact_name,
          emergency_contact_phone = excluded.emergency_contact_phone, emergency_contact_relation = excluded.emergency_contact_relation, updated_at = now()
        returning ${cols}`)
    },
    erase: (userId) =>
      infos.maybe(sql`delete from compliance.medical_info where user_id = ${userId} returning ${cols}`)
  })
}))
