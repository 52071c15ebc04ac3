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
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

const UuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const isUuid = (s: string) => UuidPattern.test(s)

const messages = rowsOf(Notifications.OutboxMessage)
const logs = rowsOf(Notifications.NotificationLog)
const templates = rowsOf(Notifications.Template)
const preferences = rowsOf(Notifications.UserPreferences)
const policies = rowsOf(Notifications.RetryPolicy)
const StatusCount = Schema.Struct({ status: Notifications.OutboxStatus, channel: Notifications.ChannelSchema, n: Schema.Number })
const statusCounts = rowsOf(StatusCount)
const OldestAge = Schema.Struct({ ageMs: Schema.NullOr(Schema.Number) })
const oldestAges = rowsOf(OldestAge)

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
    messages.maybe(isUuid(id) ? sql`select * from notifications.outbox where id = ${id}` : Effect.succeed([])).pipe(
      Effect.flatMap(Option.match({
        onNone: () => Effect.fail(new Notifications.OutboxMessageNotFound({ id })),
        onSome: Effect.succeed
      }))
    )

  return Notifications.OutboxRepo.of({
    enqueueMany: (input) =>
      input.length === 0
        ? Effect.succeed([])
        : messages.all(sql`
          insert into notifications.outbox
            (channel, recipient, user_id, template_key, variables, subject, body, category, step, producer,
             resend_of, max_attempts, next_attempt_at)
          select m.channel, m.recipient, m.user_id, m.template_key, m.variables, m.subject, m.body, m.category, m.step,
                 m.producer, m.resend_of, m.max_attempts, coalesce(m.not_before, now())
          from jsonb_to_recordset(${JSON.stringify(input.map((m) => ({
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
          returning *`).pipe(
          // RETURNING order is not guaranteed: answer in input order (by recipient, then arrival).
          Effect.map((rows) => {
            const pool = [...rows]
            return input.map((m) => {
              const i = pool.findIndex((r) => r.recipient === m.recipient && r.channel === m.channel)
              return pool.splice(i, 1)[0]!
            })
          }),
          Effect.withSpan("OutboxRepoPg.enqueueMany")
        ),

    enqueue: (m) =>
      messages.one(sql`
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
        returning *`).pipe(Effect.withSpan("OutboxRepoPg.enqueue")
      ),

    claim: (input) =>
      Effect.gen(function*() {
        // A lease that expired on the last attempt ends the row: DEAD, visible and redrivable.
        yield* sql`
          update notifications.outbox
          set status = 'DEAD', last_error = 'Lease of ' || coalesce(lease_owner, '?') || ' expired on the last attempt',
              lease_owner = null, lease_until = null, updated_at = now()
          where status = 'PROCESSING' and lease_until < now() and attempts >= max_attempts`
        const rows = yield* messages.all(sql`
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
          returning o.*`)
        return [...rows].sort((a, b) =>
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
      return messages.maybe(sql`
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
        select * from updated`).pipe(
        Effect.flatMap(Option.match({
          onNone: () => Effect.fail(new Notifications.OutboxLeaseLost({ id: ref.id, workerId: ref.workerId })),
          onSome: Effect.succeed
        })),
        Effect.withSpan("OutboxRepoPg.recordAttempt")
      )
    },

    get,

    list: (filter) =>
      Effect.gen(function*() {
        const where = filterSql(filter)
        const [items, count] = yield* Effect.all([
          messages.all(sql`
            select * from notifications.outbox where ${where}
            order by created_at desc, id desc
            limit ${filter.limit}::int offset ${filter.offset}::int`),
          counts.one(sql`select count(*)::int as n from notifications.outbox where ${where}`)
        ])
        return { items, total: count.n }
      }),

    retry: (id) =>
      Effect.gen(function*() {
        if (!isUuid(id)) return yield* new Notifications.OutboxMessageNotFound({ id })
        const retried = yield* messages.maybe(sql`
          update notifications.outbox
          set status = 'PENDING', attempts = 0, last_error = null, lease_owner = null, lease_until = null,
              next_attempt_at = now(), updated_at = now()
          where id = ${id} and status in ('DEAD', 'FAILED')
          returning *`)
        if (Option.isSome(retried)) return retried.value
        const current = yield* get(id)
        return yield* Notifications.outboxRetryConflict(id, current.status)
      }),

    redrive: (filter, dryRun) =>
      Effect.gen(function*() {
        const where = sql.and([filterSql(filter), sql`status in ('DEAD', 'FAILED')`])
        if (dryRun) {
          const matched = yield* counts.one(sql`select count(*)::int as n from notifications.outbox where ${where}`)
          return { matched: matched.n, redriven: 0 }
        }
        const moved = yield* counts.one(sql`
          with moved as (
            update notifications.outbox
            set status = 'PENDING', attempts = 0, last_error = null, lease_owner = null, lease_until = null,
                next_attempt_at = now(), updated_at = now()
            where ${where}
            returning 1
          )
          select count(*)::int as n from moved`)
        return { matched: moved.n, redriven: moved.n }
      }),

    summary: Effect.gen(function*() {
      const [grouped, oldest, failures] = yield* Effect.all([
        statusCounts.all(sql`
          select status, channel, count(*)::int as n from notifications.outbox group by status, channel`),
        oldestAges.one(sql`
          select (extract(epoch from (now() - min(created_at))) * 1000)::float8 as age_ms
          from notifications.outbox where status in ('PENDING', 'FAILED')`),
        messages.all(sql`
          select * from notifications.outbox where status in ('FAILED', 'DEAD')
          order by updated_at desc, id desc limit ${Notifications.LastFailuresShown}::int`)
      ])
      const byStatus = Notifications.emptyStatusCounts()
      const byChannel = Object.fromEntries(
        Notifications.Channels.map((c) => [c, Notifications.emptyStatusCounts()])
      ) as Record<Notifications.Channel, Record<Notifications.OutboxStatus, number>>
      let total = 0
      for (const row of grouped) {
        byStatus[row.status] += row.n
        byChannel[row.channel][row.status] += row.n
        total += row.n
      }
      const age = oldest.ageMs
      return {
        byStatus,
        byChannel,
        total,
        oldestPendingAgeMs: age === null ? null : Math.max(0, Math.round(age)),
        deadCount: byStatus.DEAD,
        lastFailures: failures.map(Notifications.toPreview)
      } satisfies Notifications.OutboxSummary
    })
  })
})

/** Builds the Postgres NotificationLogRepo. */
export const makeNotificationLogRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return Notifications.NotificationLogRepo.of({
    get: (id) =>
      logs.maybe(isUuid(id) ? sql`select * from notifications.logs where id = ${id}` : Effect.succeed([])).pipe(
        Effect.flatMap(Option.match({
          onNone: () => Effect.fail(new Notifications.NotificationLogNotFound({ id })),
          onSome: Effect.succeed
        }))
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
        return yield* logs.all(sql`
          select * from notifications.logs where ${where}
          order by created_at desc, id desc
          limit ${filter.limit ?? 100}::int offset ${filter.offset ?? 0}::int`)
      }),
    applyReceipt: (receipt, channels) =>
      channels.length === 0
        ? Effect.succeed(0)
        : counts.one(sql`
          with changed as (
            update notifications.logs
            set delivery_status = ${receipt.status}, delivery_rank = ${Notifications.deliveryRank[receipt.status]}::int,
                delivery_error = ${receipt.error}, delivery_updated_at = now()
            where provider_message_id = ${receipt.providerMessageId} and ${sql.in("channel", channels)}
              and coalesce(delivery_rank, 0) < ${Notifications.deliveryRank[receipt.status]}::int
            returning 1
          )
          select count(*)::int as n from changed`).pipe(Effect.map((row) => row.n))
  })
})

/** Builds the Postgres TemplateRepo (versions per channel and key). */
export const makeTemplateRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return Notifications.TemplateRepo.of({
    findActive: (channel, key) =>
      templates.maybe(sql`
        select * from notifications.templates
        where channel = ${channel} and key = ${key} and active
        order by version desc limit 1`),
    upsert: (draft) =>
      templates.one(sql`
        insert into notifications.templates (channel, key, version, subject, body, variables, category, active)
        select ${draft.channel}, ${draft.key}, coalesce(max(version), 0) + 1, ${draft.subject}, ${draft.body},
               ${JSON.stringify(draft.variables)}::jsonb, ${draft.category}, ${draft.active ?? true}
        from notifications.templates where channel = ${draft.channel} and key = ${draft.key}
        returning *`),
    list: (channel) =>
      templates.all(channel === undefined
        ? sql`select * from notifications.templates order by channel, key, version`
        : sql`select * from notifications.templates where channel = ${channel} order by key, version`)
  })
})

/** Builds the Postgres PreferenceRepo. */
export const makePreferenceRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return Notifications.PreferenceRepo.of({
    get: (userId) =>
      preferences.maybe(sql`select channels, categories from notifications.preferences where user_id = ${userId}`).pipe(
        Effect.map(Option.getOrElse(() => Notifications.DefaultPreferences))
      ),
    update: (userId, patch) =>
      preferences.one(sql`
        insert into notifications.preferences (user_id, channels, categories)
        values (${userId}, ${JSON.stringify(patch.channels ?? {})}::jsonb, ${JSON.stringify(patch.categories ?? {})}::jsonb)
        on conflict (user_id) do update
        set channels = notifications.preferences.channels || excluded.channels,
            categories = notifications.preferences.categories || excluded.categories,
            updated_at = now()
        returning channels, categories`)
  })
})

/** Builds the Postgres RetryPolicyRepo (a stored row overrides the channel's default). */
export const makeRetryPolicyRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const all = policies.all(sql`select channel, max_attempts, base_delay_ms, factor, max_delay_ms from notifications.retry_policies`).pipe(
    Effect.map((rows) => {
      const stored = new Map(rows.map((r) => [r.channel, r]))
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
