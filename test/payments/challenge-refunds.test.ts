/**
 * The refund cascade of a cancelled challenge through the real host: each paid entry (joined, or
 * left after paying) gets one refund of its entry fee, an unpaid pending join none; two cancels at
 * once answer one 200 and one 409 and request the refunds once; the refunds job sends them to the
 * local gateway.
 */
import { Payments } from "@podium/core"
import { LocalGatewayControl } from "@podium/providers"
import { Context, Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete } from "../clubs/support.js"
import { activeChallenge, challengeBody, challengesCast } from "../challenges/support.js"
import type { SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>, org: SeededOrganizer
beforeAll(async () => void ({ admin, org } = await challengesCast(host, "Refund Cascade Org")), 60_000)

const gateway = () => Context.get(host.context, LocalGatewayControl)
const join = (id: string, headers: Record<string, string>) => host.http.request("POST", `/v2/challenge-participations/${id}`, undefined, headers)
const refundsOf = (challengeId: string) =>
  host.run(Effect.map(Effect.flatMap(Payments.RefundRepo, (r) => r.list({ sourceKind: "challenge_participation", page: 1, limit: 100 })), (p) => p.items.filter((x) => x.challengeId === challengeId)))

/** A confirmed paid entry (checkout verified). */
const paidEntry = async (challengeId: string) => {
  const athlete = await newAthlete(host)
  const joined = (await join(challengeId, athlete.headers)).body.data
  const orderId = joined.payment.orderId as string
  const { paymentId, signature } = await host.run(gateway().pay(orderId))
  const ok = await host.http.request("POST", `/v2/challenge-participations/${challengeId}/verify-payment`, { orderId, paymentId, signature }, athlete.headers)
  expect(ok.body.data.status).toBe("JOINED")
  return { athlete, participationId: ok.body.data.id as string, paymentId }
}

describe("challenge cancel refund cascade", () => {
  it("refunds each paid entry once (joined or left after paying), never an unpaid join; racing cancels: one 200, one 409", async () => {
    const challenge = await activeChallenge(host, admin, challengeBody({ creatorType: "organizer", creatorId: org.id, entryFee: 49_900 }))
    const stayed = await paidEntry(challenge.id)
    const left = await paidEntry(challenge.id)
    expect((await host.http.request("DELETE", `/v2/challenge-participations/${challenge.id}`, undefined, left.athlete.headers)).body.data.status).toBe("LEFT")
    const unpaid = await newAthlete(host)
    expect((await join(challenge.id, unpaid.headers)).body.data.status).toBe("PENDING_PAYMENT")

    const [a, b] = await Promise.all([
      host.http.request("POST", `/v2/challenges/${challenge.id}/cancel`, { reason: "Venue flooded" }, org.owner.headers),
      host.http.request("POST", `/v2/challenges/${challenge.id}/cancel`, { reason: "Venue flooded" }, org.owner.headers)
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const refunds = await refundsOf(challenge.id)
    expect(refunds.map((r) => r.sourceId).sort()).toEqual([stayed.participationId, left.participationId].sort())
    for (const r of refunds) {
      expect(r).toMatchObject({ status: "PENDING", amount: 49_900, currency: "INR", reason: "challenge cancelled: Venue flooded", requestedBy: `organizer:${org.owner.memberId}` })
    }
    expect(refunds.find((r) => r.sourceId === stayed.participationId)!.gatewayPaymentId).toBe(stayed.paymentId)

    await host.run(Payments.runRefunds())
    for (const r of await refundsOf(challenge.id)) expect(r.status).toBe("PROCESSING")
    expect(gateway().refunds().filter((g) => refunds.some((r) => r.id === g.receipt))).toHaveLength(2)
  })
})
