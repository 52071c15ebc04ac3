/**
 * Sessions and refresh tokens on Postgres. Rotation is one transaction whose conditional update
 * (`used_at is null`) lets exactly one of two concurrent rotations of a token win.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Identity } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { ids, rowsOf } from "../rows.pg.js"

/** The session and family a rotated refresh token belonged to. */
const RotatedRow = Schema.Struct({ sessionId: Schema.String, familyId: Schema.String })

export const SessionRepoPg = Layer.effect(Identity.SessionRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql`id, account_kind, account_id, role, family_id, created_at, last_used_at, revoked_at, revoke_reason, user_agent, ip`
  const sessions = rowsOf(Identity.Session)
  const refreshTokens = rowsOf(Identity.RefreshTokenRecord)
  const rotated = rowsOf(RotatedRow)
  const idsOf = (rows: ReadonlyArray<{ readonly id: string }>) => rows.map((r) => r.id)
  return Identity.SessionRepo.of({
    create: (s, token) =>
      Effect.gen(function*() {
        yield* sql`
          insert into identity.sessions (id, account_kind, account_id, role, family_id, created_at, last_used_at, user_agent, ip)
          values (${s.id}, ${s.accountKind}, ${s.accountId}, ${s.role}, ${s.familyId}, ${s.createdAt}, ${s.lastUsedAt}, ${s.userAgent}, ${s.ip})`
        yield* sql`
          insert into identity.refresh_tokens (id, session_id, family_id, token_hash, expires_at, created_at)
          values (${token.id}, ${s.id}, ${s.familyId}, ${token.tokenHash}, ${token.expiresAt}, ${s.createdAt})`
      }).pipe(sql.withTransaction, Effect.orDie),
    findById: (id) => sessions.maybe(sql`select ${cols} from identity.sessions where id = ${id}`),
    listByAccount: (account) =>
      sessions.all(sql`
        select ${cols} from identity.sessions where account_kind = ${account.kind} and account_id = ${account.id}
        order by created_at desc, id`),
    revoke: (id, reason, at) =>
      ids.all(sql`
        update identity.sessions set revoked_at = ${at}, revoke_reason = ${reason}
        where id = ${id} and revoked_at is null returning id`).pipe(Effect.map((rows) => rows.length > 0)),
    revokeAccount: (account, reason, at, exceptId) =>
      ids.all(sql`
        update identity.sessions set revoked_at = ${at}, revoke_reason = ${reason}
        where account_kind = ${account.kind} and account_id = ${account.id} and revoked_at is null
          and id <> ${exceptId ?? "00000000-0000-0000-0000-000000000000"}
        returning id`).pipe(Effect.map(idsOf)),
    revokeFamily: (familyId, reason, at) =>
      ids.all(sql`
        update identity.sessions set revoked_at = ${at}, revoke_reason = ${reason}
        where family_id = ${familyId} and revoked_at is null returning id`).pipe(Effect.map(idsOf)),
    findRefreshToken: (tokenHash) =>
      refreshTokens.maybe(sql`
        select id, session_id, family_id, token_hash, used_at, successor_id, expires_at, created_at
        from identity.refresh_tokens where token_hash = ${tokenHash}`),
    rotate: (usedId, successor, at) =>
      Effect.gen(function*() {
        const used = yield* rotated.maybe(sql`
          update identity.refresh_tokens set used_at = ${at}, successor_id = ${successor.id}
          where id = ${usedId} and used_at is null returning session_id, family_id`)
        if (Option.isNone(used)) return false
        const row = used.value
        yield* sql`
          insert into identity.refresh_tokens (id, session_id, family_id, token_hash, expires_at, created_at)
          values (${successor.id}, ${row.sessionId}, ${row.familyId}, ${successor.tokenHash}, ${successor.expiresAt}, ${at})`
        yield* sql`update identity.sessions set last_used_at = ${at} where id = ${row.sessionId}`
        return true
      }).pipe(sql.withTransaction, Effect.orDie)
  })
}))
