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
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { randomUUID } from "node:crypto"
import { counts, rowsOf } from "../rows.pg.js"
import { makeLedgerPg } from "../wallets/ledger.pg.js"

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)
const Purpose = Notifications.NotificationWalletPurpose
const Currency = Notifications.NotificationWalletCurrency

const entryRows = rowsOf(Notifications.WalletEntry)
const summaries = rowsOf(Notifications.WalletSummary)
const topUps = rowsOf(Notifications.WalletTopUp)
const settlements = rowsOf(Notifications.NotificationSettlement)
const InboxStatus = Schema.Struct({ status: Schema.String })
const inboxStatuses = rowsOf(InboxStatus)

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
           a.debited::float8 as debited, a.entry_count::int as entries,
           (select max(e.created_at) from wallets.entries e where e.account_id = a.id) as last_movement_at
    from wallets.accounts a`
  const summary = (organizerId: string) =>
    summaries.maybe(sql`${summarySelect} where ${walletAccounts} and a.owner_id = ${organizerId} and a.entry_count > 0`).pipe(
      Effect.map(Option.getOrElse((): Notifications.WalletSummary => ({
        organizerId,
        balance: 0,
        credited: 0,
        debited: 0,
        entries: 0,
        lastMovementAt: null
      })))
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
    topUps.maybe(isUuid(id) ? sql`select ${topUpColumns} from notifications.wallet_topups where id = ${id}::uuid` : Effect.succeed([])).pipe(
      Effect.flatMap(Option.match({ onNone: () => Effect.fail(new Notifications.WalletTopUpNotFound({ id })), onSome: Effect.succeed }))
    )
  return Notifications.NotificationWalletRepo.of({
    summary,
    listSummaries: (page) =>
      Effect.gen(function*() {
        const items = yield* summaries.all(sql`
          ${summarySelect} where ${walletAccounts} and a.entry_count > 0
          order by a.balance desc, a.owner_id limit ${page.limit} offset ${page.offset}`)
        const count = yield* counts.one(sql`
          select count(*)::int as n from wallets.accounts a where ${walletAccounts} and a.entry_count > 0`)
        return { items, total: count.n }
      }),
    entries: (organizerId, page) =>
      Effect.gen(function*() {
        const items = yield* entryRows.all(sql`
          select ${entryColumns}
          from wallets.entries e
          join wallets.accounts a on a.id = e.account_id
          join wallets.transfers t on t.id = e.transfer_id
          where ${walletAccounts} and a.owner_id = ${organizerId}
          order by e.seq desc limit ${page.limit} offset ${page.offset}`)
        const count = yield* counts.one(sql`
          select coalesce(sum(a.entry_count), 0)::int as n from wallets.accounts a where ${walletAccounts} and a.owner_id = ${organizerId}`)
        return { items, total: count.n }
      }),
    post,
    createTopUp: (organizerId, amount) =>
      topUps.one(sql`
        insert into notifications.wallet_topups (organizer_id, amount) values (${organizerId}::uuid, ${amount}::bigint)
        returning ${topUpColumns}`),
    getTopUp,
    listTopUps: (organizerId) =>
      topUps.all(sql`
        select ${topUpColumns} from notifications.wallet_topups where organizer_id = ${organizerId}::uuid
        order by created_at desc limit 50`),
    settleTopUp: (id, outcome, eventId) =>
      sql.withTransaction(Effect.gen(function*() {
        const current = yield* getTopUp(id)
        const moved = yield* topUps.maybe(sql`
          update notifications.wallet_topups set status = ${outcome}, event_id = ${eventId}, completed_at = now()
          where id = ${id}::uuid and status = 'PENDING' returning ${topUpColumns}`)
        if (Option.isNone(moved)) return current
        if (outcome === "COMPLETED") {
          yield* post({
            organizerId: current.organizerId,
            amount: current.amount,
            reason: "top-up",
            counterAccount: Notifications.CounterAccounts.topUp,
            idempotencyKey: `top-up:${id}`
          }).pipe(Effect.orDie)
        }
        return moved.value
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
        return yield* settlements.all(sql`
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
          select * from created`)
      })).pipe(Effect.orDie),
    list: (f) =>
      Effect.gen(function*() {
        const where = sql.and([
          ...(f.organizerId === undefined ? [] : [sql`organizer_id = ${f.organizerId}::uuid`]),
          ...(f.status === undefined ? [] : [sql`status = ${f.status}`])
        ])
        const items = yield* settlements.all(sql`
          select ${columns} from notifications.settlements where ${where}
          order by created_at desc, id limit ${f.limit} offset ${f.offset}`)
        const count = yield* counts.one(sql`select count(*)::int as n from notifications.settlements where ${where}`)
        return { items, total: count.n }
      }),
    process: (id) =>
      Effect.gen(function*() {
        if (!isUuid(id)) return yield* new Notifications.SettlementNotFound({ id })
        const moved = yield* settlements.maybe(sql`
          update notifications.settlements set status = 'PROCESSED', processed_at = now()
          where id = ${id}::uuid and status = 'CALCULATED' returning ${columns}`)
        if (Option.isSome(moved)) return moved.value
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
        const inserted = yield* inboxStatuses.maybe(sql`
          insert into notifications.webhook_inbox (source, event_id, payload)
          values (${source}, ${eventId}, ${JSON.stringify(payload ?? null)}::jsonb)
          on conflict (source, event_id) do nothing returning status`)
        if (Option.isSome(inserted)) return { fresh: true, status: inserted.value.status }
        const prior = yield* inboxStatuses.maybe(sql`
          select status from notifications.webhook_inbox where source = ${source} and event_id = ${eventId}`)
        return { fresh: false, status: Option.match(prior, { onNone: () => "RECEIVED", onSome: (p) => p.status }) }
      }),
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
