/**
 * Challenge prizes and rewards through the real host: the prize table written with the challenge
 * (the spec's 400 wording, public read), distribution from the final leaderboard once CLOSED (409
 * before), each type's outcome (cash in the winnings wallet, single-use coupons of the prize's
 * event, a shipment task for merch), paid once however often or concurrently it is asked, who
 * sees which rewards, the MERCH moves (address, ship, deliver, cancel; illegal ones 409), and
 * shipping through the provider: local (a tracking number), unconfigured (400), and the Shiprocket
 * adapter against a local node:http stand-in.
 */
import { Challenges, Events, Wallets } from "@podium/core"
import { RecordedShipping } from "@podium/host-common"
import { makeShippingProviderShiprocket } from "@podium/providers"
import { Context, Effect, Option } from "effect"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { newAthlete, type SeededOrganizer, seedOrganizer } from "../organizers/support.js"
import { realHostOf, startRealHost } from "../support/real-host.js"
import { address, close, prizeTable, rankedChallenge } from "./rewards-support.js"
import { challengeBody, challengesCast } from "./support.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>, org: SeededOrganizer
beforeAll(async () => void ({ admin, org } = await challengesCast(host, "Rewards Org")), 60_000)

type Headers = Record<string, string>
type Reward = { id: string; userId: string; rewardType: string; status: string; rank: number; couponCode: string | null; amount: number | null; trackingNumber: string | null; prizeId: string | null }
const send = (method: string, path: string, body: unknown, headers: Headers) => host.http.request(method, path, body, headers)
const winnings = (userId: string) => host.run(Effect.flatMap(Wallets.Ledger, (l) => l.balance(Challenges.RewardLedger.winnings(userId))))
const rewardsOf = async (id: string, headers: Headers) => (await send("GET", `/v2/challenges/${id}/rewards`, undefined, headers)).body.data as Array<Reward>

describe("challenge prize tables", () => {
  it("are written with the challenge in the spec's wording and read publicly once it is public", async () => {
    const bad = await send("POST", "/v2/challenges", challengeBody({
      creatorType: "organizer",
      creatorId: org.id,
      prizes: [{ rankFrom: 3, rankTo: 1, rewardType: "CASH" }, { rankFrom: 1, rankTo: 1, rewardType: "DISCOUNT", discountType: "percent", discountValue: 120, eventId: crypto.randomUUID() }]
    }), org.owner.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "prizes.0.rankTo must not be less than rankFrom",
      "prizes.0.amount should not be empty for a CASH prize",
      "prizes.1.discountValue must not be greater than 100 for a percent discount",
      "prizes.1.eventId must name an existing event"
    ])
    const other = await seedOrganizer(host, "Other Rewards Org")
    const { seedEvent } = await import("../registrations/support.js")
    const foreign = await seedEvent(host, other.id)
    const theirs = await send("POST", "/v2/challenges", challengeBody({ creatorType: "organizer", creatorId: org.id, prizes: [{ rankFrom: 1, rankTo: 1, rewardType: "EVENT_ENTRY", eventId: foreign.eventId }] }), org.owner.headers)
    expect(theirs.body.message).toEqual(["prizes.0.eventId must name an event of the challenge's organizer"])

    const draft = await send("POST", "/v2/challenges", challengeBody({ creatorType: "organizer", creatorId: org.id, prizes: [{ rankFrom: 1, rankTo: 3, rewardType: "MERCH", productName: "Medal" }, { rankFrom: 1, rankTo: 1, rewardType: "CASH", amount: 100_000 }] }), org.owner.headers)
    expect(draft.status).toBe(201)
    const id = draft.body.data.id as string
    expect((await host.http.get(`/v2/challenges/${id}/prizes`)).status).toBe(404)
    const mine = await send("GET", `/v2/challenges/${id}/prizes`, undefined, org.owner.headers)
    expect(mine.body.data.items.map((p: { rewardType: string; rankFrom: number; rankTo: number }) => [p.rewardType, p.rankFrom, p.rankTo])).toEqual([["CASH", 1, 1], ["MERCH", 1, 3]])
    const replaced = await send("PATCH", `/v2/challenges/${id}`, { prizes: [{ rankFrom: 1, rankTo: 5, rewardType: "MERCH", productName: "Cap", sizeOptions: ["Free"] }] }, org.owner.headers)
    expect(replaced.status).toBe(200)
    expect((await send("PATCH", `/v2/challenges/${id}/review`, { decision: "APPROVE" }, admin)).status).toBe(200)
    const open = await host.http.get(`/v2/challenges/${id}/prizes`)
    expect(open.status).toBe(200)
    expect(open.body.data).toMatchObject({ challengeId: id, currency: "INR", items: [{ rewardType: "MERCH", rankFrom: 1, rankTo: 5, productName: "Cap", sizeOptions: ["Free"], amount: null }] })
  })
})

describe("challenge reward distribution", () => {
  it("waits for CLOSED, pays each winner once per line however often or concurrently asked, and issues each type's outcome", async () => {
    const ch = await rankedChallenge(host, admin, org, ({ eventId, ticketId }) => prizeTable(eventId, ticketId))
    const outsider = await newAthlete(host)
    expect((await send("POST", `/v2/challenges/${ch.id}/rewards/distribute-all`, undefined, {})).status).toBe(401)
    expect((await send("POST", `/v2/challenges/${ch.id}/rewards/distribute-all`, undefined, outsider.headers)).status).toBe(403)
    const early = await send("POST", `/v2/challenges/${ch.id}/rewards/distribute`, {}, org.owner.headers)
    expect(early.status).toBe(409)
    expect(early.body.code).toBe("CHALLENGE_NOT_CLOSED")
    await close(host, admin, ch.id)
    expect((await send("POST", `/v2/challenges/${ch.id}/rewards/distribute`, { rewardTypes: ["GOLD"] }, org.owner.headers)).body.message)
      .toEqual(["rewardTypes.0 must be one of the following values: CASH, DISCOUNT, MERCH, EVENT_ENTRY"])

    const cash = await send("POST", `/v2/challenges/${ch.id}/rewards/distribute`, { rewardTypes: ["CASH"] }, org.owner.headers)
    expect(cash.status).toBe(200)
    expect(cash.body.data).toMatchObject({ distributed: 1, alreadyDistributed: 0, items: [{ userId: ch.a.user.id, rewardType: "CASH", status: "CREDITED", amount: 500_000, rank: 1 }] })
    expect(await winnings(ch.a.user.id)).toBe(500_000)

    const all = await Promise.all([1, 2, 3].map(() => send("POST", `/v2/challenges/${ch.id}/rewards/distribute-all`, undefined, org.owner.headers)))
    expect(all.every((r) => r.status === 200)).toBe(true)
    expect(all.reduce((n, r) => n + (r.body.data.distributed as number), 0)).toBe(7)
    const again = await send("POST", `/v2/challenges/${ch.id}/rewards/distribute-all`, undefined, admin)
    expect(again.body.data).toMatchObject({ distributed: 0, alreadyDistributed: 8, items: [] })
    expect(await winnings(ch.a.user.id)).toBe(500_000)

    const rewards = await rewardsOf(ch.id, org.owner.headers)
    expect(rewards.map((r) => [r.userId, r.rank, r.rewardType, r.status]).sort()).toEqual([
      [ch.a.user.id, 1, "CASH", "CREDITED"],
      [ch.a.user.id, 1, "MERCH", "PENDING_ADDRESS"],
      [ch.b.user.id, 2, "DISCOUNT", "ISSUED"],
      [ch.b.user.id, 2, "EVENT_ENTRY", "ISSUED"],
      [ch.b.user.id, 2, "MERCH", "PENDING_ADDRESS"],
      [ch.c.user.id, 2, "DISCOUNT", "ISSUED"],
      [ch.c.user.id, 2, "EVENT_ENTRY", "ISSUED"],
      [ch.c.user.id, 2, "MERCH", "PENDING_ADDRESS"]
    ].sort())
    // The coupons are real, single-use coupons of the prize's event; the entry is a 100 % one on its ticket.
    const entry = rewards.find((r) => r.userId === ch.b.user.id && r.rewardType === "EVENT_ENTRY")!
    const discount = rewards.find((r) => r.userId === ch.b.user.id && r.rewardType === "DISCOUNT")!
    const coupon = (code: string) => host.run(Effect.flatMap(Events.EventCouponRepo, (r) => r.findByCode(ch.event.eventId, code))).then(Option.getOrThrow)
    expect(await coupon(entry.couponCode!)).toMatchObject({ discountType: "percent", discountValue: 100, maxUses: 1, maxUsesPerUser: 1, ticketIds: [ch.event.ticketId] })
    expect(await coupon(discount.couponCode!)).toMatchObject({ discountType: "percent", discountValue: 20, maxUses: 1, ticketIds: [] })
    // Merch waits for an address with a shipment task for ops.
    const tasks = (await send("GET", "/v2/admin/fulfillment-tasks?kind=REWARD_SHIPMENT&limit=100", undefined, admin)).body.data.items as Array<{ subjectId: string; recipientUserId: string }>
    const merch = rewards.filter((r) => r.rewardType === "MERCH")
    expect(merch.every((m) => tasks.some((t) => t.subjectId === m.id && t.recipientUserId === m.userId))).toBe(true)

    // Winners see their own; an outsider none; anonymous 401.
    expect((await rewardsOf(ch.id, ch.b.headers)).map((r) => r.rewardType).sort()).toEqual(["DISCOUNT", "EVENT_ENTRY", "MERCH"])
    expect(await rewardsOf(ch.id, ch.d.headers)).toEqual([])
    expect((await send("GET", `/v2/challenges/${ch.id}/rewards`, undefined, {})).status).toBe(401)
    // The table no longer changes once distributed (the challenge reopened to try).
    expect((await send("POST", `/v2/admin/challenge-management/challenges/${ch.id}/reopen`, {}, admin)).status).toBe(200)
    const locked = await send("PATCH", `/v2/challenges/${ch.id}`, { prizes: [] }, org.owner.headers)
    expect(locked.status).toBe(409)
    expect(locked.body.code).toBe("CHALLENGE_REWARDS_DISTRIBUTED")
  })

  it("moves MERCH rewards: the winner's address, ship, deliver and cancel, illegal moves 409 and one of concurrent moves", async () => {
    const ch = await rankedChallenge(host, admin, org, ({ eventId, ticketId }) => prizeTable(eventId, ticketId))
    await close(host, admin, ch.id)
    await send("POST", `/v2/challenges/${ch.id}/rewards/distribute-all`, undefined, org.owner.headers)
    const rewards = await rewardsOf(ch.id, org.owner.headers)
    const tee = (userId: string) => rewards.find((r) => r.userId === userId && r.rewardType === "MERCH")!
    const cash = rewards.find((r) => r.rewardType === "CASH")!
    const b = tee(ch.b.user.id)
    const path = (r: { id: string }, move: string) => `/v2/challenges/${ch.id}/rewards/${r.id}/${move}`

    expect((await send("POST", path(b, "address"), { ...address, size: "M" }, {})).status).toBe(401)
    expect((await send("POST", path(b, "address"), { ...address, size: "M" }, ch.c.headers)).status).toBe(403)
    expect((await send("POST", path(b, "address"), { ...address, pincode: "01", phone: "12" }, ch.b.headers)).body.message).toEqual([
      "phone must be a 10-digit Indian mobile number",
      "pincode must be a 6-digit PIN code"
    ])
    const sizeless = await send("POST", path(b, "address"), address, ch.b.headers)
    expect(sizeless.status).toBe(400)
    expect(sizeless.body.message).toEqual(["size must be one of the following values: S, M, L"])
    const addressed = await send("POST", path(b, "address"), { ...address, size: "M" }, ch.b.headers)
    expect(addressed.body.data).toMatchObject({ status: "ADDRESSED", size: "M", shippingAddress: { ...address, addressLine2: null } })
    const onCash = await send("POST", path(cash, "address"), { ...address, size: "M" }, ch.a.headers)
    expect(onCash.status).toBe(409)
    expect(onCash.body.code).toBe("CHALLENGE_REWARD_MOVE_REFUSED")

    expect((await send("POST", path(b, "ship"), { carrier: "Bluedart", trackingNumber: "BD1234567" }, ch.b.headers)).status).toBe(403)
    expect((await send("POST", path(b, "ship"), { carrier: "", trackingNumber: "1" }, org.owner.headers)).body.message).toEqual([
      "carrier must be longer than or equal to 2 and shorter than or equal to 80 characters",
      "trackingNumber must be longer than or equal to 4 and shorter than or equal to 60 characters"
    ])
    expect((await send("POST", path(b, "deliver"), undefined, org.owner.headers)).body.code).toBe("CHALLENGE_REWARD_MOVE_REFUSED")
    const c = tee(ch.c.user.id)
    expect((await send("POST", path(c, "ship"), { carrier: "Bluedart", trackingNumber: "BD7654321" }, org.owner.headers)).status).toBe(409)
    const shipped = await send("POST", path(b, "ship"), { carrier: "Bluedart", trackingNumber: "BD1234567" }, org.owner.headers)
    expect(shipped.body.data).toMatchObject({ status: "SHIPPED", carrier: "Bluedart", trackingNumber: "BD1234567", shipmentProvider: null })
    expect((await send("POST", path(b, "address"), { ...address, size: "L" }, ch.b.headers)).status).toBe(409)
    const delivers = await Promise.all([1, 2, 3].map(() => send("POST", `/v2/challenges/${ch.id}/rewards/${b.id}/deliver`, undefined, org.owner.headers)))
    expect(delivers.map((r) => r.status).sort()).toEqual([200, 409, 409])
    expect((await send("POST", path(b, "cancel"), {}, org.owner.headers)).status).toBe(409)
    const cancelled = await send("POST", `/v2/challenges/${ch.id}/rewards/${c.id}/cancel`, { reason: "Winner declined" }, admin)
    expect(cancelled.body.data).toMatchObject({ status: "CANCELLED", statusReason: "Winner declined" })
    expect((await send("POST", path({ id: crypto.randomUUID() }, "cancel"), {}, org.owner.headers)).body.code).toBe("CHALLENGE_REWARD_NOT_FOUND")
  })

  it("ships through the local provider with its tracking number; answers the spec's 400 when no provider is configured", async () => {
    const ch = await rankedChallenge(host, admin, org, ({ eventId, ticketId }) => prizeTable(eventId, ticketId))
    await close(host, admin, ch.id)
    await send("POST", `/v2/challenges/${ch.id}/rewards/distribute`, { rewardTypes: ["MERCH"], userIds: [ch.a.user.id] }, org.owner.headers)
    const [tee] = await rewardsOf(ch.id, org.owner.headers)
    const via = `/v2/challenges/${ch.id}/rewards/${tee!.id}/ship-via-shipping-provider`
    expect((await send("POST", via, undefined, org.owner.headers)).body.code).toBe("CHALLENGE_REWARD_MOVE_REFUSED")
    await send("POST", `/v2/challenges/${ch.id}/rewards/${tee!.id}/address`, { ...address, size: "S" }, ch.a.headers)
    const shipped = await send("POST", via, undefined, org.owner.headers)
    expect(shipped.status).toBe(200)
    expect(shipped.body.data).toMatchObject({ status: "SHIPPED", shipmentProvider: "local", carrier: "Local Courier", trackingNumber: expect.stringMatching(/^LOCAL\d{10}$/) })
    const booked = Context.get(host.context, RecordedShipping).shipments().find((s) => s.reference === tee!.id)
    expect(booked).toMatchObject({ trackingNumber: shipped.body.data.trackingNumber, recipient: { pincode: "411001", name: "Asha Rao" }, item: { name: "Finisher tee (S)", units: 1 } })

    const plain = await startRealHost(`${import.meta.url}#none`, { SHIPPING_PROVIDER: "none" })
    try {
      const cast = await challengesCast(plain, "Unshipped Org")
      const other = await rankedChallenge(plain, cast.admin, cast.org, ({ eventId, ticketId }) => prizeTable(eventId, ticketId))
      await close(plain, cast.admin, other.id)
      await plain.http.request("POST", `/v2/challenges/${other.id}/rewards/distribute`, { rewardTypes: ["MERCH"], userIds: [other.a.user.id] }, cast.org.owner.headers)
      const [mine] = (await plain.http.request("GET", `/v2/challenges/${other.id}/rewards`, undefined, other.a.headers)).body.data as Array<Reward>
      await plain.http.request("POST", `/v2/challenges/${other.id}/rewards/${mine!.id}/address`, { ...address, size: "L" }, other.a.headers)
      const refused = await plain.http.request("POST", `/v2/challenges/${other.id}/rewards/${mine!.id}/ship-via-shipping-provider`, undefined, cast.org.owner.headers)
      expect(refused.status).toBe(400)
      expect(refused.body.message).toBe("shipping provider not configured")
      expect(refused.body.code).toBeUndefined()
      // The shipping webhook without a token configured accepts nothing.
      expect((await plain.http.request("POST", "/v2/integrations/shipping-provider/webhook", { awb: "X", current_status: "Delivered" }, { "x-api-key": "k" })).status).toBe(503)
    } finally {
      await plain.close()
    }
  }, 120_000)
})

describe("the Shiprocket adapter's shipments", () => {
  let server: ReturnType<typeof createServer>
  const calls: Array<{ path: string; auth: string | undefined; body: Record<string, unknown> }> = []
  let url = ""
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = ""
      req.on("data", (c) => (raw += c))
      req.on("end", () => {
        const body = JSON.parse(raw || "{}") as Record<string, unknown>
        calls.push({ path: req.url ?? "", auth: req.headers.authorization, body })
        res.setHeader("content-type", "application/json")
        if (req.url === "/v1/external/auth/login") return res.end(JSON.stringify({ token: "tok-1" }))
        if (req.url === "/v1/external/orders/create/adhoc") {
          if (body.billing_pincode === "000000") return void res.writeHead(422).end(JSON.stringify({ message: "Invalid pincode" }))
          return res.end(JSON.stringify({ order_id: 9001, shipment_id: 7001, status: "NEW" }))
        }
        if (req.url === "/v1/external/courier/assign/awb") return res.end(JSON.stringify({ awb_assign_status: 1, response: { data: { awb_code: "SR123456789", courier_name: "Delhivery" } } }))
        res.writeHead(404).end("{}")
      })
    })
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())))

  it("books the order with our reference, assigns the AWB and answers it; a refused address is the provider's 400", async () => {
    const provider = makeShippingProviderShiprocket({ baseUrl: url, email: "ops@podium.test", password: "secret" })
    const request = {
      reference: crypto.randomUUID(),
      pickupLocation: "PODIUM-ABC-1",
      recipient: { ...address, addressLine2: null },
      item: { name: "Finisher tee (M)", sku: "CHALLENGE-REWARD-1", units: 1 },
      declaredValue: 0
    }
    const receipt = await Effect.runPromise(provider.createShipment(request))
    expect(receipt).toEqual({ provider: "shiprocket", shipmentId: "7001", trackingNumber: "SR123456789", carrier: "Delhivery" })
    const order = calls.find((c) => c.path === "/v1/external/orders/create/adhoc")!
    expect(order.auth).toBe("Bearer tok-1")
    expect(order.body).toMatchObject({ order_id: request.reference, pickup_location: "PODIUM-ABC-1", billing_customer_name: "Asha", billing_last_name: "Rao", billing_pincode: "411001", payment_method: "Prepaid" })
    expect(calls.find((c) => c.path === "/v1/external/courier/assign/awb")!.body).toEqual({ shipment_id: "7001" })
    const refused = await Effect.runPromise(Effect.flip(provider.createShipment({ ...request, recipient: { ...request.recipient, pincode: "000000" } })))
    expect(refused._tag).toBe("ShippingProviderRejected")
  })
})

