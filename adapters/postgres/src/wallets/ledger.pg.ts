/**
 * The ledger on Postgres (schema `wallets`, migration 0020). A post runs in one transaction (a
 * savepoint of the caller's when inside `Transactor.atomically` / `sql.withTransaction`):
 *   1. an already-posted idempotency key answers the original transfer (or the conflict);
 *   2. the touched accounts are created if missing and locked (`select … for update`) one by one
 *      in one stable order (`compareAccounts`), so concurrent posts never deadlock on each other;
 *   3. the key is checked again under the locks (a concurrent post of the same key has committed
 *      by then), then every owner wallet's new balance is checked against zero;
 *   4. the transfer, its entries and the accounts' cached balance/credited/debited/entry_count are
 *      written. The cached balance always equals the sum of the account's entries (a test checks it).
 * Amounts are bigint, read as float8 (exact for every safe integer).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { SqlError } from "@effect/sql/SqlError"
import { Wallets } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { rowsOf } from "../rows.pg.js"

const AccountRow = Schema.Struct({ id: Schema.String, balance: Schema.Number })
type AccountRow = typeof AccountRow.Type
const accountRows = rowsOf(AccountRow)

/** An entry with its account and transfer, flat as the join reads it. */
const EntryRow = Schema.Struct({
  id: Schema.String,
  seq: Schema.String,
  transferId: Schema.String,
  ownerType: Schema.Literal(...Wallets.LedgerOwnerTypes),
  ownerId: Schema.String,
  purpose: Schema.String,
  currency: Schema.Literal(...Wallets.Currencies),
  amount: Schema.Number,
  reason: Schema.String,
  idempotencyKey: Schema.String,
  metadata: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  createdAt: Schema.DateFromSelf
})
type EntryRow = typeof EntryRow.Type
const entryRows = rowsOf(EntryRow)

const TransferRow = Schema.Struct({
  id: Schema.String,
  idempotencyKey: Schema.String,
  reason: Schema.String,
  createdAt: Schema.DateFromSelf
})
const transferRows = rowsOf(TransferRow)

const InsertedEntry = Schema.Struct({ id: Schema.String, createdAt: Schema.DateFromSelf })
const insertedEntries = rowsOf(InsertedEntry)

const summaries = rowsOf(Wallets.LedgerAccountSummary)

const toEntry = (r: EntryRow): Wallets.LedgerEntry => ({
  id: r.id,
  transferId: r.transferId,
  account: { ownerType: r.ownerType, ownerId: r.ownerId, purpose: r.purpose, currency: r.currency },
  amount: r.amount,
  reason: r.reason,
  idempotencyKey: r.idempotencyKey,
  metadata: r.metadata,
  createdAt: r.createdAt
})

export const makeLedgerPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const accountWhere = (a: Wallets.LedgerAccountRef) =>
    sql`owner_type = ${a.ownerType} and owner_id = ${a.ownerId} and purpose = ${a.purpose} and currency = ${a.currency}`

  const entryColumns = sql`
    e.id, e.seq::text as seq, e.transfer_id, a.owner_type, a.owner_id, a.purpose, a.currency,
    e.amount::float8 as amount, t.reason, t.idempotency_key, t.metadata, e.created_at`

  /** The transfer posted under `key`, with its entries in leg order. */
  const transferByKey = (key: string) =>
    Effect.gen(function*() {
      const found = yield* transferRows.maybe(sql`
        select id, idempotency_key, reason, created_at from wallets.transfers where idempotency_key = ${key}`)
      if (Option.isNone(found)) return null
      const t = found.value
      const entries = yield* entryRows.all(sql`
        select ${entryColumns}
        from wallets.entries e
        join wallets.accounts a on a.id = e.account_id
        join wallets.transfers t on t.id = e.transfer_id
        where e.transfer_id = ${t.id}
        order by e.seq`)
      return { id: t.id, idempotencyKey: t.idempotencyKey, reason: t.reason, createdAt: t.createdAt, entries: entries.map(toEntry) }
    })

  /** The replay answer for `input` when its key was already posted; null when it was not. */
  const replayOf = (input: Wallets.LedgerTransferInput) =>
    Effect.gen(function*() {
      const prior = yield* transferByKey(input.idempotencyKey)
      if (prior === null) return null
      if (!Wallets.sameLegs(prior.entries.map((e) => ({ account: e.account, amount: e.amount })), input.legs)) {
        return yield* new Wallets.LedgerIdempotencyConflict({ idempotencyKey: input.idempotencyKey })
      }
      const replayed: Wallets.PostedTransfer = { ...prior, replayed: true }
      return replayed
    })

  /** Locks the account row, creating it first when it does not exist yet. */
  const lockAccount = (a: Wallets.LedgerAccountRef) =>
    Effect.gen(function*() {
      const select = accountRows.maybe(sql`select id, balance::float8 as balance from wallets.accounts where ${accountWhere(a)} for update`)
      const locked = yield* select
      if (Option.isSome(locked)) return locked.value
      const inserted = yield* accountRows.maybe(sql`
        insert into wallets.accounts (owner_type, owner_id, purpose, currency)
        values (${a.ownerType}, ${a.ownerId}, ${a.purpose}, ${a.currency})
        on conflict (owner_type, owner_id, purpose, currency) do nothing
        returning id, balance::float8 as balance`)
      if (Option.isSome(inserted)) return inserted.value
      // Created by a concurrent post that has committed meanwhile: lock it now.
      return yield* accountRows.one(sql`select id, balance::float8 as balance from wallets.accounts where ${accountWhere(a)} for update`)
    })

  const postInTransaction = (input: Wallets.LedgerTransferInput) =>
    Effect.gen(function*() {
      const invalid = Wallets.validateTransfer(input)
      if (invalid !== null) return yield* new Wallets.UnbalancedTransfer({ reason: invalid })
      const early = yield* replayOf(input)
      if (early !== null) return early
      const touched = [...Wallets.netByAccount(input.legs)].sort((x, y) => Wallets.compareAccounts(x.account, y.account))
      const rows = new Map<string, AccountRow>()
      for (const t of touched) rows.set(Wallets.accountKey(t.account), yield* lockAccount(t.account))
      const late = yield* replayOf(input)
      if (late !== null) return late
      for (const t of touched) {
        const balance = rows.get(Wallets.accountKey(t.account))!.balance
        if (t.delta < 0 && !Wallets.allowsNegative(t.account) && balance + t.delta < 0) {
          return yield* new Wallets.InsufficientFunds({ account: { ...t.account }, balance, required: -t.delta })
        }
      }
      const inserted = yield* transferRows.maybe(sql`
        insert into wallets.transfers (idempotency_key, reason, metadata)
        values (${input.idempotencyKey}, ${input.reason}, ${JSON.stringify(input.metadata ?? {})}::jsonb)
        on conflict (idempotency_key) do nothing
        returning id, idempotency_key, reason, created_at`)
      if (Option.isNone(inserted)) {
        // The same key was posted concurrently on other accounts and committed first.
        const replay = yield* replayOf(input)
        return replay!
      }
      const transfer = inserted.value
      const entries: Array<Wallets.LedgerEntry> = []
      for (const leg of input.legs) {
        const accountId = rows.get(Wallets.accountKey(leg.account))!.id
        const row = yield* insertedEntries.one(sql`
          insert into wallets.entries (transfer_id, account_id, amount, created_at)
          values (${transfer.id}, ${accountId}, ${leg.amount}, ${transfer.createdAt})
          returning id, created_at`)
        entries.push({
          id: row.id,
          transferId: transfer.id,
          account: { ...leg.account },
          amount: leg.amount,
          reason: input.reason,
          idempotencyKey: input.idempotencyKey,
          metadata: { ...(input.metadata ?? {}) },
          createdAt: row.createdAt
        })
      }
      for (const t of touched) {
        const legs = input.legs.filter((l) => Wallets.sameAccount(l.account, t.account))
        const credited = legs.reduce((s, l) => s + Math.max(l.amount, 0), 0)
        const debited = legs.reduce((s, l) => s + Math.max(-l.amount, 0), 0)
        yield* sql`
          update wallets.accounts
          set balance = balance + ${t.delta}, credited = credited + ${credited}, debited = debited + ${debited},
              entry_count = entry_count + ${legs.length}, updated_at = now()
          where id = ${rows.get(Wallets.accountKey(t.account))!.id}`
      }
      const posted: Wallets.PostedTransfer = {
        id: transfer.id,
        idempotencyKey: transfer.idempotencyKey,
        reason: transfer.reason,
        entries,
        createdAt: transfer.createdAt,
        replayed: false
      }
      return posted
    })

  const summary = (account: Wallets.LedgerAccountRef) =>
    summaries.maybe(sql`
      select balance::float8 as balance, credited::float8 as credited, debited::float8 as debited, entry_count
      from wallets.accounts where ${accountWhere(account)}`).pipe(Effect.map(Option.getOrElse(() => Wallets.emptySummary)))

  return Wallets.Ledger.of({
    post: (input) =>
      sql.withTransaction(postInTransaction(input)).pipe(
        Effect.catchAll((e) => (e instanceof SqlError ? Effect.die(e) : Effect.fail(e)))
      ),
    balance: (account) => Effect.map(summary(account), (s) => s.balance),
    summary,
    entries: (account, page) =>
      Effect.gen(function*() {
        if (page.before !== undefined && !Wallets.isLedgerCursor(page.before)) return { items: [], nextCursor: null }
        const limit = Math.max(1, Math.floor(page.limit))
        const rows = yield* entryRows.all(sql`
          select ${entryColumns}
          from wallets.entries e
          join wallets.accounts a on a.id = e.account_id
          join wallets.transfers t on t.id = e.transfer_id
          where a.owner_type = ${account.ownerType} and a.owner_id = ${account.ownerId}
            and a.purpose = ${account.purpose} and a.currency = ${account.currency}
            ${page.before === undefined ? sql`` : sql`and e.seq < ${page.before}::bigint`}
          order by e.seq desc
          limit ${limit + 1}`)
        const items = rows.slice(0, limit)
        return {
          items: items.map(toEntry),
          nextCursor: rows.length > limit ? items[items.length - 1]!.seq : null
        }
      }).pipe(Effect.orDie)
  })
})

export const LedgerPg: Layer.Layer<Wallets.Ledger, never, SqlClient.SqlClient> = Layer.effect(Wallets.Ledger, makeLedgerPg)
