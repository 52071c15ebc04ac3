/**
 * Registration form uploads on Postgres (migration 0096). The per-athlete cap is counted and the
 * row inserted under a transaction-scoped advisory lock of (event, athlete), so two uploads at
 * once cannot both pass the last free place.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Registrations } from "@podium/core"
import { FormUpload } from "@podium/kernel"
import { Effect, Layer } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

const isSqlError = (e: unknown): e is SqlError => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "SqlError"
const cols = "id, event_id, user_id, key, content_type, file_name, size, created_at"

export const FormUploadRepoPg = Layer.effect(Registrations.FormUploadRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const uploads = rowsOf(FormUpload)
  return Registrations.FormUploadRepo.of({
    create: (input, max) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`select pg_advisory_xact_lock(hashtext(${`form-uploads:${input.eventId}:${input.userId}`}))`
        const held = yield* counts.one(sql`select count(*)::int as n from registrations.form_uploads where event_id = ${input.eventId} and user_id = ${input.userId}`)
        if (held.n >= max) return yield* new Registrations.FormUploadLimitReached({ max })
        return yield* uploads.one(sql`
          insert into registrations.form_uploads (id, event_id, user_id, key, content_type, file_name, size)
          values (${input.id}, ${input.eventId}, ${input.userId}, ${input.key}, ${input.contentType}, ${input.fileName}, ${input.size})
          returning ${sql.literal(cols)}`)
      })).pipe(Effect.catchAll((e) => (isSqlError(e) ? Effect.die(e) : Effect.fail(e))))
  })
}))
