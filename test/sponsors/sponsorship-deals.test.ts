/**
 * Sponsorship deals through the real host: a brand proposes, admins review, counter, reject or
 * accept, the brand uploads the signed contract (a PDF, checked by content), the activation creates
 * the ACTIVE contract and attaches the brand to its event, which the organizer then sees; illegal
 * moves are 409 with the machine's code and of concurrent moves one wins.
 */
import { describe, expect, it } from "vitest"
import { seedOrganizer, multipart, newAthlete, PdfBytes, PngBytes } from "../organizers/support.js"
import { readyDraft } from "../events/support.js"
import { realHostOf } from "../support/real-host.js"
import { approvedBrand, sponsorsAdmin } from "./support.js"

const host = realHostOf(import.meta.url)
const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)

/** An approved brand with an account holder, an admin, and an organizer's event to sponsor. */
const cast = async () => {
  const { headers: admin } = await sponsorsAdmin(host)
  const { brand, holder } = await approvedBrand(host, admin, "Hydra Drinks")
  const org = await seedOrganizer(host)
  const event = await readyDraft(host, org)
  return { admin, brand, holder, org, event }
}

const propose = (brandId: string, headers: Record<string, string>, body: Record<string, unknown>) =>
  send("POST", `/v2/sponsor/brands/${brandId}/sponsorship-deals`, body, headers)

const dealOn = async (c: Awaited<ReturnType<typeof cast>>, amount = 5_000_000) => {
  const res = await propose(c.brand.id, c.holder.headers, { targetType: "event", targetId: c.event.id, amount, terms: "Logo on bibs and finisher medals" })
  expect(res.status).toBe(201)
  return res.body.data as { id: string; status: string }
}

const uploadContract = (c: Awaited<ReturnType<typeof cast>>, dealId: string, bytes = PdfBytes, name = "signed.pdf") =>
  multipart(host, "POST", `/v2/sponsor/brands/${c.brand.id}/sponsorship-deals/${dealId}/contract`, { file: { bytes, name, type: "application/pdf" } }, c.holder.headers)

describe("who may act on sponsorship deals", () => {
  it("needs an admin holding sponsors.manage for the admin routes", async () => {
    const athlete = await newAthlete(host)
    const other = await sponsorsAdmin(host, ["challenges.manage"])
    const id = crypto.randomUUID()
    const calls: ReadonlyArray<readonly [string, string, unknown]> = [
      ["GET", "/v2/admin/sponsorship-deals", undefined],
      ["POST", `/v2/admin/sponsorship-deals/${id}/accept`, undefined],
      ["POST", `/v2/admin/sponsorship-deals/${id}/activate`, undefined],
      ["POST", `/v2/admin/sponsorship-deals/${id}/counter`, { amount: 100, notes: "Please lower the amount" }],
      ["POST", `/v2/admin/sponsorship-deals/${id}/reject`, { reason: "Not a fit for this event" }],
      ["POST", `/v2/admin/sponsorship-deals/${id}/under-review`, undefined]
    ]
    for (const [method, path, body] of calls) {
      expect((await send(method, path, body, {})).status).toBe(401)
      expect((await send(method, path, body, athlete.headers)).status).toBe(403)
      expect((await send(method, path, body, other.headers)).status).toBe(403)
    }
  })

  it("lets only a holder of an ACTIVE account of the brand propose and list", async () => {
    const c = await cast()
    const outsider = await newAthlete(host)
    const body = { targetType: "event", targetId: c.event.id, amount: 100_000, terms: "Logo on the start arch" }
    expect((await propose(c.brand.id, {}, body)).status).toBe(401)
    expect((await propose(c.brand.id, outsider.headers, body)).status).toBe(403)
    expect((await send("GET", `/v2/sponsor/brands/${c.brand.id}/sponsorship-deals`, undefined, outsider.headers)).status).toBe(403)
    expect((await send("GET", `/v2/sponsor/brands/${c.brand.id}/sponsorship-deals`, undefined, {})).status).toBe(401)
    expect((await multipart(host, "POST", `/v2/sponsor/brands/${c.brand.id}/sponsorship-deals/${crypto.randomUUID()}/contract`, { file: { bytes: PdfBytes, name: "c.pdf" } }, outsider.headers)).status).toBe(403)
  })
})

describe("a brand's proposal", () => {
  it("is PROPOSED, listed for the brand and queued for admins by default", async () => {
    const c = await cast()
    const deal = await dealOn(c)
    expect(deal).toMatchObject({ brandId: c.brand.id, targetType: "event", targetId: c.event.id, amount: 5_000_000, currency: "INR", status: "PROPOSED", clubDecision: null })
    const mine = await send("GET", `/v2/sponsor/brands/${c.brand.id}/sponsorship-deals`, undefined, c.holder.headers)
    expect(mine.body.data).toMatchObject({ total: 1, page: 1, items: [{ id: deal.id }] })
    const queue = await send("GET", `/v2/admin/sponsorship-deals?brandId=${c.brand.id}`, undefined, c.admin)
    expect(queue.body.data.items.map((d: { id: string }) => d.id)).toEqual([deal.id])
    expect((await send("GET", `/v2/admin/sponsorship-deals?brandId=${c.brand.id}&status=ACTIVE`, undefined, c.admin)).body.data.total).toBe(0)
  })

  it("answers bad input in the spec's wording and unknown targets with 404", async () => {
    const c = await cast()
    const bad = await propose(c.brand.id, c.holder.headers, { targetType: "stadium", targetId: "x", amount: 0, terms: "short" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "targetType must be one of the following values: event, challenge, club",
      "targetId must be a UUID",
      "amount must be an integer between 1 and 10000000000",
      "terms must be longer than or equal to 10 and shorter than or equal to 5000 characters"
    ])
    const missing = await propose(c.brand.id, c.holder.headers, { targetType: "club", targetId: crypto.randomUUID(), amount: 100, terms: "Jersey logo for a season" })
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe("SPONSORSHIP_TARGET_NOT_FOUND")
  })
})

describe("the deal machine", () => {
  it("goes PROPOSED → UNDER_REVIEW → CONTRACT_PENDING → CONTRACT_UPLOADED → ACTIVE, attaching the brand to the event", async () => {
    const c = await cast()
    const deal = await dealOn(c)
    expect((await send("POST", `/v2/admin/sponsorship-deals/${deal.id}/under-review`, undefined, c.admin)).body.data.status).toBe("UNDER_REVIEW")
    const early = await uploadContract(c, deal.id)
    expect(early.status).toBe(409)
    expect(early.body.code).toBe("SPONSORSHIP_DEAL_MOVE_REFUSED")
    expect((await send("POST", `/v2/admin/sponsorship-deals/${deal.id}/accept`, undefined, c.admin)).body.data.status).toBe("CONTRACT_PENDING")
    const notYet = await send("POST", `/v2/admin/sponsorship-deals/${deal.id}/activate`, undefined, c.admin)
    expect(notYet.status).toBe(409)
    expect(notYet.body.code).toBe("SPONSORSHIP_DEAL_MOVE_REFUSED")

    const png = await uploadContract(c, deal.id, PngBytes, "signed.pdf")
    expect(png.status).toBe(400)
    expect(png.body.message).toEqual(["file must be a file of type PDF"])
    const uploaded = await uploadContract(c, deal.id)
    expect(uploaded.status).toBe(200)
    expect(uploaded.body.data.status).toBe("CONTRACT_UPLOADED")
    expect(uploaded.body.data.contractDocumentKey).toMatch(/^sponsors\/deals\//)

    const activated = await send("POST", `/v2/admin/sponsorship-deals/${deal.id}/activate`, undefined, c.admin)
    expect(activated.status).toBe(200)
    expect(activated.body.data.status).toBe("ACTIVE")
    const contractId = activated.body.data.contractId as string
    const contracts = await send("GET", `/v2/admin/sponsors/brands/${c.brand.id}/contracts`, undefined, c.admin)
    expect(contracts.body.data.items).toMatchObject([{ id: contractId, dealId: deal.id, status: "ACTIVE", amount: 5_000_000, targetType: "event", targetId: c.event.id }])

    const sponsors = await send("GET", `/v2/organizers/events/${c.event.id}/sponsors`, undefined, c.org.viewer.headers)
    expect(sponsors.status).toBe(200)
    expect(sponsors.body.data).toMatchObject({ eventId: c.event.id, total: 1, items: [{ brandId: c.brand.id, brandName: "Hydra Drinks", contractId }] })
  })

  it("counters with the notes returned verbatim, rejects with a reason, and refuses illegal moves", async () => {
    const c = await cast()
    const deal = await dealOn(c)
    const bad = await send("POST", `/v2/admin/sponsorship-deals/${deal.id}/counter`, { amount: 0, notes: "too short" }, c.admin)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "amount must be an integer between 1 and 10000000000",
      "notes must be longer than or equal to 10 and shorter than or equal to 500 characters"
    ])
    const notes = "We can do ₹40,000 with logo placement on the medal ribbon only."
    const countered = await send("POST", `/v2/admin/sponsorship-deals/${deal.id}/counter`, { amount: 4_000_000, notes }, c.admin)
    expect(countered.body.data).toMatchObject({ status: "COUNTERED", counterAmount: 4_000_000, counterNotes: notes })
    const mine = await send("GET", `/v2/sponsor/brands/${c.brand.id}/sponsorship-deals?status=COUNTERED`, undefined, c.holder.headers)
    expect(mine.body.data.items[0].counterNotes).toBe(notes)
    const accept = await send("POST", `/v2/admin/sponsorship-deals/${deal.id}/accept`, undefined, c.admin)
    expect(accept.status).toBe(409)
    expect(accept.body.code).toBe("SPONSORSHIP_DEAL_MOVE_REFUSED")
    expect((await send("POST", `/v2/admin/sponsorship-deals/${deal.id}/reject`, { reason: "short" }, c.admin)).body.message).toEqual([
      "reason must be longer than or equal to 10 and shorter than or equal to 500 characters"
    ])
    const rejected = await send("POST", `/v2/admin/sponsorship-deals/${deal.id}/reject`, { reason: "The brand declined our counter offer" }, c.admin)
    expect(rejected.body.data).toMatchObject({ status: "REJECTED", rejectionReason: "The brand declined our counter offer" })
    const again = await send("POST", `/v2/admin/sponsorship-deals/${deal.id}/under-review`, undefined, c.admin)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("SPONSORSHIP_DEAL_MOVE_REFUSED")
    const unknown = await send("POST", `/v2/admin/sponsorship-deals/${crypto.randomUUID()}/accept`, undefined, c.admin)
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe("SPONSORSHIP_DEAL_NOT_FOUND")
  })

  it("lets one of concurrent accepts, and one of concurrent activations, win", async () => {
    const c = await cast()
    const deal = await dealOn(c)
    const accepts = await Promise.all([1, 2, 3].map(() => send("POST", `/v2/admin/sponsorship-deals/${deal.id}/accept`, undefined, c.admin)))
    expect(accepts.map((r) => r.status).sort()).toEqual([200, 409, 409])
    expect((await uploadContract(c, deal.id)).status).toBe(200)
    const activations = await Promise.all([1, 2].map(() => send("POST", `/v2/admin/sponsorship-deals/${deal.id}/activate`, undefined, c.admin)))
    expect(activations.map((r) => r.status).sort()).toEqual([200, 409])
    const contracts = await send("GET", `/v2/admin/sponsors/brands/${c.brand.id}/contracts`, undefined, c.admin)
    expect(contracts.body.data.total).toBe(1)
    expect((await send("GET", `/v2/organizers/events/${c.event.id}/sponsors`, undefined, c.org.owner.headers)).body.data.total).toBe(1)
  })
})

describe("an event's sponsors for its organizer", () => {
  it("are the organizer's own: another organizer's event is 404, outsiders 401/403", async () => {
    const c = await cast()
    const other = await seedOrganizer(host, "Other Org")
    expect((await send("GET", `/v2/organizers/events/${c.event.id}/sponsors`, undefined, other.owner.headers)).status).toBe(404)
    expect((await send("GET", `/v2/organizers/events/${c.event.id}/sponsors`, undefined, {})).status).toBe(401)
    const empty = await send("GET", `/v2/organizers/events/${c.event.id}/sponsors`, undefined, c.org.admin.headers)
    expect(empty.body.data).toMatchObject({ total: 0, items: [] })
  })
})
