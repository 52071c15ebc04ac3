/**
 * Sponsor contracts, attachments and goodie auto-award through the real host: admins contract a
 * brand directly (DRAFT → ACTIVE attaches it; one ACTIVE attachment per brand and target), cancel
 * or end it (the attachment follows, every change in its history), read the brand's metrics, and
 * configure the goodie an ACTIVE attachment awards automatically.
 */
import { describe, expect, it } from "vitest"
import { readyDraft } from "../events/support.js"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { approvedBrand, newBrand, sponsorsAdmin } from "./support.js"

const host = realHostOf(import.meta.url)
const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)

const cast = async () => {
  const { headers: admin } = await sponsorsAdmin(host)
  const { brand } = await approvedBrand(host, admin, "Peak Nutrition")
  const org = await seedOrganizer(host)
  const event = await readyDraft(host, org)
  return { admin, brand, org, event }
}

const createContract = async (c: Awaited<ReturnType<typeof cast>>, amount = 2_500_000) => {
  const res = await send("POST", `/v2/admin/sponsors/brands/${c.brand.id}/contracts`, { targetType: "event", targetId: c.event.id, title: "Title sponsor 2027", amount }, c.admin)
  expect(res.status).toBe(201)
  return res.body.data as { id: string; status: string }
}

/** An ACTIVE contract and its attachment. */
const activeAttachment = async (c: Awaited<ReturnType<typeof cast>>) => {
  const contract = await createContract(c)
  expect((await send("POST", `/v2/admin/sponsors/contracts/${contract.id}/activate`, undefined, c.admin)).status).toBe(200)
  const sponsors = await send("GET", `/v2/organizers/events/${c.event.id}/sponsors`, undefined, c.org.owner.headers)
  return { contract, attachmentId: sponsors.body.data.items[0].attachmentId as string }
}

describe("who may manage contracts and goodies", () => {
  it("needs an admin holding sponsors.manage", async () => {
    const brand = await newBrand(host)
    const athlete = await newAthlete(host)
    const other = await sponsorsAdmin(host, ["clubs.review"])
    const id = crypto.randomUUID()
    const calls: ReadonlyArray<readonly [string, string, unknown]> = [
      ["GET", `/v2/admin/sponsors/brands/${brand.id}/contracts`, undefined],
      ["POST", `/v2/admin/sponsors/brands/${brand.id}/contracts`, { targetType: "event", targetId: id, title: "Title", amount: 100 }],
      ["POST", `/v2/admin/sponsors/contracts/${id}/activate`, undefined],
      ["POST", `/v2/admin/sponsors/contracts/${id}/cancel`, { reason: "Brand withdrew its budget" }],
      ["POST", `/v2/admin/sponsors/contracts/${id}/end`, undefined],
      ["GET", `/v2/admin/sponsors/brands/${brand.id}/metrics`, undefined],
      ["GET", `/v2/admin/sponsors/attachments/${id}/history`, undefined],
      ["GET", `/v2/admin/goodies/auto-award-config?sponsorAttachmentId=${id}`, undefined],
      ["PATCH", `/v2/admin/goodies/auto-award-config/${id}`, { enabled: false }],
      ["GET", "/v2/admin/goodies/auto-award-config/list", undefined]
    ]
    for (const [method, path, body] of calls) {
      expect((await send(method, path, body, {})).status).toBe(401)
      expect((await send(method, path, body, athlete.headers)).status).toBe(403)
      expect((await send(method, path, body, other.headers)).status).toBe(403)
    }
  })
})

describe("contracts", () => {
  it("creates a DRAFT, activates it (attaching the brand), ends it (ending the attachment) with the history recorded", async () => {
    const c = await cast()
    const contract = await createContract(c)
    expect(contract).toMatchObject({ brandId: c.brand.id, dealId: null, status: "DRAFT", amount: 2_500_000, currency: "INR", activatedAt: null })
    const activated = await send("POST", `/v2/admin/sponsors/contracts/${contract.id}/activate`, undefined, c.admin)
    expect(activated.body.data.status).toBe("ACTIVE")
    expect(activated.body.data.activatedAt).not.toBeNull()
    const sponsors = await send("GET", `/v2/organizers/events/${c.event.id}/sponsors`, undefined, c.org.owner.headers)
    expect(sponsors.body.data.items).toMatchObject([{ brandName: "Peak Nutrition", contractId: contract.id }])
    const attachmentId = sponsors.body.data.items[0].attachmentId

    const ended = await send("POST", `/v2/admin/sponsors/contracts/${contract.id}/end`, undefined, c.admin)
    expect(ended.body.data).toMatchObject({ status: "ENDED" })
    expect((await send("GET", `/v2/organizers/events/${c.event.id}/sponsors`, undefined, c.org.owner.headers)).body.data.total).toBe(0)
    const history = await send("GET", `/v2/admin/sponsors/attachments/${attachmentId}/history`, undefined, c.admin)
    expect(history.status).toBe(200)
    expect(history.body.data.attachment).toMatchObject({ id: attachmentId, status: "ENDED", contractId: contract.id })
    expect(history.body.data.items).toMatchObject([{ fromStatus: null, toStatus: "ACTIVE" }, { fromStatus: "ACTIVE", toStatus: "ENDED" }])
    const again = await send("POST", `/v2/admin/sponsors/contracts/${contract.id}/end`, undefined, c.admin)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("SPONSOR_CONTRACT_MOVE_REFUSED")
    expect((await send("GET", `/v2/admin/sponsors/attachments/${crypto.randomUUID()}/history`, undefined, c.admin)).body.code).toBe("SPONSOR_ATTACHMENT_NOT_FOUND")
  })

  it("keeps one ACTIVE attachment per brand and target, and cancels with a reason", async () => {
    const c = await cast()
    const first = await createContract(c)
    const second = await createContract(c)
    expect((await send("POST", `/v2/admin/sponsors/contracts/${first.id}/activate`, undefined, c.admin)).status).toBe(200)
    const twice = await send("POST", `/v2/admin/sponsors/contracts/${second.id}/activate`, undefined, c.admin)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("SPONSOR_ALREADY_ATTACHED")
    const contracts = await send("GET", `/v2/admin/sponsors/brands/${c.brand.id}/contracts`, undefined, c.admin)
    expect(contracts.body.data.items.find((x: { id: string }) => x.id === second.id).status).toBe("DRAFT")

    expect((await send("POST", `/v2/admin/sponsors/contracts/${first.id}/cancel`, { reason: "short" }, c.admin)).body.message).toEqual([
      "reason must be longer than or equal to 10 and shorter than or equal to 500 characters"
    ])
    const cancelled = await send("POST", `/v2/admin/sponsors/contracts/${first.id}/cancel`, { reason: "The brand withdrew its budget" }, c.admin)
    expect(cancelled.body.data).toMatchObject({ status: "CANCELLED", statusReason: "The brand withdrew its budget" })
    expect((await send("POST", `/v2/admin/sponsors/contracts/${second.id}/activate`, undefined, c.admin)).status).toBe(200)
  })

  it("answers bad input in the spec's wording, unapproved brands with 403 and unknown targets with 404", async () => {
    const c = await cast()
    const bad = await send("POST", `/v2/admin/sponsors/brands/${c.brand.id}/contracts`, { targetType: "event", targetId: c.event.id, title: "T", amount: -5 }, c.admin)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "title must be longer than or equal to 3 and shorter than or equal to 200 characters",
      "amount must be an integer between 1 and 10000000000"
    ])
    const pending = await newBrand(host, "Not Yet Approved")
    const refused = await send("POST", `/v2/admin/sponsors/brands/${pending.id}/contracts`, { targetType: "event", targetId: c.event.id, title: "Title", amount: 100 }, c.admin)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe("SPONSOR_BRAND_NOT_APPROVED")
    const nowhere = await send("POST", `/v2/admin/sponsors/brands/${c.brand.id}/contracts`, { targetType: "challenge", targetId: crypto.randomUUID(), title: "Title", amount: 100 }, c.admin)
    expect(nowhere.body.code).toBe("SPONSORSHIP_TARGET_NOT_FOUND")
    expect((await send("POST", `/v2/admin/sponsors/contracts/${crypto.randomUUID()}/activate`, undefined, c.admin)).body.code).toBe("SPONSOR_CONTRACT_NOT_FOUND")
  })

  it("lets one of a concurrent end and cancel win, and the attachment closes once", async () => {
    const c = await cast()
    const { contract, attachmentId } = await activeAttachment(c)
    const both = await Promise.all([
      send("POST", `/v2/admin/sponsors/contracts/${contract.id}/end`, undefined, c.admin),
      send("POST", `/v2/admin/sponsors/contracts/${contract.id}/cancel`, { reason: "Breach of the contract terms" }, c.admin)
    ])
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    const history = await send("GET", `/v2/admin/sponsors/attachments/${attachmentId}/history`, undefined, c.admin)
    expect(history.body.data.items).toHaveLength(2)
  })

  it("counts the brand's deals, contracts, contracted money and live attachments in its metrics", async () => {
    const c = await cast()
    await activeAttachment(c)
    await createContract(c, 700)
    const metrics = await send("GET", `/v2/admin/sponsors/brands/${c.brand.id}/metrics`, undefined, c.admin)
    expect(metrics.status).toBe(200)
    expect(metrics.body.data).toMatchObject({
      brandId: c.brand.id,
      brandStatus: "APPROVED",
      deals: { total: 0 },
      contracts: { total: 2, draft: 1, active: 1, ended: 0, cancelled: 0 },
      contractedAmount: 2_500_000,
      currency: "INR",
      activeAttachments: { total: 1, events: 1, challenges: 0, clubs: 0 }
    })
    expect((await send("GET", `/v2/admin/sponsors/brands/${crypto.randomUUID()}/metrics`, undefined, c.admin)).status).toBe(404)
  })
})

describe("goodies auto-award per attachment", () => {
  it("reads disabled until configured, validates, updates, lists, and refuses a closed attachment", async () => {
    const c = await cast()
    const { contract, attachmentId } = await activeAttachment(c)
    const initial = await send("GET", `/v2/admin/goodies/auto-award-config?sponsorAttachmentId=${attachmentId}`, undefined, c.admin)
    expect(initial.body.data).toMatchObject({ sponsorAttachmentId: attachmentId, enabled: false, goodieName: null, audience: null, topN: null })
    const path = `/v2/admin/goodies/auto-award-config/${attachmentId}`
    expect((await send("PATCH", path, { enabled: true }, c.admin)).body.message).toEqual([
      "goodieName should not be empty when enabled",
      "audience should not be empty when enabled"
    ])
    expect((await send("PATCH", path, { enabled: true, goodieName: "Finisher towel", audience: "TOP_N" }, c.admin)).body.message).toEqual([
      "topN should not be empty when audience is TOP_N"
    ])
    expect((await send("PATCH", path, { audience: "EVERYONE", topN: 0 }, c.admin)).body.message).toEqual([
      "audience must be one of the following values: FINISHERS, TOP_N, ALL_PARTICIPANTS",
      "topN must be an integer between 1 and 1000"
    ])
    const saved = await send("PATCH", path, { enabled: true, goodieName: "Finisher towel", audience: "TOP_N", topN: 50 }, c.admin)
    expect(saved.status).toBe(200)
    expect(saved.body.data).toMatchObject({ enabled: true, goodieName: "Finisher towel", audience: "TOP_N", topN: 50, quantityPerAthlete: 1 })
    const finishers = await send("PATCH", path, { audience: "FINISHERS" }, c.admin)
    expect(finishers.body.data).toMatchObject({ audience: "FINISHERS", topN: null, goodieName: "Finisher towel" })
    expect((await send("GET", `/v2/admin/goodies/auto-award-config?sponsorAttachmentId=${attachmentId}`, undefined, c.admin)).body.data.audience).toBe("FINISHERS")
    const listed = await send("GET", "/v2/admin/goodies/auto-award-config/list?limit=100", undefined, c.admin)
    expect(listed.body.data.items.some((x: { sponsorAttachmentId: string }) => x.sponsorAttachmentId === attachmentId)).toBe(true)
    expect((await send("GET", "/v2/admin/goodies/auto-award-config?sponsorAttachmentId=nope", undefined, c.admin)).body.message).toEqual(["sponsorAttachmentId must be a UUID"])

    await send("POST", `/v2/admin/sponsors/contracts/${contract.id}/end`, undefined, c.admin)
    const closed = await send("PATCH", path, { enabled: false }, c.admin)
    expect(closed.status).toBe(409)
    expect(closed.body.code).toBe("SPONSOR_ATTACHMENT_NOT_ACTIVE")
    expect((await send("PATCH", `/v2/admin/goodies/auto-award-config/${crypto.randomUUID()}`, { enabled: false }, c.admin)).status).toBe(404)
  })
})
