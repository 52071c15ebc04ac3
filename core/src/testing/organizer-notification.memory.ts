/**
 * In-memory twin of organizer sending. Audience members are registered with `addMember` (memory has
 * no accounts table); quota windows are the current UTC hour and day.
 */
import { type Context, DateTime, Effect, Layer } from "effect"
import type { Channel } from "../notifications/channels.port.js"
import {
  type AudienceMember,
  BatchNotCancellable,
  BatchNotFound,
  type NotificationBatch,
  NotificationQuotaExceeded,
  type QuotaLimits,
  type QuotaUsage
} from "../notifications/organizer-notification.model.js"
import { OrganizerNotificationRepo } from "../notifications/organizer-notification.port.js"

export const makeOrganizerNotificationMemory = () => {
  const members = new Map<string, Readonly<Partial<Record<Channel, string>>> & { readonly marketingOff?: boolean }>()
  const batches: Array<NotificationBatch> = []
  let sequence = 0
  const usage = (organizerId: string, limits: QuotaLimits): QuotaUsage => {
    const now = DateTime.unsafeNow()
    const hourStart = DateTime.startOf(now, "hour")
    const dayStart = DateTime.startOf(now, "day")
    const live = batches.filter((b) => b.organizerId === organizerId && b.status !== "CANCELLED")
    const hourUsed = live.filter((b) => DateTime.greaterThanOrEqualTo(b.createdAt, hourStart)).reduce((s, b) => s + b.recipients, 0)
    const dayUsed = live.filter((b) => DateTime.greaterThanOrEqualTo(b.createdAt, dayStart)).reduce((s, b) => s + b.recipients, 0)
    return {
      hourly: { limit: limits.hourly, used: hourUsed, remaining: Math.max(0, limits.hourly - hourUsed), resetsAt: DateTime.add(hourStart, { hours: 1 }) },
      daily: { limit: limits.daily, used: dayUsed, remaining: Math.max(0, limits.daily - dayUsed), resetsAt: DateTime.add(dayStart, { days: 1 }) }
    }
  }
  const repo: Omit<Context.Tag.Service<OrganizerNotificationRepo>, "cancelBatch"> = ({
    resolveAudience: (channel, userIds) =>
      Effect.sync(() =>
        userIds.flatMap((userId): Array<AudienceMember> => {
          const m = members.get(userId)
          return m === undefined ? [] : [{ userId, address: m[channel] ?? null, marketingOff: m.marketingOff === true, channelOff: false }]
        })
      ),
    usage: (organizerId, limits) => Effect.sync(() => usage(organizerId, limits)),
    createBatch: (batch, limits, effects) =>
      Effect.gen(function*() {
        const used = usage(batch.organizerId, limits)
        if (used.hourly.used + batch.recipients > limits.hourly) {
          return yield* new NotificationQuotaExceeded({ window: "hourly", limit: limits.hourly, used: used.hourly.used, requested: batch.recipients })
        }
        if (used.daily.used + batch.recipients > limits.daily) {
          return yield* new NotificationQuotaExceeded({ window: "daily", limit: limits.daily, used: used.daily.used, requested: batch.recipients })
        }
        const created: NotificationBatch = {
          ...batch,
          id: `batch-${++sequence}`,
          cost: batch.unitPrice * batch.recipients,
          status: batch.scheduledAt === null ? "QUEUED" : "SCHEDULED",
          createdAt: DateTime.unsafeNow(),
          cancelledAt: null
        }
        yield* effects(created)
        batches.push(created)
        return created
      }),
    listBatches: (organizerId, page) =>
      Effect.sync(() => {
        const all = batches.filter((b) => organizerId === null || b.organizerId === organizerId).reverse()
        return { items: all.slice(page.offset, page.offset + page.limit), total: all.length }
      }),
    getBatch: (organizerId, id) =>
      Effect.suspend(() => {
        const b = batches.find((x) => x.id === id && (organizerId === null || x.organizerId === organizerId))
        return b === undefined ? Effect.fail(new BatchNotFound({ id })) : Effect.succeed(b)
      })
  })
  const cancelBatch = <E>(organizerId: string, id: string, refund: (batch: NotificationBatch, removed: number) => Effect.Effect<unknown, E>) =>
    Effect.gen(function*() {
      const i = batches.findIndex((b) => b.id === id && b.organizerId === organizerId)
      if (i < 0) return yield* new BatchNotFound({ id })
      const b = batches[i]!
      if (b.status !== "SCHEDULED" || b.scheduledAt === null || DateTime.lessThanOrEqualTo(b.scheduledAt, DateTime.unsafeNow())) {
        return yield* new BatchNotCancellable({ id, status: b.status })
      }
      const cancelled: NotificationBatch = { ...b, status: "CANCELLED", cancelledAt: DateTime.unsafeNow() }
      batches[i] = cancelled
      yield* refund(cancelled, b.recipients)
      return cancelled
    })
  return {
    repo: OrganizerNotificationRepo.of({ ...repo, cancelBatch }),
    addMember: (userId: string, addresses: Readonly<Partial<Record<Channel, string>>> & { readonly marketingOff?: boolean }) =>
      void members.set(userId, addresses)
  }
}

export const OrganizerNotificationMemory: Layer.Layer<OrganizerNotificationRepo> = Layer.sync(
  OrganizerNotificationRepo,
  () => makeOrganizerNotificationMemory().repo
)
