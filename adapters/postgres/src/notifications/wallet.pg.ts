/**
 * The organizer notification wallet on Postgres: notifications.wallet_entries (double-entry, the
 * balance is a sum), .wallet_topups, .settlements and the webhook inbox. Movements of one
 * organizer are serialised by a transaction-scoped advisory lock, so concurrent debits never take
 * the balance below zero. Amounts are bigint minor units, read as numbers.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Notifications } from "@podium/core"
import { DateTime, Effect, Layer } from "effect"

const accountOf = (organizerId: string) => `organizer:${organizerId}`
const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)
const utc = (d: Date) => DateTime.unsafeFromDate(d)
const utcOrNull = (d: Date | null) => (d === null ? null : utc(d))

interface EntryRow {
  readonly id: string
  readonly transactionId: string
  readonly organizerId: string
  readonly amount: number
  readonly reason: string
  readonly counterAccount: string
  readonly idempotencyKey: string | null
  readonly createdAt: Date
}
const toEntry = (r: EntryRow): Notifications.WalletEntry => ({ ...r, amount: Number(r.amount), createdAt: utc(r.createdAt) })

interface SummaryRow {
  readonly organizerId: string
  readonly balance: number
  readonly credited: number
  readonly debited: number
  readonly entries: number
  readonly lastMovementAt: Date | null
}
const toSummary = (r: SummaryRow): Notifications.WalletSummary => ({
  organizerId: r.organizerId,
  balance: Number(r.balance),
  credited: Number(r.credited),
  debited: Number(r.debited),
  entries: Number(r.entries),
  lastMovementAt: utcOrNull(r.lastMovementAt)
})

interface TopUpRow {
  readonly id: string
  readonly organizerId: string
  readonly amount: number
  readonly status: Notifications.TopUpStatus
  readonly createdAt: Date
  readonly completedAt: Date | null
}
const toTopUp = (r: TopUpRow): Notifications.WalletTopUp => ({
  id: r.id,
  organizerId: r.organizerId,
  amount: Number(r.amount),
  status: r.status,
  createdAt: utc(r.createdAt),
  completedAt: utcOrNull(r.completedAt)
})

interface SettlementRow {
  readonly id: string
  readonly organizerId: string
  readonly periodStart: Date
  readonly periodEnd: Date
  readonly amount: number
  readonly entries: number
  readonly status: Notifications.SettlementStatus
  readonly createdAt: Date
  readonly processedAt: Date | null
}
const toSettlement = (r: SettlementRow): Notifications.NotificationSettlement => ({
  id: r.id,
  organizerId: r.organizerId,
  periodStart: utc(r.periodStart),
  periodEnd: utc(r.periodEnd),
  amount: Number(r.amount),
  entries: Number(r.entries),
  status: r.status,
  createdAt: utc(r.createdAt),
  processedAt: utcOrNull(r.processedAt)
})

export const makeNotificationWalletRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const entryColumns = sql`id, transaction_id, organizer_id, amount::float8 as amount, reason, counter_account, idempotency_key, created_at`
  const summarySelect = sql`
    select organizer_id,
           coalesce(sum(amount), 0)::float8 as balance,
           coalesce(sum(amount) filter (where amount > 0), 0)::float8 as credited,
           coalesce(-sum(amount) filter (where amount < 0), 0)::float8 as debited,
           count(*)::int as entries,
           max(created_at) as last_movement_at
    from notifications.wallet_entries`
  const summary = (organizerId: string) =>
    sql<SummaryRow>`${summarySelect} where account = ${accountOf(organizerId)} group by organizer_id`.pipe(
      Effect.orDie,
      Effect.map((rows) =>
        rows[0] === undefined
          ? { organizerId, balance: 0, credited: 0, debited: 0, entries: 0, lastMovementAt: null }
          : toSummary(rows[0])
      )
    )
  const post = (m: Notifications.WalletMovement) =>
    sql.withTransaction(Effect.gen(function*() {
      const account = accountOf(m.organizerId)
      yield* sql`select pg_advisory_xact_lock(hashtext(${"notification-wallet:" + m.organizerId}))`.pipe(Effect.orDie)
      if (m.idempotencyKey !== null) {
        const prior = yield* sql<EntryRow>`
          select ${entryColumns} from notifications.wallet_entries
          where account = ${account} and idempotency_key = ${m.idempotencyKey}`.pipe(Effect.orDie)
        if (prior[0] !== undefined) {
          if (Number(prior[0].amount) !== m.amount) {
            return yield* new Notifications.WalletIdempotencyConflict({ idempotencyKey: m.idempotencyKey })
          }
          return { entry: toEntry(prior[0]), replayed: true, balance: (yield* summary(m.organizerId)).balance }
        }
      }
      const balance = (yield* summary(m.organizerId)).balance
      if (m.amount < 0 && balance + m.amount < 0) {
        return yield* new Notifications.InsufficientWalletBalance({ organizerId: m.organizerId, balance, required: -m.amount })
      }
      const rows = yield* sql<EntryRow>`
        with tx as (select gen_random_uuid() as id),
        counter as (
          insert into notifications.wallet_entries (transaction_id, account, organizer_id, amount, reason, counter_account)
          select tx.id, ${m.counterAccount}, ${m.organizerId}::uuid, ${-m.amount}::bigint, ${m.reason}, ${account} from tx
        )
        insert into notifications.wallet_entries (transaction_id, account, organizer_id, amount, reason, counter_account, idempotency_key)
        select tx.id, ${account}, ${m.organizerId}::uuid, ${m.amount}::bigint, ${m.reason}, ${m.counterAccount}, ${m.idempotencyKey} from tx
        returning ${entryColumns}`.pipe(Effect.orDie)
      return { entry: toEntry(rows[0]!), replayed: false, balance: balance + m.amount }
    })).pipe(Effect.catchTag("SqlError", Effect.die))
  const topUpColumns = sql`id, organizer_id, amount::float8 as amount, status, created_at, completed_at`
  const getTopUp = (id: string) =>
    (isUuid(id)
      ? sql<TopUpRow>`select ${topUpColumns} from notifications.wallet_topups where id = ${id}::uuid`.pipe(Effect.orDie)
      : Effect.succeed([])).pipe(
        Effect.flatMap((rows) =>
          rows[0] === undefined ? Effect.fail(new Notifications.WalletTopUpNotFound({ id })) : Effect.succeed(toTopUp(rows[0]))
        )
      )
  return Notifications.NotificationWalletRepo.of({
    summary,
    listSummaries: (page) =>
      Effect.gen(function*() {
        const rows = yield* sql<SummaryRow>`
          ${summarySelect} where account like 'organizer:%' group by organizer_id
          order by balance desc, organizer_id limit ${page.limit} offset ${page.offset}`
        const count = yield* sql<{ readonly n: number }>`
          select count(distinct account)::int as n from notifications.wallet_entries where account like 'organizer:%'`
        return { items: rows.map(toSummary), total: count[0]?.n ?? 0 }
      }).pipe(Effect.orDie),
    entries: (organizerId, page) =>
      Effect.gen(function*() {
        const rows = yield* sql<EntryRow>`
          select ${entryColumns} from notifications.wallet_entries where account = ${accountOf(organizerId)}
          order by created_at desc, id limit ${page.limit} offset ${page.offset}`
        const count = yield* sql<{ readonly n: number }>`
          select count(*)::int as n from notifications.wallet_entries where account = ${accountOf(organizerId)}`
        return { items: rows.map(toEntry), total: count[0]?.n ?? 0 }
      }).pipe(Effect.orDie),
    post,
    createTopUp: (organizerId, amount) =>
      sql<TopUpRow>`
        insert into notifications.wallet_topups (organizer_id, amount) values (${organizerId}::uuid, ${amount}::bigint)
        returning ${topUpColumns}`.pipe(Effect.orDie, Effect.map((rows) => toTopUp(rows[0]!))),
    getTopUp,
    listTopUps: (organizerId) =>
      sql<TopUpRow>`
        select ${topUpColumns} from notifications.wallet_topups where organizer_id = ${organizerId}::uuid
        order by created_at desc limit 50`.pipe(Effect.orDie, Effect.map((rows) => rows.map(toTopUp))),
    settleTopUp: (id, outcome, eventId) =>
      sql.withTransaction(Effect.gen(function*() {
        const current = yield* getTopUp(id)
        const moved = yield* sql<TopUpRow>`
          update notifications.wallet_topups set status = ${outcome}, event_id = ${eventId}, completed_at = now()
          where id = ${id}::uuid and status = 'PENDING' returning ${topUpColumns}`.pipe(Effect.orDie)
        if (moved[0] === undefined) return current
        if (outcome === "COMPLETED") {
          yield* post({
            organizerId: current.organizerId,
            amount: current.amount,
            reason: "top-up",
            counterAccount: Notifications.CounterAccounts.topUp,
            idempotencyKey: `top-up:${id}`
          }).pipe(Effect.orDie)
        }
        return toTopUp(moved[0])
      })).pipe(Effect.catchTag("SqlError", Effect.die))
  })
})

export const makeNotificationSettlementRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const columns = sql`id, organizer_id, period_start, period_end, amount::float8 as amount, entries, status, created_at, processed_at`
  return Notifications.NotificationSettlementRepo.of({
    calculate: (from, to) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`select pg_advisory_xact_lock(hashtext('notification-settlements'))`
        const rows = yield* sql<SettlementRow>`
          with spend as (
            select organizer_id, -sum(amount) as amount, count(*)::int as entries
            from notifications.wallet_entries
            where account like 'organizer:%' and counter_account = ${Notifications.CounterAccounts.revenue}
              and settlement_id is null and amount < 0
              and created_at >= ${DateTime.toDate(from)} and created_at < ${DateTime.toDate(to)}
            group by organizer_id
          )
          insert into notifications.settlements (organizer_id, period_start, period_end, amount, entries)
          select organizer_id, ${DateTime.toDate(from)}, ${DateTime.toDate(to)}, amount, entries from spend
          returning ${columns}`
        for (const s of rows) {
          yield* sql`
            update notifications.wallet_entries set settlement_id = ${s.id}::uuid
            where account = ${accountOf(s.organizerId)} and counter_account = ${Notifications.CounterAccounts.revenue}
              and settlement_id is null and amount < 0
              and created_at >= ${DateTime.toDate(from)} and created_at < ${DateTime.toDate(to)}`
        }
        return rows.map(toSettlement)
      })).pipe(Effect.orDie),
    list: (f) =>
      Effect.gen(function*() {
        const where = sql.and([
          ...(f.organizerId === undefined ? [] : [sql`organizer_id = ${f.organizerId}::uuid`]),
          ...(f.status === undefined ? [] : [sql`status = ${f.status}`])
        ])
        const rows = yield* sql<SettlementRow>`
          select ${columns} from notifications.settlements where ${where}
          order by created_at desc, id limit ${f.limit} offset ${f.offset}`
        const count = yield* sql<{ readonly n: number }>`select count(*)::int as n from notifications.settlements where ${where}`
        return { items: rows.map(toSettlement), total: count[0]?.n ?? 0 }
      }).pipe(Effect.orDie),
    process: (id) =>
      Effect.gen(function*() {
        if (!isUuid(id)) return yield* new Notifications.SettlementNotFound({ id })
        const moved = yield* sql<SettlementRow>`
          update notifications.settlements set status = 'PROCESSED', processed_at = now()
          where id = ${id}::uuid and status = 'CALCULATED' returning ${columns}`.pipe(Effect.orDie)
        if (moved[0] !== undefined) return toSettlement(moved[0])
        const exists = yield* sql`select 1 from notifications.settlements where id = ${id}::uuid`.pipe(Effect.orDie)
        return yield* (exists.length === 0
          ? new Notifications.SettlementNotFound({ id })
          : new Notifications.SettlementAlreadyProcessed({ id }))
      })
  })
})

export const makeWebhookInboxRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return Notifications.WebhookInboxRepo.of({
    record: (source, eventId, payload) =>
      Effect.gen(function*() {
        const inserted = yield* sql<{ readonly status: string }>`
          insert into notifications.webhook_inbox (source, event_id, payload)
          values (${source}, ${eventId}, ${JSON.stringify(payload ?? null)}::jsonb)
          on conflict (source, event_id) do nothing returning status`
        if (inserted[0] !== undefined) return { fresh: true, status: inserted[0].status }
        const prior = yield* sql<{ readonly status: string }>`
          select status from notifications.webhook_inbox where source = ${source} and event_id = ${eventId}`
        return { fresh: false, status: prior[0]?.status ?? "RECEIVED" }
      }).pipe(Effect.orDie),
    mark: (source, eventId, status, error) =>
      sql`
        update notifications.webhook_inbox set status = ${status}, error = ${error}, processed_at = now()
        where source = ${source} and event_id = ${eventId}`.pipe(Effect.orDie, Effect.asVoid)
  })
})

/** The wallet, settlement and webhook-inbox repositories on Postgres. */
export const NotificationWalletsPg: Layer.Layer<
  Notifications.NotificationWalletRepo | Notifications.NotificationSettlementRepo | Notifications.WebhookInboxRepo,
  never,
  SqlClient.SqlClient
> = Layer.mergeAll(
  Layer.effect(Notifications.NotificationWalletRepo, makeNotificationWalletRepoPg),
  Layer.effect(Notifications.NotificationSettlementRepo, makeNotificationSettlementRepoPg),
  Layer.effect(Notifications.WebhookInboxRepo, makeWebhookInboxRepoPg)
)
