/**
 * The organizer notification wallet on Postgres, kept on the platform ledger (`wallets.*`,
 * `makeLedgerPg`; migration 0032 moved the former notifications.wallet_entries there): a movement is
 * one ledger transfer (`postWalletMovement`), so idempotency keys and the no-negative check under
 * the account's row lock are the ledger's. Summaries and entry lists read the ledger tables
 * directly (the organizer accounts `{organizer, <id>, notifications, INR}`), the counter-account of
 * an entry being its transfer's other leg. Top-ups, settlements (linked to ledger entries through
 * notifications.settlement_entries) and the webhook inbox stay in the notifications schema.
 * Amounts are bigint minor units, read as numbers.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Notifications } from "@podium/core"
import { DateTime, Effect, Layer } from "effect"
import { randomUUID } from "node:crypto"
import { makeLedgerPg } from "../wallets/ledger.pg.js"

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)
const utc = (d: Date) => DateTime.unsafeFromDate(d)
const utcOrNull = (d: Date | null) => (d === null ? null : utc(d))
const Purpose = Notifications.NotificationWalletPurpose
const Currency = Notifications.NotificationWalletCurrency

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
  const ledger = yield* makeLedgerPg
  /** The organizer notification accounts (alias `a`). */
  const walletAccounts = sql`a.owner_type = 'organizer' and a.purpose = ${Purpose} and a.currency = ${Currency}`
  const entryColumns = sql`
    e.id, e.transfer_id as transaction_id, a.owner_id as organizer_id, e.amount::float8 as amount, t.reason,
    coalesce((select ca.owner_type || ':' || ca.owner_id from wallets.entries ce join wallets.accounts ca on ca.id = ce.account_id
              where ce.transfer_id = e.transfer_id and ce.account_id <> e.account_id order by ce.seq limit 1), '') as counter_account,
    t.metadata->>'idempotencyKey' as idempotency_key, e.created_at`
  const summarySelect = sql`
    select a.owner_id as organizer_id, a.balance::float8 as balance, a.credited::float8 as credited,
           a.debited::float8 as debited, a.entry_count as entries,
           (select max(e.created_at) from wallets.entries e where e.account_id = a.id) as last_movement_at
    from wallets.accounts a`
  const summary = (organizerId: string) =>
    sql<SummaryRow>`${summarySelect} where ${walletAccounts} and a.owner_id = ${organizerId} and a.entry_count > 0`.pipe(
      Effect.orDie,
      Effect.map((rows) =>
        rows[0] === undefined
          ? { organizerId, balance: 0, credited: 0, debited: 0, entries: 0, lastMovementAt: null }
          : toSummary(rows[0])
      )
    )
  /**
   * One transaction: the ledger post (a savepoint of it) and the balance read after it, while the
   * post's row lock on the organizer's account is still held (the answered balance is this post's).
   */
  const post = (m: Notifications.WalletMovement) =>
    sql.withTransaction(Effect.gen(function*() {
      const posted = yield* Notifications.postWalletMovement(ledger, m, randomUUID())
      const balance = yield* ledger.balance(Notifications.organizerNotificationAccount(m.organizerId))
      return { ...posted, balance }
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
          ${summarySelect} where ${walletAccounts} and a.entry_count > 0
          order by a.balance desc, a.owner_id limit ${page.limit} offset ${page.offset}`
        const count = yield* sql<{ readonly n: number }>`
          select count(*)::int as n from wallets.accounts a where ${walletAccounts} and a.entry_count > 0`
        return { items: rows.map(toSummary), total: count[0]?.n ?? 0 }
      }).pipe(Effect.orDie),
    entries: (organizerId, page) =>
      Effect.gen(function*() {
        const rows = yield* sql<EntryRow>`
          select ${entryColumns}
          from wallets.entries e
          join wallets.accounts a on a.id = e.account_id
          join wallets.transfers t on t.id = e.transfer_id
          where ${walletAccounts} and a.owner_id = ${organizerId}
          order by e.seq desc limit ${page.limit} offset ${page.offset}`
        const count = yield* sql<{ readonly n: number }>`
          select coalesce(sum(a.entry_count), 0)::int as n from wallets.accounts a where ${walletAccounts} and a.owner_id = ${organizerId}`
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
  const walletAccounts = sql`a.owner_type = 'organizer' and a.purpose = ${Purpose} and a.currency = ${Currency}`
  return Notifications.NotificationSettlementRepo.of({
    /**
     * Unsettled spend = the organizer accounts' debit entries whose transfer credits the platform's
     * notification-revenue account, created in [from, to) and not yet in settlement_entries.
     */
    calculate: (from, to) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`select pg_advisory_xact_lock(hashtext('notification-settlements'))`
        const revenue = Notifications.counterAccountRef(Notifications.CounterAccounts.revenue)
        const start = DateTime.toDate(from)
        const end = DateTime.toDate(to)
        const rows = yield* sql<SettlementRow>`
          with due as (
            select e.id, a.owner_id::uuid as organizer_id, e.amount
            from wallets.entries e
            join wallets.accounts a on a.id = e.account_id
            where ${walletAccounts} and e.amount < 0 and e.created_at >= ${start} and e.created_at < ${end}
              and exists (
                select 1 from wallets.entries ce join wallets.accounts ca on ca.id = ce.account_id
                where ce.transfer_id = e.transfer_id and ca.owner_type = ${revenue.ownerType} and ca.owner_id = ${revenue.ownerId}
                  and ca.purpose = ${revenue.purpose} and ca.currency = ${revenue.currency})
              and not exists (select 1 from notifications.settlement_entries s where s.entry_id = e.id)
          ),
          spend as (select organizer_id, -sum(amount) as amount, count(*)::int as entries from due group by organizer_id),
          created as (
            insert into notifications.settlements (organizer_id, period_start, period_end, amount, entries)
            select organizer_id, ${start}, ${end}, amount, entries from spend
            returning ${columns}
          ),
          linked as (
            insert into notifications.settlement_entries (entry_id, settlement_id)
            select due.id, created.id from due join created on created.organizer_id = due.organizer_id
          )
          select * from created`
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
