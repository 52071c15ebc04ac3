import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Schema } from "effect"
import { rowsOf } from "../rows.pg.js"

// A migration keeps its SQL failures as failures (the migrator reports them): rows are decoded after the query.
const presence = rowsOf(Schema.Struct({ present: Schema.Boolean }))
const organizerIds = rowsOf(Schema.Struct({ organizerId: Schema.String }))

/**
 * The organizer notification wallet moves onto the platform ledger (`wallets.*`, migration 0020),
 * so the platform has ONE ledger.
 *
 * - notifications.settlement_entries links a settlement to the ledger entries it settled (one
 *   settlement per entry). No foreign key to wallets.entries: the ledger's own tests truncate the
 *   wallets tables, and a reference would forbid that; the adapter only links entries it just read.
 * - Every movement of notifications.wallet_entries becomes one ledger transfer (keeping its id as
 *   the transfer id and the organizer row's id as the organizer leg's id, its reason, created_at and
 *   the caller's idempotency key in the metadata) of two legs: the organizer account
 *   `{organizer, <id>, notifications, INR}` and the counter-account `{platform|external, <name>,
 *   notifications, INR}` (the counter row's id is kept; a movement stored without its counter row
 *   gets the counter leg it was missing, so every transfer balances). Ledger keys are
 *   `notification-wallet:<organizer>:<key>`, or `…:legacy:<transaction id>` for a movement without
 *   a key. Settlement links move to settlement_entries.
 * - Idempotent: accounts, transfers, entries and links are inserted only when missing, the cached
 *   account totals are recomputed from the entries, and everything is skipped when the old table
 *   is already gone. The old table is locked first (no writer can slip in), the balances are then
 *   checked: every organizer's ledger balance must equal the sum of its old entries, or the
 *   migration fails (and, being one transaction, changes nothing). Only then is the old table dropped.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table if not exists notifications.settlement_entries (
      entry_id uuid primary key,
      settlement_id uuid not null references notifications.settlements (id),
      created_at timestamptz not null default now()
    )`
  yield* sql`create index if not exists settlement_entries_settlement_idx on notifications.settlement_entries (settlement_id)`

  const [old] = yield* Effect.flatMap(sql`
    select to_regclass('notifications.wallet_entries') is not null as present`, presence.decode)
  if (old?.present !== true) return
  yield* sql`lock table notifications.wallet_entries in exclusive mode`
  yield* sql`drop table if exists pg_temp.notification_wallet_moves`

  // One row per old movement: the organizer's row, its counter row (when stored) and both accounts.
  yield* sql`
    create temporary table notification_wallet_moves as
    select o.id as organizer_entry_id,
           o.transaction_id,
           substr(o.account, length('organizer:') + 1) as organizer_id,
           o.amount,
           o.reason,
           o.counter_account,
           o.idempotency_key,
           o.settlement_id,
           o.created_at,
           (select c.id from notifications.wallet_entries c
             where c.transaction_id = o.transaction_id and c.account = o.counter_account and c.id <> o.id
             order by c.created_at, c.id limit 1) as counter_entry_id,
           case when split_part(o.counter_account, ':', 1) in ('platform', 'external') and length(split_part(o.counter_account, ':', 2)) > 0
                then split_part(o.counter_account, ':', 1) else 'platform' end as counter_type,
           case when split_part(o.counter_account, ':', 1) in ('platform', 'external') and length(split_part(o.counter_account, ':', 2)) > 0
                then substr(o.counter_account, length(split_part(o.counter_account, ':', 1)) + 2) else o.counter_account end as counter_id
    from (select distinct on (transaction_id) * from notifications.wallet_entries
          where account like 'organizer:%' and amount <> 0
          order by transaction_id, created_at, id) o`

  yield* sql`
    insert into wallets.accounts (owner_type, owner_id, purpose, currency)
    select distinct 'organizer', organizer_id, 'notifications', 'INR' from notification_wallet_moves
    union
    select distinct counter_type, counter_id, 'notifications', 'INR' from notification_wallet_moves
    on conflict (owner_type, owner_id, purpose, currency) do nothing`

  yield* sql`
    insert into wallets.transfers (id, idempotency_key, reason, metadata, created_at)
    select m.transaction_id,
           'notification-wallet:' || m.organizer_id || ':' || coalesce(m.idempotency_key, 'legacy:' || m.transaction_id::text),
           m.reason,
           jsonb_build_object('organizerId', m.organizer_id, 'counterAccount', m.counter_account,
                              'idempotencyKey', m.idempotency_key, 'movedFrom', 'notifications.wallet_entries'),
           m.created_at
    from notification_wallet_moves m
    on conflict do nothing`

  // Legs in append order (the organizer leg first, as the adapter posts them); only for transfers
  // that have no entries yet.
  yield* sql`
    insert into wallets.entries (id, transfer_id, account_id, amount, created_at)
    select leg.id, leg.transfer_id, leg.account_id, leg.amount, leg.created_at
    from (
      select m.organizer_entry_id as id, m.transaction_id as transfer_id, a.id as account_id, m.amount, m.created_at, 0 as leg
      from notification_wallet_moves m
      join wallets.accounts a on a.owner_type = 'organizer' and a.owner_id = m.organizer_id and a.purpose = 'notifications' and a.currency = 'INR'
      union all
      select coalesce(m.counter_entry_id, gen_random_uuid()), m.transaction_id, a.id, -m.amount, m.created_at, 1
      from notification_wallet_moves m
      join wallets.accounts a on a.owner_type = m.counter_type and a.owner_id = m.counter_id and a.purpose = 'notifications' and a.currency = 'INR'
    ) leg
    join wallets.transfers t on t.id = leg.transfer_id and t.metadata->>'movedFrom' = 'notifications.wallet_entries'
    where not exists (select 1 from wallets.entries x where x.transfer_id = leg.transfer_id)
    order by leg.created_at, leg.transfer_id, leg.leg`

  yield* sql`
    update wallets.accounts a
    set balance = s.balance, credited = s.credited, debited = s.debited, entry_count = s.n, updated_at = now()
    from (
      select account_id, sum(amount) as balance,
             coalesce(sum(amount) filter (where amount > 0), 0) as credited,
             coalesce(-sum(amount) filter (where amount < 0), 0) as debited,
             count(*)::int as n
      from wallets.entries group by account_id
    ) s
    where s.account_id = a.id and a.purpose = 'notifications'`

  yield* sql`
    insert into notifications.settlement_entries (entry_id, settlement_id)
    select m.organizer_entry_id, m.settlement_id from notification_wallet_moves m
    where m.settlement_id is not null
    on conflict (entry_id) do nothing`

  const mismatched = yield* Effect.flatMap(sql`
    select o.organizer_id
    from (select substr(account, length('organizer:') + 1) as organizer_id, sum(amount) as balance
          from notifications.wallet_entries where account like 'organizer:%' group by 1) o
    left join wallets.accounts a
      on a.owner_type = 'organizer' and a.owner_id = o.organizer_id and a.purpose = 'notifications' and a.currency = 'INR'
    where coalesce(a.balance, 0) <> o.balance`, organizerIds.decode)
  if (mismatched.length > 0) {
    return yield* Effect.fail(
      new Error(`0032: notification wallet balances differ on the ledger for organizers ${mismatched.map((r) => r.organizerId).join(", ")}`)
    )
  }
  yield* sql`drop table pg_temp.notification_wallet_moves`
  yield* sql`drop table notifications.wallet_entries`
})
