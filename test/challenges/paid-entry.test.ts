/**
 * Paid challenges through the real host: an entry fee on the challenge, a join that holds the place
 * while the athlete pays through the local gateway, confirmation by verify-payment or by the
 * gateway's webhook exactly once (whichever comes first), live holds counting against the cap under
 * concurrency, the payment summary, a paid athlete's free rejoin and the refund due on a cancel.
 */
import { LocalGatewayControl } from "@podium/providers"
import { Context } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete } from "../clubs/support.js"
import type { SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { activeChallenge, challengeBody, challengesCast } from "./support.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>, org: SeededOrganizer
beforeAll(async () => void ({ admin, org } = await challengesCast(host, "Paid Entry Org")), 60_000)

const gateway = () => Context.get(host.context, LocalGatewayControl)
const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)
const paidChallenge = (extra: Record<string, unknown> = {}) =>
  activeChallenge(host, admin, challengeBody({ creatorType: "organizer", creatorId: org.id, entryFee: 49_900, ...extra }))
const join = (id: string, headers: Record<string, string>) => send("POST", `/v2/challenge-participations/${id}`, undefined, headers)
const summary = (id: string, headers: Record<string, string>) => send("GET", `/v2/challenge-participations/${id}/payment-summary`, undefined, headers)
const verify = (id: string, body: Record<string, unknown>, headers: Record<string, string>) =>
  send("POST", `/v2/challenge-participations/${id}/verify-payment`, body, headers)

/** A paid challenge an athlete has joined, pending its payment. */
const pendingJoin = async (extra: Record<string, unknown> = {}) => {
  const challenge = await paidChallenge(extra)
  const athlete = await newAthlete(host)
  const joined = await join(challenge.id, athlete.headers)
  expect(joined.status).toBe(201)
  return { challenge, athlete, joined: joined.body.data, orderId: joined.body.data.payment.orderId as string }
}

describe("paid challenges", () => {
  it("takes an entry fee of 0 or at least 100 minor units, in the spec's wording", async () => {
    const low = await send("POST", "/v2/challenges", challengeBody({ creatorType: "organizer", creatorId: org.id, entryFee: 50 }), org.owner.headers)
    expect(low.status).toBe(400)
    expect(low.body.message).toEqual(["entryFee must be 0 (free) or at least 100 minor units"])
    const free = await paidChallenge({ entryFee: 0 })
    const athlete = await newAthlete(host)
    const joined = await join(free.id, athlete.headers)
    expect(joined.body.data).toMatchObject({ status: "JOINED", entryFee: 0, payment: null })
  })

  it("holds the place of a paid join and answers the checkout; the summary shows the hold and the order", async () => {
    const { challenge, athlete, joined, orderId } = await pendingJoin()
    expect(joined).toMatchObject({ status: "PENDING_PAYMENT", entryFee: 49_900, currency: "INR", paymentOrderId: orderId, paidAt: null })
    expect(joined.payment).toMatchObject({ provider: "local", amount: 49_900, currency: "INR" })
    expect(typeof joined.payment.keyId).toBe("string")
    expect(Date.parse(joined.payment.holdExpiresAt)).toBeGreaterThan(Date.now())
    expect((await host.http.get(`/v2/challenges/${challenge.id}/public`)).body.data.participantCount).toBe(0)

    expect((await summary(challenge.id, {})).status).toBe(401)
    expect((await summary(challenge.id, (await newAthlete(host)).headers)).status).toBe(404)
    const mine = await summary(challenge.id, athlete.headers)
    expect(mine.status).toBe(200)
    expect(mine.body.data).toMatchObject({
      challengeId: challenge.id, status: "PENDING_PAYMENT", entryFee: 49_900, paid: false, holdActive: true, orderId, payments: [], refundDue: false
    })
  })

  it("confirms by verify once the payment is captured: a forged signature is 400, another order 404, a repeat harmless", async () => {
    const { challenge, athlete, orderId } = await pendingJoin()
    const { paymentId, signature } = await host.run(gateway().pay(orderId))
    expect((await verify(challenge.id, { orderId, paymentId, signature }, {})).status).toBe(401)
    expect((await verify(challenge.id, { orderId, paymentId }, athlete.headers)).body.message).toEqual(["signature should not be empty"])
    expect((await verify(challenge.id, { orderId, paymentId, signature }, (await newAthlete(host)).headers)).status).toBe(404)
    expect((await verify(challenge.id, { orderId: "order_other", paymentId, signature }, athlete.headers)).status).toBe(404)
    const forged = await verify(challenge.id, { orderId, paymentId, signature: "0".repeat(64) }, athlete.headers)
    expect(forged.status).toBe(400)
    expect(forged.body.code).toBe("PAYMENT_SIGNATURE_INVALID")

    const ok = await verify(challenge.id, { orderId, paymentId, signature }, athlete.headers)
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ status: "JOINED", paymentId, holdExpiresAt: null })
    expect((await verify(challenge.id, { orderId, paymentId, signature }, athlete.headers)).body.data.status).toBe("JOINED")
    expect((await host.http.get(`/v2/challenges/${challenge.id}/public`)).body.data.participantCount).toBe(1)
    const paid = await summary(challenge.id, athlete.headers)
    expect(paid.body.data).toMatchObject({ status: "JOINED", paid: true, paymentId, holdActive: false, orderStatus: "PAID" })
    expect(paid.body.data.payments).toEqual([expect.objectContaining({ paymentId, status: "captured", amount: 49_900 })])
  })

  it("refuses to confirm a payment the gateway has only authorized, and a join that awaits no payment", async () => {
    const { challenge, athlete, orderId } = await pendingJoin()
    const { paymentId, signature } = await host.run(gateway().pay(orderId, { status: "authorized" }))
    const res = await verify(challenge.id, { orderId, paymentId, signature }, athlete.headers)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe("CHALLENGE_PAYMENT_NOT_CAPTURED")

    const free = await paidChallenge({ entryFee: 0 })
    await join(free.id, athlete.headers)
    const none = await verify(free.id, { orderId, paymentId, signature }, athlete.headers)
    expect(none.status).toBe(409)
    expect(none.body.code).toBe("CHALLENGE_PAYMENT_NOT_PENDING")
  })

  it("the gateway webhook confirms through the inbox exactly once, and a later verify finds it joined", async () => {
    const { challenge, athlete, orderId } = await pendingJoin()
    const { paymentId, signature } = await host.run(gateway().pay(orderId))
    const delivery = await host.run(gateway().webhook("payment.captured", paymentId))
    const headers = { "x-razorpay-signature": delivery.signature, "x-razorpay-event-id": delivery.eventId }
    const answers = await Promise.all(Array.from({ length: 4 }, () => send("POST", "/v2/master-events/webhooks/payment-gateway", delivery.rawBody, headers)))
    expect(answers.filter((a) => a.body.data.duplicate === false)).toHaveLength(1)
    expect(answers.find((a) => a.body.data.duplicate === false)!.body.data.status).toBe("PROCESSED")
    const mine = await send("GET", `/v2/challenge-participations/${challenge.id}`, undefined, athlete.headers)
    expect(mine.body.data).toMatchObject({ status: "JOINED", paymentId })
    expect((await verify(challenge.id, { orderId, paymentId, signature }, athlete.headers)).body.data.status).toBe("JOINED")
    expect((await host.http.get(`/v2/challenges/${challenge.id}/public`)).body.data.participantCount).toBe(1)
  })

  it("counts live holds against the cap: of 5 concurrent paid joins for 2 places, 2 hold and 3 are full", async () => {
    const challenge = await paidChallenge({ maxParticipants: 2 })
    const athletes = await Promise.all(Array.from({ length: 5 }, () => newAthlete(host)))
    const answers = await Promise.all(athletes.map((a) => join(challenge.id, a.headers)))
    expect(answers.filter((a) => a.status === 201).map((a) => a.body.data.status)).toEqual(["PENDING_PAYMENT", "PENDING_PAYMENT"])
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(["CHALLENGE_FULL", "CHALLENGE_FULL", "CHALLENGE_FULL"])
    // An abandoned hold frees its place at once.
    const holder = athletes[answers.findIndex((a) => a.status === 201)]!
    expect((await send("DELETE", `/v2/challenge-participations/${challenge.id}`, undefined, holder.headers)).body.data.status).toBe("LEFT")
    const waiting = athletes[answers.findIndex((a) => a.status === 409)]!
    expect((await join(challenge.id, waiting.headers)).body.data.status).toBe("PENDING_PAYMENT")
  })

  it("lets an athlete who paid and left rejoin without paying again; a cancelled challenge owes the paid their fee", async () => {
    const { challenge, athlete, orderId } = await pendingJoin()
    const { paymentId, signature } = await host.run(gateway().pay(orderId))
    await verify(challenge.id, { orderId, paymentId, signature }, athlete.headers)
    await send("DELETE", `/v2/challenge-participations/${challenge.id}`, undefined, athlete.headers)
    const rejoined = await join(challenge.id, athlete.headers)
    expect(rejoined.body.data).toMatchObject({ status: "JOINED", paymentId, payment: null })

    expect((await send("POST", `/v2/challenges/${challenge.id}/cancel`, { reason: "Venue flooded" }, org.owner.headers)).status).toBe(200)
    expect((await summary(challenge.id, athlete.headers)).body.data).toMatchObject({ paid: true, refundDue: true })
  })
})
