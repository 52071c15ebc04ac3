/**
 * In-memory twins of the notification repositories (outbox, logs, templates, preferences, retry
 * policies) sharing one store, with the Postgres adapters' semantics: lease-guarded attempts,
 * reclaim of expired leases, DEAD on a lease expiring at the last attempt.
 */
import { Context, DateTime, Duration, Effect, Either, Layer, Option } from "effect"
import type { Channel } from "../notifications/channels.port.js"
import { Channels } from "../notifications/channels.port.js"
import { deliveryRank, type NotificationLog, NotificationLogNotFound } from "../notifications/notification-log.model.js"
import {
  emptyStatusCounts,
  LastFailuresShown,
  matchesFilter,
  type OutboxId,
  OutboxLeaseLost,
  type OutboxMessage,
  OutboxMessageNotFound,
  type OutboxRetryConflict,
  type OutboxStatus,
  type OutboxSummary,
  toPreview,
  transition
} from "../notifications/outbox.model.js"
import {
  type AttemptOutcome,
  type NewOutboxMessage,
  NotificationLogRepo,
  OutboxRepo,
  PreferenceRepo,
  RetryPolicyRepo,
  TemplateRepo
} from "../notifications/outbox.port.js"
import { DefaultPreferences, type UserPreferences } from "../notifications/preference.model.js"
import { DefaultRetryPolicies, type RetryPolicy } from "../notifications/retry-policy.model.js"
import type { Template } from "../notifications/template.model.js"

const ms = DateTime.toEpochMillis
const uuid = () => globalThis.crypto.randomUUID()

/** Builds the five repositories over one shared store. */
export const makeNotificationsMemory = () => {
  const rows = new Map<string, OutboxMessage>()
  const order = new Map<string, number>()
  const logs: Array<NotificationLog> = []
  const templates: Array<Template> = []
  const preferences = new Map<string, UserPreferences>()
  const policies = new Map<Channel, RetryPolicy>()
  let sequence = 0

  const put = (row: OutboxMessage) => {
    rows.set(row.id, row)
    return row
  }
  const byAge = (a: OutboxMessage, b: OutboxMessage) => ms(a.createdAt) - ms(b.createdAt) || order.get(a.id)! - order.get(b.id)!

  const insert = (input: NewOutboxMessage, now: DateTime.Utc): OutboxMessage => {
        const id = uuid() as OutboxId
        order.set(id, sequence++)
        return put({
          id,
          channel: input.channel,
          recipient: input.recipient,
          userId: input.userId ?? null,
          templateKey: input.templateKey ?? null,
          variables: input.variables ?? {},
          subject: input.subject ?? null,
          body: input.body ?? null,
          category: input.category ?? null,
          step: input.step ?? null,
          producer: input.producer ?? null,
          resendOf: input.resendOf ?? null,
          status: "PENDING",
          attempts: 0,
          maxAttempts: input.maxAttempts,
          nextAttemptAt: input.notBefore ?? now,
          leaseOwner: null,
          leaseUntil: null,
          lastError: null,
          skipReason: null,
          providerMessageId: null,
          createdAt: now,
          updatedAt: now,
          sentAt: null
        })
  }

  const outbox = OutboxRepo.of({
    enqueue: (input) => Effect.map(DateTime.now, (now) => insert(input, now)),
    enqueueMany: (inputs) => Effect.map(DateTime.now, (now) => inputs.map((input) => insert(input, now))),
    claim: (input) =>
      Effect.map(DateTime.now, (now) => {
        const expired = (r: OutboxMessage) => r.status === "PROCESSING" && r.leaseUntil !== null && ms(r.leaseUntil) < ms(now)
        for (const row of rows.values()) {
          if (expired(row) && row.attempts >= row.maxAttempts) {
            put(Either.getOrThrow(transition(row, { _tag: "Bury", error: `Lease of ${row.leaseOwner} expired on the last attempt` }, now)))
          }
        }
        const due = [...rows.values()]
          .filter((r) => ((r.status === "PENDING" || r.status === "FAILED") && ms(r.nextAttemptAt) <= ms(now)) || expired(r))
          .sort((a, b) => ms(a.nextAttemptAt) - ms(b.nextAttemptAt) || byAge(a, b))
          .slice(0, Math.max(0, input.limit))
        const leaseUntil = DateTime.addDuration(now, Duration.millis(input.leaseMs))
        return due.map((r) => put(Either.getOrThrow(transition(r, { _tag: "Claim", workerId: input.workerId, leaseUntil }, now))))
      }),
    recordAttempt: (ref, outcome: AttemptOutcome) =>
      Effect.flatMap(DateTime.now, (now) => {
        const row = rows.get(ref.id)
        if (row === undefined || row.status !== "PROCESSING" || row.leaseOwner !== ref.workerId || row.attempts !== ref.attempt) {
          return Effect.fail(new OutboxLeaseLost({ id: ref.id, workerId: ref.workerId }))
        }
        const next = Either.getOrThrow(transition(
          row,
          outcome._tag === "Sent"
            ? { _tag: "Sent", providerMessageId: outcome.providerMessageId, subject: outcome.subject, body: outcome.body }
            : outcome._tag === "Skipped"
            ? { _tag: "Skipped", reason: outcome.reason }
            : outcome.retryAt === null
            ? { _tag: "Bury", error: outcome.error }
            : { _tag: "Failed", error: outcome.error, retryAt: outcome.retryAt },
          now
        ))
        logs.push({
          id: uuid(),
          outboxId: row.id,
          attempt: row.attempts,
          status: outcome._tag === "Sent" ? "SENT" : outcome._tag === "Skipped" ? "SKIPPED" : "FAILED",
          channel: row.channel,
          recipient: row.recipient,
          userId: row.userId,
          step: row.step,
          templateKey: row.templateKey,
          variables: row.variables,
          category: row.category,
          provider: outcome._tag === "Skipped" ? null : outcome.provider,
          providerMessageId: outcome._tag === "Sent" ? outcome.providerMessageId : null,
          error: outcome._tag === "Sent" ? null : outcome._tag === "Skipped" ? outcome.reason : outcome.error,
          resendOf: row.resendOf,
          createdAt: now,
          deliveryStatus: null,
          deliveryError: null,
          deliveryUpdatedAt: null
        })
        return Effect.succeed(put(next))
      }),
    get: (id) =>
      Effect.suspend(() => {
        const row = rows.get(id)
        return row === undefined ? Effect.fail(new OutboxMessageNotFound({ id })) : Effect.succeed(row)
      }),
    list: (filter) =>
      Effect.sync(() => {
        const all = [...rows.values()].filter((r) => matchesFilter(r, filter)).sort((a, b) => byAge(b, a))
        return { items: all.slice(filter.offset, filter.offset + filter.limit), total: all.length }
      }),
    retry: (id) =>
      Effect.flatMap(DateTime.now, (now): Effect.Effect<OutboxMessage, OutboxMessageNotFound | OutboxRetryConflict> => {
        const row = rows.get(id)
        if (row === undefined) return Effect.fail(new OutboxMessageNotFound({ id }))
        return Either.match(transition(row, { _tag: "Retry" }, now), {
          onLeft: (e) => (e._tag === "OutboxRetryConflict" ? Effect.fail(e) : Effect.die(e)),
          onRight: (next) => Effect.succeed(put(next))
        })
      }),
    redrive: (filter, dryRun) =>
      Effect.map(DateTime.now, (now) => {
        const matched = [...rows.values()].filter((r) => (r.status === "DEAD" || r.status === "FAILED") && matchesFilter(r, filter))
        if (!dryRun) for (const row of matched) put(Either.getOrThrow(transition(row, { _tag: "Retry" }, now)))
        return { matched: matched.length, redriven: dryRun ? 0 : matched.length }
      }),
    summary: Effect.map(DateTime.now, (now): OutboxSummary => {
      const all = [...rows.values()]
      const byStatus = emptyStatusCounts()
      const byChannel = Object.fromEntries(Channels.map((c) => [c, emptyStatusCounts()])) as Record<Channel, Record<OutboxStatus, number>>
      for (const row of all) {
        byStatus[row.status]++
        byChannel[row.channel][row.status]++
      }
      const waiting = all.filter((r) => r.status === "PENDING" || r.status === "FAILED").sort(byAge)[0]
      return {
        byStatus,
        byChannel,
        total: all.length,
        oldestPendingAgeMs: waiting === undefined ? null : Math.max(0, ms(now) - ms(waiting.createdAt)),
        deadCount: byStatus.DEAD,
        lastFailures: all
          .filter((r) => r.status === "FAILED" || r.status === "DEAD")
          .sort((a, b) => ms(b.updatedAt) - ms(a.updatedAt) || order.get(b.id)! - order.get(a.id)!)
          .slice(0, LastFailuresShown)
          .map(toPreview)
      }
    })
  })

  const logRepo = NotificationLogRepo.of({
    get: (id) =>
      Effect.suspend(() => {
        const log = logs.find((l) => l.id === id)
        return log === undefined ? Effect.fail(new NotificationLogNotFound({ id })) : Effect.succeed(log)
      }),
    list: (filter = {}) =>
      Effect.sync(() =>
        logs
          .filter((l) =>
            (filter.status === undefined || l.status === filter.status) &&
            (filter.channel === undefined || l.channel === filter.channel) &&
            (filter.outboxId === undefined || l.outboxId === filter.outboxId) &&
            (filter.recipient === undefined || l.recipient === filter.recipient) &&
            (filter.step === undefined || l.step === filter.step)
          )
          .reverse()
          .slice(filter.offset ?? 0, (filter.offset ?? 0) + (filter.limit ?? 100))
      ),
    applyReceipt: (receipt, channels) =>
      Effect.map(DateTime.now, (now) => {
        let changed = 0
        logs.forEach((log, i) => {
          if (log.providerMessageId !== receipt.providerMessageId || !channels.includes(log.channel)) return
          if (log.deliveryStatus !== null && deliveryRank[log.deliveryStatus] >= deliveryRank[receipt.status]) return
          logs[i] = { ...log, deliveryStatus: receipt.status, deliveryError: receipt.error, deliveryUpdatedAt: now }
          changed++
        })
        return changed
      })
  })

  const templateRepo = TemplateRepo.of({
    findActive: (channel, key) =>
      Effect.sync(() =>
        Option.fromNullable(
          templates.filter((t) => t.channel === channel && t.key === key && t.active).sort((a, b) => b.version - a.version)[0]
        )
      ),
    upsert: (draft) =>
      Effect.sync(() => {
        const version = templates.filter((t) => t.channel === draft.channel && t.key === draft.key).length + 1
        const template: Template = { ...draft, id: uuid(), version, active: draft.active ?? true }
        templates.push(template)
        return template
      }),
    list: (channel) => Effect.sync(() => templates.filter((t) => channel === undefined || t.channel === channel))
  })

  const preferenceRepo = PreferenceRepo.of({
    get: (userId) => Effect.sync(() => preferences.get(userId) ?? DefaultPreferences),
    update: (userId, patch) =>
      Effect.sync(() => {
        const current = preferences.get(userId) ?? DefaultPreferences
        const next: UserPreferences = {
          channels: { ...current.channels, ...patch.channels },
          categories: { ...current.categories, ...patch.categories }
        }
        preferences.set(userId, next)
        return next
      })
  })

  const policyRepo = RetryPolicyRepo.of({
    get: (channel) => Effect.sync(() => policies.get(channel) ?? DefaultRetryPolicies[channel]),
    list: Effect.sync(() => Channels.map((c) => policies.get(c) ?? DefaultRetryPolicies[c])),
    save: (policy) =>
      Effect.sync(() => {
        policies.set(policy.channel, policy)
        return policy
      })
  })

  return { outbox, logs: logRepo, templates: templateRepo, preferences: preferenceRepo, policies: policyRepo }
}

/** Every notification repository in memory, fresh per layer build. */
export const NotificationsMemory = Layer.effectContext(
  Effect.sync(() => {
    const m = makeNotificationsMemory()
    return Context.make(OutboxRepo, m.outbox).pipe(
      Context.add(NotificationLogRepo, m.logs),
      Context.add(TemplateRepo, m.templates),
      Context.add(PreferenceRepo, m.preferences),
      Context.add(RetryPolicyRepo, m.policies)
    )
  })
)
