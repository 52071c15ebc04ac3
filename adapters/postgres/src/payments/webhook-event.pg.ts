/**
 * The payment webhook inbox on Postgres (payments.webhook_events). Dedupe is the unique
 * (provider, event_id) with `on conflict do nothing`; the dispatch lease and the admin moves are
 * conditional updates, so of two concurrent dispatches or moves exactly one wins.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Payments } from "@podium/core"
import { Effect, Layer } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

// A row never dispatched has no processors: read as the empty list.
const Columns = `id, provider, event_id, event_type, payload, signature_verified, status, attempts, last_error,
  coalesce(processed_by, '{}') as processed_by,
  replay_count, resolved_by, received_at, last_attempt_at, processed_at, resolved_at, updated_at`

export const WebhookEventRepoPg = Layer.effect(Payments.WebhookEventRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(Columns)
  const events = rowsOf(Payments.WebhookEvent)
  return Payments.WebhookEventRepo.of({
    insertIfAbsent: (input) =>
      Effect.gen(function*() {
        const inserted = yield* events.all(sql`
          insert into payments.webhook_events (provider, event_id, event_type, payload, signature_verified)
          values (${input.provider}, ${input.eventId}, ${input.eventType}, ${JSON.stringify(input.payload)}::jsonb, ${input.signatureVerified})
          on conflict (provider, event_id) do nothing
          returning ${cols}`)
        if (inserted[0] !== undefined) return { row: inserted[0], inserted: true }
        const existing = yield* events.one(sql`
          select ${cols} from payments.webhook_events where provider = ${input.provider} and event_id = ${input.eventId}`)
        return { row: existing, inserted: false }
      }),
    findById: (id) => events.maybe(sql`select ${cols} from payments.webhook_events where id = ${id}`),
    list: (q) =>
      Effect.gen(function*() {
        const where = sql.and([
          ...(q.status === undefined ? [] : [sql`status = ${q.status}`]),
          ...(q.provider === undefined ? [] : [sql`provider = ${q.provider}`]),
          ...(q.eventType === undefined ? [] : [sql`event_type = ${q.eventType}`])
        ])
        const items = yield* events.all(sql`
          select ${cols} from payments.webhook_events where ${where}
          order by received_at desc, id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`)
        const total = yield* counts.one(sql`select count(*)::int as n from payments.webhook_events where ${where}`)
        return { items, total: total.n }
      }),
    claim: (id, from, options) =>
      events.maybe(sql`
        update payments.webhook_events
        set attempts = attempts + 1, replay_count = replay_count + ${options.replay ? 1 : 0},
          last_attempt_at = now(), updated_at = now(),
          locked_until = now() + make_interval(secs => ${options.leaseSeconds})
        where id = ${id} and status in ${sql.in(from)} and (locked_until is null or locked_until < now())
        returning ${cols}`),
    finish: (id, outcome) =>
      events.one(sql`
        update payments.webhook_events
        set status = ${outcome.status}, last_error = ${outcome.lastError},
          processed_by = case when ${outcome.processedBy !== null}
            then array(select jsonb_array_elements_text(${JSON.stringify(outcome.processedBy ?? [])}::jsonb))
            else processed_by end,
          processed_at = case when ${outcome.processed} then now() else processed_at end,
          locked_until = null, updated_at = now()
        where id = ${id}
        returning ${cols}`),
    resolve: (id, from, to, adminId) =>
      events.maybe(sql`
        update payments.webhook_events
        set status = ${to}, resolved_by = ${adminId}, resolved_at = now(), updated_at = now()
        where id = ${id} and status in ${sql.in(from)} and (locked_until is null or locked_until < now())
        returning ${cols}`)
  })
}))
