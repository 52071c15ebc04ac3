/**
 * Master events through the real host: the umbrella of a public series (404 without a public edition
 * or when hidden), free joins and leaves, one membership under concurrent joins, paid joins quoted
 * then paid through the local gateway and confirmed once by verify or by the webhook through the
 * inbox, the standings over the members' edition results (ties 1-2-2-4), the admin's moderation
 * machine (closing issues the reward grants), reconciling a paid order's refund and settlement once,
 * and granting or revoking rewards through the ledger exactly once.
 */
import { Wallets } from "@podium/core"
import { LocalGatewayControl } from "@podium/providers"
import { Context, Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { eventsCast, inDays, publishedEvent } from "./support.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer, reviewer: Record<string, string>, manager: Record<string, string>
beforeAll(async () => void ({ org, reviewer, manager } = await eventsCast(host, "Master Events Org")), 60_000)

const gateway = () => Context.get(host.context, LocalGatewayControl)
const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => host.http.request(method, path, body, headers)
type Athlete = Awaited<ReturnType<typeof newAthlete>>

let year = 2050
/** A public series with one published edition (and more on request). */
const series = async () => {
  const event = await publishedEvent(host, org, reviewer)
  const edition = async (startsAt = inDays(40), endsAt = inDays(40.5), status = "published") => {
    const res = await send("PATCH", `/v2/organizers/events/${event.id}/edition`, { year: ++year, startsAt, endsAt, capacity: 100, status }, org.owner.headers)
    expect(res.status).toBe(200)
    return res.body.data as { id: string; year: number; startsAt: string; slug: string }
  }
  return { event, edition }
}
const publicSeries = async () => {
  const s = await series()
  const first = await s.edition()
  return { ...s, first }
}
const adminGet = async (eventId: string) => (await send("GET", `/v2/admin/master-events/${eventId}`, undefined, manager)).body.data
const setFee = (eventId: string, entryFee: number) => send("PATCH", `/v2/admin/master-events/${eventId}/status`, { entryFee }, manager)

describe("the public master event", () => {
  it("is 404 for a series without a public edition, then shows its editions and, signed in, the caller's membership", async () => {
    const s = await series()
    expect((await send("GET", `/v2/events/${s.event.id}/master`)).status).toBe(404)
    await s.edition(inDays(60), inDays(61), "draft")
    expect((await send("GET", `/v2/events/${s.event.id}/master`)).status).toBe(404)
    const published = await s.edition()
    const res = await send("GET", `/v2/events/${s.event.slug}/master`)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ eventId: s.event.id, status: "published", entryFee: 0, memberCount: 0, membership: null, event: { id: s.event.id } })
    expect(res.body.data.editions.map((e: { id: string }) => e.id)).toEqual([published.id])
    const athlete = await newAthlete(host)
    expect((await send("POST", `/v2/events/${s.event.id}/master/join`, undefined, athlete.headers)).status).toBe(201)
    const mine = await send("GET", `/v2/events/${s.event.id}/master`, undefined, athlete.headers)
    expect(mine.body.data).toMatchObject({ memberCount: 1, membership: { userId: athlete.user.id, status: "joined" } })
    expect((await send("GET", "/v2/events/no-such-series/master")).status).toBe(404)
  })
})

describe("joining and leaving", () => {
  it("is for signed-in athletes: 401 without a token, 403 for an admin", async () => {
    const { event } = await publicSeries()
    for (const [method, path] of [["POST", "join"], ["DELETE", "join"], ["GET", "quote"], ["GET", "rewards/me"]] as const) {
      expect((await send(method, `/v2/events/${event.id}/master/${path}`)).status).toBe(401)
      expect((await send(method, `/v2/events/${event.id}/master/${path}`, undefined, manager)).status).toBe(403)
    }
  })

  it("joins a free master event at once, refuses a second join (409), leaves, answers 404 when not a member, and rejoins", async () => {
    const { event } = await publicSeries()
    const athlete = await newAthlete(host)
    const quote = await send("GET", `/v2/events/${event.id}/master/quote`, undefined, athlete.headers)
    expect(quote.body.data).toMatchObject({ entryFee: 0, amount: 0, canJoin: true, membershipStatus: null, reason: null })
    const joined = await send("POST", `/v2/events/${event.id}/master/join`, undefined, athlete.headers)
    expect(joined.status).toBe(201)
    expect(joined.body.data).toMatchObject({ member: { status: "joined", amount: 0, orderId: null }, order: null, payment: null })
    const again = await send("POST", `/v2/events/${event.id}/master/join`, undefined, athlete.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("MASTER_ALREADY_JOINED")
    expect((await send("GET", `/v2/events/${event.id}/master/quote`, undefined, athlete.headers)).body.data).toMatchObject({ canJoin: false, reason: "already joined", membershipStatus: "joined" })
    const left = await send("DELETE", `/v2/events/${event.id}/master/join`, undefined, athlete.headers)
    expect(left.status).toBe(200)
    expect(left.body.data).toMatchObject({ id: joined.body.data.member.id, status: "left" })
    expect((await send("DELETE", `/v2/events/${event.id}/master/join`, undefined, athlete.headers)).status).toBe(404)
    expect((await adminGet(event.id)).memberCount).toBe(0)
    expect((await send("POST", `/v2/events/${event.id}/master/join`, undefined, athlete.headers)).status).toBe(201)
    expect((await adminGet(event.id)).memberCount).toBe(1)
  })

  it("holds one membership per athlete: of 5 concurrent joins one wins; 6 athletes at once count 6", async () => {
    const { event } = await publicSeries()
    const athlete = await newAthlete(host)
    const answers = await Promise.all(Array.from({ length: 5 }, () => send("POST", `/v2/events/${event.id}/master/join`, undefined, athlete.headers)))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(Array(4).fill("MASTER_ALREADY_JOINED"))
    const others = await Promise.all(Array.from({ length: 6 }, () => newAthlete(host)))
    const joins = await Promise.all(others.map((a) => send("POST", `/v2/events/${event.id}/master/join`, undefined, a.headers)))
    expect(joins.map((j) => j.status)).toEqual(Array(6).fill(201))
    const detail = await adminGet(event.id)
    expect(detail).toMatchObject({ memberCount: 7, totals: { joined: 7, pendingPayment: 0 } })
  })
})

describe("paid joins", () => {
  const paidJoin = async (fee = 49_900) => {
    const s = await publicSeries()
    expect((await setFee(s.event.id, fee)).status).toBe(200)
    const athlete = await newAthlete(host)
    const quote = await send("GET", `/v2/events/${s.event.id}/master/quote`, undefined, athlete.headers)
    expect(quote.body.data).toMatchObject({ entryFee: fee, amount: fee, currency: "INR", canJoin: true })
    const res = await send("POST", `/v2/events/${s.event.id}/master/join`, undefined, athlete.headers)
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      member: { status: "pending_payment", amount: fee },
      order: { status: "created", amount: fee, currency: "INR" },
      payment: { amount: fee, currency: "INR", holdExpiresAt: expect.any(String) }
    })
    const order = res.body.data.order as { id: string; gatewayOrderId: string }
    expect(res.body.data.payment.orderId).toBe(order.gatewayOrderId)
    return { ...s, athlete, orderId: order.id, gatewayOrderId: order.gatewayOrderId }
  }
  const verify = (eventId: string, orderId: string, body: Record<string, unknown>, athlete: Athlete) =>
    send("POST", `/v2/events/${eventId}/master/orders/${orderId}/verify`, body, athlete.headers)

  it("joins once the payment is verified; a bad signature is 400, someone else's order 404, and verifying twice joins once", async () => {
    const { event, athlete, orderId, gatewayOrderId } = await paidJoin()
    const { paymentId, signature } = await host.run(gateway().pay(gatewayOrderId))
    const body = { orderId: gatewayOrderId, paymentId, signature }
    expect((await send("POST", `/v2/events/${event.id}/master/orders/${orderId}/verify`, body)).status).toBe(401)
    expect((await verify(event.id, orderId, body, await newAthlete(host))).status).toBe(404)
    expect((await verify(event.id, orderId, { orderId: gatewayOrderId, paymentId }, athlete)).body.message).toEqual(["signature should not be empty"])
    const forged = await verify(event.id, orderId, { ...body, signature: "0".repeat(64) }, athlete)
    expect(forged.status).toBe(400)
    expect(forged.body.code).toBe("PAYMENT_SIGNATURE_INVALID")
    expect((await adminGet(event.id)).memberCount).toBe(0)
    const answers = await Promise.all([verify(event.id, orderId, body, athlete), verify(event.id, orderId, body, athlete)])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    for (const a of answers) expect(a.body.data).toMatchObject({ order: { id: orderId, status: "paid", paymentId }, member: { status: "joined", orderId } })
    expect((await verify(event.id, orderId, body, athlete)).body.data.order.status).toBe("paid")
    expect(await adminGet(event.id)).toMatchObject({ memberCount: 1, totals: { joined: 1, paidOrders: 1, revenue: 49_900 } })
  })

  it("answers 409 MASTER_PAYMENT_NOT_CAPTURED for an authorized payment", async () => {
    const { event, athlete, orderId, gatewayOrderId } = await paidJoin()
    const { paymentId, signature } = await host.run(gateway().pay(gatewayOrderId, { status: "authorized" }))
    const res = await verify(event.id, orderId, { orderId: gatewayOrderId, paymentId, signature }, athlete)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe("MASTER_PAYMENT_NOT_CAPTURED")
  })

  it("is joined by the gateway's webhook through the inbox when the app never verifies (a redelivery is a duplicate)", async () => {
    const { event, athlete, gatewayOrderId } = await paidJoin()
    const { paymentId } = await host.run(gateway().pay(gatewayOrderId))
    const delivery = await host.run(gateway().webhook("payment.captured", paymentId))
    const headers = { "x-razorpay-signature": delivery.signature, "x-razorpay-event-id": delivery.eventId }
    const answers = await Promise.all(Array.from({ length: 3 }, () => send("POST", "/v2/master-events/webhooks/payment-gateway", delivery.rawBody, headers)))
    expect(answers.filter((a) => a.body.data.duplicate === false).map((a) => a.body.data.status)).toEqual(["PROCESSED"])
    const mine = await send("GET", `/v2/events/${event.id}/master`, undefined, athlete.headers)
    expect(mine.body.data).toMatchObject({ memberCount: 1, membership: { status: "joined" } })
  })

  it("reconciles a refund once: the first call ends the membership, the second changes nothing and says so; a refunded order is not settled", async () => {
    const { event, athlete, orderId, gatewayOrderId } = await paidJoin()
    const unpaid = await send("POST", `/v2/admin/master-events/orders/${orderId}/reconcile-refund`, {}, manager)
    expect(unpaid.status).toBe(409)
    expect(unpaid.body.code).toBe("MASTER_ORDER_NOT_PAID")
    const { paymentId, signature } = await host.run(gateway().pay(gatewayOrderId))
    expect((await verify(event.id, orderId, { orderId: gatewayOrderId, paymentId, signature }, athlete)).status).toBe(200)
    const path = `/v2/admin/master-events/orders/${orderId}/reconcile-refund`
    expect((await send("POST", path, {}, reviewer)).status).toBe(403)
    expect((await send("POST", path, { reference: "" }, manager)).body.message).toEqual([
      "reference must be longer than or equal to 1 and shorter than or equal to 120 characters"
    ])
    const answers = await Promise.all(Array.from({ length: 3 }, () => send("POST", path, { reference: "rfnd_123" }, manager)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    expect(answers.filter((a) => a.body.data.changed)).toHaveLength(1)
    const again = await send("POST", path, { reference: "rfnd_123" }, manager)
    expect(again.body.data).toMatchObject({ changed: false, order: { id: orderId, refundReference: "rfnd_123", refundedAt: expect.any(String) } })
    expect(await adminGet(event.id)).toMatchObject({ memberCount: 0, totals: { left: 1, refundedOrders: 1, revenue: 0 } })
    const settle = await send("POST", `/v2/admin/master-events/orders/${orderId}/reconcile-settlement`, undefined, manager)
    expect(settle.status).toBe(409)
    expect(settle.body.code).toBe("MASTER_ORDER_REFUNDED")
    const clearing = await host.run(Effect.flatMap(Wallets.Ledger, (l) =>
      l.balance({ ownerType: "platform", ownerId: "platform", purpose: `master-event-clearing:${event.id}`, currency: "INR" })))
    expect(clearing).toBe(0)
  })

  it("reconciles a settlement once under concurrent calls; unknown orders are 404", async () => {
    const { event, athlete, orderId, gatewayOrderId } = await paidJoin()
    const { paymentId, signature } = await host.run(gateway().pay(gatewayOrderId))
    await verify(event.id, orderId, { orderId: gatewayOrderId, paymentId, signature }, athlete)
    const path = `/v2/admin/master-events/orders/${orderId}/reconcile-settlement`
    const answers = await Promise.all(Array.from({ length: 4 }, () => send("POST", path, undefined, manager)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
    expect(answers.filter((a) => a.body.data.changed)).toHaveLength(1)
    expect((await send("POST", path, undefined, manager)).body.data).toMatchObject({ changed: false, order: { settledAt: expect.any(String) } })
    const settled = await host.run(Effect.flatMap(Wallets.Ledger, (l) =>
      l.balance({ ownerType: "platform", ownerId: "platform", purpose: `master-event-settled:${event.id}`, currency: "INR" })))
    expect(settled).toBe(49_900)
    expect((await send("POST", `/v2/admin/master-events/orders/${crypto.randomUUID()}/reconcile-settlement`, undefined, manager)).status).toBe(404)
    const orders = await send("GET", `/v2/admin/master-events/${event.id}/orders`, undefined, manager)
    expect(orders.body.data).toMatchObject({ total: 1, data: [{ id: orderId, status: "paid", settledBy: expect.any(String) }] })
  })
})

describe("admin moderation", () => {
  it("needs events.manage", async () => {
    expect((await send("GET", "/v2/admin/master-events")).status).toBe(401)
    expect((await send("GET", "/v2/admin/master-events", undefined, reviewer)).status).toBe(403)
    expect((await send("GET", "/v2/admin/master-events", undefined, org.owner.headers)).status).toBe(403)
  })

  it("lists, reads, and answers 400 in the spec's wording", async () => {
    const { event } = await publicSeries()
    await send("GET", `/v2/events/${event.id}/master`)
    const list = await send("GET", "/v2/admin/master-events?status=published&limit=100", undefined, manager)
    expect(list.status).toBe(200)
    expect(list.body.data.data.map((m: { eventId: string }) => m.eventId)).toContain(event.id)
    expect((await send("GET", "/v2/admin/master-events?status=open", undefined, manager)).body.message).toEqual([
      "status must be one of the following values: published, hidden, closed"
    ])
    expect(await adminGet(event.id)).toMatchObject({ eventId: event.id, editionCount: 1, event: { id: event.id } })
    expect((await send("GET", "/v2/admin/master-events/not-a-uuid", undefined, manager)).status).toBe(404)
    const path = `/v2/admin/master-events/${event.id}/status`
    expect((await send("PATCH", path, {}, manager)).body.message).toEqual(["status or entryFee must be given"])
    expect((await send("PATCH", path, { entryFee: 50 }, manager)).body.message).toEqual(["entryFee must be 0 or at least 100"])
    expect((await send("PATCH", path, { status: "hidden", reason: "short" }, manager)).body.message).toEqual([
      "reason must be longer than or equal to 10 and shorter than or equal to 500 characters"
    ])
  })

  it("hides (public 404), publishes back, closes once under concurrency, and then refuses every move and join (409)", async () => {
    const { event } = await publicSeries()
    const path = `/v2/admin/master-events/${event.id}/status`
    const hidden = await send("PATCH", path, { status: "hidden", reason: "Misleading series description" }, manager)
    expect(hidden.body.data).toMatchObject({ status: "hidden", statusReason: "Misleading series description" })
    expect((await send("GET", `/v2/events/${event.id}/master`)).status).toBe(404)
    const athlete = await newAthlete(host)
    expect((await send("POST", `/v2/events/${event.id}/master/join`, undefined, athlete.headers)).status).toBe(404)
    const same = await send("PATCH", path, { status: "hidden" }, manager)
    expect(same.status).toBe(409)
    expect(same.body.code).toBe("MASTER_EVENT_STATUS_CONFLICT")
    expect((await send("PATCH", path, { status: "published" }, manager)).body.data.status).toBe("published")
    expect((await send("POST", `/v2/events/${event.id}/master/join`, undefined, athlete.headers)).status).toBe(201)
    const closes = await Promise.all(Array.from({ length: 4 }, () => send("PATCH", path, { status: "closed", reason: "Season is over now" }, manager)))
    expect(closes.filter((c) => c.status === 200)).toHaveLength(1)
    expect(closes.filter((c) => c.status === 409).map((c) => c.body.code)).toEqual(Array(3).fill("MASTER_EVENT_STATUS_CONFLICT"))
    expect((await send("PATCH", path, { status: "published" }, manager)).status).toBe(409)
    expect((await send("PATCH", path, { entryFee: 100 }, manager)).status).toBe(409)
    const other = await newAthlete(host)
    const late = await send("POST", `/v2/events/${event.id}/master/join`, undefined, other.headers)
    expect(late.status).toBe(409)
    expect(late.body.code).toBe("MASTER_EVENT_NOT_OPEN")
    const leave = await send("DELETE", `/v2/events/${event.id}/master/join`, undefined, athlete.headers)
    expect(leave.status).toBe(409)
    expect(leave.body.code).toBe("MASTER_EVENT_NOT_OPEN")
    const participants = await send("GET", `/v2/admin/master-events/${event.id}/participants?status=joined`, undefined, manager)
    expect(participants.body.data).toMatchObject({ total: 1, data: [{ userId: athlete.user.id, status: "joined" }] })
  })
})

describe("standings and rewards", () => {
  const minute = 60_000
  const run = (userId: string, edition: { startsAt: string }, minutes: number) => {
    const start = Date.parse(edition.startsAt) + minute
    return { userId, gender: "male", startedAt: new Date(start).toISOString(), finishedAt: new Date(start + minutes * minute).toISOString() }
  }
  /** Two past editions with results on each year's board: a wins both, b and c tie twice, d is fastest but no member, m has no result. */
  const season = async () => {
    const s = await series()
    const first = await s.edition(inDays(-30), inDays(-29.5))
    const second = await s.edition(inDays(-10), inDays(-9.5))
    const [a, b, c, d, m] = await Promise.all(Array.from({ length: 5 }, () => newAthlete(host)))
    for (const x of [a!, b!, c!, m!]) expect((await send("POST", `/v2/events/${s.event.id}/master/join`, undefined, x.headers)).status).toBe(201)
    const ids = { a: a!.user.id as string, b: b!.user.id as string, c: c!.user.id as string, d: d!.user.id as string, m: m!.user.id as string }
    for (const edition of [first, second]) {
      const records = [run(ids.d, edition, 30), run(ids.a, edition, 40), run(ids.b, edition, 45), run(ids.c, edition, 45)]
      expect((await send("POST", "/v2/leaderboards/admin/ingest", { eventId: s.event.id, name: String(edition.year), records }, manager)).status).toBe(200)
    }
    expect((await send("POST", `/v2/events/${s.event.id}/results/publish`, undefined, org.owner.headers)).status).toBe(200)
    return { ...s, first, second, athletes: { a: a!, b: b!, c: c!, d: d!, m: m! }, ids }
  }
  const rewardsBalance = (userId: string) =>
    host.run(Effect.flatMap(Wallets.Ledger, (l) => l.balance({ ownerType: "user", ownerId: userId, purpose: "rewards", currency: "RC" })))

  it("ranks the members by their edition points, ties sharing the place (1-2-2-4), non-members left out", async () => {
    const { event, ids } = await season()
    const res = await send("GET", `/v2/events/${event.id}/master/leaderboard`)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ eventId: event.id, final: false, total: 4 })
    const rows = res.body.data.items.map((i: { userId: string; place: number; points: number; editionsRanked: number }) => [i.userId, i.place, i.points, i.editionsRanked])
    const [t1, t2] = [ids.b, ids.c].sort()
    // In each edition d (no member) is 1st, a 2nd (99 points), b and c tie 3rd (98 each).
    expect(rows).toEqual([[ids.a, 1, 198, 2], [t1, 2, 196, 2], [t2, 2, 196, 2], [ids.m, 4, 0, 0]])
    const paged = await send("GET", `/v2/events/${event.id}/master/leaderboard?page=2&limit=3`)
    expect(paged.body.data.items.map((i: { place: number }) => i.place)).toEqual([4])
  })

  it("closing issues the grants; an admin grants RC once (ledger) under concurrency and revokes it back; rewards/me shows them", async () => {
    const { event, ids, athletes } = await season()
    expect((await send("GET", `/v2/events/${event.id}/master/rewards/me`, undefined, athletes.a.headers)).body.data.total).toBe(0)
    expect((await send("PATCH", `/v2/admin/master-events/${event.id}/status`, { status: "closed" }, manager)).status).toBe(200)
    expect((await send("GET", `/v2/events/${event.id}/master/leaderboard`)).body.data.final).toBe(true)
    const mine = await send("GET", `/v2/events/${event.id}/master/rewards/me`, undefined, athletes.a.headers)
    expect(mine.status).toBe(200)
    const byKind = Object.fromEntries(mine.body.data.data.map((g: { kind: string }) => [g.kind, g]))
    expect(byKind).toMatchObject({ rc: { amount: 1000, place: 1, status: "pending" }, badge: { badgeCode: "master-podium", place: 1 } })
    const all = await send("GET", `/v2/admin/master-events/${event.id}/rewards?limit=100`, undefined, manager)
    // a, b, c: RC and a badge each; m scored nothing and d is no member.
    expect(all.body.data.total).toBe(6)
    const bRc = all.body.data.data.find((g: { userId: string; kind: string }) => g.userId === ids.b && g.kind === "rc")
    expect(bRc).toMatchObject({ amount: 500, place: 2 })
    const path = `/v2/admin/master-events/rewards/${bRc.id}`
    expect((await send("PATCH", path, { status: "granted" }, reviewer)).status).toBe(403)
    expect((await send("PATCH", path, { status: "pending" }, manager)).body.message).toEqual(["status must be one of the following values: granted, revoked"])
    const grants = await Promise.all(Array.from({ length: 4 }, () => send("PATCH", path, { status: "granted" }, manager)))
    expect(grants.filter((g) => g.status === 200)).toHaveLength(1)
    expect(grants.filter((g) => g.status === 409).map((g) => g.body.code)).toEqual(Array(3).fill("MASTER_REWARD_STATUS_CONFLICT"))
    expect(await rewardsBalance(ids.b)).toBe(500)
    const revoked = await send("PATCH", path, { status: "revoked", reason: "Course was cut short" }, manager)
    expect(revoked.body.data).toMatchObject({ status: "revoked", statusReason: "Course was cut short" })
    expect(await rewardsBalance(ids.b)).toBe(0)
    expect((await send("PATCH", path, { status: "granted" }, manager)).status).toBe(409)
    expect((await send("PATCH", `/v2/admin/master-events/rewards/${crypto.randomUUID()}`, { status: "granted" }, manager)).status).toBe(404)
    // A pending grant revoked moves no coins.
    const aRc = all.body.data.data.find((g: { userId: string; kind: string }) => g.userId === ids.a && g.kind === "rc")
    expect((await send("PATCH", `/v2/admin/master-events/rewards/${aRc.id}`, { status: "revoked" }, manager)).body.data.status).toBe("revoked")
    expect(await rewardsBalance(ids.a)).toBe(0)
  })

  it("refuses to revoke granted coins the athlete has spent (409 MASTER_REWARD_SPENT) and changes nothing", async () => {
    const { event, ids } = await season()
    expect((await send("PATCH", `/v2/admin/master-events/${event.id}/status`, { status: "closed" }, manager)).status).toBe(200)
    const all = await send("GET", `/v2/admin/master-events/${event.id}/rewards?limit=100`, undefined, manager)
    const aRc = all.body.data.data.find((g: { userId: string; kind: string }) => g.userId === ids.a && g.kind === "rc")
    const path = `/v2/admin/master-events/rewards/${aRc.id}`
    expect((await send("PATCH", path, { status: "granted" }, manager)).body.data.status).toBe("granted")
    expect(await rewardsBalance(ids.a)).toBe(1000)
    await host.run(Effect.flatMap(Wallets.Ledger, (l) =>
      l.post({
        idempotencyKey: `spend-${aRc.id}`,
        reason: "Spent in the RC store",
        legs: [
          { account: { ownerType: "user", ownerId: ids.a, purpose: "rewards", currency: "RC" }, amount: -600 },
          { account: { ownerType: "platform", ownerId: "platform", purpose: "rc-store", currency: "RC" }, amount: 600 }
        ]
      })))
    const refused = await send("PATCH", path, { status: "revoked" }, manager)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe("MASTER_REWARD_SPENT")
    expect(await rewardsBalance(ids.a)).toBe(400)
    const after = await send("GET", `/v2/admin/master-events/${event.id}/rewards?limit=100`, undefined, manager)
    expect(after.body.data.data.find((g: { id: string }) => g.id === aRc.id).status).toBe("granted")
  })
})
