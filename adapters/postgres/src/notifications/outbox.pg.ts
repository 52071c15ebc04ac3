/**
 * The notification repositories on Postgres (schema `notifications`). The outbox claims with
 * `FOR UPDATE SKIP LOCKED` and a lease; every lease-guarded write checks owner and attempt; an
 * attempt's outcome and its log row are one statement. Every query runs on the SqlClient's ambient
 * connection, so `enqueue` inside a caller's `sql.withTransaction` joins that transaction. Times
 * come from the database clock. Infrastructure failures are defects.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import { Notifications } from "@podium/core"
import { DateTime, Effect, Layer, Option } from "effect"

type Channel = Notifications.Channel

interface OutboxRow {
  readonly id: string
  readonly channel: Channel
  readonly recipient: string
  readonly userId: string | null
  readonly templateKey: string | null
  readonly variables: Record<string, string> | null
  readonly subject: string | null
  readonly body: string | null
  readonly category: string | null
  readonly step: string | null
  readonly producer: string | null
  readonly resendOf: string | null
  readonly status: Notifications.OutboxStatus
  readonly attempts: number
  readonly maxAttempts: number
  readonly nextAttemptAt: Date
  readonly leaseOwner: string | null
  readonly leaseUntil: Date | null
  readonly lastError: string | null
  readonly skipReason: string | null
  readonly providerMessageId: string | null
  readonly createdAt: Date
  readonly updatedAt: Date
  readonly sentAt: Date | null
}

interface LogRow {
  readonly id: string
  readonly outboxId: string
  readonly attempt: number
  readonly status: Notifications.NotificationLogStatus
  readonly channel: Channel
  readonly recipient: string
  readonly userId: string | null
  readonly step: string | null
  readonly templateKey: string | null
  readonly variables: Record<string, string> | null
  readonly category: string | null
  readonly provider: string | null
  readonly providerMessageId: string | null
  readonly error: string | null
  readonly resendOf: string | null
  readonly createdAt: Date
  readonly deliveryStatus: Notifications.DeliveryStatus | null
  readonly deliveryError: string | null
  readonly deliveryUpdatedAt: Date | null
}

const utc = (d: Date) => DateTime.unsafeFromDate(d)
const utcOrNull = (d: Date | null) => (d === null ? null : utc(d))
const UuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const isUuid = (s: string) => UuidPattern.test(s)

/** Maps a row of notifications.outbox to the core record. */
export const toOutboxMessage = (r: OutboxRow): Notifications.OutboxMessage => ({
  id: r.id as Notifications.OutboxId,
  channel: r.channel,
  recipient: r.recipient,
  userId: r.userId,
  templateKey: r.templateKey,
  variables: r.variables ?? {},
  subject: r.subject,
  body: r.body,
  category: r.category,
  step: r.step,
  producer: r.producer,
  resendOf: r.resendOf,
  status: r.status,
  attempts: r.attempts,
  maxAttempts: r.maxAttempts,
  nextAttemptAt: utc(r.nextAttemptAt),
  leaseOwner: r.leaseOwner,
  leaseUntil: utcOrNull(r.leaseUntil),
  lastError: r.lastError,
  skipReason: r.skipReason,
  providerMessageId: r.providerMessageId,
  createdAt: utc(r.createdAt),
  updatedAt: utc(r.updatedAt),
  sentAt: utcOrNull(r.sentAt)
})

const toLog = (r: LogRow): Notifications.NotificationLog => ({
  ...r,
  outboxId: r.outboxId as Notifications.OutboxId,
  variables: r.variables ?? {},
  createdAt: utc(r.createdAt),
  deliveryStatus: r.deliveryStatus ?? null,
  deliveryError: r.deliveryError ?? null,
  deliveryUpdatedAt: utcOrNull(r.deliveryUpdatedAt ?? null)
})

/** Builds the Postgres OutboxRepo on the SqlClient in context. */
export const makeOutboxRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const filterSql = (filter: Notifications.OutboxFilter): Fragment => {
    const statuses = filter.status === undefined ? undefined : typeof filter.status === "string" ? [filter.status] : filter.status
    return sql.and([
      ...(statuses === undefined ? [] : [statuses.length === 0 ? sql`false` : sql.in("status", statuses)]),
      ...(filter.channel === undefined ? [] : [sql`channel = ${filter.channel}`]),
      ...(filter.producer === undefined ? [] : [sql`producer = ${filter.producer}`]),
      ...(filter.from === undefined ? [] : [sql`created_at >= ${DateTime.toDate(filter.from)}::timestamptz`]),
      ...(filter.to === undefined ? [] : [sql`created_at < ${DateTime.toDate(filter.to)}::timestamptz`])
    ])
  }

  const get = (id: Notifications.OutboxId) =>
    (isUuid(id) ? sql<OutboxRow>`select * from notifications.outbox where id = ${id}` : Effect.succeed([])).pipe(
      Effect.orDie,
      Effect.flatMap((rows) =>
        rows[0] === undefined
          ? Effect.fail(new Notifications.OutboxMessageNotFound({ id }))
          : Effect.succeed(toOutboxMessage(rows[0]))
      )
    )

  return Notifications.OutboxRepo.of({
    enqueueMany: (messages) =>
      messages.length === 0
        ? Effect.succeed([])
        : sql<OutboxRow>`
          insert into notifications.outbox
            (channel, recipient, user_id, template_key, variables, subject, body, category, step, producer,
             resend_of, max_attempts, next_attempt_at)
          select m.channel, m.recipient, m.user_id, m.template_key, m.variables, m.subject, m.body, m.category, m.step,
                 m.producer, m.resend_of, m.max_attempts, coalesce(m.not_before, now())
          from jsonb_to_recordset(${JSON.stringify(messages.map((m) => ({
          channel: m.channel,
          recipient: m.recipient,
          user_id: m.userId ?? null,
          template_key: m.templateKey ?? null,
          variables: m.variables ?? {},
          subject: m.subject ?? null,
          body: m.body ?? null,
          category: m.category ?? null,
          step: m.step ?? null,
          producer: m.producer ?? null,
          resend_of: m.resendOf ?? null,
          max_attempts: m.maxAttempts,
          not_before: m.notBefore === undefined ? null : DateTime.formatIso(m.notBefore),
        })))}::jsonb) as m(
            channel text, recipient text, user_id text, template_key text, variables jsonb, subject text, body text,
            category text, step text, producer text, resend_of uuid, max_attempts int, not_before timestamptz
          )
          returning *`.pipe(
          Effect.orDie,
          // RETURNING order is not guaranteed: answer in input order (by recipient, then arrival).
          Effect.map((rows) => {
            const pool = rows.map(toOutboxMessage)
            return messages.map((m) => {
              const i = pool.findIndex((r) => r.recipient === m.recipient && r.channel === m.channel)
              return pool.splice(i, 1)[0]!
            })
          }),
          Effect.withSpan("OutboxRepoPg.enqueueMany")
        ),

    enqueue: (m) =>
      sql<OutboxRow>`
        insert into notifications.outbox
          (channel, recipient, user_id, template_key, variables, subject, body, category, step, producer,
           resend_of, max_attempts, next_attempt_at)
        values (
          ${m.channel}, ${m.recipient}, ${m.userId ?? null}, ${m.templateKey ?? null},
          ${JSON.stringify(m.variables ?? {})}::jsonb, ${m.subject ?? null}, ${m.body ?? null},
          ${m.category ?? null}, ${m.step ?? null}, ${m.producer ?? null}, ${m.resendOf ?? null}::uuid,
          ${m.maxAttempts}::int,
          coalesce(${m.notBefore === undefined ? null : DateTime.toDate(m.notBefore)}::timestamptz, now())
        )
        returning *`.pipe(
        Effect.orDie,
        Effect.map((rows) => toOutboxMessage(rows[0]!)),
        Effect.withSpan("OutboxRepoPg.enqueue")
      ),

    claim: (input) =>
      Effect.gen(function*() {
        // A lease that expired on the last attempt ends the row: DEAD, visible and redrivable.
        yield* sql`
          update notifications.outbox
          set status = 'DEAD', last_error = 'Lease of ' || coalesce(lease_owner, '?') || ' expired on the last attempt',
              lease_owner = null, lease_until = null, updated_at = now()
          where status = 'PROCESSING' and lease_until < now() and attempts >= max_attempts`
        const rows = yield* sql<OutboxRow>`
          with picked as (
            select id from notifications.outbox
            where (status in ('PENDING', 'FAILED') and next_attempt_at <= now())
               or (status = 'PROCESSING' and lease_until < now())
            order by next_attempt_at, created_at, id
            limit ${Math.max(0, input.limit)}::int
            for update skip locked
          )
          update notifications.outbox o
          set status = 'PROCESSING', attempts = o.attempts + 1, lease_owner = ${input.workerId},
              lease_until = now() + ${input.leaseMs}::int * interval '1 millisecond', updated_at = now()
          from picked where o.id = picked.id
          returning o.*`
        return rows.map(toOutboxMessage).sort((a, b) =>
          DateTime.toEpochMillis(a.nextAttemptAt) - DateTime.toEpochMillis(b.nextAttemptAt)
        )
      }).pipe(Effect.orDie, Effect.withSpan("OutboxRepoPg.claim")),

    recordAttempt: (ref, outcome) => {
      const set = outcome._tag === "Sent"
        ? sql`status = 'SENT', provider_message_id = ${outcome.providerMessageId}, subject = ${outcome.subject},
              body = ${outcome.body}, last_error = null, sent_at = now()`
        : outcome._tag === "Skipped"
        ? sql`status = 'SENT', skip_reason = ${outcome.reason}, sent_at = now()`
        : outcome.retryAt === null
        ? sql`status = 'DEAD', last_error = ${outcome.error}`
        : sql`status = 'FAILED', last_error = ${outcome.error}, next_attempt_at = ${DateTime.toDate(outcome.retryAt)}::timestamptz`
      const log = outcome._tag === "Sent"
        ? { status: "SENT", provider: outcome.provider, providerMessageId: outcome.providerMessageId, error: null }
        : outcome._tag === "Skipped"
        ? { status: "SKIPPED", provider: null, providerMessageId: null, error: outcome.reason }
        : { status: "FAILED", provider: outcome.provider, providerMessageId: null, error: outcome.error }
      return sql<OutboxRow>`
        with updated as (
          update notifications.outbox
          set ${set}, lease_owner = null, lease_until = null, updated_at = now()
          where id = ${ref.id} and status = 'PROCESSING' and lease_owner = ${ref.workerId} and attempts = ${ref.attempt}::int
          returning *
        ), logged as (
          insert into notifications.logs
            (outbox_id, attempt, status, channel, recipient, user_id, step, template_key, variables, category,
             provider, provider_message_id, error, resend_of)
          select id, attempts, ${log.status}, channel, recipient, user_id, step, template_key, variables, category,
                 ${log.provider}, ${log.providerMessageId}, ${log.error}, resend_of
          from updated
          returning 1
        )
        select * from updated`.pipe(
        Effect.orDie,
        Effect.flatMap((rows) =>
          rows[0] === undefined
            ? Effect.fail(new Notifications.OutboxLeaseLost({ id: ref.id, workerId: ref.workerId }))
            : Effect.succeed(toOutboxMessage(rows[0]))
        ),
        Effect.withSpan("OutboxRepoPg.recordAttempt")
      )
    },

    get,

    list: (filter) =>
      Effect.gen(function*() {
        const where = filterSql(filter)
        const [rows, count] = yield* Effect.all([
          sql<OutboxRow>`
            select * from notifications.outbox where ${where}
            order by created_at desc, id desc
            limit ${filter.limit}::int offset ${filter.offset}::int`,
          sql<{ readonly n: number }>`select count(*)::int as n from notifications.outbox where ${where}`
        ])
        return { items: rows.map(toOutboxMessage), total: count[0]?.n ?? 0 }
      }).pipe(Effect.orDie),

    retry: (id) =>
      Effect.gen(function*() {
        if (!isUuid(id)) return yield* new Notifications.OutboxMessageNotFound({ id })
        const rows = yield* sql<OutboxRow>`
          update notifications.outbox
          set status = 'PENDING', attempts = 0, last_error = null, lease_owner = null, lease_until = null,
              next_attempt_at = now(), updated_at = now()
          where id = ${id} and status in ('DEAD', 'FAILED')
          returning *`.pipe(Effect.orDie)
        if (rows[0] !== undefined) return toOutboxMessage(rows[0])
        const current = yield* get(id)
        return yield* Notifications.outboxRetryConflict(id, current.status)
      }),

    redrive: (filter, dryRun) =>
      Effect.gen(function*() {
        const where = sql.and([filterSql(filter), sql`status in ('DEAD', 'FAILED')`])
        if (dryRun) {
          const rows = yield* sql<{ readonly n: number }>`select count(*)::int as n from notifications.outbox where ${where}`
          return { matched: rows[0]?.n ?? 0, redriven: 0 }
        }
        const rows = yield* sql<{ readonly n: number }>`
          with moved as (
            update notifications.outbox
            set status = 'PENDING', attempts = 0, last_error = null, lease_owner = null, lease_until = null,
                next_attempt_at = now(), updated_at = now()
            where ${where}
            returning 1
          )
          select count(*)::int as n from moved`
        const n = rows[0]?.n ?? 0
        return { matched: n, redriven: n }
      }).pipe(Effect.orDie),

    summary: Effect.gen(function*() {
      const [counts, oldest, failures] = yield* Effect.all([
        sql<{ readonly status: Notifications.OutboxStatus; readonly channel: Channel; readonly n: number }>`
          select status, channel, count(*)::int as n from notifications.outbox group by status, channel`,
        sql<{ readonly ageMs: number | null }>`
          select (extract(epoch from (now() - min(created_at))) * 1000)::float8 as age_ms
          from notifications.outbox where status in ('PENDING', 'FAILED')`,
        sql<OutboxRow>`
          select * from notifications.outbox where status in ('FAILED', 'DEAD')
          order by updated_at desc, id desc limit ${Notifications.LastFailuresShown}::int`
      ])
      const byStatus = Notifications.emptyStatusCounts()
      const byChannel = Object.fromEntries(
        Notifications.Channels.map((c) => [c, Notifications.emptyStatusCounts()])
      ) as Record<Channel, Record<Notifications.OutboxStatus, number>>
      let total = 0
      for (const row of counts) {
        byStatus[row.status] += row.n
        byChannel[row.channel][row.status] += row.n
        total += row.n
      }
      const age = oldest[0]?.ageMs
      return {
        byStatus,
        byChannel,
        total,
        oldestPendingAgeMs: age === null || age === undefined ? null : Math.max(0, Math.round(Number(age))),
        deadCount: byStatus.DEAD,
        lastFailures: failures.map((r) => Notifications.toPreview(toOutboxMessage(r)))
      } satisfies Notifications.OutboxSummary
    }).pipe(Effect.orDie)
  })
})

/** Builds the Postgres NotificationLogRepo. */
export const makeNotificationLogRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return Notifications.NotificationLogRepo.of({
    get: (id) =>
      (isUuid(id) ? sql<LogRow>`select * from notifications.logs where id = ${id}` : Effect.succeed([])).pipe(
        Effect.orDie,
        Effect.flatMap((rows) =>
          rows[0] === undefined
            ? Effect.fail(new Notifications.NotificationLogNotFound({ id }))
            : Effect.succeed(toLog(rows[0]))
        )
      ),
    list: (filter = {}) =>
      Effect.gen(function*() {
        if (filter.outboxId !== undefined && !isUuid(filter.outboxId)) return []
        const where = sql.and([
          ...(filter.status === undefined ? [] : [sql`status = ${filter.status}`]),
          ...(filter.channel === undefined ? [] : [sql`channel = ${filter.channel}`]),
          ...(filter.outboxId === undefined ? [] : [sql`outbox_id = ${filter.outboxId}`]),
          ...(filter.recipient === undefined ? [] : [sql`recipient = ${filter.recipient}`]),
          ...(filter.step === undefined ? [] : [sql`step = ${filter.step}`])
        ])
        const rows = yield* sql<LogRow>`
          select * from notifications.logs where ${where}
          order by created_at desc, id desc
          limit ${filter.limit ?? 100}::int offset ${filter.offset ?? 0}::int`
        return rows.map(toLog)
      }).pipe(Effect.orDie),
    applyReceipt: (receipt, channels) =>
      channels.length === 0
        ? Effect.succeed(0)
        : sql<{ readonly n: number }>`
          with changed as (
            update notifications.logs
            set delivery_status = ${receipt.status}, delivery_rank = ${Notifications.deliveryRank[receipt.status]}::int,
                delivery_error = ${receipt.error}, delivery_updated_at = now()
            where provider_message_id = ${receipt.providerMessageId} and ${sql.in("channel", channels)}
              and coalesce(delivery_rank, 0) < ${Notifications.deliveryRank[receipt.status]}::int
            returning 1
          )
          select count(*)::int as n from changed`.pipe(Effect.orDie, Effect.map((rows) => rows[0]?.n ?? 0))
  })
})

interface TemplateRow {
  readonly id: string
  readonly channel: Channel
  readonly key: string
  readonly version: number
  readonly subject: string | null
  readonly body: string
  readonly variables: ReadonlyArray<string> | null
  readonly category: string | null
  readonly active: boolean
}

const toTemplate = (r: TemplateRow): Notifications.Template => ({ ...r, variables: r.variables ?? [] })

/** Builds the Postgres TemplateRepo (versions per channel and key). */
export const makeTemplateRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return Notifications.TemplateRepo.of({
    findActive: (channel, key) =>
      sql<TemplateRow>`
        select * from notifications.templates
        where channel = ${channel} and key = ${key} and active
        order by version desc limit 1`.pipe(
        Effect.orDie,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toTemplate))
      ),
    upsert: (draft) =>
      sql<TemplateRow>`
        insert into notifications.templates (channel, key, version, subject, body, variables, category, active)
        select ${draft.channel}, ${draft.key}, coalesce(max(version), 0) + 1, ${draft.subject}, ${draft.body},
               ${JSON.stringify(draft.variables)}::jsonb, ${draft.category}, ${draft.active ?? true}
        from notifications.templates where channel = ${draft.channel} and key = ${draft.key}
        returning *`.pipe(Effect.orDie, Effect.map((rows) => toTemplate(rows[0]!))),
    list: (channel) =>
      (channel === undefined
        ? sql<TemplateRow>`select * from notifications.templates order by channel, key, version`
        : sql<TemplateRow>`select * from notifications.templates where channel = ${channel} order by key, version`).pipe(
          Effect.orDie,
          Effect.map((rows) => rows.map(toTemplate))
        )
  })
})

/** Builds the Postgres PreferenceRepo. */
export const makePreferenceRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  type Row = { readonly channels: Notifications.UserPreferences["channels"]; readonly categories: Record<string, boolean> }
  return Notifications.PreferenceRepo.of({
    get: (userId) =>
      sql<Row>`select channels, categories from notifications.preferences where user_id = ${userId}`.pipe(
        Effect.orDie,
        Effect.map((rows) => rows[0] ?? Notifications.DefaultPreferences)
      ),
    update: (userId, patch) =>
      sql<Row>`
        insert into notifications.preferences (user_id, channels, categories)
        values (${userId}, ${JSON.stringify(patch.channels ?? {})}::jsonb, ${JSON.stringify(patch.categories ?? {})}::jsonb)
        on conflict (user_id) do update
        set channels = notifications.preferences.channels || excluded.channels,
            categories = notifications.preferences.categories || excluded.categories,
            updated_at = now()
        returning channels, categories`.pipe(Effect.orDie, Effect.map((rows) => rows[0]!))
  })
})

/** Builds the Postgres RetryPolicyRepo (a stored row overrides the channel's default). */
export const makeRetryPolicyRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  type Row = Notifications.RetryPolicy
  const all = sql<Row>`select channel, max_attempts, base_delay_ms, factor, max_delay_ms from notifications.retry_policies`.pipe(
    Effect.orDie,
    Effect.map((rows) => {
      const stored = new Map(rows.map((r) => [r.channel, { ...r, factor: Number(r.factor) }]))
      return Notifications.Channels.map((c) => stored.get(c) ?? Notifications.DefaultRetryPolicies[c])
    })
  )
  return Notifications.RetryPolicyRepo.of({
    get: (channel) => Effect.map(all, (policies) => policies.find((p) => p.channel === channel)!),
    list: all,
    save: (p) =>
      sql`
        insert into notifications.retry_policies (channel, max_attempts, base_delay_ms, factor, max_delay_ms)
        values (${p.channel}, ${p.maxAttempts}::int, ${p.baseDelayMs}::int, ${p.factor}::float8, ${p.maxDelayMs}::int)
        on conflict (channel) do update
        set max_attempts = excluded.max_attempts, base_delay_ms = excluded.base_delay_ms, factor = excluded.factor,
            max_delay_ms = excluded.max_delay_ms, updated_at = now()`.pipe(Effect.orDie, Effect.as(p))
  })
})

/** Every notification repository on Postgres; needs a SqlClient with the migrations applied. */
export const NotificationsPg: Layer.Layer<Notifications.NotificationRepos, never, SqlClient.SqlClient> = Layer.mergeAll(
  Layer.effect(Notifications.OutboxRepo, makeOutboxRepoPg),
  Layer.effect(Notifications.NotificationLogRepo, makeNotificationLogRepoPg),
  Layer.effect(Notifications.TemplateRepo, makeTemplateRepoPg),
  Layer.effect(Notifications.PreferenceRepo, makePreferenceRepoPg),
  Layer.effect(Notifications.RetryPolicyRepo, makeRetryPolicyRepoPg)
)
