/**
 * Memory twins of the notification extras: system notifications, promotion templates and template
 * records (generic CRUD memory), recipient lists (contacts registered with `addContact`, memory
 * having no accounts table), the log/batch report (computed over the outbox and log twins) and the
 * catalog extras (default flag, chat-app provider mapping).
 */
import { Clock, DateTime, Effect, Layer, Option } from "effect"
import type { Channel } from "../notifications/channels.port.js"
import type { DeliveryStatus, NotificationLogStatus } from "../notifications/notification-log.model.js"
import { type BatchDelivery, type LogStats, NotificationReportRepo } from "../notifications/notification-report.port.js"
import { OutboxStatuses } from "../notifications/outbox.model.js"
import { NotificationLogRepo, OutboxRepo } from "../notifications/outbox.port.js"
import { type NewPromotionTemplate, type PromotionTemplate, type PromotionTemplatePatch, PromotionTemplateRepo } from "../notifications/promotion-template.model.js"
import { type RecipientList, RecipientListNotFound } from "../notifications/recipient-list.model.js"
import { RecipientListRepo } from "../notifications/recipient-list.port.js"
import { type NewSystemNotification, type SystemNotification, type SystemNotificationPatch, SystemNotificationRepo } from "../notifications/system-notification.model.js"
import { NoPreviousProviderMapping, TemplateCatalogExtrasRepo, type TemplateExtras } from "../notifications/template-catalog-extras.port.js"
import { TemplateCatalogRepo } from "../notifications/template-catalog.port.js"
import { type NewTemplateRecord, type TemplateRecord, TemplateRecordRepo } from "../notifications/template-record.model.js"
import { makeCrudRepoMemory } from "./crud.memory.js"
import { nextMemoryId } from "./sequential-id.js"

const defined = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))

export const SystemNotificationMemory: Layer.Layer<SystemNotificationRepo> = Layer.sync(SystemNotificationRepo, () =>
  makeCrudRepoMemory<SystemNotification & { readonly slot: string }, NewSystemNotification, SystemNotificationPatch>({
    resource: "system notification",
    unique: ["slot"],
    build: (input, id, at) => ({
      id,
      event: input.event,
      channel: input.channel,
      templateKey: input.templateKey,
      name: input.name,
      description: input.description ?? null,
      enabled: input.enabled ?? true,
      slot: `${input.event}/${input.channel}`,
      createdAt: at,
      updatedAt: at
    }),
    apply: (record, patch, replace, at) => {
      const next = { ...record, ...(replace ? { description: null, enabled: true } : {}), ...defined(patch), updatedAt: at }
      return { ...next, slot: `${next.event}/${next.channel}` }
    }
  }).repo)

export const PromotionTemplateMemory: Layer.Layer<PromotionTemplateRepo> = Layer.sync(PromotionTemplateRepo, () =>
  makeCrudRepoMemory<PromotionTemplate, NewPromotionTemplate, PromotionTemplatePatch>({
    resource: "promotion template",
    unique: ["name"],
    build: (input, id, at) => ({
      id,
      name: input.name,
      description: input.description ?? null,
      channel: input.channel,
      templateKey: input.templateKey,
      priceMinor: input.priceMinor,
      currency: input.currency,
      enabled: input.enabled ?? true,
      createdAt: at,
      updatedAt: at
    }),
    apply: (record, patch, replace, at) => ({ ...record, ...(replace ? { description: null, enabled: true } : {}), ...defined(patch), updatedAt: at })
  }).repo)

export const TemplateRecordMemory: Layer.Layer<TemplateRecordRepo> = Layer.sync(TemplateRecordRepo, () =>
  makeCrudRepoMemory<TemplateRecord, NewTemplateRecord, Partial<NewTemplateRecord>>({
    resource: "template record",
    unique: ["key"],
    build: (input, id, at) => ({
      id,
      key: input.key,
      name: input.name,
      description: input.description ?? null,
      category: input.category ?? null,
      emailTemplateKey: input.emailTemplateKey ?? null,
      smsTemplateKey: input.smsTemplateKey ?? null,
      pushTemplateKey: input.pushTemplateKey ?? null,
      chatappTemplateKey: input.chatappTemplateKey ?? null,
      createdAt: at,
      updatedAt: at
    }),
    apply: (record, patch, replace, at) => ({
      ...record,
      ...(replace
        ? { description: null, category: null, emailTemplateKey: null, smsTemplateKey: null, pushTemplateKey: null, chatappTemplateKey: null }
        : {}),
      ...defined(patch),
      updatedAt: at
    })
  }).repo)

/** Recipient lists in memory; `addContact` registers an athlete's phone/e-mail. */
export const makeRecipientListMemory = () => {
  const contacts: Array<{ readonly userId: string; readonly phone?: string; readonly email?: string }> = []
  const lists: Array<RecipientList> = []
  const repo = RecipientListRepo.of({
    resolveContacts: (input) =>
      Effect.sync(() => ({
        userIds: new Set(contacts.filter((c) => input.userIds.includes(c.userId)).map((c) => c.userId)),
        byPhone: new Map(contacts.flatMap((c) => (c.phone !== undefined && input.phones.includes(c.phone) ? [[c.phone, c.userId] as const] : []))),
        byEmail: new Map(contacts.flatMap((c) => (c.email !== undefined && input.emails.includes(c.email) ? [[c.email, c.userId] as const] : [])))
      })),
    create: (input) =>
      Effect.map(Clock.currentTimeMillis, (ms) => {
        const list: RecipientList = { id: nextMemoryId(), ...input, createdAt: DateTime.unsafeMake(ms) }
        lists.push(list)
        return list
      }),
    get: (organizerId, id) =>
      Effect.suspend(() => {
        const list = lists.find((l) => l.id === id && l.organizerId === organizerId)
        return list === undefined ? Effect.fail(new RecipientListNotFound({ id })) : Effect.succeed(list)
      })
  })
  return { repo, addContact: (c: { readonly userId: string; readonly phone?: string; readonly email?: string }) => contacts.push(c) }
}

export const RecipientListMemory: Layer.Layer<RecipientListRepo> = Layer.sync(RecipientListRepo, () => makeRecipientListMemory().repo)

const logStatuses: ReadonlyArray<NotificationLogStatus> = ["SENT", "FAILED", "SKIPPED"]
const deliveryStatuses: ReadonlyArray<DeliveryStatus> = ["QUEUED", "SENT", "DELIVERED", "UNDELIVERED", "FAILED", "READ"]
const channels: ReadonlyArray<Channel> = ["EMAIL", "SMS", "PUSH", "CHAT"]
const zero = <K extends string>(keys: ReadonlyArray<K>) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>

/** The report computed over the outbox and log twins in context. */
export const NotificationReportMemory: Layer.Layer<NotificationReportRepo, never, NotificationLogRepo | OutboxRepo> = Layer.effect(
  NotificationReportRepo,
  Effect.gen(function*() {
    const logs = yield* NotificationLogRepo
    const outbox = yield* OutboxRepo
    return NotificationReportRepo.of({
      logStats: (filter) =>
        Effect.map(logs.list({ limit: 1_000_000, ...(filter.channel === undefined ? {} : { channel: filter.channel }) }), (all) => {
          const rows = all.filter((l) =>
            (filter.provider === undefined || l.provider === filter.provider) &&
            (filter.from === undefined || DateTime.greaterThanOrEqualTo(l.createdAt, filter.from)) &&
            (filter.to === undefined || DateTime.lessThan(l.createdAt, filter.to))
          )
          const byStatus = zero(logStatuses)
          const byChannel = Object.fromEntries(channels.map((c) => [c, zero(logStatuses)])) as Record<Channel, Record<NotificationLogStatus, number>>
          const byDeliveryStatus = zero(deliveryStatuses)
          const providers = new Map<string, { provider: string; channel: Channel; sent: number; failed: number; delivered: number }>()
          for (const l of rows) {
            byStatus[l.status]++
            byChannel[l.channel][l.status]++
            if (l.deliveryStatus !== null) byDeliveryStatus[l.deliveryStatus]++
            if (l.provider !== null) {
              const key = `${l.provider}/${l.channel}`
              const p = providers.get(key) ?? { provider: l.provider, channel: l.channel, sent: 0, failed: 0, delivered: 0 }
              if (l.status === "SENT") p.sent++
              if (l.status === "FAILED") p.failed++
              if (l.deliveryStatus === "DELIVERED" || l.deliveryStatus === "READ") p.delivered++
              providers.set(key, p)
            }
          }
          const stats: LogStats = { total: rows.length, byStatus, byChannel, byDeliveryStatus, providers: [...providers.values()] }
          return stats
        }),
      deliveriesOf: (producers) =>
        Effect.gen(function*() {
          const page = yield* outbox.list({ limit: 1_000_000, offset: 0 })
          const allLogs = yield* logs.list({ limit: 1_000_000 })
          const out = new Map<string, BatchDelivery>()
          for (const producer of producers) {
            const rows = page.items.filter((r) => r.producer === producer)
            const byStatus = zero(OutboxStatuses)
            for (const r of rows) byStatus[r.status]++
            const ids = new Set(rows.map((r) => r.id as string))
            out.set(producer, {
              byStatus,
              skipped: rows.filter((r) => r.skipReason !== null).length,
              delivered: allLogs.filter((l) => ids.has(l.outboxId) && (l.deliveryStatus === "DELIVERED" || l.deliveryStatus === "READ")).length
            })
          }
          return out
        })
    })
  })
)

/** Catalog extras over the catalog twin in context. */
export const TemplateCatalogExtrasMemory: Layer.Layer<TemplateCatalogExtrasRepo, never, TemplateCatalogRepo> = Layer.effect(
  TemplateCatalogExtrasRepo,
  Effect.gen(function*() {
    const catalog = yield* TemplateCatalogRepo
    const extras = new Map<string, TemplateExtras>()
    const empty: TemplateExtras = { isDefault: false, providerMapping: null, previousProviderMapping: null }
    const withTemplate = <A, E>(channel: Channel, id: string, f: (current: TemplateExtras) => Effect.Effect<A, E>) =>
      Effect.flatMap(catalog.get(channel, id), Option.match({
        onNone: () => Effect.succeed(Option.none<A>()),
        onSome: () => Effect.map(f(extras.get(id) ?? empty), Option.some)
      }))
    return TemplateCatalogExtrasRepo.of({
      get: (channel, id) => withTemplate(channel, id, (current) => Effect.succeed(current)),
      markDefault: (channel, id) =>
        Effect.flatMap(catalog.get(channel, id), Option.match({
          onNone: () => Effect.succeed(Option.none()),
          onSome: (t) =>
            Effect.gen(function*() {
              const page = yield* catalog.list(channel, { page: 1, limit: 100_000 })
              for (const other of page.items) {
                if (other.category === t.category && other.id !== id) extras.set(other.id, { ...(extras.get(other.id) ?? empty), isDefault: false })
              }
              const next = { ...(extras.get(id) ?? empty), isDefault: true }
              extras.set(id, next)
              return Option.some(next)
            })
        })),
      setProviderMapping: (channel, id, mapping) =>
        withTemplate(channel, id, (current) => {
          const next = { ...current, providerMapping: mapping, previousProviderMapping: current.providerMapping }
          extras.set(id, next)
          return Effect.succeed(next)
        }),
      rollbackProviderMapping: (channel, id) =>
        withTemplate(channel, id, (current) => {
          if (current.previousProviderMapping === null) return Effect.fail(new NoPreviousProviderMapping({ id }))
          const next = { ...current, providerMapping: current.previousProviderMapping, previousProviderMapping: current.providerMapping }
          extras.set(id, next)
          return Effect.succeed(next)
        })
    })
  })
)
