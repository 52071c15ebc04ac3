/**
 * Sponsor accounts through the real host: who may call (sponsors.manage), the brand approval
 * machine (legal and illegal decisions, concurrent decisions), brand accounts (add, duplicates,
 * unknown users, suspend and reinstate) and an account's activity read from the audit log.
 */
import { Exit } from "effect"
import { describe, expect, it } from "vitest"
import { newAthlete } from "../organizers/support.js"
import { runCli } from "../support/cli.js"
import { realHostOf } from "../support/real-host.js"
import { newBrand, sponsorsAdmin } from "./support.js"

const host = realHostOf(import.meta.url)
const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)

describe("who may manage sponsors", () => {
  it("needs a token and an admin holding sponsors.manage", async () => {
    const brand = await newBrand(host)
    const athlete = await newAthlete(host)
    const otherAdmin = await sponsorsAdmin(host, ["challenges.manage"])
    const account = crypto.randomUUID()
    const calls: ReadonlyArray<readonly [string, string, unknown]> = [
      ["GET", `/v2/admin/sponsors/brands/${brand.id}/accounts`, undefined],
      ["POST", `/v2/admin/sponsors/brands/${brand.id}/accounts`, { userId: athlete.user.id, role: "MEMBER" }],
      ["PATCH", `/v2/admin/sponsors/brands/${brand.id}/approval`, { decision: "approve" }],
      ["PATCH", `/v2/admin/sponsors/accounts/${account}/status`, { status: "SUSPENDED" }],
      ["GET", `/v2/admin/sponsors/accounts/${account}/activity`, undefined]
    ]
    for (const [method, path, body] of calls) {
      expect((await send(method, path, body, {})).status).toBe(401)
      expect((await send(method, path, body, athlete.headers)).status).toBe(403)
      expect((await send(method, path, body, otherAdmin.headers)).status).toBe(403)
    }
  })
})

describe("brand creation by operators", () => {
  it("creates a PENDING brand through the admin CLI, which admins then approve", async () => {
    const { headers: admin } = await sponsorsAdmin(host)
    const run = await host.run(runCli("sponsors", "create-brand", "--name", "Trail Fuel Co"))
    expect(Exit.isSuccess(run.exit)).toBe(true)
    const id = /brand ([0-9a-f-]{36}) "Trail Fuel Co" created \(PENDING\)/.exec(run.out)?.[1]
    expect(id).toBeDefined()
    const approved = await send("PATCH", `/v2/admin/sponsors/brands/${id}/approval`, { decision: "approve" }, admin)
    expect(approved.body.data).toMatchObject({ id, name: "Trail Fuel Co", status: "APPROVED" })
    const refused = await host.run(runCli("sponsors", "create-brand", "--name", " "))
    expect(Exit.isFailure(refused.exit)).toBe(true)
  })
})

describe("brand approval", () => {
  it("approves, suspends and reinstates a brand; refuses illegal decisions with 409", async () => {
    const { headers: admin } = await sponsorsAdmin(host)
    const brand = await newBrand(host, "Stride Labs")
    expect(brand).toMatchObject({ status: "PENDING", approvedAt: null })
    const approved = await send("PATCH", `/v2/admin/sponsors/brands/${brand.id}/approval`, { decision: "approve", reason: "KYC documents verified" }, admin)
    expect(approved.status).toBe(200)
    expect(approved.body.data).toMatchObject({ id: brand.id, status: "APPROVED", reason: "KYC documents verified" })
    expect(approved.body.data.approvedAt).not.toBeNull()
    const again = await send("PATCH", `/v2/admin/sponsors/brands/${brand.id}/approval`, { decision: "approve" }, admin)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("SPONSOR_BRAND_MOVE_REFUSED")
    expect((await send("PATCH", `/v2/admin/sponsors/brands/${brand.id}/approval`, { decision: "suspend", reason: "Unpaid invoices" }, admin)).body.data.status).toBe("SUSPENDED")
    const reject = await send("PATCH", `/v2/admin/sponsors/brands/${brand.id}/approval`, { decision: "reject" }, admin)
    expect(reject.status).toBe(409)
    expect(reject.body.code).toBe("SPONSOR_BRAND_MOVE_REFUSED")
    expect((await send("PATCH", `/v2/admin/sponsors/brands/${brand.id}/approval`, { decision: "approve" }, admin)).body.data.status).toBe("APPROVED")

    const pending = await newBrand(host, "Never Approved")
    expect((await send("PATCH", `/v2/admin/sponsors/brands/${pending.id}/approval`, { decision: "reject", reason: "Not a registered business" }, admin)).body.data.status).toBe("REJECTED")
    expect((await send("PATCH", `/v2/admin/sponsors/brands/${pending.id}/approval`, { decision: "suspend" }, admin)).status).toBe(409)
  })

  it("answers bad input in the spec's wording and unknown brands with 404", async () => {
    const { headers: admin } = await sponsorsAdmin(host)
    const brand = await newBrand(host)
    const bad = await send("PATCH", `/v2/admin/sponsors/brands/${brand.id}/approval`, { decision: "maybe" }, admin)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["decision must be one of the following values: approve, reject, suspend"])
    const missing = await send("PATCH", `/v2/admin/sponsors/brands/${crypto.randomUUID()}/approval`, { decision: "approve" }, admin)
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe("SPONSOR_BRAND_NOT_FOUND")
    expect((await send("GET", "/v2/admin/sponsors/brands/not-a-uuid/accounts", undefined, admin)).status).toBe(404)
  })

  // An approval may follow a rejection (it reinstates), so only identical decisions are raced here:
  // whatever the schedule, exactly one of them moves the brand.
  it("lets one of concurrent identical decisions win", async () => {
    const { headers: admin } = await sponsorsAdmin(host)
    const brand = await newBrand(host)
    const decide = (decision: string) => send("PATCH", `/v2/admin/sponsors/brands/${brand.id}/approval`, { decision }, admin)
    const approvals = await Promise.all([decide("approve"), decide("approve"), decide("approve")])
    expect(approvals.map((r) => r.status).sort()).toEqual([200, 409, 409])
    expect(approvals.filter((r) => r.status === 409).every((r) => r.body.code === "SPONSOR_BRAND_MOVE_REFUSED")).toBe(true)
    const suspensions = await Promise.all([decide("suspend"), decide("suspend")])
    expect(suspensions.map((r) => r.status).sort()).toEqual([200, 409])
  })
})

describe("brand accounts", () => {
  it("adds users to a brand once, lists them and refuses unknown users", async () => {
    const { headers: admin } = await sponsorsAdmin(host)
    const brand = await newBrand(host)
    const owner = await newAthlete(host)
    const member = await newAthlete(host)
    const created = await send("POST", `/v2/admin/sponsors/brands/${brand.id}/accounts`, { userId: owner.user.id, role: "OWNER" }, admin)
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ brandId: brand.id, userId: owner.user.id, role: "OWNER", status: "ACTIVE" })
    expect((await send("POST", `/v2/admin/sponsors/brands/${brand.id}/accounts`, { userId: member.user.id, role: "MEMBER" }, admin)).status).toBe(201)
    const twice = await send("POST", `/v2/admin/sponsors/brands/${brand.id}/accounts`, { userId: owner.user.id, role: "MEMBER" }, admin)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("SPONSOR_ACCOUNT_EXISTS")
    const nobody = await send("POST", `/v2/admin/sponsors/brands/${brand.id}/accounts`, { userId: crypto.randomUUID(), role: "MEMBER" }, admin)
    expect(nobody.status).toBe(404)
    expect(nobody.body.code).toBe("USER_NOT_FOUND")
    const bad = await send("POST", `/v2/admin/sponsors/brands/${brand.id}/accounts`, { userId: "someone", role: "BOSS" }, admin)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["userId must be a UUID", "role must be one of the following values: OWNER, MEMBER"])
    const listed = await send("GET", `/v2/admin/sponsors/brands/${brand.id}/accounts`, undefined, admin)
    expect(listed.body.data.total).toBe(2)
    expect(listed.body.data.items.map((a: { userId: string }) => a.userId)).toEqual([owner.user.id, member.user.id])
  })

  it("suspends and reinstates an account (one of two concurrent suspensions wins) and shows it in the activity", async () => {
    const { admin: adminAccount, headers: admin } = await sponsorsAdmin(host)
    const brand = await newBrand(host)
    const user = await newAthlete(host)
    const account = (await send("POST", `/v2/admin/sponsors/brands/${brand.id}/accounts`, { userId: user.user.id, role: "MEMBER" }, admin)).body.data
    const both = await Promise.all([
      send("PATCH", `/v2/admin/sponsors/accounts/${account.id}/status`, { status: "SUSPENDED", reason: "Left the company" }, admin),
      send("PATCH", `/v2/admin/sponsors/accounts/${account.id}/status`, { status: "SUSPENDED" }, admin)
    ])
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    expect(both.find((r) => r.status === 409)!.body.code).toBe("SPONSOR_ACCOUNT_STATUS_MOVE_REFUSED")
    const reinstated = await send("PATCH", `/v2/admin/sponsors/accounts/${account.id}/status`, { status: "ACTIVE" }, admin)
    expect(reinstated.body.data).toMatchObject({ id: account.id, status: "ACTIVE" })
    expect((await send("PATCH", `/v2/admin/sponsors/accounts/${account.id}/status`, { status: "PAUSED" }, admin)).body.message).toEqual([
      "status must be one of the following values: ACTIVE, SUSPENDED"
    ])
    expect((await send("PATCH", `/v2/admin/sponsors/accounts/${crypto.randomUUID()}/status`, { status: "ACTIVE" }, admin)).body.code).toBe("SPONSOR_ACCOUNT_NOT_FOUND")

    const activity = await send("GET", `/v2/admin/sponsors/accounts/${account.id}/activity`, undefined, admin)
    expect(activity.status).toBe(200)
    expect(activity.body.data.items.map((e: { action: string }) => e.action)).toEqual([
      "sponsors.account.status_changed",
      "sponsors.account.status_changed",
      "sponsors.account.created"
    ])
    expect(activity.body.data.items[0]).toMatchObject({ actorKind: "admin", actorId: adminAccount.id, data: { from: "SUSPENDED", to: "ACTIVE" } })
    const paged = await send("GET", `/v2/admin/sponsors/accounts/${account.id}/activity?limit=2`, undefined, admin)
    expect(paged.body.data.items).toHaveLength(2)
    const older = await send("GET", `/v2/admin/sponsors/accounts/${account.id}/activity?limit=2&beforeSeq=${paged.body.data.nextBeforeSeq}`, undefined, admin)
    expect(older.body.data.items.map((e: { action: string }) => e.action)).toEqual(["sponsors.account.created"])
    expect((await send("GET", `/v2/admin/sponsors/accounts/${crypto.randomUUID()}/activity`, undefined, admin)).status).toBe(404)
  })
})
