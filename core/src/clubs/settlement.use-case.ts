/**
 * Club settlements and payout requests (A section 3 and 7.3, B "Payout requests", C "Club
 * settlements"): the settlement run turns a period's club revenue (ledger entries) into settlements,
 * the club asks a payout for an ELIGIBLE settlement, and admins review, approve, pay or reject it.
 *
 * The settlement run, per club and period [from, to):
 *   - reads the club revenue account's ledger entries of the period (tier checkout credits the
 *     price net of the platform commission there; refunds debit it; settlement transfers are
 *     skipped) and the platform commission legs of the same transfers (for the gross/commission
 *     breakdown: amount = gross − commission − other deductions),
 *   - keeps the entries no settlement claimed yet (each ledger entry is settled at most once, ever,
 *     so overlapping or repeated runs never count money twice),
 *   - when their net is positive, in ONE unit of work: creates the settlement (unique per club and
 *     period), claims the entries, and moves the net from the club's revenue account to its payable
 *     account (idempotency key per settlement).
 * A period whose net is zero or negative creates nothing (its entries stay unclaimed). A settlement
 * starts PENDING and becomes ELIGIBLE when its hold (CLUB_SETTLEMENT_HOLD_DAYS after the period end)
 * has passed; each run also releases matured settlements.
 *
 * Paying a payout request moves the amount from the club's payable account to the external bank
 * account in the same transaction as the PAID moves (idempotency key per request).
 */
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { Transactor } from "../platform/transactor.port.js"
import type { LedgerAccountRef, LedgerEntry } from "../wallets/ledger.model.js"
import { Ledger } from "../wallets/ledger.port.js"
import { transfer } from "../wallets/wallets.use-case.js"
import {
  clubPayableAccount,
  clubRevenueAccount,
  ClubMoneySettings,
  externalBankPayoutsAccount,
  platformCommissionAccount,
  type PayeeType,
  payoutMoveAllowed,
  type PayoutMove,
  PayoutMoveRefused,
  PayoutMoves,
  payoutRefusal,
  PayoutRequestConflict,
  PayoutRequestNotFound,
  type PayoutRequestStatus,
  payoutTransferKey,
  type Settlement,
  SettlementMoves,
  SettlementNotFound,
  SettlementPeriodInvalid,
  settlementTransferKey
} from "./club-money.model.js"
import { PayoutRequestRepo, SettlementRepo } from "./club-money.port.js"
import { ClubNotFound } from "./club.model.js"
import { ClubRepo } from "./club.port.js"
import { auditClub } from "./club.use-case.js"

const DayMs = 86_400_000
const PageSize = 100

// ---------------------------------------------------------------------------------------------
// The settlement run

export interface SettlementRunInput {
  readonly from: Date
  readonly to: Date
  /** Overrides the configured hold (days after the period end before a payout may be requested). */
  readonly holdDays?: number
  /** Only this club (operators re-running one club). */
  readonly clubId?: string
  /** Who runs it, for the audit rows: "scheduler", "cli", an admin id. */
  readonly actor: { readonly kind: string; readonly id: string | null }
}

export interface SettlementRunResult {
  readonly clubsScanned: number
  readonly created: ReadonlyArray<Settlement>
  /** Clubs whose period had entries but nothing to settle now (net ≤ 0, already settled, or a concurrent run). */
  readonly skipped: ReadonlyArray<{ readonly clubId: string; readonly reason: string }>
  /** PENDING settlements that became ELIGIBLE in this run. */
  readonly released: number
}

/** One account's entries of the period, newest first, read page by page from the ledger (settlement transfers skipped). */
const periodEntries = (account: LedgerAccountRef, from: Date, to: Date) =>
  Effect.gen(function*() {
    const ledger = yield* Ledger
    const found: Array<LedgerEntry> = []
    let before: string | undefined
    for (;;) {
      const page = yield* ledger.entries(account, before === undefined ? { limit: PageSize } : { limit: PageSize, before })
      for (const e of page.items) {
        if (e.createdAt >= from && e.createdAt < to && !e.idempotencyKey.startsWith("club-settlement:")) found.push(e)
      }
      const oldest = page.items.at(-1)
      if (page.nextCursor === null || oldest === undefined || oldest.createdAt < from) break
      before = page.nextCursor
    }
    return found
  })

class NothingToSettle {
  readonly _tag = "NothingToSettle"
  constructor(readonly reason: string) {}
}

const settleClub = (clubId: string, input: SettlementRunInput, holdDays: number) =>
  Effect.gen(function*() {
    const repo = yield* SettlementRepo
    const entries = yield* periodEntries(clubRevenueAccount(clubId), input.from, input.to)
    if (entries.length === 0) return Option.none<Settlement | string>()
    const open = yield* repo.unclaimed(entries.map((e) => e.id))
    const mine = entries.filter((e) => open.has(e.id))
    if (mine.length === 0) return Option.some<Settlement | string>("already settled")
    const credits = mine.filter((e) => e.amount > 0).reduce((s, e) => s + e.amount, 0)
    const deductions = mine.filter((e) => e.amount < 0).reduce((s, e) => s - e.amount, 0)
    const net = credits - deductions
    if (net <= 0) return Option.some<Settlement | string>("net is not positive")
    // The platform's commission on exactly these payments: its legs in the same transfers.
    const transfers = new Set(mine.map((e) => e.transferId))
    const commission = (yield* periodEntries(platformCommissionAccount(clubId), input.from, input.to))
      .filter((e) => transfers.has(e.transferId))
      .reduce((s, e) => s + e.amount, 0)
    const gross = credits + commission
    const eligibleAt = new Date(input.to.getTime() + holdDays * DayMs)
    const tx = yield* Transactor
    const outcome = yield* tx.atomically(Effect.gen(function*() {
      const created = yield* repo.create({
        clubId,
        payeeType: "CLUB",
        payeeId: clubId,
        periodStart: input.from,
        periodEnd: input.to,
        grossAmount: gross,
        commissionAmount: commission,
        deductionsAmount: deductions,
        amount: net,
        entryCount: mine.length,
        status: eligibleAt.getTime() <= Date.now() ? "ELIGIBLE" : "PENDING",
        eligibleAt
      })
      if (Option.isNone(created)) return yield* Effect.fail(new NothingToSettle("period already settled"))
      const claimed = yield* repo.claimEntries(created.value.id, mine.map((e) => e.id))
      if (claimed.size !== mine.length) return yield* Effect.fail(new NothingToSettle("entries claimed by a concurrent run"))
      const posted = yield* transfer({
        from: clubRevenueAccount(clubId),
        to: clubPayableAccount(clubId),
        amount: net,
        reason: "club settlement",
        idempotencyKey: settlementTransferKey(created.value.id),
        metadata: { settlementId: created.value.id, clubId, periodStart: input.from.toISOString(), periodEnd: input.to.toISOString() }
      }).pipe(Effect.catchTag("InsufficientFunds", () => Effect.fail(new NothingToSettle("revenue balance below the period's net"))))
      yield* repo.setLedgerTransfer(created.value.id, posted.id)
      yield* Effect.flatMap(AuditLog, (log) =>
        log.append({
          action: "club.settlement.created",
          actor: input.actor,
          subject: { kind: "club", id: clubId },
          data: { settlementId: created.value.id, amount: net, grossAmount: gross, commissionAmount: commission, deductionsAmount: deductions, entryCount: mine.length, periodStart: input.from.toISOString(), periodEnd: input.to.toISOString() }
        }))
      return { ...created.value, ledgerTransferId: posted.id } as Settlement
    })).pipe(
      Effect.catchIf((e): e is NothingToSettle => e instanceof NothingToSettle, (e) => Effect.succeed(e.reason)),
      Effect.catchTags({ UnbalancedTransfer: Effect.die, LedgerIdempotencyConflict: Effect.die })
    )
    return Option.some<Settlement | string>(outcome)
  })

/** Runs the settlement of [from, to) for every club (or one), then releases matured settlements. */
export const runSettlements = Effect.fn("clubs.settlements.run")(function*(input: SettlementRunInput) {
  if (Number.isNaN(input.from.getTime()) || Number.isNaN(input.to.getTime())) return yield* new SettlementPeriodInvalid({ reason: "from and to must be dates" })
  if (input.to <= input.from) return yield* new SettlementPeriodInvalid({ reason: "to must be after from" })
  // A period still running would leave later entries of it to another period's run.
  if (input.to.getTime() > Date.now()) return yield* new SettlementPeriodInvalid({ reason: "to must not be in the future" })
  const settings = yield* ClubMoneySettings
  const holdDays = input.holdDays ?? settings.settlementHoldDays
  const clubs = yield* ClubRepo
  const created: Array<Settlement> = []
  const skipped: Array<{ clubId: string; reason: string }> = []
  let scanned = 0
  const visit = (clubId: string) =>
    Effect.map(settleClub(clubId, input, holdDays), (outcome) => {
      if (Option.isNone(outcome)) return
      if (typeof outcome.value === "string") skipped.push({ clubId, reason: outcome.value })
      else created.push(outcome.value)
    })
  if (input.clubId !== undefined) {
    if (Option.isNone(yield* clubs.findById(input.clubId))) return yield* new ClubNotFound({ ref: input.clubId })
    scanned = 1
    yield* visit(input.clubId)
  } else {
    for (let offset = 0;; offset += PageSize) {
      const page = yield* clubs.list({ limit: PageSize, offset, oldestFirst: true })
      for (const club of page.items) {
        scanned++
        yield* visit(club.id)
      }
      if (page.items.length < PageSize) break
    }
  }
  const released = yield* Effect.flatMap(SettlementRepo, (r) => r.releaseMatured(new Date()))
  const result: SettlementRunResult = { clubsScanned: scanned, created, skipped, released }
  return result
})

/** The run's default period: the previous whole UTC day (what the daily scheduled job settles). */
export const previousUtcDay = (now: Date): { readonly from: Date; readonly to: Date } => {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  return { from: new Date(to.getTime() - DayMs), to }
}

// ---------------------------------------------------------------------------------------------
// The club's side

/** A settlement the club may see: its own, payable to it. */
const visibleToClub = (s: Settlement, clubId: string) => s.clubId === clubId && s.payeeType === "CLUB"

export const listClubSettlements = Effect.fn("clubs.settlements.list")(function*(clubId: string, page: { readonly page: number; readonly limit: number }) {
  const found = yield* Effect.flatMap(SettlementRepo, (r) => r.list({ clubId, payeeType: "CLUB", limit: page.limit, offset: (page.page - 1) * page.limit }))
  return { ...found, page: page.page, limit: page.limit }
})

export const getClubSettlement = Effect.fn("clubs.settlements.get")(function*(clubId: string, settlementId: string) {
  const found = yield* Effect.flatMap(SettlementRepo, (r) => r.findById(settlementId))
  if (Option.isNone(found) || !visibleToClub(found.value, clubId)) return yield* new SettlementNotFound({ id: settlementId })
  return found.value
})

/**
 * The club asks a payout of one of its settlements. Refusals (409): the payee is not the club,
 * already paid, already requested, not eligible yet, payouts frozen. The settlement's ELIGIBLE →
 * PAYOUT_REQUESTED move is conditional and the request row is unique per settlement, both in one
 * transaction, so two concurrent requests create one.
 */
export const requestPayout = Effect.fn("clubs.settlements.requestPayout")(function*(principal: Principal, clubId: string, settlementId: string) {
  const settlements = yield* SettlementRepo
  const club = yield* Effect.flatMap(ClubRepo, (r) => r.findById(clubId))
  if (Option.isNone(club)) return yield* new ClubNotFound({ ref: clubId })
  const found = yield* settlements.findById(settlementId)
  if (Option.isNone(found) || found.value.clubId !== clubId) return yield* new SettlementNotFound({ id: settlementId })
  const refusal = payoutRefusal(found.value, club.value.payoutFrozen)
  if (refusal !== null) return yield* new PayoutRequestConflict({ settlementId, code: refusal })
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const { from, to } = SettlementMoves.requestPayout
    const moved = yield* settlements.transition(settlementId, from, to)
    if (Option.isNone(moved)) {
      const now = yield* settlements.findById(settlementId)
      const code = Option.isSome(now) ? payoutRefusal(now.value, club.value.payoutFrozen) : null
      return yield* new PayoutRequestConflict({ settlementId, code: code ?? "PAYOUT_ALREADY_REQUESTED" })
    }
    const created = yield* Effect.flatMap(PayoutRequestRepo, (r) =>
      r.create({ settlementId, clubId, payeeType: "CLUB", payeeId: clubId, amount: moved.value.amount, requestedBy: principal.accountId }))
    if (Option.isNone(created)) return yield* new PayoutRequestConflict({ settlementId, code: "PAYOUT_ALREADY_REQUESTED" })
    yield* auditClub("club.payout.requested", principal, clubId, { data: { settlementId, payoutRequestId: created.value.id, amount: created.value.amount } })
    return created.value
  }))
})

export const listClubPayoutRequests = Effect.fn("clubs.payouts.list")(function*(clubId: string, page: { readonly page: number; readonly limit: number }) {
  const found = yield* Effect.flatMap(PayoutRequestRepo, (r) => r.list({ clubId, payeeType: "CLUB", limit: page.limit, offset: (page.page - 1) * page.limit }))
  return { ...found, page: page.page, limit: page.limit }
})

// ---------------------------------------------------------------------------------------------
// Payout moves (club cancel, admin review / approve / mark-paid / reject)

const findPayout = (id: string) =>
  Effect.flatMap(PayoutRequestRepo, (r) => r.findById(id)).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new PayoutRequestNotFound({ id })), onSome: Effect.succeed }))
  )

const auditPayout = (action: string, principal: Principal, p: { readonly id: string; readonly clubId: string | null; readonly payeeType: PayeeType; readonly payeeId: string; readonly settlementId: string }, reason?: string, data: Record<string, unknown> = {}) =>
  Effect.flatMap(AuditLog, (log) =>
    log.append({
      action,
      actor: { kind: principal.accountKind, id: principal.accountId },
      subject: p.clubId !== null ? { kind: "club", id: p.clubId } : { kind: p.payeeType.toLowerCase(), id: p.payeeId },
      ...(reason === undefined ? {} : { reason }),
      data: { payoutRequestId: p.id, settlementId: p.settlementId, ...data }
    }))

/**
 * One payout move in one unit of work: the conditional request move, the settlement's matching
 * move (back to ELIGIBLE on reject/cancel, PAID on mark-paid), the ledger payout on mark-paid, and
 * the audit row. An illegal move answers 409 with the current status.
 */
const movePayout = (
  principal: Principal,
  id: string,
  move: PayoutMove,
  extra: { readonly paymentReference?: string; readonly rejectionReason?: string; readonly cancelReason?: string },
  guard: (current: { readonly clubId: string | null }) => boolean = () => true
) =>
  Effect.gen(function*() {
    const tx = yield* Transactor
    const current = yield* findPayout(id)
    if (!guard(current)) return yield* new PayoutRequestNotFound({ id })
    if (!payoutMoveAllowed(current.status, move)) return yield* new PayoutMoveRefused({ id, move, status: current.status })
    return yield* tx.atomically(Effect.gen(function*() {
      const payouts = yield* PayoutRequestRepo
      const settlements = yield* SettlementRepo
      const { from, to } = PayoutMoves[move]
      const moved = yield* payouts.transition(id, from as ReadonlyArray<PayoutRequestStatus>, to, { by: principal.accountId, ...extra })
      if (Option.isNone(moved)) {
        const now = yield* findPayout(id)
        return yield* new PayoutMoveRefused({ id, move, status: now.status })
      }
      let answer = moved.value
      if (move === "reject" || move === "cancel") {
        const { from: sFrom, to: sTo } = SettlementMoves.releasePayout
        yield* settlements.transition(answer.settlementId, sFrom, sTo)
      }
      if (move === "markPaid") {
        const { from: sFrom, to: sTo } = SettlementMoves.markPaid
        yield* settlements.transition(answer.settlementId, sFrom, sTo)
        const payable = answer.payeeType === "CLUB"
          ? clubPayableAccount(answer.payeeId)
          : { ownerType: "organizer" as const, ownerId: answer.payeeId, purpose: "payable", currency: "INR" as const }
        const posted = yield* transfer({
          from: payable,
          to: externalBankPayoutsAccount,
          amount: answer.amount,
          reason: "payout paid",
          idempotencyKey: payoutTransferKey(id),
          metadata: { payoutRequestId: id, settlementId: answer.settlementId, paymentReference: extra.paymentReference ?? null }
        }).pipe(Effect.orDie)
        answer = Option.getOrElse(yield* payouts.setLedgerTransfer(id, posted.id), () => answer)
      }
      const action = { review: "reviewed", approve: "approved", markPaid: "paid", reject: "rejected", cancel: "cancelled" }[move]
      yield* auditPayout(`payout_request.${action}`, principal, answer, extra.rejectionReason ?? extra.cancelReason, {
        status: answer.status,
        ...(extra.paymentReference === undefined ? {} : { paymentReference: extra.paymentReference })
      })
      return answer
    }))
  })

/** The club cancels its open payout request (reason required); the settlement becomes ELIGIBLE again. */
export const cancelPayoutRequest = Effect.fn("clubs.payouts.cancel")((principal: Principal, clubId: string, id: string, reason: string) =>
  movePayout(principal, id, "cancel", { cancelReason: reason }, (p) => p.clubId === clubId))

export const reviewPayoutRequest = Effect.fn("payouts.review")((admin: Principal, id: string) => movePayout(admin, id, "review", {}))
export const approvePayoutRequest = Effect.fn("payouts.approve")((admin: Principal, id: string) => movePayout(admin, id, "approve", {}))
export const markPayoutPaid = Effect.fn("payouts.markPaid")((admin: Principal, id: string, paymentReference: string) =>
  movePayout(admin, id, "markPaid", { paymentReference }))
export const rejectPayoutRequest = Effect.fn("payouts.reject")((admin: Principal, id: string, reason: string) =>
  movePayout(admin, id, "reject", { rejectionReason: reason }))

/** The admin payout queue (oldest first), filtered by status, payee type and club. */
export const payoutQueue = Effect.fn("payouts.queue")(function*(input: {
  readonly status?: PayoutRequestStatus | undefined
  readonly payeeType?: PayeeType | undefined
  readonly clubId?: string | undefined
  readonly page: number
  readonly limit: number
}) {
  const found = yield* Effect.flatMap(PayoutRequestRepo, (r) =>
    r.list({
      ...(input.status === undefined ? {} : { status: input.status }),
      ...(input.payeeType === undefined ? {} : { payeeType: input.payeeType }),
      ...(input.clubId === undefined ? {} : { clubId: input.clubId }),
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
      oldestFirst: true
    }))
  return { ...found, page: input.page, limit: input.limit }
})
