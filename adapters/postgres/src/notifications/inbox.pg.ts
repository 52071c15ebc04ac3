/**
 * The athlete inbox and push device tokens on Postgres (notifications.inbox, .device_tokens).
 * Broadcast writes the inbox records and, through the given enqueue (the OutboxRepo on the same
 * ambient connection), the PUSH outbox rows in one transaction.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Notifications } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

const inbox = rowsOf(Notifications.InboxNotification)
const tokens = rowsOf(Notifications.DeviceToken)
const PushTarget = Schema.Struct({ userId: Schema.String, token: Schema.String })
const pushTargets = rowsOf(PushTarget)
const TokenOnly = Schema.Struct({ token: Schema.String })
const tokenOnly = rowsOf(TokenOnly)

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
        const items = yield* inbox.all(sql`
          select * from notifications.inbox where ${where}
          order by created_at desc, id limit ${f.limit} offset ${f.offset}`)
        const count = yield* counts.one(sql`select count(*)::int as n from notifications.inbox where ${where}`)
        return { items, total: count.n }
      }),
    markSeen: (id, userId) =>
      inbox.maybe(
        isUuid(id) && isUuid(userId)
          ? sql`
            update notifications.inbox set seen_at = coalesce(seen_at, now())
            where id = ${id}::uuid and user_id = ${userId}::uuid returning *`
          : Effect.succeed([])
      ).pipe(
        Effect.flatMap(Option.match({
          onNone: () => Effect.fail(new Notifications.InboxNotificationNotFound({ id })),
          onSome: Effect.succeed
        }))
      ),
    broadcast: (input, enqueue) =>
      sql.withTransaction(Effect.gen(function*() {
        const inserted = yield* counts.one(sql`
          with ins as (
            insert into notifications.inbox (user_id, title, body, category)
            select u.id, ${input.title}, ${input.body}, ${input.category}
            from accounts.users u
            left join notifications.preferences p on p.user_id = u.id::text
            where ${input.category}::text is null
               or coalesce((p.categories ->> ${input.category ?? ""})::boolean, true)
            returning 1
          ) select count(*)::int as n from ins`)
        const targets = yield* pushTargets.all(sql`
          select t.user_id, t.token from notifications.device_tokens t
          join accounts.users u on u.id = t.user_id where t.active order by t.user_id`)
        if (targets.length > 0) {
          yield* enqueue(targets.map((t) => ({
            channel: "PUSH" as const,
            recipient: t.token,
            userId: t.userId,
            subject: input.title,
            body: input.body,
            category: input.category,
            producer: "notifications.broadcast"
          })))
        }
        return { recipients: inserted.n, pushMessages: targets.length }
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
        return yield* tokens.one(sql`
          insert into notifications.device_tokens (user_id, token, platform)
          values (${userId}::uuid, ${token}, ${platform})
          on conflict (user_id, token) do update
          set active = true, deactivated_at = null, platform = coalesce(excluded.platform, notifications.device_tokens.platform)
          returning *`)
      })).pipe(Effect.orDie),
    disable: (userId, token) =>
      tokenOnly.all(
        token === null
          ? sql`
            update notifications.device_tokens set active = false, deactivated_at = now()
            where user_id = ${userId}::uuid and active returning token`
          : sql`
            update notifications.device_tokens set active = false, deactivated_at = now()
            where user_id = ${userId}::uuid and token = ${token} and active returning token`
      ).pipe(Effect.map((rows) => rows.length)),
    listForUser: (userId) =>
      tokens.all(sql`select * from notifications.device_tokens where user_id = ${userId}::uuid order by created_at desc`)
  })
})

/** The inbox and device-token repositories on Postgres. */
export const NotificationsInboxPg: Layer.Layer<Notifications.InboxRepo | Notifications.DeviceTokenRepo, never, SqlClient.SqlClient> =
  Layer.mergeAll(
    Layer.effect(Notifications.InboxRepo, makeInboxRepoPg),
    Layer.effect(Notifications.DeviceTokenRepo, makeDeviceTokenRepoPg)
  )
