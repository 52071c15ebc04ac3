/**
 * Impersonations on Postgres (identity.impersonations). A partial unique index keeps one open row
 * per admin: `start` closes the admin's open rows and inserts the new one in one transaction, and
 * two concurrent starts cannot both leave an open row (the loser gets ImpersonationConcurrentStart).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Identity } from "@podium/core"
import { Effect, Layer, Option } from "effect"

export const ImpersonationRepoPg = Layer.effect(Identity.ImpersonationRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql`id, admin_id, user_id, session_id, reason, correlation_id, started_at, expires_at, ended_at, end_reason, ended_by`
  const first = (rows: ReadonlyArray<Identity.Impersonation>) => Option.fromNullable(rows[0])
  return Identity.ImpersonationRepo.of({
    start: (r) =>
      sql.withTransaction(Effect.gen(function*() {
        const ended = yield* sql<Identity.Impersonation>`
          update identity.impersonations set ended_at = ${r.startedAt}, end_reason = 'superseded', ended_by = ${r.adminId}
          where admin_id = ${r.adminId} and ended_at is null
          returning ${cols}`
        yield* sql`
          insert into identity.impersonations
            (id, admin_id, user_id, session_id, reason, correlation_id, started_at, expires_at)
          values (${r.id}, ${r.adminId}, ${r.userId}, ${r.sessionId}, ${r.reason}, ${r.correlationId}, ${r.startedAt}, ${r.expiresAt})`
        return ended
      })).pipe(Effect.catchAll((error: SqlError) => {
        const cause = error.cause as { code?: string } | undefined
        return cause?.code === "23505" ? Effect.fail(new Identity.ImpersonationConcurrentStart()) : Effect.die(error)
      })),
    findById: (id) => sql<Identity.Impersonation>`select ${cols} from identity.impersonations where id = ${id}`.pipe(Effect.orDie, Effect.map(first)),
    findOpenByAdmin: (adminId, at) =>
      sql<Identity.Impersonation>`
        select ${cols} from identity.impersonations
        where admin_id = ${adminId} and ended_at is null and expires_at > ${at}`.pipe(Effect.orDie, Effect.map(first)),
    end: (id, at, reason, endedBy) =>
      sql<Identity.Impersonation>`
        update identity.impersonations set ended_at = ${at}, end_reason = ${reason}, ended_by = ${endedBy}
        where id = ${id} and ended_at is null
        returning ${cols}`.pipe(Effect.orDie, Effect.map(first))
  })
}))
