/**
 * Official partners through the real host: who may call (partners.manage; the public reads need
 * nothing), benefit definitions and candidates, designation (defaults, eligibility, one current
 * partnership per subject even under concurrent designations), changes and removal with a reason
 * (one of two concurrent removals wins), logos checked by their bytes, the public-safe projection,
 * and the single exclusive tab with its conditional public read (etag, 304).
 */
import { Accounts, Organizers, Platform } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { clubIn } from "../clubs/support.js"
import { freshPhone, multipart, newAthlete, PdfBytes, PngBytes, seedOrganizer, tokenFor } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"

const host = realHostOf(import.meta.url)
const base = "/v2/admin/official-partners"
const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)

const partnersAdmin = async (permissions: ReadonlyArray<string> = ["partners.manage"]) => {
  const admin = await host.run(Effect.flatMap(Accounts.AdminRepo, (r) => r.create({ phoneNumber: freshPhone(), permissions })))
  return { admin, headers: await tokenFor(host, "admin", admin.id) }
}

let names = 0
const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(names++).toString(36)}`

/** An organizer in `status` (APPROVED ones come with a team), answered with its id and name. */
const organizerIn = async (status: "APPROVED" | "PENDING" = "APPROVED") => {
  const name = uniqueName("Partner Org")
  if (status === "APPROVED") return { id: (await seedOrganizer(host, name)).id, name }
  const phone = freshPhone()
  const created = await host.run(Effect.flatMap(Organizers.OrganizerRepo, (r) =>
    r.create({ name, phoneNumber: phone, email: null, companyName: name, approvalStatus: "PENDING" }, { phoneNumber: phone, email: null, userId: null })))
  return { id: created.id, name }
}

const designate = (admin: Record<string, string>, body: Record<string, unknown>) => send("POST", base, body, admin)

describe("who may manage official partners", () => {
  it("needs a token and an admin holding partners.manage; the public reads need neither", async () => {
    const athlete = await newAthlete(host)
    const other = await partnersAdmin(["sponsors.manage"])
    const id = crypto.randomUUID()
    const calls: ReadonlyArray<readonly [string, string, unknown]> = [
      ["GET", `${base}/benefit-definitions`, undefined],
      ["GET", `${base}/candidates`, undefined],
      ["GET", base, undefined],
      ["POST", base, { subjectType: "organizer", subjectId: id, tier: "GOLD" }],
      ["GET", `${base}/exclusive-tab`, undefined],
      ["PUT", `${base}/exclusive-tab`, { enabled: false }],
      ["GET", `${base}/exclusive-tab/targets`, undefined],
      ["GET", `${base}/${id}`, undefined],
      ["PATCH", `${base}/${id}`, { tier: "GOLD" }],
      ["DELETE", `${base}/${id}`, { reason: "The agreement has ended" }]
    ]
    for (const [method, path, body] of calls) {
      expect((await send(method, path, body, {})).status).toBe(401)
      expect((await send(method, path, body, athlete.headers)).status).toBe(403)
      expect((await send(method, path, body, other.headers)).status).toBe(403)
    }
    const png = { bytes: PngBytes, name: "logo.png", type: "image/png" }
    expect((await multipart(host, "POST", `${base}/logo-images`, { logoImage: png })).status).toBe(401)
    expect((await multipart(host, "POST", `${base}/logo-images`, { logoImage: png }, other.headers)).status).toBe(403)
    expect((await host.http.get(`/v2/official-partners/organizer/${id}`)).status).toBe(404)
    expect((await host.http.get("/v2/official-partners/exclusive-tab/config", { "if-none-match": "\"none\"" })).status).toBe(200)
  })
})

describe("benefit definitions and candidates", () => {
  it("lists the tiers with their benefits, and approved organizers and active clubs as candidates", async () => {
    const { headers: admin } = await partnersAdmin()
    const defs = await send("GET", `${base}/benefit-definitions`, undefined, admin)
    expect(defs.status).toBe(200)
    expect(defs.body.data.tiers.map((t: { tier: string }) => t.tier)).toEqual(["SILVER", "GOLD", "PLATINUM"])
    expect(defs.body.data.tiers[2].benefits).toContain("ATHLETE_EXCLUSIVE_TAB")
    expect(defs.body.data.benefits.length).toBe(6)

    const approved = await organizerIn("APPROVED")
    const pending = await organizerIn("PENDING")
    const found = await send("GET", `${base}/candidates?subjectType=organizer&search=${encodeURIComponent(approved.name)}`, undefined, admin)
    expect(found.status).toBe(200)
    expect(found.body.data.items).toEqual([{ subjectType: "organizer", subjectId: approved.id, name: approved.name, city: null, verified: true, partnerId: null }])
    const hidden = await send("GET", `${base}/candidates?search=${encodeURIComponent(pending.name)}`, undefined, admin)
    expect(hidden.body.data.total).toBe(0)

    const clubName = uniqueName("Partner Club")
    const { club } = await clubIn(host, "ACTIVE", { name: clubName })
    const { club: draft } = await clubIn(host, "DRAFT", { name: `${clubName} draft` })
    const clubs = await send("GET", `${base}/candidates?subjectType=club&search=${encodeURIComponent(clubName)}`, undefined, admin)
    expect(clubs.body.data.items.map((c: { subjectId: string }) => c.subjectId)).toEqual([club.id])
    expect(clubs.body.data.items.map((c: { subjectId: string }) => c.subjectId)).not.toContain(draft.id)

    const created = await designate(admin, { subjectType: "organizer", subjectId: approved.id, tier: "SILVER" })
    const after = await send("GET", `${base}/candidates?search=${encodeURIComponent(approved.name)}`, undefined, admin)
    expect(after.body.data.items[0].partnerId).toBe(created.body.data.id)

    const all = await send("GET", `${base}/candidates?limit=100`, undefined, admin)
    expect(all.body.data.items.some((c: { subjectType: string }) => c.subjectType === "club")).toBe(true)
    expect((await send("GET", `${base}/candidates?subjectType=brand`, undefined, admin)).body.message).toEqual([
      "subjectType must be one of the following values: organizer, club"
    ])
  })
})

describe("designating partners", () => {
  it("designates an approved organizer with the tier's benefits and its name, readable and listed", async () => {
    const { admin: account, headers: admin } = await partnersAdmin()
    const org = await organizerIn()
    const created = await designate(admin, { subjectType: "organizer", subjectId: org.id, tier: "GOLD", tagline: "Running since 2010", websiteUrl: "https://example.org" })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      subjectType: "organizer",
      subjectId: org.id,
      tier: "GOLD",
      benefits: ["PARTNER_BADGE", "PRIORITY_SUPPORT", "FEATURED_EVENTS", "HOMEPAGE_SPOTLIGHT"],
      displayName: org.name,
      tagline: "Running since 2010",
      status: "ACTIVE",
      logoUrl: null,
      removedAt: null,
      createdBy: account.id
    })
    const read = await send("GET", `${base}/${created.body.data.id}`, undefined, admin)
    expect(read.body.data).toMatchObject({ id: created.body.data.id, status: "ACTIVE" })
    const listed = await send("GET", `${base}?tier=GOLD&search=${encodeURIComponent(org.name)}`, undefined, admin)
    expect(listed.body.data).toMatchObject({ total: 1, page: 1, limit: 20 })
    expect(listed.body.data.items[0].id).toBe(created.body.data.id)
    const again = await designate(admin, { subjectType: "organizer", subjectId: org.id, tier: "SILVER" })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("OFFICIAL_PARTNER_EXISTS")
    expect((await send("GET", `${base}/${crypto.randomUUID()}`, undefined, admin)).body.code).toBe("OFFICIAL_PARTNER_NOT_FOUND")
    expect((await send("GET", `${base}/not-an-id`, undefined, admin)).status).toBe(404)
  })

  it("refuses unknown and ineligible subjects, and bad input in the spec's wording", async () => {
    const { headers: admin } = await partnersAdmin()
    const unknown = await designate(admin, { subjectType: "club", subjectId: crypto.randomUUID(), tier: "GOLD" })
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe("PARTNER_SUBJECT_NOT_FOUND")
    const pending = await organizerIn("PENDING")
    const notYet = await designate(admin, { subjectType: "organizer", subjectId: pending.id, tier: "GOLD" })
    expect(notYet.status).toBe(409)
    expect(notYet.body.code).toBe("PARTNER_SUBJECT_NOT_ELIGIBLE")
    const { club: draft } = await clubIn(host, "DRAFT")
    expect((await designate(admin, { subjectType: "club", subjectId: draft.id, tier: "GOLD" })).body.code).toBe("PARTNER_SUBJECT_NOT_ELIGIBLE")

    const bad = await designate(admin, { subjectType: "brand", subjectId: "x", tier: "BRONZE" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "subjectType must be one of the following values: organizer, club",
      "subjectId must be a UUID",
      "tier must be one of the following values: PLATINUM, GOLD, SILVER"
    ])
    const org = await organizerIn()
    const rules = await designate(admin, {
      subjectType: "organizer",
      subjectId: org.id,
      tier: "SILVER",
      benefits: ["ATHLETE_EXCLUSIVE_TAB"],
      validFrom: "2030-01-02T00:00:00Z",
      validUntil: "2030-01-01T00:00:00Z"
    })
    expect(rules.status).toBe(400)
    expect(rules.body.message).toEqual(["benefits of a SILVER partner must be among: PARTNER_BADGE, PRIORITY_SUPPORT", "validUntil must be after validFrom"])
    expect((await designate(admin, { subjectType: "organizer", subjectId: org.id, tier: "GOLD", websiteUrl: "not a url", tagline: "", benefits: ["NOPE"] })).body.message).toEqual([
      "benefits must be a list of benefit keys",
      "tagline must be longer than or equal to 1 and shorter than or equal to 160 characters",
      "websiteUrl must be a URL address"
    ])
    expect((await designate(admin, { subjectType: "organizer", subjectId: org.id, tier: "GOLD", logoImageId: crypto.randomUUID() })).body.code).toBe("PARTNER_LOGO_NOT_FOUND")
  })

  it("lets exactly one of two concurrent designations of the same subject win", async () => {
    const [a, b] = [await partnersAdmin(), await partnersAdmin()]
    const { club } = await clubIn(host, "ACTIVE")
    const both = await Promise.all([
      designate(a.headers, { subjectType: "club", subjectId: club.id, tier: "GOLD" }),
      designate(b.headers, { subjectType: "club", subjectId: club.id, tier: "SILVER" })
    ])
    expect(both.map((r) => r.status).sort()).toEqual([201, 409])
    expect(both.find((r) => r.status === 409)!.body.code).toBe("OFFICIAL_PARTNER_EXISTS")
    const listed = await send("GET", `${base}?subjectType=club&limit=100`, undefined, a.headers)
    expect(listed.body.data.items.filter((p: { subjectId: string }) => p.subjectId === club.id)).toHaveLength(1)
  })
})

describe("changing and removing partnerships", () => {
  it("changes fields (a new tier takes its benefits), refuses a new subject, removes with a reason and allows a new designation", async () => {
    const { headers: admin } = await partnersAdmin()
    const org = await organizerIn()
    const created = (await designate(admin, { subjectType: "organizer", subjectId: org.id, tier: "SILVER" })).body.data
    const changed = await send("PATCH", `${base}/${created.id}`, { tier: "PLATINUM", displayName: "Stride Partners", displayOrder: 3 }, admin)
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({ tier: "PLATINUM", displayName: "Stride Partners", displayOrder: 3 })
    expect(changed.body.data.benefits).toContain("ATHLETE_EXCLUSIVE_TAB")
    const narrowed = await send("PATCH", `${base}/${created.id}`, { benefits: ["PARTNER_BADGE"], validUntil: "2099-01-01T00:00:00.000Z" }, admin)
    expect(narrowed.body.data).toMatchObject({ tier: "PLATINUM", benefits: ["PARTNER_BADGE"], validUntil: "2099-01-01T00:00:00.000Z" })
    const moved = await send("PATCH", `${base}/${created.id}`, { subjectId: crypto.randomUUID() }, admin)
    expect(moved.status).toBe(400)
    expect(moved.body.message).toEqual(["subjectId cannot change; remove this partnership and designate the new subject"])
    expect((await send("PATCH", `${base}/${created.id}`, { validFrom: "2100-01-01T00:00:00Z" }, admin)).body.message).toEqual(["validUntil must be after validFrom"])

    const short = await send("DELETE", `${base}/${created.id}`, { reason: "ended" }, admin)
    expect(short.status).toBe(400)
    expect(short.body.message).toEqual(["reason must be longer than or equal to 10 and shorter than or equal to 500 characters"])
    const both = await Promise.all([
      send("DELETE", `${base}/${created.id}`, { reason: "The agreement has ended" }, admin),
      send("DELETE", `${base}/${created.id}`, { reason: "Duplicate removal request" }, admin)
    ])
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    expect(both.find((r) => r.status === 409)!.body.code).toBe("OFFICIAL_PARTNER_REMOVED")
    const removed = both.find((r) => r.status === 200)!.body.data
    expect(removed).toMatchObject({ status: "REMOVED" })
    expect(["The agreement has ended", "Duplicate removal request"]).toContain(removed.removalReason)
    expect((await send("PATCH", `${base}/${created.id}`, { tier: "GOLD" }, admin)).body.code).toBe("OFFICIAL_PARTNER_REMOVED")
    expect((await send("GET", `${base}?status=REMOVED&search=Stride%20Partners`, undefined, admin)).body.data.items.map((p: { id: string }) => p.id)).toContain(created.id)
    expect((await host.http.get(`/v2/official-partners/organizer/${org.id}`)).status).toBe(404)
    const anew = await designate(admin, { subjectType: "organizer", subjectId: org.id, tier: "GOLD" })
    expect(anew.status).toBe(201)
    expect(anew.body.data.id).not.toBe(created.id)

    const audit = await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectKind: "official_partner", subjectId: created.id, limit: 10 })))
    expect(audit.map((e) => e.action)).toEqual(["partners.removed", "partners.updated", "partners.updated", "partners.designated"])
    expect(audit[0]).toMatchObject({ actorKind: "admin", reason: removed.removalReason })
  })
})

describe("partner logos", () => {
  it("stores a logo checked by its bytes, which partnerships then show", async () => {
    const { headers: admin } = await partnersAdmin()
    const uploaded = await multipart(host, "POST", `${base}/logo-images`, { logoImage: { bytes: PngBytes, name: "logo.png", type: "image/png" } }, admin)
    expect(uploaded.status).toBe(201)
    expect(uploaded.body.data).toMatchObject({ contentType: "image/png", fileName: "logo.png", size: PngBytes.length })
    expect((await host.http.get(uploaded.body.data.url)).status).toBe(200)
    const pdf = await multipart(host, "POST", `${base}/logo-images`, { logoImage: { bytes: PdfBytes, name: "logo.pdf" } }, admin)
    expect(pdf.status).toBe(400)
    expect(pdf.body.message).toEqual(["logoImage must be a file of type PNG, JPG, WEBP"])
    const missing = await multipart(host, "POST", `${base}/logo-images`, { other: "x" }, admin)
    expect(missing.status).toBe(400)

    const org = await organizerIn()
    const created = await designate(admin, { subjectType: "organizer", subjectId: org.id, tier: "GOLD", logoImageId: uploaded.body.data.id })
    expect(created.body.data).toMatchObject({ logoImageId: uploaded.body.data.id, logoKey: uploaded.body.data.key })
    expect((await host.http.get(created.body.data.logoUrl)).status).toBe(200)
    const publicView = await host.http.get(`/v2/official-partners/organizer/${org.id}`)
    expect((await host.http.get(publicView.body.data.logoUrl)).status).toBe(200)
    const cleared = await send("PATCH", `${base}/${created.body.data.id}`, { logoImageId: null }, admin)
    expect(cleared.body.data).toMatchObject({ logoImageId: null, logoUrl: null })
  })
})

describe("public partner projection", () => {
  it("answers only an ACTIVE partnership of an eligible subject, without admin fields", async () => {
    const { headers: admin } = await partnersAdmin()
    const org = await organizerIn()
    await designate(admin, { subjectType: "organizer", subjectId: org.id, tier: "SILVER", description: "Trail races in the Western Ghats" })
    const shown = await host.http.get(`/v2/official-partners/organizer/${org.id}`)
    expect(shown.status).toBe(200)
    expect(shown.body.data).toMatchObject({ subjectType: "organizer", subjectId: org.id, tier: "SILVER", displayName: org.name, description: "Trail races in the Western Ghats" })
    expect(Object.keys(shown.body.data).sort()).toEqual(["benefits", "description", "displayName", "logoUrl", "subjectId", "subjectType", "tagline", "tier", "validFrom", "validUntil", "websiteUrl"])

    const later = await organizerIn()
    await designate(admin, { subjectType: "organizer", subjectId: later.id, tier: "GOLD", validFrom: "2099-01-01T00:00:00Z" })
    const scheduled = await host.http.get(`/v2/official-partners/organizer/${later.id}`)
    expect(scheduled.status).toBe(404)
    expect(scheduled.body.code).toBe("OFFICIAL_PARTNER_NOT_FOUND")
    expect((await send("GET", `${base}?status=SCHEDULED&search=${encodeURIComponent(later.name)}`, undefined, admin)).body.data.total).toBe(1)
    expect((await host.http.get(`/v2/official-partners/organizer/${crypto.randomUUID()}`)).status).toBe(404)
    expect((await host.http.get(`/v2/official-partners/club/not-a-uuid`)).status).toBe(404)
    expect((await host.http.get(`/v2/official-partners/brand/${org.id}`)).status).toBe(400)

    // A suspended organizer is no longer shown, though its partnership stays.
    await host.run(Effect.flatMap(Organizers.OrganizerRepo, (r) => r.transition(org.id, ["APPROVED"], "SUSPENDED", {})))
    expect((await host.http.get(`/v2/official-partners/organizer/${org.id}`)).status).toBe(404)
  })
})

describe("the athlete exclusive partner tab", () => {
  it("is configured to a PLATINUM partnership only, and read publicly as a conditional read", async () => {
    const { headers: admin } = await partnersAdmin()
    const platinumOrg = await organizerIn()
    const goldOrg = await organizerIn()
    const platinum = (await designate(admin, { subjectType: "organizer", subjectId: platinumOrg.id, tier: "PLATINUM" })).body.data
    const gold = (await designate(admin, { subjectType: "organizer", subjectId: goldOrg.id, tier: "GOLD" })).body.data

    const targets = await send("GET", `${base}/exclusive-tab/targets`, undefined, admin)
    expect(targets.status).toBe(200)
    const targetIds = targets.body.data.map((t: { id: string }) => t.id)
    expect(targetIds).toContain(platinum.id)
    expect(targetIds).not.toContain(gold.id)

    const initial = await send("GET", `${base}/exclusive-tab`, undefined, admin)
    expect(initial.body.data).toMatchObject({ enabled: false, live: false, partner: null })

    const refused = await send("PUT", `${base}/exclusive-tab`, { enabled: true, partnerId: gold.id, title: "Partner picks" }, admin)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe("EXCLUSIVE_TAB_TARGET_NOT_ELIGIBLE")
    const incomplete = await send("PUT", `${base}/exclusive-tab`, { enabled: true }, admin)
    expect(incomplete.status).toBe(400)
    expect(incomplete.body.message).toEqual(["partnerId is required when enabled is true", "title is required when enabled is true"])
    expect((await send("PUT", `${base}/exclusive-tab`, { enabled: "yes" }, admin)).body.message).toEqual(["enabled must be a boolean value"])
    expect((await send("PUT", `${base}/exclusive-tab`, { enabled: true, partnerId: crypto.randomUUID(), title: "Partner picks" }, admin)).body.code).toBe("OFFICIAL_PARTNER_NOT_FOUND")

    const missingHeader = await host.http.get("/v2/official-partners/exclusive-tab/config")
    expect(missingHeader.status).toBe(400)
    expect(missingHeader.body.message).toEqual(["if-none-match should not be empty"])
    const off = await host.http.get("/v2/official-partners/exclusive-tab/config", { "if-none-match": "\"none\"" })
    expect(off.status).toBe(200)
    expect(off.body.data).toEqual({ enabled: false, title: null, subtitle: null, partner: null })
    const offTag = off.headers.get("etag")!
    expect(offTag).toMatch(/^".+"$/)
    const same = await host.http.get("/v2/official-partners/exclusive-tab/config", { "if-none-match": offTag })
    expect(same.status).toBe(304)
    expect(same.text).toBe("")
    expect(same.headers.get("etag")).toBe(offTag)

    const put = await send("PUT", `${base}/exclusive-tab`, { enabled: true, partnerId: platinum.id, title: "Partner picks", subtitle: "Offers from our partner" }, admin)
    expect(put.status).toBe(200)
    expect(put.body.data).toMatchObject({ enabled: true, partnerId: platinum.id, title: "Partner picks", live: true, partner: { id: platinum.id, tier: "PLATINUM" } })
    const version = put.body.data.version as number

    const on = await host.http.get("/v2/official-partners/exclusive-tab/config", { "if-none-match": offTag })
    expect(on.status).toBe(200)
    expect(on.body.data).toMatchObject({ enabled: true, title: "Partner picks", subtitle: "Offers from our partner", partner: { subjectType: "organizer", subjectId: platinumOrg.id, tier: "PLATINUM" } })
    const onTag = on.headers.get("etag")!
    expect(onTag).not.toBe(offTag)
    expect((await host.http.get("/v2/official-partners/exclusive-tab/config", { "if-none-match": `W/"other", ${onTag}` })).status).toBe(304)

    // Two admins configuring at once: both land, one after the other (the version counts both).
    const both = await Promise.all([
      send("PUT", `${base}/exclusive-tab`, { enabled: true, partnerId: platinum.id, title: "First title" }, admin),
      send("PUT", `${base}/exclusive-tab`, { enabled: true, partnerId: platinum.id, title: "Second title" }, admin)
    ])
    expect(both.map((r) => r.status)).toEqual([200, 200])
    const now = await send("GET", `${base}/exclusive-tab`, undefined, admin)
    expect(now.body.data.version).toBe(version + 2)
    expect(["First title", "Second title"]).toContain(now.body.data.title)

    // Removing the tab's partnership takes the tab off athletes' screens.
    await send("DELETE", `${base}/${platinum.id}`, { reason: "The agreement has ended" }, admin)
    const gone = await host.http.get("/v2/official-partners/exclusive-tab/config", { "if-none-match": onTag })
    expect(gone.status).toBe(200)
    expect(gone.body.data).toEqual({ enabled: false, title: null, subtitle: null, partner: null })
    expect((await send("GET", `${base}/exclusive-tab`, undefined, admin)).body.data).toMatchObject({ enabled: true, live: false })
    const disabled = await send("PUT", `${base}/exclusive-tab`, { enabled: false }, admin)
    expect(disabled.body.data).toMatchObject({ enabled: false, partnerId: null, live: false })
  })
})
