/**
 * Impersonations on Postgres (identity.impersonations). A partial unique index keeps one open row
 * per admin: `start` closes the admin's open rows and inserts the new one in one transaction, and
 * two concurrent starts cannot both leave an open row (the loser gets ImpersonationConcurrentStart).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Identity } from "@podium/core"
import { Effect, Layer } from "effect"
import { onUnique, rowsOf } from "../rows.pg.js"

export const ImpersonationRepoPg = Layer.effect(Identity.ImpersonationRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql`id, admin_id, user_id, session_id, reason, correlation_id, started_at, expires_at, ended_at, end_reason, ended_by`
  const impersonations = rowsOf(Identity.Impersonation)
  return Identity.ImpersonationRepo.of({
    start: (r) =>
      sql.withTransaction(Effect.gen(function*() {
        const ended = yield* impersonations.all(sql`
          update identity.impersonations set ended_at = ${r.startedAt}, end_reason = 'superseded', ended_by = ${r.adminId}
          where admin_id = ${r.adminId} and ended_at is null
          returning ${cols}`)
        yield* sql`
          insert into identity.impersonations
            (id, admin_id, user_id, session_id, reason, correlation_id, started_at, expires_at)
          values (${r.id}, ${r.adminId}, ${r.userId}, ${r.sessionId}, ${r.reason}, ${r.correlationId}, ${r.startedAt}, ${r.expiresAt})`
        return ended
      })).pipe(onUnique(() => new Identity.ImpersonationConcurrentStart()), Effect.catchTag("SqlError", Effect.die)),
    findById: (id) => impersonations.maybe(sql`select ${cols} from identity.impersonations where id = ${id}`),
    findOpenByAdmin: (adminId, at) =>
      impersonations.maybe(sql`
        select ${cols} from identity.impersonations
        where admin_id = ${adminId} and ended_at is null and expires_at > ${at}`),
    end: (id, at, reason, endedBy) =>
      impersonations.maybe(sql`
        update identity.impersonations set ended_at = ${at}, end_reason = ${reason}, ended_by = ${endedBy}
        where id = ${id} and ended_at is null
        returning ${cols}`)
  })
}))
