/**
 * The notification extras on Postgres (migration 0022): system notifications, promotion templates
 * and template records on the generic `makeCrudRepoPg`; organizer recipient lists (with the athlete
 * lookup on accounts.users); the logs/batches report (aggregates over notifications.logs and
 * notifications.outbox, never message content); and the catalog extras (default flag, chat-app
 * provider mapping with its previous value) on notifications.template_catalog.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Notifications } from "@podium/core"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { rowsOf } from "../rows.pg.js"
import { makeCrudRepoPg } from "../platform/crud.pg.js"
import type { ListColumns } from "../platform/list-query.pg.js"

/** price_minor is a bigint column, which the driver reads as text. */
const PromotionTemplateRow = Schema.Struct({
  ...Notifications.PromotionTemplate.fields,
  priceMinor: Schema.Union(Schema.Number, Schema.NumberFromString)
})

/** A CRUD table's `writable` fields, and its readable `columns`: the id, those fields and the timestamps. */
const crudColumns = (writable: ListColumns) => ({
  columns: { id: "id", ...writable, createdAt: "created_at", updatedAt: "updated_at" },
  writable
})

export const SystemNotificationRepoPg = Layer.effect(
  Notifications.SystemNotificationRepo,
  makeCrudRepoPg<Notifications.SystemNotification, Notifications.NewSystemNotification, Notifications.SystemNotificationPatch>({
    resource: "system notification",
    table: "notifications.system_notifications",
    ...crudColumns({ event: "event", channel: "channel", templateKey: "template_key", name: "name", description: "description", enabled: "enabled" }),
    fromRow: Schema.decodeUnknownSync(Notifications.SystemNotification),
    touch: "updated_at",
    conflictField: () => "channel"
  })
)

export const PromotionTemplateRepoPg = Layer.effect(
  Notifications.PromotionTemplateRepo,
  makeCrudRepoPg<Notifications.PromotionTemplate, Notifications.NewPromotionTemplate, Notifications.PromotionTemplatePatch>({
    resource: "promotion template",
    table: "notifications.promotion_templates",
    ...crudColumns({
      name: "name",
      description: "description",
      channel: "channel",
      templateKey: "template_key",
      priceMinor: "price_minor",
      currency: "currency",
      enabled: "enabled"
    }),
    fromRow: Schema.decodeUnknownSync(PromotionTemplateRow),
    touch: "updated_at",
    conflictField: () => "name"
  })
)

export const TemplateRecordRepoPg = Layer.effect(
  Notifications.TemplateRecordRepo,
  makeCrudRepoPg<Notifications.TemplateRecord, Notifications.NewTemplateRecord, Partial<Notifications.NewTemplateRecord>>({
    resource: "template record",
    table: "notifications.template_records",
    ...crudColumns({
      key: "key",
      name: "name",
      description: "description",
      category: "category",
      emailTemplateKey: "email_template_key",
      smsTemplateKey: "sms_template_key",
      pushTemplateKey: "push_template_key",
      chatappTemplateKey: "chatapp_template_key"
    }),
    fromRow: Schema.decodeUnknownSync(Notifications.TemplateRecord),
    touch: "updated_at",
    conflictField: () => "key"
  })
)

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)

const lists = rowsOf(Notifications.RecipientList)
const UserRow = Schema.Struct({ id: Schema.String })
const users = rowsOf(UserRow)
const UserByPhone = Schema.Struct({ id: Schema.String, phoneNumber: Schema.String })
const usersByPhone = rowsOf(UserByPhone)
const UserByEmail = Schema.Struct({ id: Schema.String, email: Schema.String })
const usersByEmail = rowsOf(UserByEmail)

export const RecipientListRepoPg = Layer.effect(
  Notifications.RecipientListRepo,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return Notifications.RecipientListRepo.of({
      resolveContacts: (input) =>
        Effect.gen(function*() {
          const ids = input.userIds.filter(isUuid)
          const byId = ids.length === 0 ? [] : yield* users.all(sql`
            select id from accounts.users where id in ${sql.in(ids)}`)
          const byPhone = input.phones.length === 0 ? [] : yield* usersByPhone.all(sql`
            select id, phone_number from accounts.users where phone_number in ${sql.in(input.phones)}`)
          const byEmail = input.emails.length === 0 ? [] : yield* usersByEmail.all(sql`
            select id, lower(email) as email from accounts.users where lower(email) in ${sql.in(input.emails)}`)
          return {
            userIds: new Set(byId.map((r) => r.id)),
            byPhone: new Map(byPhone.map((r) => [r.phoneNumber, r.id])),
            byEmail: new Map(byEmail.map((r) => [r.email, r.id]))
          }
        }),
      create: (input) =>
        lists.one(sql`
          insert into notifications.recipient_lists (organizer_id, name, user_ids, total_rows, valid_rows, invalid_rows, report)
          values (${input.organizerId}::uuid, ${input.name}, ${`{${input.userIds.join(",")}}`}::uuid[], ${input.report.totalRows},
                  ${input.report.accepted}, ${input.report.totalRows - input.report.accepted}, ${JSON.stringify(input.report)}::jsonb)
          returning id, organizer_id, name, user_ids::text[] as user_ids, report, created_at`),
      get: (organizerId, id) =>
        lists.maybe(
          isUuid(id)
            ? sql`
              select id, organizer_id, name, user_ids::text[] as user_ids, report, created_at
              from notifications.recipient_lists where id = ${id}::uuid and organizer_id = ${organizerId}::uuid`
            : Effect.succeed([])
        ).pipe(
          Effect.flatMap(Option.match({ onNone: () => Effect.fail(new Notifications.RecipientListNotFound({ id })), onSome: Effect.succeed }))
        )
    })
  })
)

const LogStatuses: ReadonlyArray<Notifications.NotificationLogStatus> = ["SENT", "FAILED", "SKIPPED"]
const DeliveryStatuses: ReadonlyArray<Notifications.DeliveryStatus> = ["QUEUED", "SENT", "DELIVERED", "UNDELIVERED", "FAILED", "READ"]
const LogCount = Schema.Struct({
  channel: Schema.Literal(...Notifications.Channels),
  status: Notifications.NotificationLogStatus,
  deliveryStatus: Schema.NullOr(Notifications.DeliveryStatus),
  provider: Schema.NullOr(Schema.String),
  n: Schema.Number
})
const logCounts = rowsOf(LogCount)
const ProducerStatusCount = Schema.Struct({ producer: Schema.String, status: Notifications.OutboxStatus, n: Schema.Number, skipped: Schema.Number })
const producerStatusCounts = rowsOf(ProducerStatusCount)
const ProducerCount = Schema.Struct({ producer: Schema.String, n: Schema.Number })
const producerCounts = rowsOf(ProducerCount)
const zero = <K extends string>(keys: ReadonlyArray<K>) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>

export const NotificationReportRepoPg = Layer.effect(
  Notifications.NotificationReportRepo,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return Notifications.NotificationReportRepo.of({
      logStats: (filter) =>
        Effect.gen(function*() {
          const where = sql.and([
            sql`true`,
            ...(filter.channel === undefined ? [] : [sql`channel = ${filter.channel}`]),
            ...(filter.provider === undefined ? [] : [sql`provider = ${filter.provider}`]),
            ...(filter.from === undefined ? [] : [sql`created_at >= ${DateTime.toDate(filter.from)}`]),
            ...(filter.to === undefined ? [] : [sql`created_at < ${DateTime.toDate(filter.to)}`])
          ])
          const rows = yield* logCounts.all(sql`
            select channel, status, delivery_status, provider, count(*)::int as n
            from notifications.logs where ${where}
            group by channel, status, delivery_status, provider`)
          const byStatus = zero(LogStatuses)
          const byChannel = Object.fromEntries(Notifications.Channels.map((c) => [c, zero(LogStatuses)])) as Record<
            Notifications.Channel,
            Record<Notifications.NotificationLogStatus, number>
          >
          const byDeliveryStatus = zero(DeliveryStatuses)
          const providers = new Map<string, { provider: string; channel: Notifications.Channel; sent: number; failed: number; delivered: number }>()
          let total = 0
          for (const r of rows) {
            total += r.n
            byStatus[r.status] += r.n
            byChannel[r.channel][r.status] += r.n
            if (r.deliveryStatus !== null) byDeliveryStatus[r.deliveryStatus] += r.n
            if (r.provider !== null) {
              const key = `${r.provider}/${r.channel}`
              const p = providers.get(key) ?? { provider: r.provider, channel: r.channel, sent: 0, failed: 0, delivered: 0 }
              if (r.status === "SENT") p.sent += r.n
              if (r.status === "FAILED") p.failed += r.n
              if (r.deliveryStatus === "DELIVERED" || r.deliveryStatus === "READ") p.delivered += r.n
              providers.set(key, p)
            }
          }
          return { total, byStatus, byChannel, byDeliveryStatus, providers: [...providers.values()] }
        }),
      deliveriesOf: (producers) =>
        Effect.gen(function*() {
          const out = new Map<string, Notifications.BatchDelivery>()
          if (producers.length === 0) return out
          const statuses = yield* producerStatusCounts.all(sql`
            select producer, status, count(*)::int as n, count(*) filter (where skip_reason is not null)::int as skipped
            from notifications.outbox where producer in ${sql.in(producers)}
            group by producer, status`)
          const delivered = yield* producerCounts.all(sql`
            select o.producer, count(*)::int as n
            from notifications.logs l join notifications.outbox o on o.id = l.outbox_id
            where o.producer in ${sql.in(producers)} and l.delivery_status in ('DELIVERED', 'READ')
            group by o.producer`)
          for (const producer of producers) {
            const byStatus = zero(Notifications.OutboxStatuses)
            let skipped = 0
            for (const s of statuses.filter((s) => s.producer === producer)) {
              byStatus[s.status] += s.n
              skipped += s.skipped
            }
            out.set(producer, { byStatus, skipped, delivered: delivered.find((d) => d.producer === producer)?.n ?? 0 })
          }
          return out
        })
    })
  })
)

const extras = rowsOf(Notifications.TemplateExtras)
const CategoryRow = Schema.Struct({ category: Schema.NullOr(Schema.String) })
const categories = rowsOf(CategoryRow)

export const TemplateCatalogExtrasRepoPg = Layer.effect(
  Notifications.TemplateCatalogExtrasRepo,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const get = (channel: Notifications.Channel, id: string) =>
      isUuid(id)
        ? extras.maybe(sql`
            select is_default, provider_mapping, previous_provider_mapping
            from notifications.template_catalog where id = ${id}::uuid and channel = ${channel}`)
        : Effect.succeed(Option.none<Notifications.TemplateExtras>())
    return Notifications.TemplateCatalogExtrasRepo.of({
      get,
      markDefault: (channel, id) =>
        !isUuid(id) ? Effect.succeed(Option.none()) : sql.withTransaction(Effect.gen(function*() {
          const target = yield* categories.maybe(sql`
            select category from notifications.template_catalog where id = ${id}::uuid and channel = ${channel} for update`)
          if (Option.isNone(target)) return Option.none<Notifications.TemplateExtras>()
          const category = target.value.category
          yield* sql`
            update notifications.template_catalog set is_default = false, updated_at = now()
            where channel = ${channel} and id <> ${id}::uuid and is_default
              and ${category === null ? sql`category is null` : sql`category = ${category}`}`
          return yield* extras.maybe(sql`
            update notifications.template_catalog set is_default = true, updated_at = now() where id = ${id}::uuid
            returning is_default, provider_mapping, previous_provider_mapping`)
        })).pipe(Effect.orDie),
      setProviderMapping: (channel, id, mapping) =>
        !isUuid(id) ? Effect.succeed(Option.none()) : extras.maybe(sql`
          update notifications.template_catalog
          set previous_provider_mapping = provider_mapping, provider_mapping = ${JSON.stringify(mapping)}::jsonb, updated_at = now()
          where id = ${id}::uuid and channel = ${channel}
          returning is_default, provider_mapping, previous_provider_mapping`),
      rollbackProviderMapping: (channel, id) =>
        !isUuid(id) ? Effect.succeed(Option.none()) : sql.withTransaction(Effect.gen(function*() {
          const rolledBack = yield* extras.maybe(sql`
            update notifications.template_catalog
            set provider_mapping = previous_provider_mapping, previous_provider_mapping = provider_mapping, updated_at = now()
            where id = ${id}::uuid and channel = ${channel} and previous_provider_mapping is not null
            returning is_default, provider_mapping, previous_provider_mapping`)
          if (Option.isSome(rolledBack)) return rolledBack
          const current = yield* get(channel, id)
          return Option.isNone(current)
            ? Option.none<Notifications.TemplateExtras>()
            : yield* Effect.fail(new Notifications.NoPreviousProviderMapping({ id }))
        })).pipe(Effect.catchTag("SqlError", Effect.die))
    })
  })
)

/** Every extras repository on the SqlClient in context. */
export const NotificationExtrasPg = Layer.mergeAll(
  SystemNotificationRepoPg,
  PromotionTemplateRepoPg,
  TemplateRecordRepoPg,
  RecipientListRepoPg,
  NotificationReportRepoPg,
  TemplateCatalogExtrasRepoPg
)
