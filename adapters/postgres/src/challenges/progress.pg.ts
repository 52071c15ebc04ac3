/** Admins' verdicts on activities counted toward challenges (challenges.activity_validations; migration 0075). */
import * as SqlClient from "@effect/sql/SqlClient"
import { Challenges } from "@podium/core"
import { ActivityValidation } from "@podium/kernel"
import { Effect, Layer } from "effect"
import { rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const ActivityValidationRepoPg = Layer.effect(Challenges.ActivityValidationRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const validations = rowsOf(ActivityValidation)
  return Challenges.ActivityValidationRepo.of({
    set: (v) =>
      validations.one(sql`
        insert into challenges.activity_validations (activity_id, status, note, validated_by, validated_at)
        values (${v.activityId}, ${v.status}, ${v.note}, ${v.validatedBy}, now())
        on conflict (activity_id) do update set status = excluded.status, note = excluded.note,
          validated_by = excluded.validated_by, validated_at = excluded.validated_at
        returning *`),
    ofActivities: (activityIds) => {
      const valid = activityIds.filter((id) => Uuid.test(id))
      return valid.length === 0
        ? Effect.succeed([])
        : validations.all(sql`
          select * from challenges.activity_validations
          where activity_id in (select jsonb_array_elements_text(${JSON.stringify(valid)}::jsonb)::uuid)`)
    }
  })
}))
