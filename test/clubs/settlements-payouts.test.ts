/**
 * Club settlements and payout requests through the real host (A section 3 and 7.3; B "Payout
 * requests"; C "Club settlements"): the settlement run from seeded ledger entries (CLI, job and use
 * case; each entry settled once), the club's reads (SETTLEMENT_NOT_FOUND for another club's or an
 * organizer-paid settlement), the payout request and its five 409 codes (also under concurrency),
 * the admin moves review → approve → mark-paid (ledger payout) and reject, the club's cancel, every
 * illegal move 409, tenancy, permissions and audit rows.
 */
import { Clubs, Platform, Wallets } from "@podium/core"
import { Effect, Option } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli.js"
import { useRealHost } from "../support/real-host.js"
import { clubAdmin, newAthlete, seedClub } from "./support.js"

const host = useRealHost(import.meta.url)
let admin: { headers: Record<string, string> }
beforeAll(async () => {
  admin = await clubAdmin(host(), ["clubs.money"])
}, 60_000)

type Headers = Record<string, string>
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
let keys = 0
const gateway: Wallets.LedgerAccountRef = { ownerType: "external", ownerId: "test-gateway", purpose: "gateway-collections", currency: "INR" }
const refunds: Wallets.LedgerAccountRef = { ownerType: "external", ownerId: "test-gateway", purpose: "refunds", currency: "INR" }

/** A tier payment as tier checkout posts it: gateway −gross, club revenue +net, platform commission +commission. */
const payment = (clubId: string, net: number, commission: number) =>
  host().run(Effect.flatMap(Wallets.Ledger, (l) =>
    l.post({
      idempotencyKey: `test-payment:${clubId}:${++keys}`,
      reason: "club tier payment",
      legs: [
        { account: gateway, amount: -(net + commission) },
        { account: Clubs.clubRevenueAccount(clubId), amount: net },
        { account: Clubs.platformCommissionAccount(clubId), amount: commission }
      ]
    })))
const refund = (clubId: string, amount: number) =>
  host().run(Effect.flatMap(Wallets.Ledger, (l) =>
    l.post({
      idempotencyKey: `test-refund:${clubId}:${++keys}`,
      reason: "club tier refund",
      legs: [{ account: Clubs.clubRevenueAccount(clubId), amount: -amount }, { account: refunds, amount }]
    })))
const balance = (account: Wallets.LedgerAccountRef) => host().run(Effect.flatMap(Wallets.Ledger, (l) => l.balance(account)))
const audit = async (clubId: string) =>
  (await host().run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: clubId, limit: 100 })))).map((r) => r.action)

/** Runs the settlement use case for one club over [from, now). */
const settle = async (clubId: string, from: Date, holdDays = 0) => {
  await sleep(5)
  const result = await host().run(Clubs.runSettlements({ from, to: new Date(), clubId, holdDays, actor: { kind: "test", id: null } }))
  return result
}

/** A club with one ELIGIBLE settlement of `net` paise. */
const eligibleSettlement = async (net = 10_000, seeded?: Awaited<ReturnType<typeof seedClub>>) => {
  const club = seeded ?? await seedClub(host())
  const from = new Date(Date.now() - 1000)
  await payment(club.club.id, net, 1000)
  const result = await settle(club.club.id, from)
  expect(result.created).toHaveLength(1)
  return { ...club, settlement: result.created[0]! }
}

const requestPayout = (clubId: string, settlementId: string, headers: Headers) =>
  host().http.post(`/v2/clubs/${clubId}/settlements/${settlementId}/payout-request`, {}, headers)
const adminMove = (id: string, move: "review" | "approve" | "mark-paid" | "reject", body: Record<string, unknown> = {}, headers: Headers = admin.headers) => {
  switch (move) {
    case "review":
      return host().http.post(`/v2/admin/payout-requests/${id}/review`, body, headers)
    case "approve":
      return host().http.post(`/v2/admin/payout-requests/${id}/approve`, body, headers)
    case "mark-paid":
      return host().http.post(`/v2/admin/payout-requests/${id}/mark-paid`, body, headers)
    case "reject":
      return host().http.post(`/v2/admin/payout-requests/${id}/reject`, body, headers)
  }
}
const clubCancel = (clubId: string, id: string, headers: Headers, body: Record<string, unknown> = { reason: "We want to wait for the next period" }) =>
  host().http.post(`/v2/clubs/${clubId}/settlements/payout-requests/${id}/cancel`, body, headers)
const getSettlement = (clubId: string, id: string, headers: Headers) => host().http.get(`/v2/clubs/${clubId}/settlements/${id}`, headers)

describe("the settlement run", () => {
  it("settles a period's club revenue net of commission and refunds, moves it to the club's payable account, and settles each entry once (CLI)", async () => {
    const { club, owner } = await seedClub(host())
    const from = new Date(Date.now() - 1000)
    await payment(club.id, 9000, 1000)
    await payment(club.id, 4500, 500)
    await refund(club.id, 2000)
    await sleep(5)
    const to = new Date()
    const cli = await host().run(runCli("clubs", "settlements", "run", "--from", from.toISOString(), "--to", to.toISOString(), "--club", club.id, "--hold-days", "0"))
    expect(cli.exit._tag).toBe("Success")
    expect(cli.out).toContain("1 settlement(s) created")

    const listed = await host().http.get(`/v2/clubs/${club.id}/settlements`, owner.headers)
    expect(listed.status).toBe(200)
    expect(listed.body.data.total).toBe(1)
    const s = listed.body.data.items[0]
    expect(s).toMatchObject({
      clubId: club.id,
      payeeType: "CLUB",
      payeeId: club.id,
      grossAmount: 15_000,
      commissionAmount: 1500,
      deductionsAmount: 2000,
      amount: 11_500,
      currency: "INR",
      entryCount: 3,
      status: "ELIGIBLE",
      periodStart: from.toISOString(),
      periodEnd: to.toISOString()
    })
    expect(await balance(Clubs.clubRevenueAccount(club.id))).toBe(0)
    expect(await balance(Clubs.clubPayableAccount(club.id))).toBe(11_500)

    // Re-running the same or an overlapping period settles nothing twice.
    const again = await host().run(runCli("clubs", "settlements", "run", "--from", from.toISOString(), "--to", to.toISOString(), "--club", club.id))
    expect(again.out).toContain("0 settlement(s) created")
    const overlapping = await settle(club.id, new Date(from.getTime() - 60_000))
    expect(overlapping.created).toHaveLength(0)
    expect(overlapping.skipped).toEqual([{ clubId: club.id, reason: "already settled" }])
    expect((await host().http.get(`/v2/clubs/${club.id}/settlements`, owner.headers)).body.data.total).toBe(1)
    expect(await balance(Clubs.clubPayableAccount(club.id))).toBe(11_500)
    expect(await audit(club.id)).toContain("club.settlement.created")

    // New revenue after the first run is settled by the next one.
    await payment(club.id, 3000, 300)
    const next = await settle(club.id, from)
    expect(next.created.map((x) => x.amount)).toEqual([3000])
  })

  it("creates nothing for a period whose refunds exceed its revenue", async () => {
    const { club } = await seedClub(host())
    await payment(club.id, 5000, 500)
    const from = new Date()
    await sleep(5)
    await refund(club.id, 4000)
    const result = await settle(club.id, from)
    expect(result.created).toEqual([])
    expect(result.skipped).toEqual([{ clubId: club.id, reason: "net is not positive" }])
  })

  it("refuses a bad period from the CLI", async () => {
    const backwards = await host().run(runCli("clubs", "settlements", "run", "--from", "2026-02-01", "--to", "2026-01-01"))
    expect(backwards.exit._tag).toBe("Failure")
    const future = await host().run(runCli("clubs", "settlements", "run", "--from", "2026-01-01", "--to", "2999-01-01"))
    expect(future.exit._tag).toBe("Failure")
    const garbage = await host().run(runCli("clubs", "settlements", "run", "--from", "yesterday", "--to", "2026-01-01"))
    expect(garbage.exit._tag).toBe("Failure")
    expect(JSON.stringify(backwards.exit)).toContain("to must be after from")
    expect(JSON.stringify(future.exit)).toContain("to must not be in the future")
    expect(JSON.stringify(garbage.exit)).toContain("--from must be an ISO date")
    const unknownClub = await host().run(runCli("clubs", "settlements", "run", "--from", "2026-01-01", "--to", "2026-01-02", "--club", "00000000-0000-4000-8000-000000000000"))
    expect(JSON.stringify(unknownClub.exit)).toContain("unknown club")
    const halfPeriod = await host().run(Platform.runJobNow({ name: "clubs.settlements.run", payload: { from: "2026-01-01T00:00:00Z" }, workerId: "test", maxAttempts: 1 }))
    expect(halfPeriod.status).not.toBe("SUCCEEDED")
    expect(halfPeriod.lastError).toContain("give both from and to")
  })

  it("runs as the durable clubs.settlements.run job, holding the settlement PENDING until its hold ends", async () => {
    const { club, owner } = await seedClub(host())
    const from = new Date(Date.now() - 1000)
    await payment(club.id, 7000, 700)
    await sleep(5)
    const job = await host().run(Platform.runJobNow({
      name: "clubs.settlements.run",
      payload: { from: from.toISOString(), to: new Date().toISOString(), clubId: club.id, holdDays: 7 },
      workerId: "test",
      maxAttempts: 1
    }))
    expect(job.status).toBe("SUCCEEDED")
    const listed = await host().http.get(`/v2/clubs/${club.id}/settlements`, owner.headers)
    const s = listed.body.data.items[0]
    expect(s).toMatchObject({ amount: 7000, status: "PENDING" })
    expect(new Date(s.eligibleAt).getTime() - new Date(s.periodEnd).getTime()).toBe(7 * 86_400_000)
    const refused = await requestPayout(club.id, s.id, owner.headers)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe("SETTLEMENT_NOT_ELIGIBLE")
    expect(Clubs.previousUtcDay(new Date("2026-11-22T03:00:00Z"))).toEqual({ from: new Date("2026-11-21T00:00:00Z"), to: new Date("2026-11-22T00:00:00Z") })
  })
})

describe("club settlements: the club's reads", () => {
  it("shows the club its own settlements and answers SETTLEMENT_NOT_FOUND for another club's, an organizer-paid one or an unknown id", async () => {
    const a = await eligibleSettlement()
    const b = await eligibleSettlement()
    const own = await getSettlement(a.club.id, a.settlement.id, a.owner.headers)
    expect(own.status).toBe(200)
    expect(own.body.data).toMatchObject({ id: a.settlement.id, amount: 10_000, status: "ELIGIBLE" })
    expect((await getSettlement(a.club.id, a.settlement.id, a.admin.headers)).status).toBe(200)

    for (const id of [b.settlement.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await getSettlement(a.club.id, id, a.owner.headers)
      expect(res.status).toBe(404)
      expect(res.body.code).toBe("SETTLEMENT_NOT_FOUND")
    }
    const viaOther = await requestPayout(a.club.id, b.settlement.id, a.owner.headers)
    expect(viaOther.status).toBe(404)
    expect(viaOther.body.code).toBe("SETTLEMENT_NOT_FOUND")

    const organizerPaid = await host().run(Effect.flatMap(Clubs.SettlementRepo, (r) =>
      r.create({
        clubId: a.club.id,
        payeeType: "ORGANIZER",
        payeeId: "organizer-of-a-co-hosted-event",
        periodStart: new Date("2026-01-01T00:00:00Z"),
        periodEnd: new Date("2026-01-02T00:00:00Z"),
        grossAmount: 5000,
        commissionAmount: 500,
        deductionsAmount: 0,
        amount: 4500,
        entryCount: 1,
        status: "ELIGIBLE",
        eligibleAt: new Date("2026-01-02T00:00:00Z")
      })))
    const hidden = Option.getOrThrow(organizerPaid)
    const read = await getSettlement(a.club.id, hidden.id, a.owner.headers)
    expect(read.status).toBe(404)
    expect(read.body.code).toBe("SETTLEMENT_NOT_FOUND")
    const listed = await host().http.get(`/v2/clubs/${a.club.id}/settlements?page=1&limit=10`, a.owner.headers)
    expect(listed.body.data.items.map((s: { id: string }) => s.id)).toEqual([a.settlement.id])
    const notPayee = await requestPayout(a.club.id, hidden.id, a.owner.headers)
    expect(notPayee.status).toBe(409)
    expect(notPayee.body.code).toBe("SETTLEMENT_NOT_CLUB_PAYEE")
  })

  it("keeps settlements to the club's OWNER and ADMIN: 403 for moderators, members and strangers, 401 anonymous", async () => {
    const { club, member, moderator, settlement } = await eligibleSettlement()
    const stranger = await newAthlete(host())
    for (const who of [member, moderator, stranger]) {
      expect((await host().http.get(`/v2/clubs/${club.id}/settlements`, who.headers)).status).toBe(403)
      expect((await getSettlement(club.id, settlement.id, who.headers)).status).toBe(403)
      expect((await requestPayout(club.id, settlement.id, who.headers)).status).toBe(403)
      expect((await host().http.get(`/v2/clubs/${club.id}/settlements/payout-requests`, who.headers)).status).toBe(403)
    }
    expect((await host().http.get(`/v2/clubs/${club.id}/settlements`)).status).toBe(401)
    expect((await host().http.post(`/v2/clubs/${club.id}/settlements/${settlement.id}/payout-request`, {})).status).toBe(401)
  })
})

describe("club payout requests", () => {
  it("walks REQUESTED → UNDER_REVIEW → APPROVED → PAID, records the payout in the ledger and refuses a second payout with PAYOUT_ALREADY_PAID", async () => {
    const { club, owner, settlement } = await eligibleSettlement(12_000)
    const requested = await requestPayout(club.id, settlement.id, owner.headers)
    expect(requested.status).toBe(201)
    expect(requested.body.data).toMatchObject({ settlementId: settlement.id, clubId: club.id, payeeType: "CLUB", amount: 12_000, currency: "INR", status: "REQUESTED" })
    const id = requested.body.data.id as string
    expect((await getSettlement(club.id, settlement.id, owner.headers)).body.data.status).toBe("PAYOUT_REQUESTED")

    const reviewed = await adminMove(id, "review")
    expect(reviewed.body.data).toMatchObject({ status: "UNDER_REVIEW" })
    const approved = await adminMove(id, "approve")
    expect(approved.body.data).toMatchObject({ status: "APPROVED" })
    expect((await adminMove(id, "mark-paid", {})).status).toBe(400)
    const payable = Clubs.clubPayableAccount(club.id)
    const bankBefore = await balance(Clubs.externalBankPayoutsAccount)
    const paid = await adminMove(id, "mark-paid", { paymentReference: "UTR-2026-000123" })
    expect(paid.status).toBe(200)
    expect(paid.body.data).toMatchObject({ status: "PAID", paymentReference: "UTR-2026-000123" })
    expect(paid.body.data.ledgerTransferId).toEqual(expect.any(String))
    expect(await balance(payable)).toBe(0)
    expect(await balance(Clubs.externalBankPayoutsAccount)).toBe(bankBefore + 12_000)
    expect((await getSettlement(club.id, settlement.id, owner.headers)).body.data).toMatchObject({ status: "PAID" })

    const again = await requestPayout(club.id, settlement.id, owner.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("PAYOUT_ALREADY_PAID")
    for (const move of ["review", "approve", "mark-paid", "reject"] as const) {
      const res = await adminMove(id, move, { paymentReference: "UTR-2026-000124", reason: "Trying to move a paid payout" })
      expect(res.status).toBe(409)
      expect(res.body.code).toBe("PAYOUT_REQUEST_MOVE_REFUSED")
    }
    expect((await clubCancel(club.id, id, owner.headers)).status).toBe(409)
    expect(await balance(Clubs.externalBankPayoutsAccount)).toBe(bankBefore + 12_000)
    expect(await audit(club.id)).toEqual(expect.arrayContaining([
      "club.payout.requested",
      "payout_request.reviewed",
      "payout_request.approved",
      "payout_request.paid"
    ]))
  })

  it("pays once when two admins mark the same payout paid at once", async () => {
    const { club, owner, settlement } = await eligibleSettlement(8000)
    const id = (await requestPayout(club.id, settlement.id, owner.headers)).body.data.id as string
    await adminMove(id, "review")
    await adminMove(id, "approve")
    const bankBefore = await balance(Clubs.externalBankPayoutsAccount)
    const answers = await Promise.all([
      adminMove(id, "mark-paid", { paymentReference: "UTR-A-0001" }),
      adminMove(id, "mark-paid", { paymentReference: "UTR-B-0002" }),
      adminMove(id, "mark-paid", { paymentReference: "UTR-C-0003" })
    ])
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409 && a.body.code === "PAYOUT_REQUEST_MOVE_REFUSED")).toHaveLength(2)
    expect(await balance(Clubs.externalBankPayoutsAccount)).toBe(bankBefore + 8000)
    expect(await balance(Clubs.clubPayableAccount(club.id))).toBe(0)
  })

  it("refuses every illegal admin move with 409", async () => {
    const { club, owner, settlement } = await eligibleSettlement()
    const id = (await requestPayout(club.id, settlement.id, owner.headers)).body.data.id as string
    // From REQUESTED only review moves.
    for (const [move, body] of [["approve", {}], ["mark-paid", { paymentReference: "UTR-1" + "23" }], ["reject", { reason: "Not a valid payout reason" }]] as const) {
      const res = await adminMove(id, move, body)
      expect(res.status).toBe(409)
      expect(res.body.code).toBe("PAYOUT_REQUEST_MOVE_REFUSED")
    }
    expect((await adminMove(id, "review")).status).toBe(200)
    // From UNDER_REVIEW: no second review, no payment.
    expect((await adminMove(id, "review")).status).toBe(409)
    expect((await adminMove(id, "mark-paid", { paymentReference: "UTR-123" })).status).toBe(409)
    expect((await adminMove(id, "approve")).status).toBe(200)
    // From APPROVED: no review, approve, reject or club cancel.
    expect((await adminMove(id, "review")).status).toBe(409)
    expect((await adminMove(id, "approve")).status).toBe(409)
    expect((await adminMove(id, "reject", { reason: "Too late to reject now" })).status).toBe(409)
    expect((await clubCancel(club.id, id, owner.headers)).status).toBe(409)
    expect((await adminMove("00000000-0000-4000-8000-000000000000", "review")).body.code).toBe("PAYOUT_REQUEST_NOT_FOUND")
  })

  it("rejects under review with a reason, returns the settlement to ELIGIBLE and lets the club ask again", async () => {
    const { club, owner, settlement } = await eligibleSettlement()
    const id = (await requestPayout(club.id, settlement.id, owner.headers)).body.data.id as string
    await adminMove(id, "review")
    const noReason = await adminMove(id, "reject", {})
    expect(noReason.status).toBe(400)
    expect(noReason.body.message).toEqual(expect.arrayContaining([expect.stringContaining("reason")]))
    const reason = "Bank account name does not match the KYC"
    const rejected = await adminMove(id, "reject", { reason })
    expect(rejected.body.data).toMatchObject({ status: "REJECTED", rejectionReason: reason })
    expect((await adminMove(id, "reject", { reason })).status).toBe(409)
    expect((await adminMove(id, "approve")).status).toBe(409)
    expect((await getSettlement(club.id, settlement.id, owner.headers)).body.data.status).toBe("ELIGIBLE")
    const again = await requestPayout(club.id, settlement.id, owner.headers)
    expect(again.status).toBe(201)
    expect(again.body.data.id).not.toBe(id)
    expect(await audit(club.id)).toContain("payout_request.rejected")
  })

  it("lets the club cancel a REQUESTED or UNDER_REVIEW request with a reason; the settlement becomes ELIGIBLE again", async () => {
    const { club, owner, settlement } = await eligibleSettlement()
    const id = (await requestPayout(club.id, settlement.id, owner.headers)).body.data.id as string
    const noReason = await clubCancel(club.id, id, owner.headers, {})
    expect(noReason.status).toBe(400)
    expect(noReason.body.message).toEqual(expect.arrayContaining([expect.stringContaining("reason")]))
    const cancelled = await clubCancel(club.id, id, owner.headers)
    expect(cancelled.body.data).toMatchObject({ status: "CANCELLED", cancelReason: "We want to wait for the next period" })
    expect((await clubCancel(club.id, id, owner.headers)).status).toBe(409)
    expect((await adminMove(id, "review")).status).toBe(409)
    expect((await getSettlement(club.id, settlement.id, owner.headers)).body.data.status).toBe("ELIGIBLE")

    const second = (await requestPayout(club.id, settlement.id, owner.headers)).body.data.id as string
    await adminMove(second, "review")
    expect((await clubCancel(club.id, second, owner.headers)).body.data.status).toBe("CANCELLED")
    expect(await audit(club.id)).toContain("payout_request.cancelled")

    // Another club's request id never resolves under this club.
    const other = await eligibleSettlement()
    const otherId = (await requestPayout(other.club.id, other.settlement.id, other.owner.headers)).body.data.id as string
    const leak = await clubCancel(club.id, otherId, owner.headers)
    expect(leak.status).toBe(404)
    expect(leak.body.code).toBe("PAYOUT_REQUEST_NOT_FOUND")
    const mine = await host().http.get(`/v2/clubs/${club.id}/settlements/payout-requests`, owner.headers)
    expect(mine.status).toBe(200)
    expect(mine.body.data.items.map((p: { id: string }) => p.id).sort()).toEqual([id, second].sort())
  })

  it("answers PAYOUT_ALREADY_REQUESTED, and creates exactly one request when several are sent at once", async () => {
    const { club, owner, settlement } = await eligibleSettlement()
    const answers = await Promise.all(Array.from({ length: 5 }, () => requestPayout(club.id, settlement.id, owner.headers)))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
    const refused = answers.filter((a) => a.status !== 201)
    expect(refused).toHaveLength(4)
    expect(refused.every((a) => a.status === 409 && a.body.code === "PAYOUT_ALREADY_REQUESTED")).toBe(true)
    const listed = await host().http.get(`/v2/clubs/${club.id}/settlements/payout-requests`, owner.headers)
    expect(listed.body.data.total).toBe(1)
    const later = await requestPayout(club.id, settlement.id, owner.headers)
    expect(later.body.code).toBe("PAYOUT_ALREADY_REQUESTED")
  })

  it("refuses a payout while the club's payouts are frozen with CLUB_PAYOUT_FROZEN", async () => {
    const { club, owner, settlement } = await eligibleSettlement()
    await host().run(Effect.flatMap(Clubs.ClubRepo, (r) => r.update(club.id, { payoutFrozen: true })))
    const frozen = await requestPayout(club.id, settlement.id, owner.headers)
    expect(frozen.status).toBe(409)
    expect(frozen.body.code).toBe("CLUB_PAYOUT_FROZEN")
    await host().run(Effect.flatMap(Clubs.ClubRepo, (r) => r.update(club.id, { payoutFrozen: false })))
    expect((await requestPayout(club.id, settlement.id, owner.headers)).status).toBe(201)
  })

  it("lists the admin queue oldest first, filtered by status, payee type and club, behind clubs.money", async () => {
    const a = await eligibleSettlement()
    const b = await eligibleSettlement()
    const pa = (await requestPayout(a.club.id, a.settlement.id, a.owner.headers)).body.data.id as string
    const pb = (await requestPayout(b.club.id, b.settlement.id, b.owner.headers)).body.data.id as string
    const queue = await host().http.get("/v2/admin/payout-requests?status=REQUESTED&payeeType=CLUB&limit=100", admin.headers)
    expect(queue.status).toBe(200)
    const ids = queue.body.data.items.map((p: { id: string }) => p.id)
    expect(ids.indexOf(pa)).toBeGreaterThanOrEqual(0)
    expect(ids.indexOf(pa)).toBeLessThan(ids.indexOf(pb))
    const byClub = await host().http.get(`/v2/admin/payout-requests?clubId=${b.club.id}`, admin.headers)
    expect(byClub.body.data.items.map((p: { id: string }) => p.id)).toEqual([pb])
    const organizers = await host().http.get("/v2/admin/payout-requests?payeeType=ORGANIZER", admin.headers)
    expect(organizers.body.data.total).toBe(0)
    const bad = await host().http.get("/v2/admin/payout-requests?payeeType=USER&status=LOST", admin.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([expect.stringContaining("payeeType"), expect.stringContaining("status")]))

    const reviewer = await clubAdmin(host(), ["clubs.review"])
    for (const headers of [reviewer.headers, a.owner.headers]) {
      expect((await host().http.get("/v2/admin/payout-requests", headers)).status).toBe(403)
      for (const move of ["review", "approve", "mark-paid", "reject"] as const) {
        expect((await adminMove(pa, move, { paymentReference: "UTR-999", reason: "Not allowed to do this" }, headers)).status).toBe(403)
      }
    }
    expect((await host().http.get("/v2/admin/payout-requests")).status).toBe(401)
    expect((await host().http.post(`/v2/admin/payout-requests/${pa}/review`, {})).status).toBe(401)
  })

  it("keeps the payout moves as data, as states.tsv says", () => {
    const legal: Record<string, ReadonlyArray<string>> = {
      review: ["REQUESTED"],
      approve: ["UNDER_REVIEW"],
      markPaid: ["APPROVED"],
      reject: ["UNDER_REVIEW"],
      cancel: ["REQUESTED", "UNDER_REVIEW"]
    }
    for (const status of Clubs.PayoutRequestStatuses) {
      for (const move of Object.keys(legal) as Array<Clubs.PayoutMove>) {
        expect(Clubs.payoutMoveAllowed(status, move)).toBe(legal[move]!.includes(status))
      }
    }
  })
})
