/**
 * The athlete inbox and push device tokens on Postgres (notifications.inbox, .device_tokens).
 * Broadcast writes the inbox records and, through the given enqueue (the OutboxRepo on the same
 * ambient connection), the PUSH outbox rows in one transaction.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Notifications } from "@podium/core"
import { DateTime, Effect, Layer } from "effect"

interface InboxRow {
  readonly id: string
  readonly userId: string
  readonly title: string
  readonly body: string
  readonly category: string | null
  readonly seenAt: Date | null
  readonly createdAt: Date
}
const toInbox = (r: InboxRow): Notifications.InboxNotification => ({
  id: r.id,
  userId: r.userId,
  title: r.title,
  body: r.body,
  category: r.category,
  seenAt: r.seenAt === null ? null : DateTime.unsafeFromDate(r.seenAt),
  createdAt: DateTime.unsafeFromDate(r.createdAt)
})

interface TokenRow {
  readonly userId: string
  readonly token: string
  readonly platform: string | null
  readonly active: boolean
  readonly createdAt: Date
  readonly deactivatedAt: Date | null
}
const toToken = (r: TokenRow): Notifications.DeviceToken => ({
  userId: r.userId,
  token: r.token,
  platform: r.platform,
  active: r.active,
  createdAt: DateTime.unsafeFromDate(r.createdAt),
  deactivatedAt: r.deactivatedAt === null ? null : DateTime.unsafeFromDate(r.deactivatedAt)
})

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)

export const makeInboxRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return Notifications.InboxRepo.of({
    list: (f) =>
      Effect.gen(function*() {
        const where = sql.and([
          ...(f.userId === undefined ? [] : [sql`user_id = ${f.userId}::uuid`]),
          ...(f.seen === undefined ? [] : [f.seen ? sql`seen_at is not null` : sql`seen_at is null`])
        ])
        const rows = yield* sql<InboxRow>`
          select * from notifications.inbox where ${where}
          order by created_at desc, id limit ${f.limit} offset ${f.offset}`
        const count = yield* sql<{ readonly n: number }>`select count(*)::int as n from notifications.inbox where ${where}`
        return { items: rows.map(toInbox), total: count[0]?.n ?? 0 }
      }).pipe(Effect.orDie),
    markSeen: (id, userId) =>
      (isUuid(id) && isUuid(userId)
        ? sql<InboxRow>`
            update notifications.inbox set seen_at = coalesce(seen_at, now())
            where id = ${id}::uuid and user_id = ${userId}::uuid returning *`.pipe(Effect.orDie)
        : Effect.succeed([])).pipe(
          Effect.flatMap((rows) =>
            rows[0] === undefined ? Effect.fail(new Notifications.InboxNotificationNotFound({ id })) : Effect.succeed(toInbox(rows[0]))
          )
        ),
    broadcast: (input, enqueue) =>
      sql.withTransaction(Effect.gen(function*() {
        const inserted = yield* sql<{ readonly n: number }>`
          with ins as (
            insert into notifications.inbox (user_id, title, body, category)
            select u.id, ${input.title}, ${input.body}, ${input.category}
            from accounts.users u
            left join notifications.preferences p on p.user_id = u.id::text
            where ${input.category}::text is null
               or coalesce((p.categories ->> ${input.category ?? ""})::boolean, true)
            returning 1
          ) select count(*)::int as n from ins`
        const tokens = yield* sql<{ readonly userId: string; readonly token: string }>`
          select t.user_id, t.token from notifications.device_tokens t
          join accounts.users u on u.id = t.user_id where t.active order by t.user_id`
        if (tokens.length > 0) {
          yield* enqueue(tokens.map((t) => ({
            channel: "PUSH" as const,
            recipient: t.token,
            userId: t.userId,
            subject: input.title,
            body: input.body,
            category: input.category,
            producer: "notifications.broadcast"
          })))
        }
        return { recipients: inserted[0]?.n ?? 0, pushMessages: tokens.length }
      })).pipe(Effect.orDie)
  })
})

export const makeDeviceTokenRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return Notifications.DeviceTokenRepo.of({
    enable: (userId, token, platform) =>
      sql.withTransaction(Effect.gen(function*() {
        // Serialises concurrent enables of one user so the "one active token" index never trips.
        yield* sql`select pg_advisory_xact_lock(hashtext(${"device-token:" + userId}))`
        yield* sql`
          update notifications.device_tokens set active = false, deactivated_at = now()
          where user_id = ${userId}::uuid and active and token <> ${token}`
        const rows = yield* sql<TokenRow>`
          insert into notifications.device_tokens (user_id, token, platform)
          values (${userId}::uuid, ${token}, ${platform})
          on conflict (user_id, token) do update
          set active = true, deactivated_at = null, platform = coalesce(excluded.platform, notifications.device_tokens.platform)
          returning *`
        return toToken(rows[0]!)
      })).pipe(Effect.orDie),
    disable: (userId, token) =>
      (token === null
        ? sql<{ readonly token: string }>`
            update notifications.device_tokens set active = false, deactivated_at = now()
            where user_id = ${userId}::uuid and active returning token`
        : sql<{ readonly token: string }>`
            update notifications.device_tokens set active = false, deactivated_at = now()
            where user_id = ${userId}::uuid and token = ${token} and active returning token`).pipe(
          Effect.orDie,
          Effect.map((rows) => rows.length)
        ),
    listForUser: (userId) =>
      sql<TokenRow>`select * from notifications.device_tokens where user_id = ${userId}::uuid order by created_at desc`.pipe(
        Effect.orDie,
        Effect.map((rows) => rows.map(toToken))
      )
  })
})

/** The inbox and device-token repositories on Postgres. */
export const NotificationsInboxPg: Layer.Layer<Notifications.InboxRepo | Notifications.DeviceTokenRepo, never, SqlClient.SqlClient> =
  Layer.mergeAll(
    Layer.effect(Notifications.InboxRepo, makeInboxRepoPg),
    Layer.effect(Notifications.DeviceTokenRepo, makeDeviceTokenRepoPg)
  )
