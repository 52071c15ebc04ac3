/**
 * Organizer sending on Postgres: audience resolution (accounts.users joined with preferences and
 * device tokens), batches (notifications.organizer_batches) and quota usage in fixed UTC windows
 * (the current hour and day). A batch, its wallet debit and its outbox rows commit together under
 * the organizer's wallet lock, so concurrent sends can neither overdraw nor exceed the quota.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Notifications } from "@podium/core"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)

const batches = rowsOf(Notifications.NotificationBatch)
const audience = rowsOf(Notifications.AudienceMember)
const UsageRow = Schema.Struct({
  hourUsed: Schema.Number,
  dayUsed: Schema.Number,
  hourReset: Schema.DateTimeUtcFromDate,
  dayReset: Schema.DateTimeUtcFromDate
})
const usages = rowsOf(UsageRow)

const channelKey: Readonly<Record<Notifications.Channel, string>> = { EMAIL: "EMAIL", SMS: "SMS", PUSH: "PUSH", CHAT: "CHAT" }

export const makeOrganizerNotificationRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const columns = sql`id, organizer_id, channel, template_id, template_key, unit_price::float8 as unit_price, recipients,
    cost::float8 as cost, status, scheduled_at, created_at, cancelled_at`
  const usage = (organizerId: string, limits: Notifications.QuotaLimits) =>
    usages.one(sql`
      select
        coalesce(sum(recipients) filter (where created_at >= date_trunc('hour', now())), 0)::int as hour_used,
        coalesce(sum(recipients), 0)::int as day_used,
        date_trunc('hour', now()) + interval '1 hour' as hour_reset,
        (date_trunc('day', now() at time zone 'UTC') + interval '1 day') at time zone 'UTC' as day_reset
      from notifications.organizer_batches
      where organizer_id = ${organizerId}::uuid and status <> 'CANCELLED'
        and created_at >= (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`).pipe(
      Effect.map((r): Notifications.QuotaUsage => ({
        hourly: { limit: limits.hourly, used: r.hourUsed, remaining: Math.max(0, limits.hourly - r.hourUsed), resetsAt: r.hourReset },
        daily: { limit: limits.daily, used: r.dayUsed, remaining: Math.max(0, limits.daily - r.dayUsed), resetsAt: r.dayReset }
      }))
    )
  return Notifications.OrganizerNotificationRepo.of({
    resolveAudience: (channel, userIds) => {
      const ids = userIds.filter(isUuid)
      if (ids.length === 0) return Effect.succeed([])
      const key = channelKey[channel]
      return audience.all(sql`
        select u.id as user_id,
               case ${key}
                 when 'SMS' then u.phone_number
                 when 'CHAT' then u.phone_number
                 when 'EMAIL' then u.email
                 else (select t.token from notifications.device_tokens t where t.user_id = u.id and t.active limit 1)
               end as address,
               coalesce((p.categories ->> 'marketing')::boolean = false, false) as marketing_off,
               coalesce((p.channels ->> ${key})::boolean = false, false) as channel_off
        from accounts.users u
        left join notifications.preferences p on p.user_id = u.id::text
        where u.id in ${sql.in(ids)}
        order by u.id`)
    },
    usage,
    createBatch: (batch, limits, effects) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`select pg_advisory_xact_lock(hashtext(${"notification-wallet:" + batch.organizerId}))`.pipe(Effect.orDie)
        const used = yield* usage(batch.organizerId, limits)
        if (used.hourly.used + batch.recipients > limits.hourly) {
          return yield* new Notifications.NotificationQuotaExceeded({ window: "hourly", limit: limits.hourly, used: used.hourly.used, requested: batch.recipients })
        }
        if (used.daily.used + batch.recipients > limits.daily) {
          return yield* new Notifications.NotificationQuotaExceeded({ window: "daily", limit: limits.daily, used: used.daily.used, requested: batch.recipients })
        }
        const created = yield* batches.one(sql`
          insert into notifications.organizer_batches
            (organizer_id, channel, template_id, template_key, unit_price, recipients, cost, status, scheduled_at)
          values (${batch.organizerId}::uuid, ${batch.channel}, ${batch.templateId}, ${batch.templateKey}, ${batch.unitPrice}::bigint,
            ${batch.recipients}::int, ${batch.unitPrice * batch.recipients}::bigint,
            ${batch.scheduledAt === null ? "QUEUED" : "SCHEDULED"},
            ${batch.scheduledAt === null ? null : DateTime.toDate(batch.scheduledAt)})
          returning ${columns}`)
        yield* effects(created)
        return created
      })).pipe(Effect.catchTag("SqlError", Effect.die)),
    listBatches: (organizerId, page) =>
      Effect.gen(function*() {
        const where = organizerId === null ? sql`true` : sql`organizer_id = ${organizerId}::uuid`
        const items = yield* batches.all(sql`
          select ${columns} from notifications.organizer_batches where ${where}
          order by created_at desc, id limit ${page.limit} offset ${page.offset}`)
        const count = yield* counts.one(sql`select count(*)::int as n from notifications.organizer_batches where ${where}`)
        return { items, total: count.n }
      }),
    getBatch: (organizerId, id) =>
      batches.maybe(
        isUuid(id)
          ? sql`
            select ${columns} from notifications.organizer_batches
            where id = ${id}::uuid and (${organizerId}::uuid is null or organizer_id = ${organizerId}::uuid)`
          : Effect.succeed([])
      ).pipe(
        Effect.flatMap(Option.match({ onNone: () => Effect.fail(new Notifications.BatchNotFound({ id })), onSome: Effect.succeed }))
      ),
    cancelBatch: (organizerId, id, refund) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`select pg_advisory_xact_lock(hashtext(${"notification-wallet:" + organizerId}))`.pipe(Effect.orDie)
        const found = isUuid(id)
          ? yield* batches.maybe(sql`
              select ${columns} from notifications.organizer_batches
              where id = ${id}::uuid and organizer_id = ${organizerId}::uuid for update`)
          : Option.none()
        if (Option.isNone(found)) return yield* new Notifications.BatchNotFound({ id })
        const current = found.value
        if (current.status !== "SCHEDULED" || current.scheduledAt === null || DateTime.toEpochMillis(current.scheduledAt) <= Date.now()) {
          return yield* new Notifications.BatchNotCancellable({ id, status: current.status === "SCHEDULED" ? "DUE" : current.status })
        }
        const removed = yield* sql`
          delete from notifications.outbox
          where producer = ${`organizer:${organizerId}:batch:${id}`} and status = 'PENDING' returning id`.pipe(Effect.orDie)
        const cancelled = yield* batches.one(sql`
          update notifications.organizer_batches set status = 'CANCELLED', cancelled_at = now()
          where id = ${id}::uuid returning ${columns}`)
        yield* refund(cancelled, removed.length)
        return cancelled
      })).pipe(Effect.catchTag("SqlError", Effect.die))
  })
})

export const OrganizerNotificationsPg: Layer.Layer<Notifications.OrganizerNotificationRepo, never, SqlClient.SqlClient> = Layer.effect(
  Notifications.OrganizerNotificationRepo,
  makeOrganizerNotificationRepoPg
)
