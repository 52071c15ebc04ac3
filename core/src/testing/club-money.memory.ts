/**
 * Memory twins of the club money repositories (RC grants, settlements, payout requests): the same
 * rules as the Postgres adapters — one REQUESTED grant per club, one settlement per club/payee/period,
 * each ledger entry claimed once, one open or paid payout request per settlement, conditional moves.
 */
import { Effect, Layer, Option } from "effect"
import {
  ClubMoneySettings,
  DefaultClubMoneySettings,
  OpenPayoutStatuses,
  type PayoutRequest,
  type RcGrant,
  RcGrantRequestAlreadyOpen,
  type Settlement
} from "../clubs/club-money.model.js"
import { PayoutRequestRepo, RcGrantRepo, SettlementRepo } from "../clubs/club-money.port.js"
import { nextMemoryId } from "./sequential-id.js"

const page = <A>(items: ReadonlyArray<A>, limit: number, offset: number) => ({ items: items.slice(offset, offset + limit), total: items.length })
const byCreated = <A extends { readonly createdAt: Date; readonly id: string }>(oldestFirst: boolean) => (a: A, b: A) => {
  const d = a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  return oldestFirst ? d : -d
}

export const makeRcGrantRepoMemory = () => {
  const grants = new Map<string, RcGrant>()
  const update = (id: string, patch: Partial<RcGrant>) => {
    const g = grants.get(id)
    if (g === undefined) return Option.none<RcGrant>()
    const next = { ...g, ...patch, updatedAt: new Date() }
    grants.set(id, next)
    return Option.some(next)
  }
  return RcGrantRepo.of({
    create: (input) =>
      Effect.suspend(() => {
        if ([...grants.values()].some((g) => g.clubId === input.clubId && g.status === "REQUESTED")) {
          return Effect.fail(new RcGrantRequestAlreadyOpen({ clubId: input.clubId }))
        }
        const now = new Date()
        const grant: RcGrant = {
          id: nextMemoryId(), ...input, approvedRc: null, status: "REQUESTED", reviewedBy: null, reviewedAt: null, rejectionReason: null,
          cancelledBy: null, cancelledAt: null, ledgerTransferId: null, createdAt: now, updatedAt: now
        }
        grants.set(grant.id, grant)
        return Effect.succeed(grant)
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(grants.get(id))),
    list: (filter) =>
      Effect.sync(() => {
        const items = [...grants.values()]
          .filter((g) => (filter.clubId === undefined || g.clubId === filter.clubId) && (filter.status === undefined || g.status === filter.status))
          .sort(byCreated(filter.oldestFirst === true))
        return page(items, filter.limit, filter.offset)
      }),
    transition: (id, from, to, extra) =>
      Effect.sync(() => {
        const g = grants.get(id)
        if (g === undefined || !from.includes(g.status)) return Option.none()
        const now = new Date()
        return update(id, {
          status: to,
          ...(extra.approvedRc === undefined ? {} : { approvedRc: extra.approvedRc }),
          ...(extra.reviewedBy === undefined ? {} : { reviewedBy: extra.reviewedBy, reviewedAt: now }),
          ...(extra.rejectionReason === undefined ? {} : { rejectionReason: extra.rejectionReason }),
          ...(extra.cancelledBy === undefined ? {} : { cancelledBy: extra.cancelledBy, cancelledAt: now })
        })
      }),
    setLedgerTransfer: (id, transferId) => Effect.sync(() => update(id, { ledgerTransferId: transferId })),
    approvedTotal: (clubId) =>
      Effect.sync(() => [...grants.values()].filter((g) => g.clubId === clubId && g.status === "APPROVED").reduce((s, g) => s + (g.approvedRc ?? 0), 0))
  })
}

export const makeSettlementRepoMemory = () => {
  const settlements = new Map<string, Settlement>()
  const claims = new Map<string, string>()
  const update = (id: string, patch: Partial<Settlement>) => {
    const s = settlements.get(id)
    if (s === undefined) return Option.none<Settlement>()
    const next = { ...s, ...patch, updatedAt: new Date() }
    settlements.set(id, next)
    return Option.some(next)
  }
  return SettlementRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const taken = [...settlements.values()].some((s) =>
          s.clubId === input.clubId && s.payeeType === input.payeeType && s.payeeId === input.payeeId &&
          s.periodStart.getTime() === input.periodStart.getTime() && s.periodEnd.getTime() === input.periodEnd.getTime())
        if (taken) return Option.none()
        const now = new Date()
        const s: Settlement = { id: nextMemoryId(), ...input, currency: "INR", ledgerTransferId: null, paidAt: null, createdAt: now, updatedAt: now }
        settlements.set(s.id, s)
        return Option.some(s)
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(settlements.get(id))),
    list: (filter) =>
      Effect.sync(() => {
        const items = [...settlements.values()]
          .filter((s) =>
            (filter.clubId === undefined || s.clubId === filter.clubId) && (filter.payeeType === undefined || s.payeeType === filter.payeeType) &&
            (filter.status === undefined || s.status === filter.status))
          .sort((a, b) => b.periodStart.getTime() - a.periodStart.getTime() || byCreated(false)(a, b))
        return page(items, filter.limit, filter.offset)
      }),
    unclaimed: (ids) => Effect.sync(() => new Set(ids.filter((id) => !claims.has(id)))),
    claimEntries: (settlementId, ids) =>
      Effect.sync(() => {
        const claimed = new Set<string>()
        for (const id of ids) {
          if (claims.has(id)) continue
          claims.set(id, settlementId)
          claimed.add(id)
        }
        return claimed
      }),
    setLedgerTransfer: (id, transferId) => Effect.sync(() => void update(id, { ledgerTransferId: transferId })),
    transition: (id, from, to) =>
      Effect.sync(() => {
        const s = settlements.get(id)
        if (s === undefined || !from.includes(s.status)) return Option.none()
        return update(id, { status: to, ...(to === "PAID" ? { paidAt: new Date() } : {}) })
      }),
    releaseMatured: (now) =>
      Effect.sync(() => {
        let n = 0
        for (const s of settlements.values()) {
          if (s.status === "PENDING" && s.eligibleAt <= now) {
            update(s.id, { status: "ELIGIBLE" })
            n++
          }
        }
        return n
      })
  })
}

export const makePayoutRequestRepoMemory = () => {
  const requests = new Map<string, PayoutRequest>()
  const update = (id: string, patch: Partial<PayoutRequest>) => {
    const p = requests.get(id)
    if (p === undefined) return Option.none<PayoutRequest>()
    const next = { ...p, ...patch, updatedAt: new Date() }
    requests.set(id, next)
    return Option.some(next)
  }
  return PayoutRequestRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const held = [...requests.values()].some((p) => p.settlementId === input.settlementId && (OpenPayoutStatuses.includes(p.status) || p.status === "PAID"))
        if (held) return Option.none()
        const now = new Date()
        const p: PayoutRequest = {
          id: nextMemoryId(), ...input, currency: "INR", status: "REQUESTED", reviewedBy: null, approvedBy: null, paidBy: null, paymentReference: null,
          rejectionReason: null, cancelReason: null, ledgerTransferId: null, reviewedAt: null, approvedAt: null, paidAt: null, rejectedAt: null,
          cancelledAt: null, createdAt: now, updatedAt: now
        }
        requests.set(p.id, p)
        return Option.some(p)
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(requests.get(id))),
    list: (filter) =>
      Effect.sync(() => {
        const items = [...requests.values()]
          .filter((p) =>
            (filter.clubId === undefined || p.clubId === filter.clubId) && (filter.payeeType === undefined || p.payeeType === filter.payeeType) &&
            (filter.status === undefined || p.status === filter.status))
          .sort(byCreated(filter.oldestFirst === true))
        return page(items, filter.limit, filter.offset)
      }),
    transition: (id, from, to, extra) =>
      Effect.sync(() => {
        const p = requests.get(id)
        if (p === undefined || !from.includes(p.status)) return Option.none()
        const now = new Date()
        const facts: Partial<PayoutRequest> = to === "UNDER_REVIEW"
          ? { reviewedBy: extra.by, reviewedAt: now }
          : to === "APPROVED"
          ? { approvedBy: extra.by, approvedAt: now }
          : to === "PAID"
          ? { paidBy: extra.by, paidAt: now, paymentReference: extra.paymentReference ?? null }
          : to === "REJECTED"
          ? { reviewedBy: extra.by, rejectedAt: now, rejectionReason: extra.rejectionReason ?? null }
          : to === "CANCELLED"
          ? { cancelledAt: now, cancelReason: extra.cancelReason ?? null }
          : {}
        return update(id, { status: to, ...facts })
      }),
    setLedgerTransfer: (id, transferId) => Effect.sync(() => update(id, { ledgerTransferId: transferId }))
  })
}

/** Every club money twin plus default settings, sharing nothing but the process-wide id sequence. */
export const ClubMoneyReposMemory = Layer.mergeAll(
  Layer.sync(RcGrantRepo, makeRcGrantRepoMemory),
  Layer.sync(SettlementRepo, makeSettlementRepoMemory),
  Layer.sync(PayoutRequestRepo, makePayoutRequestRepoMemory),
  Layer.succeed(ClubMoneySettings, DefaultClubMoneySettings)
)
