/**
 * The organizer notification wallet through the real host: the balance is the sum of a
 * double-entry ledger; top-ups start PENDING and are credited once by the signed wallet-top-up
 * webhook (inbox first, idempotent by event id, even when replayed concurrently); admin adjust with
 * idempotency keys and 409 INSUFFICIENT_BALANCE (also under concurrent debits); settlements
 * calculate once per entry and process CALCULATED → PROCESSED once. Tenancy and permission guards.
 */
import { Accounts, Notifications } from "@podium/core"
import { signPayload } from "@podium/host-common"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { freshPhone, newAthlete, seedOrganizer, type SeededOrganizer, tokenFor } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"

const Secret = "whsec-wallet-secret"
const host = realHostOf(import.meta.url, { NOTIFICATION_WEBHOOK_SECRET: Secret })
let org: SeededOrganizer
let manager: Record<string, string>
let plainAdmin: Record<string, string>
let athlete: Record<string, string>

const adminWith = async (permissions: ReadonlyArray<string>) => {
  const admin = await host.run(Effect.flatMap(Accounts.AdminRepo, (r) => r.create({ phoneNumber: freshPhone(), permissions })))
  return tokenFor(host, "admin", admin.id)
}

beforeAll(async () => {
  org = await seedOrganizer(host, "Wallet Org")
  manager = await adminWith(["notifications.manage"])
  plainAdmin = await adminWith(["users.read"])
  athlete = (await newAthlete(host)).headers
}, 60_000)

const request = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)
const get = (path: string, headers: Record<string, string>) => host.http.get(path, { headers })
const webhook = (body: unknown, secret = Secret) => {
  const raw = JSON.stringify(body)
  const timestamp = String(Math.floor(Date.now() / 1000))
  return host.http.request("POST", "/v2/notification-webhooks/wallet-topup", raw, {
    "x-webhook-timestamp": timestamp,
    "x-webhook-signature": `sha256=${signPayload(secret, `${timestamp}.${raw}`)}`
  })
}
const balanceOf = async (headers = org.owner.headers) => (await get("/v2/organizer/notification-wallet", headers)).body.data.wallet.balance as number
const startTopUp = async (amount: number) => {
  const res = await request("POST", "/v2/organizer/notification-wallet/top-up", { amount }, org.owner.headers)
  expect(res.status).toBe(201)
  return res.body.data.id as string
}

describe("organizer notification wallet over HTTP", () => {
  it("guards the organizer routes by tenancy", async () => {
    expect((await host.http.get("/v2/organizer/notification-wallet")).status).toBe(401)
    expect((await get("/v2/organizer/notification-wallet", athlete)).status).toBe(403)
    expect((await get("/v2/organizer/notification-wallet", org.viewer.headers)).status).toBe(200)
    expect((await request("POST", "/v2/organizer/notification-wallet/top-up", { amount: 1000 }, org.viewer.headers)).status).toBe(403)
    expect((await get("/v2/organizer/notification-settlements", org.viewer.headers)).status).toBe(200)
  })

  it("starts empty; a top-up is PENDING until the gateway's signed webhook credits it once", async () => {
    const wallet = await get("/v2/organizer/notification-wallet", org.owner.headers)
    expect(wallet.body.data.wallet).toMatchObject({ organizerId: org.id, balance: 0, entries: 0 })
    expect((await request("POST", "/v2/organizer/notification-wallet/top-up", { amount: 50 }, org.owner.headers)).body.message)
      .toEqual(["amount must be an integer between 100 and 10000000"])
    const topUpId = await startTopUp(5000)
    expect(await balanceOf()).toBe(0)

    expect((await host.http.request("POST", "/v2/notification-webhooks/wallet-topup", JSON.stringify({ eventId: "e0" }), {})).status).toBe(401)
    expect((await webhook({ eventId: "evt-x", topUpId, status: "succeeded" }, "wrong-secret")).status).toBe(401)
    const bad = await webhook({ topUpId, status: "paid" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe("eventId should not be empty; status must be one of succeeded, failed")

    const paid = await webhook({ eventId: "evt-1", topUpId, status: "succeeded", amount: 5000 })
    expect(paid.status).toBe(200)
    expect(paid.body.data).toMatchObject({ duplicate: false, topUp: { id: topUpId, status: "COMPLETED", amount: 5000 } })
    expect(await balanceOf()).toBe(5000)
    const replay = await webhook({ eventId: "evt-1", topUpId, status: "succeeded", amount: 5000 })
    expect(replay.body.data).toMatchObject({ duplicate: true, topUp: { status: "COMPLETED" } })
    // another event for an already completed top-up changes nothing either
    expect((await webhook({ eventId: "evt-2", topUpId, status: "succeeded" })).body.data.duplicate).toBe(false)
    expect(await balanceOf()).toBe(5000)

    const detail = await get("/v2/organizer/notification-wallet", org.owner.headers)
    expect(detail.body.data.entries).toEqual([
      expect.objectContaining({ amount: 5000, reason: "top-up", counterAccount: "external:top-up", idempotencyKey: `top-up:${topUpId}` })
    ])
    expect(detail.body.data.topUps[0]).toMatchObject({ id: topUpId, status: "COMPLETED" })
    // the ledger balances: the organizer's entries and their counter-entries sum to zero
    const total = await host.run(Effect.flatMap(Notifications.NotificationWalletRepo, (r) => r.summary(org.id)))
    expect(total.balance).toBe(5000)
  })

  it("rejects events for unknown top-ups or a different amount (409), and failed payments credit nothing", async () => {
    const unknown = await webhook({ eventId: "evt-u", topUpId: "00000000-0000-4000-8000-000000000000", status: "succeeded" })
    expect(unknown.status).toBe(409)
    expect(unknown.body.code).toBe("TOP_UP_REJECTED")
    const topUpId = await startTopUp(700)
    const mismatch = await webhook({ eventId: "evt-m", topUpId, status: "succeeded", amount: 70000 })
    expect(mismatch.status).toBe(409)
    const failed = await webhook({ eventId: "evt-f", topUpId, status: "failed" })
    expect(failed.body.data.topUp).toMatchObject({ status: "FAILED" })
    expect((await webhook({ eventId: "evt-f2", topUpId, status: "succeeded" })).body.data.topUp.status).toBe("FAILED")
    expect(await balanceOf()).toBe(5000)
  })

  it("credits once when the same event is delivered concurrently", async () => {
    const topUpId = await startTopUp(1000)
    const answers = await Promise.all(Array.from({ length: 6 }, () => webhook({ eventId: "evt-race", topUpId, status: "succeeded" })))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(await balanceOf()).toBe(6000)
  })
})

describe("admin notification wallets and settlements over HTTP", () => {
  it("requires notifications.manage", async () => {
    expect((await get("/v2/admin/notification-wallets", plainAdmin)).status).toBe(403)
    expect((await get("/v2/admin/notification-wallets", org.owner.headers)).status).toBe(403)
    expect((await request("POST", `/v2/admin/notification-wallets/${org.id}/adjust`, { amount: 1, reason: "xyz" }, plainAdmin)).status).toBe(403)
    expect((await get("/v2/admin/notification-settlements", plainAdmin)).status).toBe(403)
    expect((await request("POST", "/v2/admin/notification-settlements/calculate", { from: "2026-01-01", to: "2026-02-01" }, plainAdmin)).status).toBe(403)
    expect((await request("POST", "/v2/admin/notification-settlements/00000000-0000-4000-8000-000000000000/process", undefined, plainAdmin)).status).toBe(403)
  })

  it("lists and reads wallets; 404 for an unknown organizer", async () => {
    const list = await get("/v2/admin/notification-wallets", manager)
    expect(list.status).toBe(200)
    expect(list.body.data.items).toContainEqual(expect.objectContaining({ organizerId: org.id, balance: 6000 }))
    const one = await get(`/v2/admin/notification-wallets/${org.id}`, manager)
    expect(one.body.data.wallet).toMatchObject({ balance: 6000, credited: 6000, debited: 0 })
    expect((await get("/v2/admin/notification-wallets/00000000-0000-4000-8000-000000000000", manager)).status).toBe(404)
    expect((await get("/v2/admin/notification-wallets/nope", manager)).status).toBe(400)
  })

  it("adjusts with a reason and an idempotency key; refuses to go below zero with 409 INSUFFICIENT_BALANCE", async () => {
    const path = `/v2/admin/notification-wallets/${org.id}/adjust`
    const bad = await request("POST", path, { amount: 0 }, manager)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "amount must be a non-zero integer between -100000000 and 100000000",
      "reason must be between 3 and 500 characters"
    ].map((m) => expect.stringContaining(m.split(" must")[0]!)))
    const credit = await request("POST", path, { amount: 1000, reason: "goodwill", idempotencyKey: "adj-1" }, manager)
    expect(credit.status).toBe(201)
    expect(credit.body.data).toMatchObject({ replayed: false, balance: 7000, entry: { amount: 1000, reason: "adjustment: goodwill", counterAccount: "platform:adjustments" } })
    const replay = await request("POST", path, { amount: 1000, reason: "goodwill", idempotencyKey: "adj-1" }, manager)
    expect(replay.body.data).toMatchObject({ replayed: true, balance: 7000, entry: { id: credit.body.data.entry.id } })
    const reused = await request("POST", path, { amount: 5, reason: "other", idempotencyKey: "adj-1" }, manager)
    expect(reused.status).toBe(409)
    expect(reused.body.code).toBe("IDEMPOTENCY_KEY_REUSED")
    const short = await request("POST", path, { amount: -7001, reason: "too much" }, manager)
    expect(short.status).toBe(409)
    expect(short.body.code).toBe("INSUFFICIENT_BALANCE")
    expect(await balanceOf()).toBe(7000)
  })

  it("never overdraws under concurrent debits", async () => {
    const path = `/v2/admin/notification-wallets/${org.id}/adjust`
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => request("POST", path, { amount: -1000, reason: `debit ${i}` }, manager)))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(7)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(3)
    expect(await balanceOf()).toBe(0)
  })

  it("calculates settlements of notification spend once and processes each once", async () => {
    await host.run(Effect.flatMap(Notifications.NotificationWalletRepo, (r) =>
      Effect.zipRight(
        r.post({ organizerId: org.id, amount: 3000, reason: "seed", counterAccount: "platform:adjustments", idempotencyKey: null }),
        Effect.forEach([400, 600], (amount) =>
          r.post({ organizerId: org.id, amount: -amount, reason: "send", counterAccount: Notifications.CounterAccounts.revenue, idempotencyKey: null }))
      )))
    const window = { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() }
    expect((await request("POST", "/v2/admin/notification-settlements/calculate", { from: window.to, to: window.from }, manager)).status).toBe(400)
    const calc = await request("POST", "/v2/admin/notification-settlements/calculate", window, manager)
    expect(calc.status).toBe(201)
    const mine = calc.body.data.created.filter((s: { organizerId: string }) => s.organizerId === org.id)
    expect(mine).toEqual([expect.objectContaining({ amount: 1000, entries: 2, status: "CALCULATED" })])
    const again = await request("POST", "/v2/admin/notification-settlements/calculate", window, manager)
    expect(again.body.data.created.filter((s: { organizerId: string }) => s.organizerId === org.id)).toEqual([])

    const id = mine[0].id as string
    const processed = await request("POST", `/v2/admin/notification-settlements/${id}/process`, undefined, manager)
    expect(processed.status).toBe(201)
    expect(processed.body.data).toMatchObject({ id, status: "PROCESSED", processedAt: expect.any(String) })
    const twice = await request("POST", `/v2/admin/notification-settlements/${id}/process`, undefined, manager)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("SETTLEMENT_ALREADY_PROCESSED")
    expect((await request("POST", "/v2/admin/notification-settlements/00000000-0000-4000-8000-000000000000/process", undefined, manager)).status).toBe(404)

    const listed = await get(`/v2/admin/notification-settlements?organizerId=${org.id}&status=PROCESSED`, manager)
    expect(listed.body.data).toMatchObject({ total: 1, items: [expect.objectContaining({ id })] })
    const own = await get("/v2/organizer/notification-settlements", org.owner.headers)
    expect(own.body.data.items.map((s: { id: string }) => s.id)).toEqual([id])
  })
})
