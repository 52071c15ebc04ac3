/**
 * Club money on Postgres (migration 0026): RC grants, settlements with their claimed ledger
 * entries, payout requests. Every status move is a conditional update (`where status in (from)`),
 * so concurrent moves cannot both win; the partial unique indexes decide concurrent creations (one
 * REQUESTED grant per club, one live payout request per settlement). All calls join the caller's
 * transaction (Transactor.atomically). Amounts are bigint, read as float8 (exact for safe integers).
 */
import type { Statement } from "@effect/sql"
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { counts, ids as idRows, onUnique, type Rows, rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A sum read as float8 (exact for safe integers). */
const TotalRow = Schema.Struct({ n: Schema.Number })
const EntryIdRow = Schema.Struct({ entryId: Schema.String })

/** Runs a lookup of one row by id only for a UUID id (any other id finds nothing without asking). */
const guard = <A>(id: string, run: Effect.Effect<Option.Option<A>>) => Uuid.test(id) ? run : Effect.succeed(Option.none<A>())

/** One page of `table`'s rows matching `where` in `order`, and how many match in all. */
const pageOf = <A>(
  rows: Rows<A>,
  sql: SqlClient.SqlClient,
  table: string,
  cols: Statement.Fragment,
  where: Statement.Fragment,
  order: Statement.Fragment,
  page: { readonly limit: number; readonly offset: number }
) =>
  Effect.gen(function*() {
    const from = sql.literal(table)
    const items = yield* rows.all(sql`select ${cols} from ${from} where ${where} order by ${order} limit ${page.limit} offset ${page.offset}`)
    const total = (yield* counts.one(sql`select count(*)::int as n from ${from} where ${where}`)).n
    return { items, total }
  })

export const RcGrantRepoPg = Layer.effect(Clubs.RcGrantRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const grants = rowsOf(Clubs.RcGrant)
  const totals = rowsOf(TotalRow)
  return Clubs.RcGrantRepo.of({
    create: (input) =>
      grants.one(sql`
        insert into clubs.rc_grants (club_id, requested_rc, reason, requested_by)
        values (${input.clubId}, ${input.requestedRc}, ${input.reason}, ${input.requestedBy})
        returning *`.pipe(onUnique(() => new Clubs.RcGrantRequestAlreadyOpen({ clubId: input.clubId })))),
    findById: (id) => guard(id, grants.maybe(sql`select * from clubs.rc_grants where id = ${id}`)),
    list: (filter) =>
      pageOf(
        grants,
        sql,
        "clubs.rc_grants",
        sql.literal("*"),
        sql.and([
          filter.clubId === undefined ? sql`true` : sql`club_id = ${filter.clubId}`,
          filter.status === undefined ? sql`true` : sql`status = ${filter.status}`
        ]),
        filter.oldestFirst === true ? sql`created_at asc, id asc` : sql`created_at desc, id desc`,
        filter
      ),
    transition: (id, from, to, extra) =>
      guard(id, grants.maybe(sql`
        update clubs.rc_grants set status = ${to}, updated_at = now(),
          approved_rc = coalesce(${extra.approvedRc ?? null}::int, approved_rc),
          reviewed_by = coalesce(${extra.reviewedBy ?? null}::uuid, reviewed_by),
          reviewed_at = case when ${extra.reviewedBy !== undefined} then now() else reviewed_at end,
          rejection_reason = coalesce(${extra.rejectionReason ?? null}::text, rejection_reason),
          cancelled_by = coalesce(${extra.cancelledBy ?? null}::uuid, cancelled_by),
          cancelled_at = case when ${extra.cancelledBy !== undefined} then now() else cancelled_at end
        where id = ${id} and status in ${sql.in([...from])} returning *`)),
    setLedgerTransfer: (id, transferId) =>
      guard(id, grants.maybe(sql`update clubs.rc_grants set ledger_transfer_id = ${transferId}, updated_at = now() where id = ${id} returning *`)),
    approvedTotal: (clubId) =>
      totals.one(sql`select coalesce(sum(approved_rc), 0)::float8 as n from clubs.rc_grants where club_id = ${clubId} and status = 'APPROVED'`).pipe(
        Effect.map((r) => r.n)
      )
  })
}))

const SettlementColumns = `id, club_id, payee_type, payee_id, period_start, period_end, gross_amount::float8 as gross_amount, commission_amount::float8 as commission_amount,
  deductions_amount::float8 as deductions_amount, amount::float8 as amount, currency, entry_count, status, eligible_at,
  ledger_transfer_id, paid_at, created_at, updated_at`

export const SettlementRepoPg = Layer.effect(Clubs.SettlementRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.unsafe(SettlementColumns)
  const settlements = rowsOf(Clubs.Settlement)
  const entries = rowsOf(EntryIdRow)
  return Clubs.SettlementRepo.of({
    create: (input) =>
      settlements.maybe(sql`
        insert into clubs.settlements (club_id, payee_type, payee_id, period_start, period_end, gross_amount, commission_amount, deductions_amount, amount,
          entry_count, status, eligible_at)
        values (${input.clubId}, ${input.payeeType}, ${input.payeeId}, ${input.periodStart}, ${input.periodEnd}, ${input.grossAmount},
          ${input.commissionAmount}, ${input.deductionsAmount}, ${input.amount}, ${input.entryCount}, ${input.status}, ${input.eligibleAt})
        on conflict do nothing
        returning ${cols}`),
    findById: (id) => guard(id, settlements.maybe(sql`select ${cols} from clubs.settlements where id = ${id}`)),
    list: (filter) =>
      pageOf(
        settlements,
        sql,
        "clubs.settlements",
        cols,
        sql.and([
          filter.clubId === undefined ? sql`true` : sql`club_id = ${filter.clubId}`,
          filter.payeeType === undefined ? sql`true` : sql`payee_type = ${filter.payeeType}`,
          filter.status === undefined ? sql`true` : sql`status = ${filter.status}`
        ]),
        sql`period_start desc, created_at desc, id desc`,
        filter
      ),
    unclaimed: (ids) =>
      ids.length === 0
        ? Effect.succeed(new Set<string>())
        : entries.all(sql`select entry_id from clubs.settlement_entries where entry_id in ${sql.in([...ids])}`).pipe(
          Effect.map((rows) => {
            const taken = new Set(rows.map((r) => r.entryId))
            return new Set(ids.filter((id) => !taken.has(id)))
          })
        ),
    claimEntries: (settlementId, ids) =>
      ids.length === 0
        ? Effect.succeed(new Set<string>())
        : entries.all(sql`
          insert into clubs.settlement_entries (entry_id, settlement_id)
          select e, ${settlementId}::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as e
          on conflict (entry_id) do nothing
          returning entry_id`).pipe(Effect.map((rows) => new Set(rows.map((r) => r.entryId)))),
    setLedgerTransfer: (id, transferId) =>
      sql`update clubs.settlements set ledger_transfer_id = ${transferId}, updated_at = now() where id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
    transition: (id, from, to) =>
      guard(id, settlements.maybe(sql`
        update clubs.settlements set status = ${to}, updated_at = now(),
          paid_at = case when ${to} = 'PAID' then now() else paid_at end
        where id = ${id} and status in ${sql.in([...from])} returning ${cols}`)),
    releaseMatured: (now) =>
      idRows.all(sql`
        update clubs.settlements set status = 'ELIGIBLE', updated_at = now()
        where status = 'PENDING' and eligible_at <= ${now} returning id`).pipe(Effect.map((rows) => rows.length))
  })
}))

const PayoutColumns = `id, settlement_id, club_id, payee_type, payee_id, amount::float8 as amount, currency, status, requested_by,
  reviewed_by, approved_by, paid_by, payment_reference, rejection_reason, cancel_reason, ledger_transfer_id, reviewed_at,
  approved_at, paid_at, rejected_at, cancelled_at, created_at, updated_at`

export const PayoutRequestRepoPg = Layer.effect(Clubs.PayoutRequestRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.unsafe(PayoutColumns)
  const payouts = rowsOf(Clubs.PayoutRequest)
  return Clubs.PayoutRequestRepo.of({
    create: (input) =>
      payouts.maybe(sql`
        insert into clubs.payout_requests (settlement_id, club_id, payee_type, payee_id, amount, requested_by)
        values (${input.settlementId}, ${input.clubId}, ${input.payeeType}, ${input.payeeId}, ${input.amount}, ${input.requestedBy})
        on conflict do nothing
        returning ${cols}`),
    findById: (id) => guard(id, payouts.maybe(sql`select ${cols} from clubs.payout_requests where id = ${id}`)),
    list: (filter) =>
      pageOf(
        payouts,
        sql,
        "clubs.payout_requests",
        cols,
        sql.and([
          filter.clubId === undefined ? sql`true` : sql`club_id = ${filter.clubId}`,
          filter.payeeType === undefined ? sql`true` : sql`payee_type = ${filter.payeeType}`,
          filter.status === undefined ? sql`true` : sql`status = ${filter.status}`
        ]),
        filter.oldestFirst === true ? sql`created_at asc, id asc` : sql`created_at desc, id desc`,
        filter
      ),
    transition: (id, from, to, extra) => {
      const facts = to === "UNDER_REVIEW"
        ? sql`reviewed_by = ${extra.by}, reviewed_at = now()`
        : to === "APPROVED"
        ? sql`approved_by = ${extra.by}, approved_at = now()`
        : to === "PAID"
        ? sql`paid_by = ${extra.by}, paid_at = now(), payment_reference = ${extra.paymentReference ?? null}`
        : to === "REJECTED"
        ? sql`reviewed_by = ${extra.by}, rejected_at = now(), rejection_reason = ${extra.rejectionReason ?? null}`
        : to === "CANCELLED"
        ? sql`cancelled_at = now(), cancel_reason = ${extra.cancelReason ?? null}`
        : sql`requested_by = requested_by`
      return guard(id, payouts.maybe(sql`
        update clubs.payout_requests set status = ${to}, updated_at = now(), ${facts}
        where id = ${id} and status in ${sql.in([...from])} returning ${cols}`))
    },
    setLedgerTransfer: (id, transferId) =>
      guard(id, payouts.maybe(sql`
        update clubs.payout_requests set ledger_transfer_id = ${transferId}, updated_at = now() where id = ${id} returning ${cols}`))
  })
}))

export const ClubMoneyReposPg = Layer.mergeAll(RcGrantRepoPg, SettlementRepoPg, PayoutRequestRepoPg)
