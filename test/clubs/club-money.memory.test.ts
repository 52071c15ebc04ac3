/**
 * Club money use cases on the in-memory twins (no database): the RC grant flow with its single
 * ledger credit, the settlement run from ledger entries and the payout walk to PAID, plus the pure
 * refusal order of a payout request. Keeps the memory twins honest against the Postgres adapters'
 * rules (tested through HTTP in rc-grants.test.ts and settlements-payouts.test.ts).
 */
import { Clubs, type Identity, Wallets } from "@podium/core"
import { AuditLogMemory, ClubMoneyReposMemory, ClubsReposMemory, LedgerMemory, TransactorMemory } from "@podium/core/testing"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"

const layer = Layer.mergeAll(ClubsReposMemory, ClubMoneyReposMemory, LedgerMemory, TransactorMemory, AuditLogMemory)
const run = <A, E>(effect: Effect.Effect<A, E, Layer.Layer.Success<typeof layer>>) => Effect.runPromise(Effect.provide(effect, layer))

const user = (id: string): Identity.Principal => ({ accountKind: "user", accountId: id, sessionId: "s", role: "user" })
const admin: Identity.Principal = { accountKind: "admin", accountId: "00000000-0000-4000-8000-00000000a0a0", sessionId: "s", role: "admin" }

const activeClub = Effect.gen(function*() {
  const repo = yield* Clubs.ClubRepo
  const club = yield* repo.create({
    name: "Memory Milers", slug: `memory-${Math.random().toString(36).slice(2, 8)}`, description: null, sportIds: [], city: null,
    clubType: "CLUB_MEMBERSHIP", requiresApproval: false, ownerUserId: "00000000-0000-4000-8000-0000000000aa"
  })
  yield* repo.transition(club.id, ["DRAFT"], "ACTIVE", { rejectionReason: null })
  return club
})

describe("club money on the memory twins", () => {
  it("requests, refuses a second open request, approves once with one credit and answers a repeat unchanged", async () => {
    const out = await run(Effect.gen(function*() {
      const club = yield* activeClub
      const owner = user(club.ownerUserId)
      const grant = yield* Clubs.requestRcGrant(owner, club.id, { requestedRc: 400, reason: "Rewards for members" })
      const second = yield* Effect.flip(Clubs.requestRcGrant(owner, club.id, { requestedRc: 1, reason: "Second request here" }))
      const tooMuch = yield* Effect.flip(Clubs.approveRcGrant(admin, grant.id, 401))
      const approved = yield* Effect.all([Clubs.approveRcGrant(admin, grant.id, 250), Clubs.approveRcGrant(admin, grant.id, 100)], { concurrency: 2 })
      const cancel = yield* Effect.flip(Clubs.cancelRcGrant(owner, club.id, grant.id))
      const balance = yield* Effect.flatMap(Wallets.Ledger, (l) => l.balance(Wallets.creatorWallet("club", club.id)))
      const position = yield* Clubs.rcGrantPosition(club.id)
      return { second, tooMuch, approved, cancel, balance, position }
    }))
    expect(out.second._tag).toBe("RcGrantRequestAlreadyOpen")
    expect(out.tooMuch._tag).toBe("ApprovedRcTooLarge")
    expect(out.approved.map((g) => g.approvedRc)).toEqual([250, 250])
    expect(out.cancel).toMatchObject({ _tag: "RcGrantMoveRefused", message: "An approved RC grant cannot be cancelled" })
    expect(out.balance).toBe(250)
    expect(out.position).toEqual({ outstandingRc: 250, estimatedFiatAtCurrentRate: { amountMinor: 25_000, currency: "INR" }, rateUsed: { paisePerRc: 100, currency: "INR" } })
  })

  it("settles revenue net of commission, then walks the payout to PAID through the ledger", async () => {
    const out = await run(Effect.gen(function*() {
      const club = yield* activeClub
      const owner = user(club.ownerUserId)
      const ledger = yield* Wallets.Ledger
      const from = new Date(Date.now() - 1000)
      yield* ledger.post({
        idempotencyKey: `mem-payment-${club.id}`,
        reason: "tier payment",
        legs: [
          { account: { ownerType: "external", ownerId: "gw", purpose: "gateway-collections", currency: "INR" }, amount: -10_000 },
          { account: Clubs.clubRevenueAccount(club.id), amount: 9000 },
          { account: Clubs.platformCommissionAccount(club.id), amount: 1000 }
        ]
      })
      yield* Effect.sleep("5 millis")
      const result = yield* Clubs.runSettlements({ from, to: new Date(), holdDays: 0, actor: { kind: "test", id: null } })
      const mine = result.created.find((s) => s.clubId === club.id)!
      const again = yield* Clubs.runSettlements({ from, to: new Date(), clubId: club.id, holdDays: 0, actor: { kind: "test", id: null } })
      const request = yield* Clubs.requestPayout(owner, club.id, mine.id)
      const twice = yield* Effect.flip(Clubs.requestPayout(owner, club.id, mine.id))
      yield* Clubs.reviewPayoutRequest(admin, request.id)
      const early = yield* Effect.flip(Clubs.markPayoutPaid(admin, request.id, "UTR-1"))
      yield* Clubs.approvePayoutRequest(admin, request.id)
      const paid = yield* Clubs.markPayoutPaid(admin, request.id, "UTR-1")
      const settlement = yield* Clubs.getClubSettlement(club.id, mine.id)
      const payable = yield* ledger.balance(Clubs.clubPayableAccount(club.id))
      return { mine, again, twice, early, paid, settlement, payable }
    }))
    expect(out.mine).toMatchObject({ grossAmount: 10_000, commissionAmount: 1000, deductionsAmount: 0, amount: 9000, status: "ELIGIBLE" })
    expect(out.again.created).toEqual([])
    expect(out.twice).toMatchObject({ _tag: "PayoutRequestConflict", code: "PAYOUT_ALREADY_REQUESTED" })
    expect(out.early._tag).toBe("PayoutMoveRefused")
    expect(out.paid).toMatchObject({ status: "PAID", paymentReference: "UTR-1" })
    expect(out.settlement.status).toBe("PAID")
    expect(out.payable).toBe(0)
  })

  it("orders a payout refusal: not the payee, paid, requested, not eligible, frozen", () => {
    const base: Clubs.Settlement = {
      id: "s", clubId: "c", payeeType: "CLUB", payeeId: "c", periodStart: new Date(0), periodEnd: new Date(1), grossAmount: 1, commissionAmount: 0,
      deductionsAmount: 0, amount: 1, currency: "INR", entryCount: 1, status: "ELIGIBLE", eligibleAt: new Date(1), ledgerTransferId: null, paidAt: null,
      createdAt: new Date(0), updatedAt: new Date(0)
    }
    expect(Clubs.payoutRefusal(base, false)).toBeNull()
    expect(Clubs.payoutRefusal(base, true)).toBe("CLUB_PAYOUT_FROZEN")
    expect(Clubs.payoutRefusal({ ...base, status: "PENDING" }, true)).toBe("SETTLEMENT_NOT_ELIGIBLE")
    expect(Clubs.payoutRefusal({ ...base, status: "PAYOUT_REQUESTED" }, false)).toBe("PAYOUT_ALREADY_REQUESTED")
    expect(Clubs.payoutRefusal({ ...base, status: "PAID" }, false)).toBe("PAYOUT_ALREADY_PAID")
    expect(Clubs.payoutRefusal({ ...base, payeeType: "ORGANIZER", payeeId: "o" }, false)).toBe("SETTLEMENT_NOT_CLUB_PAYEE")
  })
})
