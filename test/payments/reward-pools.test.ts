/**
 * Reward pools through the real host (#519-522, #1122): a challenge's cash-prize escrow funded by
 * an admin recording a bank transfer (the reference credits once), reviewed once, topped up while
 * approved, paid from by prize distributions, and refunded once (racing refunds: one 200, one 409)
 * with the unspent balance landing in the funding organizer's payable account; its finance truth for
 * payments admins and the organizer's OWNER/ADMIN, 404 for others; 401/403/400/404 throughout.
 */
import { Challenges, Wallets } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete } from "../clubs/support.js"
import { activeChallenge, challengeBody, challengesCast } from "../challenges/support.js"
import { newAdmin, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { adminWith } from "./support.js"

const host = realHostOf(import.meta.url)
let reviewer: Record<string, string>, org: SeededOrganizer, admin: Record<string, string>
beforeAll(async () => {
  ;({ admin: reviewer, org } = await challengesCast(host, "Pool Org"))
  admin = (await adminWith(host, ["payments.manage"])).headers
}, 60_000)

const post = (path: string, body: unknown, headers: Record<string, string>) => host.http.request("POST", path, body, headers)
const payable = (organizerId: string) =>
  host.run(Effect.flatMap(Wallets.Ledger, (l) => l.balance({ ownerType: "organizer", ownerId: organizerId, purpose: "payable", currency: "INR" })))

describe("reward pools", () => {
  it("needs a signed-in admin with payments.manage", async () => {
    const plain = (await newAdmin(host)).headers
    const id = crypto.randomUUID()
    expect((await host.http.get("/v2/admin/reward-pools")).status).toBe(401)
    expect((await host.http.get("/v2/admin/reward-pools", plain)).status).toBe(403)
    expect((await post(`/v2/admin/reward-pools/${id}/manually-fund`, { amount: 1000, reference: "UTR-1" }, plain)).status).toBe(403)
    expect((await post(`/v2/admin/reward-pools/${id}/review`, { decision: "APPROVE" }, plain)).status).toBe(403)
    expect((await post(`/v2/admin/reward-pools/${id}/refund`, undefined, org.owner.headers)).status).toBe(403)
  })

  it("funds once per reference, reviews once, pays prizes from it, and refunds the unspent balance to the organizer once", async () => {
    const challenge = await activeChallenge(host, reviewer, challengeBody({ creatorType: "organizer", creatorId: org.id }))
    const base = `/v2/admin/reward-pools/${challenge.id}`
    expect((await post(`/v2/admin/reward-pools/${crypto.randomUUID()}/manually-fund`, { amount: 100_000, reference: "UTR-0" }, admin)).status).toBe(404)
    expect((await post(`${base}/manually-fund`, { amount: 10, reference: "UTR-1" }, admin)).body.message).toEqual(["amount must be an integer between 100 and 1000000000"])
    expect((await post(`${base}/review`, { decision: "APPROVE" }, admin)).status).toBe(404)

    const funded = await post(`${base}/manually-fund`, { amount: 100_000, reference: "UTR-1" }, admin)
    expect(funded.status).toBe(200)
    expect(funded.body.data).toMatchObject({ id: challenge.id, challengeId: challenge.id, status: "FUNDING", funded: 100_000, funderType: "organizer", funderId: org.id })
    expect((await post(`${base}/manually-fund`, { amount: 100_000, reference: "UTR-1" }, admin)).body.data.funded).toBe(100_000)
    expect((await post(`${base}/review`, { decision: "MAYBE" }, admin)).status).toBe(400)
    const [r1, r2] = await Promise.all([
      post(`${base}/review`, { decision: "APPROVE", note: "Bank credit seen" }, admin),
      post(`${base}/review`, { decision: "APPROVE", note: "Bank credit seen" }, admin)
    ])
    expect([r1.status, r2.status].sort()).toEqual([200, 409])
    expect((r1.status === 409 ? r1 : r2).body.code).toBe("REWARD_POOL_STATUS_CONFLICT")
    const topUp = await post(`${base}/manually-fund`, { amount: 50_000, reference: "UTR-2" }, admin)
    expect(topUp.body.data).toMatchObject({ status: "APPROVED", funded: 150_000 })

    // A prize paid from the challenge's prize account (what reward distribution posts).
    const winner = await newAthlete(host)
    await host.run(Wallets.transfer({
      from: Challenges.RewardLedger.payouts(challenge.id),
      to: Challenges.RewardLedger.winnings(winner.user.id),
      amount: 30_000,
      reason: "challenge prize",
      idempotencyKey: `test-prize:${challenge.id}`
    }))

    const truthPath = `/v2/events/finance-truth/reward-pool/${challenge.id}`
    expect((await host.http.get(truthPath)).status).toBe(401)
    const truth = await host.http.get(truthPath, org.owner.headers)
    expect(truth.status).toBe(200)
    expect(truth.body.data).toMatchObject({ funded: 150_000, paidOut: 30_000, refunded: 0, held: 120_000, discrepancies: [] })
    expect(truth.body.data.entries).toHaveLength(3)
    expect((await host.http.get(truthPath, admin)).status).toBe(200)
    expect((await host.http.get(truthPath, org.viewer.headers)).status).toBe(404)
    expect((await host.http.get(truthPath, winner.headers)).status).toBe(404)
    expect((await host.http.get(truthPath, (await newAdmin(host)).headers)).status).toBe(404)

    const before = await payable(org.id)
    const [a, b] = await Promise.all([post(`${base}/refund`, undefined, admin), post(`${base}/refund`, undefined, admin)])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    expect((a.status === 200 ? a : b).body.data).toMatchObject({ status: "REFUNDED", refunded: 120_000 })
    expect(await payable(org.id)).toBe(before + 120_000)
    expect((await post(`${base}/manually-fund`, { amount: 1_000, reference: "UTR-3" }, admin)).body.code).toBe("REWARD_POOL_STATUS_CONFLICT")
    expect((await host.http.get(truthPath, admin)).body.data).toMatchObject({ held: 0, refunded: 120_000, paidOut: 30_000, discrepancies: [] })
    const listed = await host.http.get("/v2/admin/reward-pools?status=REFUNDED&limit=100", admin)
    expect(listed.body.data.items.map((p: { id: string }) => p.id)).toContain(challenge.id)
    expect((await host.http.get("/v2/admin/reward-pools?status=nope", admin)).status).toBe(400)
  })
})
