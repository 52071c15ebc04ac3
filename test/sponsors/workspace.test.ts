/**
 * The sponsor workspace through the real host: the brand tenancy guard, inventory (items, stock
 * deltas that never go below zero nor lose an update, the low-stock alert), RC grant requests and
 * their admin review (sponsors.review; approval credits the brand's RC wallet once), and reward
 * grants paid from that wallet, idempotent on sequenceKey.
 */
import { Platform, Wallets } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { newAthlete } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { approvedBrand, newBrand, sponsorsAdmin } from "./support.js"

const host = realHostOf(import.meta.url)
const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)
const reviewer = () => sponsorsAdmin(host, ["sponsors.manage", "sponsors.review"])
const brandBalance = (brandId: string) => host.run(Effect.flatMap(Wallets.Ledger, (l) => l.balance(Wallets.creatorWallet("brand", brandId, "RC"))))
const athleteBalance = (userId: string) => host.run(Effect.flatMap(Wallets.Ledger, (l) => l.balance(Wallets.athleteWallet(userId, "RC"))))

/** An approved brand whose RC wallet an admin funded with `rc` through an approved RC grant. */
const fundedBrand = async (rc: number) => {
  const { headers: admin } = await reviewer()
  const b = await approvedBrand(host, admin)
  const asked = await send("POST", `/v2/sponsor/brands/${b.brand.id}/rc-grants`, { requestedRc: rc, reason: "Season launch rewards" }, b.holder.headers)
  expect(asked.status).toBe(201)
  expect((await send("POST", `/v2/admin/sponsor-rc-grants/${asked.body.data.id}/approve`, {}, admin)).status).toBe(200)
  return { ...b, admin }
}

describe("who may use the sponsor workspace", () => {
  it("needs an ACTIVE account of the APPROVED brand, before the body is read", async () => {
    const { headers: admin } = await reviewer()
    const { brand, holder } = await approvedBrand(host, admin)
    const other = await approvedBrand(host, admin, "Other Brand")
    const outsider = await newAthlete(host)
    const item = crypto.randomUUID()
    const calls: ReadonlyArray<readonly [string, string]> = [
      ["GET", `/v2/sponsor/brands/${brand.id}/inventory`],
      ["POST", `/v2/sponsor/brands/${brand.id}/inventory`],
      ["PATCH", `/v2/sponsor/brands/${brand.id}/inventory/${item}`],
      ["GET", `/v2/sponsor/brands/${brand.id}/inventory/${item}/movements`],
      ["POST", `/v2/sponsor/brands/${brand.id}/inventory/${item}/stock`],
      ["GET", `/v2/sponsor/brands/${brand.id}/reward-grants`],
      ["POST", `/v2/sponsor/brands/${brand.id}/reward-grants`],
      ["GET", `/v2/sponsor/brands/${brand.id}/rc-grants`],
      ["GET", `/v2/sponsor/brands/${brand.id}/wallet`],
      ["POST", `/v2/sponsor/brands/${brand.id}/rc-grants`]
    ]
    for (const [method, path] of calls) {
      const body = method === "GET" ? undefined : { bad: true }
      expect((await send(method, path, body, {})).status).toBe(401)
      expect((await send(method, path, body, outsider.headers)).status).toBe(403)
      expect((await send(method, path, body, other.holder.headers)).status).toBe(403)
      expect((await send(method, path, body, admin)).status).toBe(403)
    }
    expect((await send("GET", `/v2/sponsor/brands/${crypto.randomUUID()}/inventory`, undefined, holder.headers)).status).toBe(403)
    // A suspended brand's own holders are refused with the brand's code.
    expect((await send("PATCH", `/v2/admin/sponsors/brands/${brand.id}/approval`, { decision: "suspend" }, admin)).status).toBe(200)
    const suspended = await send("GET", `/v2/sponsor/brands/${brand.id}/inventory`, undefined, holder.headers)
    expect(suspended.status).toBe(403)
    expect(suspended.body.code).toBe("SPONSOR_BRAND_NOT_APPROVED")
  })

  it("reviews sponsor RC grants only with sponsors.review", async () => {
    const athlete = await newAthlete(host)
    const { headers: manager } = await sponsorsAdmin(host, ["sponsors.manage"])
    const grant = crypto.randomUUID()
    const calls: ReadonlyArray<readonly [string, string, unknown]> = [
      ["GET", "/v2/admin/sponsor-rc-grants", undefined],
      ["POST", `/v2/admin/sponsor-rc-grants/${grant}/approve`, {}],
      ["POST", `/v2/admin/sponsor-rc-grants/${grant}/reject`, { reason: "Not a real campaign" }]
    ]
    for (const [method, path, body] of calls) {
      expect((await send(method, path, body, {})).status).toBe(401)
      expect((await send(method, path, body, athlete.headers)).status).toBe(403)
      expect((await send(method, path, body, manager)).status).toBe(403)
    }
  })
})

describe("sponsor inventory", () => {
  it("creates, lists, renames and moves stock with movements, refusing to go below zero", async () => {
    const { headers: admin } = await reviewer()
    const { brand, holder } = await approvedBrand(host, admin)
    const base = `/v2/sponsor/brands/${brand.id}/inventory`
    const created = await send("POST", base, { name: "Bottles", lowStockThreshold: 5, initialStock: 12 }, holder.headers)
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ brandId: brand.id, name: "Bottles", stock: 12, lowStockThreshold: 5 })
    const id = created.body.data.id
    expect((await send("POST", base, { name: "Caps" }, holder.headers)).body.data).toMatchObject({ stock: 0, lowStockThreshold: 0 })
    const listed = await send("GET", `${base}?limit=1`, undefined, holder.headers)
    expect(listed.body.data).toMatchObject({ total: 2, page: 1, limit: 1 })
    expect(listed.body.data.items.map((i: { name: string }) => i.name)).toEqual(["Bottles"])

    const renamed = await send("PATCH", `${base}/${id}`, { name: "Steel bottles", lowStockThreshold: 4 }, holder.headers)
    expect(renamed.body.data).toMatchObject({ id, name: "Steel bottles", lowStockThreshold: 4, stock: 12 })
    expect((await send("PATCH", `${base}/${id}`, {}, holder.headers)).body.message).toEqual(["name or lowStockThreshold must be given"])
    expect((await send("PATCH", `${base}/${crypto.randomUUID()}`, { name: "X" }, holder.headers)).body.code).toBe("SPONSOR_INVENTORY_ITEM_NOT_FOUND")

    const restock = await send("POST", `${base}/${id}/stock`, { delta: 8, reason: "Delivery from supplier" }, holder.headers)
    expect(restock.status).toBe(200)
    expect(restock.body.data.item.stock).toBe(20)
    expect(restock.body.data.movement).toMatchObject({ delta: 8, stockAfter: 20, reason: "Delivery from supplier", lowStockAlert: false })
    const short = await send("POST", `${base}/${id}/stock`, { delta: -21 }, holder.headers)
    expect(short.status).toBe(409)
    expect(short.body.code).toBe("SPONSOR_INVENTORY_STOCK_INSUFFICIENT")
    const bad = await send("POST", `${base}/${id}/stock`, { delta: 1.5, reason: "" }, holder.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "delta must be an integer between -1000000 and 1000000",
      "reason must be longer than or equal to 1 and shorter than or equal to 500 characters"
    ])
    expect((await send("POST", `${base}/${id}/stock`, { delta: 0 }, holder.headers)).body.message).toEqual(["delta must not be zero"])
    expect((await send("POST", base, { name: "", initialStock: -1 }, holder.headers)).body.message).toEqual([
      "name must be longer than or equal to 1 and shorter than or equal to 120 characters",
      "initialStock must be an integer between 0 and 1000000"
    ])

    const movements = await send("GET", `${base}/${id}/movements`, undefined, holder.headers)
    expect(movements.status).toBe(200)
    expect(movements.body.data.total).toBe(2)
    expect(movements.body.data.items.map((m: { delta: number }) => m.delta)).toEqual([8, 12])
  })

  it("emits one low-stock audit alert when a delta crosses the threshold downwards", async () => {
    const { headers: admin } = await reviewer()
    const { brand, holder } = await approvedBrand(host, admin)
    const base = `/v2/sponsor/brands/${brand.id}/inventory`
    const id = (await send("POST", base, { name: "T-shirts", lowStockThreshold: 5, initialStock: 10 }, holder.headers)).body.data.id
    const deltas = [-4, -1, -1, 10, -6]
    const alerts: Array<boolean> = []
    for (const delta of deltas) alerts.push((await send("POST", `${base}/${id}/stock`, { delta }, holder.headers)).body.data.movement.lowStockAlert)
    // 10 → 6 (above), → 5 (crosses), → 4 (stays low), → 14 (restocked), → 8 (above)
    expect(alerts).toEqual([false, true, false, false, false])
    expect((await send("POST", `${base}/${id}/stock`, { delta: -3 }, holder.headers)).body.data.movement.lowStockAlert).toBe(true)
    const audit = await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectKind: "sponsor_brand", subjectId: brand.id, limit: 50 })))
    const lowStock = audit.filter((e) => e.action === "sponsors.inventory.low_stock")
    expect(lowStock).toHaveLength(2)
    expect(lowStock[0]!.data).toMatchObject({ itemId: id, stock: 5, lowStockThreshold: 5 })
  })

  it("never loses one of concurrent deltas and never goes below zero", async () => {
    const { headers: admin } = await reviewer()
    const { brand, holder } = await approvedBrand(host, admin)
    const base = `/v2/sponsor/brands/${brand.id}/inventory`
    const id = (await send("POST", base, { name: "Vouchers", initialStock: 6 }, holder.headers)).body.data.id
    const answers = await Promise.all(Array.from({ length: 10 }, () => send("POST", `${base}/${id}/stock`, { delta: -1 }, holder.headers)))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(6)
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.code === "SPONSOR_INVENTORY_STOCK_INSUFFICIENT")).toBe(true)
    const adds = await Promise.all(Array.from({ length: 5 }, () => send("POST", `${base}/${id}/stock`, { delta: 3 }, holder.headers)))
    expect(adds.every((r) => r.status === 200)).toBe(true)
    const listed = await send("GET", base, undefined, holder.headers)
    expect(listed.body.data.items[0].stock).toBe(15)
    expect((await send("GET", `${base}/${id}/movements?limit=100`, undefined, holder.headers)).body.data.total).toBe(12)
  })
})

describe("sponsor RC grants", () => {
  it("lets a brand ask once at a time; admins list by status and approve at most the request, once", async () => {
    const { headers: admin } = await reviewer()
    const { brand, holder } = await approvedBrand(host, admin)
    const asked = await send("POST", `/v2/sponsor/brands/${brand.id}/rc-grants`, { requestedRc: 1000, reason: "Rewards for our summer challenge" }, holder.headers)
    expect(asked.status).toBe(201)
    expect(asked.body.data).toMatchObject({ brandId: brand.id, requestedRc: 1000, status: "REQUESTED", approvedRc: null })
    const twice = await send("POST", `/v2/sponsor/brands/${brand.id}/rc-grants`, { requestedRc: 5, reason: "Another request while open" }, holder.headers)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("SPONSOR_RC_GRANT_REQUEST_ALREADY_OPEN")
    expect((await send("POST", `/v2/sponsor/brands/${brand.id}/rc-grants`, { requestedRc: 0, reason: "short" }, holder.headers)).body.message).toEqual([
      "requestedRc must be an integer between 1 and 10000000",
      "reason must be longer than or equal to 10 and shorter than or equal to 500 characters"
    ])
    const id = asked.body.data.id
    const queue = await send("GET", "/v2/admin/sponsor-rc-grants?status=REQUESTED&limit=100", undefined, admin)
    expect(queue.status).toBe(200)
    expect(queue.body.data.items.map((g: { id: string }) => g.id)).toContain(id)
    expect((await send("GET", "/v2/admin/sponsor-rc-grants?status=OPEN", undefined, admin)).body.message).toEqual([
      "status must be one of the following values: REQUESTED, APPROVED, REJECTED"
    ])
    const tooMuch = await send("POST", `/v2/admin/sponsor-rc-grants/${id}/approve`, { approvedRc: 1001 }, admin)
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.message).toEqual(["approvedRc must not be greater than the requested 1000"])
    const both = await Promise.all([
      send("POST", `/v2/admin/sponsor-rc-grants/${id}/approve`, { approvedRc: 800 }, admin),
      send("POST", `/v2/admin/sponsor-rc-grants/${id}/approve`, { approvedRc: 800 }, admin)
    ])
    expect(both.map((r) => r.status)).toEqual([200, 200])
    expect(both[0]!.body.data).toMatchObject({ status: "APPROVED", approvedRc: 800 })
    const again = await send("POST", `/v2/admin/sponsor-rc-grants/${id}/approve`, {}, admin)
    expect(again.body.data).toMatchObject({ status: "APPROVED", approvedRc: 800, ledgerTransferId: both[0]!.body.data.ledgerTransferId })
    expect(await brandBalance(brand.id)).toBe(800)
    const wallet = await send("GET", `/v2/sponsor/brands/${brand.id}/wallet`, undefined, holder.headers)
    expect(wallet.body.data).toEqual({ ownerType: "brand", ownerId: brand.id, currency: "RC", balance: 800, credited: 800, debited: 0 })
    expect((await send("GET", "/v2/admin/sponsor-rc-grants?status=APPROVED&limit=100", undefined, admin)).body.data.items.map((g: { id: string }) => g.id)).toContain(id)
    const refused = await send("POST", `/v2/admin/sponsor-rc-grants/${id}/reject`, { reason: "Changed our mind about it" }, admin)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe("SPONSOR_RC_GRANT_MOVE_REFUSED")
    expect((await send("POST", `/v2/admin/sponsor-rc-grants/${crypto.randomUUID()}/approve`, {}, admin)).body.code).toBe("SPONSOR_RC_GRANT_NOT_FOUND")
  })

  it("rejects with a 10-500 character reason the brand reads verbatim", async () => {
    const { headers: admin } = await reviewer()
    const { brand, holder } = await approvedBrand(host, admin)
    const id = (await send("POST", `/v2/sponsor/brands/${brand.id}/rc-grants`, { requestedRc: 50, reason: "Small pilot for members" }, holder.headers)).body.data.id
    expect((await send("POST", `/v2/admin/sponsor-rc-grants/${id}/reject`, { reason: "Too short" }, admin)).body.message).toEqual([
      "reason must be longer than or equal to 10 and shorter than or equal to 500 characters"
    ])
    const reason = "Please attach the campaign brief <b>first</b>."
    const rejected = await send("POST", `/v2/admin/sponsor-rc-grants/${id}/reject`, { reason }, admin)
    expect(rejected.body.data).toMatchObject({ status: "REJECTED", rejectionReason: reason })
    expect((await send("POST", `/v2/admin/sponsor-rc-grants/${id}/approve`, {}, admin)).body.code).toBe("SPONSOR_RC_GRANT_MOVE_REFUSED")
    const mine = await send("GET", `/v2/sponsor/brands/${brand.id}/rc-grants`, undefined, holder.headers)
    expect(mine.body.data.items[0]).toMatchObject({ id, status: "REJECTED", rejectionReason: reason })
    expect(await brandBalance(brand.id)).toBe(0)
    // Decided, so the brand may ask again.
    expect((await send("POST", `/v2/sponsor/brands/${brand.id}/rc-grants`, { requestedRc: 50, reason: "Small pilot, brief attached" }, holder.headers)).status).toBe(201)
  })
})

describe("sponsor reward grants", () => {
  it("pays an athlete from the brand's RC wallet, once per sequenceKey", async () => {
    const { brand, holder } = await fundedBrand(300)
    const athlete = await newAthlete(host)
    const path = `/v2/sponsor/brands/${brand.id}/reward-grants`
    const body = { athleteId: athlete.user.id, amountRc: 120, reason: "Podium at the city 10K", sequenceKey: "city-10k-1" }
    const granted = await send("POST", path, body, holder.headers)
    expect(granted.status).toBe(201)
    expect(granted.body.data).toMatchObject({ brandId: brand.id, athleteId: athlete.user.id, amountRc: 120, sequenceKey: "city-10k-1" })
    expect(granted.body.data.ledgerTransferId).not.toBeNull()
    const replay = await send("POST", path, body, holder.headers)
    expect(replay.body.data.id).toBe(granted.body.data.id)
    expect(await athleteBalance(athlete.user.id)).toBe(120)
    expect(await brandBalance(brand.id)).toBe(180)
    const reused = await send("POST", path, { ...body, amountRc: 10 }, holder.headers)
    expect(reused.status).toBe(409)
    expect(reused.body.code).toBe("SPONSOR_REWARD_GRANT_SEQUENCE_KEY_REUSED")
    const short = await send("POST", path, { ...body, amountRc: 181, sequenceKey: "too-much" }, holder.headers)
    expect(short.status).toBe(409)
    expect(short.body.code).toBe("SPONSOR_WALLET_INSUFFICIENT")
    expect((await send("POST", path, { ...body, athleteId: crypto.randomUUID(), sequenceKey: "nobody" }, holder.headers)).body.code).toBe("USER_NOT_FOUND")
    expect((await send("POST", path, { athleteId: "x", amountRc: 0, reason: "", sequenceKey: "" }, holder.headers)).body.message).toEqual([
      "athleteId must be a UUID",
      "amountRc must be an integer between 1 and 100000",
      "reason must be longer than or equal to 3 and shorter than or equal to 500 characters",
      "sequenceKey must be longer than or equal to 1 and shorter than or equal to 120 characters"
    ])
    const listed = await send("GET", path, undefined, holder.headers)
    expect(listed.body.data.total).toBe(1)
    expect(await brandBalance(brand.id)).toBe(180)
  })

  it("lands concurrent grants with one sequenceKey once", async () => {
    const { brand, holder } = await fundedBrand(100)
    const athlete = await newAthlete(host)
    const body = { athleteId: athlete.user.id, amountRc: 40, reason: "Finisher bonus", sequenceKey: "finisher-7" }
    const answers = await Promise.all(Array.from({ length: 4 }, () => send("POST", `/v2/sponsor/brands/${brand.id}/reward-grants`, body, holder.headers)))
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201])
    expect(new Set(answers.map((r) => r.body.data.id)).size).toBe(1)
    expect(await athleteBalance(athlete.user.id)).toBe(40)
    expect(await brandBalance(brand.id)).toBe(60)
  })
})

describe("brands not yet approved", () => {
  it("cannot use the workspace", async () => {
    const { headers: admin } = await reviewer()
    const brand = await newBrand(host)
    const holder = await newAthlete(host)
    expect((await send("POST", `/v2/admin/sponsors/brands/${brand.id}/accounts`, { userId: holder.user.id, role: "OWNER" }, admin)).status).toBe(201)
    const refused = await send("POST", `/v2/sponsor/brands/${brand.id}/rc-grants`, { requestedRc: 10, reason: "Before approval" }, holder.headers)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe("SPONSOR_BRAND_NOT_APPROVED")
  })
})
