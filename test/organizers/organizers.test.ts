/**
 * Organizer accounts through the real host: admin multipart create (files validated by content,
 * size caps, 413 above the parser cap), list, the public and verified create-if-not-exists,
 * memberships and onboarding status, read/update/delete under tenancy, toggle, public profile and
 * follows, and the audit rows every change writes.
 */
import { Organizers, Platform } from "@podium/core"
import { Effect, Option } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { freshPhone, multipart, newAdmin, newAthlete, PdfBytes, PngBytes, pngOfSize, seedOrganizer } from "./support.js"

const host = realHostOf(import.meta.url)
let admin: { headers: Record<string, string> }
beforeAll(async () => {
  admin = await newAdmin(host)
}, 60_000)

const logo = { bytes: PngBytes, name: "logo.png", type: "image/png" }

describe("organizer accounts", () => {
  it("gives organizers created at once with one name distinct slugs, the bare one to exactly one", async () => {
    const name = `Same Name ${freshPhone().slice(-6)}`
    const created = await Promise.all(Array.from({ length: 4 }, () => seedOrganizer(host, name)))
    const slugs = await Promise.all(created.map((o) => host.run(Effect.flatMap(Organizers.OrganizerRepo, (r) => r.findById(o.id)))))
      .then((found) => found.map((o) => Option.getOrThrow(o).slug))
    expect(new Set(slugs).size).toBe(4)
    expect(slugs.filter((s) => s === Organizers.slugify(name))).toHaveLength(1)
  })

  it("lets an admin create an organizer with a logo, served back only through a signed media URL", async () => {
    const phoneNumber = freshPhone()
    const res = await multipart(host, "POST", "/v2/organizers", {
      name: "Sunrise Runners",
      phoneNumber,
      email: "Team@Sunrise.example",
      companyName: "Sunrise Sports Pvt Ltd",
      commission: "7.5",
      isActive: "true",
      companyLogoFile: logo
    }, admin.headers)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ status: 201, statusText: "CREATED" })
    const org = res.body.data
    expect(org).toMatchObject({
      name: "Sunrise Runners",
      slug: "sunrise-runners",
      phoneNumber,
      email: "team@sunrise.example",
      commission: 7.5,
      isActive: true,
      approvalStatus: "PENDING"
    })
    expect(org.companyLogo).toMatch(/^\/v2\/media\/content\/[^/]+\?download=0$/)
    const image = await host.http.get(org.companyLogo)
    expect(image.status).toBe(200)
    expect(image.headers.get("content-type")).toBe("image/png")
    expect(image.headers.get("content-disposition")).toMatch(/^inline; filename="[\w-]+\.png"/)
    const download = await host.http.get(org.companyLogo.replace("download=0", "download=1"))
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="[\w-]+\.png"/)
    expect(new Uint8Array(await (await fetch(host.http.baseUrl + org.companyLogo)).arrayBuffer())).toEqual(PngBytes)

    const rows = await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: org.id, limit: 10 })))
    expect(rows.map((r) => r.action)).toContain("organizer.created")
    expect(rows[0]?.actorKind).toBe("admin")
  })

  it("refuses bad multipart input with the spec's 400 messages, and oversized uploads", async () => {
    const missing = await multipart(host, "POST", "/v2/organizers", { email: "not-an-email" }, admin.headers)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(expect.arrayContaining([
      "name must be longer than or equal to 1 and shorter than or equal to 200 characters",
      "phoneNumber must be a valid phone number",
      "email must be an email"
    ]))
    const text = await multipart(host, "POST", "/v2/organizers", {
      name: "Wrong Type",
      phoneNumber: freshPhone(),
      companyLogoFile: { bytes: new TextEncoder().encode("hello"), name: "logo.png", type: "image/png" }
    }, admin.headers)
    expect(text.status).toBe(400)
    expect(text.body.message).toEqual(["companyLogoFile must be a file of type PNG, JPG, WEBP"])
    const pdf = await multipart(host, "POST", "/v2/organizers", {
      name: "Pdf Logo",
      phoneNumber: freshPhone(),
      companyLogoFile: { bytes: PdfBytes, name: "logo.pdf" }
    }, admin.headers)
    expect(pdf.status).toBe(400)
    const big = await multipart(host, "POST", "/v2/organizers", {
      name: "Too Big",
      phoneNumber: freshPhone(),
      companyLogoFile: { bytes: pngOfSize(6 * 1024 * 1024), name: "big.png" }
    }, admin.headers)
    expect(big.status).toBe(400)
    expect(big.body.message).toEqual(["companyLogoFile must be at most 5 MB"])
    const huge = await multipart(host, "POST", "/v2/organizers", {
      name: "Huge",
      phoneNumber: freshPhone(),
      companyLogoFile: { bytes: pngOfSize(11 * 1024 * 1024), name: "huge.png" }
    }, admin.headers)
    expect(huge.status).toBe(413)
    expect(huge.body).toMatchObject({ status: 413, data: null })
  })

  it("keeps organizer creation and the list for admins", async () => {
    const athlete = await newAthlete(host)
    const denied = await multipart(host, "POST", "/v2/organizers", { name: "Nope", phoneNumber: freshPhone() }, athlete.headers)
    expect(denied.status).toBe(403)
    const anonymous = await multipart(host, "POST", "/v2/organizers", { name: "Nope", phoneNumber: freshPhone() })
    expect(anonymous.status).toBe(401)
    expect((await host.http.get("/v2/organizers", { headers: athlete.headers })).status).toBe(403)

    await multipart(host, "POST", "/v2/organizers", { name: "Listable Alpha", phoneNumber: freshPhone() }, admin.headers)
    const list = await host.http.get(`/v2/organizers?filter=${encodeURIComponent("name||$cont||Listable")}&sort=name,ASC&limit=5`, { headers: admin.headers })
    expect(list.status).toBe(200)
    expect(list.body.data).toMatchObject({ count: 1, total: 1, page: 1 })
    expect(list.body.data.data[0]).toMatchObject({ name: "Listable Alpha" })
    const bad = await host.http.get(`/v2/organizers?filter=${encodeURIComponent("secret||$eq||x")}`, { headers: admin.headers })
    expect(bad.status).toBe(400)
  })

  it("creates publicly only when no organizer has the phone, and the verified create makes the athlete the OWNER", async () => {
    const phoneNumber = freshPhone()
    const first = await multipart(host, "POST", "/v2/organizers/create", { name: "Public Org", phoneNumber, companyLogo: logo })
    expect(first.status).toBe(201)
    expect(first.body.data).toEqual({ phoneNumber, next: expect.any(String) })
    const created = await host.run(Effect.flatMap(Organizers.OrganizerRepo, (r) => r.findByPhone(phoneNumber)))
    expect(Option.getOrThrow(created)).toMatchObject({ name: "Public Org", approvalStatus: "PENDING" })
    const again = await multipart(host, "POST", "/v2/organizers/create", { name: "Other Name", phoneNumber })
    expect(again.body.data).toEqual(first.body.data)

    const athlete = await newAthlete(host)
    const verified = await multipart(host, "POST", "/v2/organizers/create/verified", { name: "Verified Org", email: "v@org.example" }, athlete.headers)
    expect(verified.status).toBe(201)
    expect(verified.body.data).toMatchObject({ name: "Verified Org", phoneNumber: athlete.user.phoneNumber })
    const memberships = await host.http.get("/v2/organizers/me/memberships", { headers: athlete.headers })
    expect(memberships.body.data).toEqual([expect.objectContaining({ organizerId: verified.body.data.id, role: "OWNER", status: "ACTIVE" })])
    const status = await host.http.get("/v2/organizers/me/onboarding-status", { headers: athlete.headers })
    expect(status.body.data).toMatchObject({
      hasOrganizer: true,
      organizerId: verified.body.data.id,
      approvalStatus: "PENDING",
      profileComplete: false,
      nextStep: "complete_profile"
    })
    expect(status.body.data.missingProfileFields).toEqual(expect.arrayContaining(["companyName", "companyLogoFile", "city", "state"]))
    // The owner may now read its organizer as an athlete principal too.
    expect((await host.http.get(`/v2/organizers/${verified.body.data.id}`, { headers: athlete.headers })).status).toBe(200)

    const nobody = await newAthlete(host)
    expect((await host.http.get("/v2/organizers/me/onboarding-status", { headers: nobody.headers })).body.data).toMatchObject({
      hasOrganizer: false,
      nextStep: "create_organizer"
    })
    expect((await host.http.get("/v2/organizers/me/memberships", { headers: nobody.headers })).body.data).toEqual([])
  })

  it("lets the team read and update its organizer, validating links and keeping platform fields for admins", async () => {
    const org = await seedOrganizer(host, "Patchable Org")
    const read = await host.http.get(`/v2/organizers/${org.id}`, { headers: org.viewer.headers })
    expect(read.status).toBe(200)
    const patched = await multipart(host, "PATCH", `/v2/organizers/${org.id}`, {
      headline: "Run the hills",
      about: "We organise trail races.",
      city: "Pune",
      state: "Maharashtra",
      links: JSON.stringify({ website: "https://patchable.example", instagram: "https://instagram.com/patchable" }),
      pickupLocation: "Pune Warehouse",
      companyBannerFile: { bytes: PngBytes, name: "banner.png" }
    }, org.admin.headers)
    expect(patched.status).toBe(200)
    expect(patched.body.data).toMatchObject({
      headline: "Run the hills",
      city: "Pune",
      links: { website: "https://patchable.example", instagram: "https://instagram.com/patchable" },
      pickupLocation: "Pune Warehouse"
    })
    expect(patched.body.data.companyBanner).toMatch(/^\/v2\/media\/content\//)
    const badLinks = await multipart(host, "PATCH", `/v2/organizers/${org.id}`, { links: "{not json" }, org.owner.headers)
    expect(badLinks.status).toBe(400)
    expect(badLinks.body.message).toEqual(["links must be a JSON object text"])
    const badUrl = await multipart(host, "PATCH", `/v2/organizers/${org.id}`, { links: JSON.stringify({ website: "ftp://x" }) }, org.owner.headers)
    expect(badUrl.body.message).toEqual(["links.website must be an http(s) URL"])
    const commission = await multipart(host, "PATCH", `/v2/organizers/${org.id}`, { commission: "1" }, org.owner.headers)
    expect(commission.status).toBe(403)
    const byAdmin = await multipart(host, "PATCH", `/v2/organizers/${org.id}`, { commission: "12", approvalStatus: "APPROVED" }, admin.headers)
    expect(byAdmin.body.data).toMatchObject({ commission: 12, approvalStatus: "APPROVED" })
    const viewerPatch = await multipart(host, "PATCH", `/v2/organizers/${org.id}`, { city: "X" }, org.viewer.headers)
    expect(viewerPatch.status).toBe(403)
  })

  it("toggles (admin) and deletes (OWNER or admin); a deleted organizer is gone for everyone", async () => {
    const org = await seedOrganizer(host, "Deletable Org")
    const toggled = await host.http.request("PATCH", `/v2/organizers/${org.id}/toggle`, undefined, admin.headers)
    expect(toggled.status).toBe(200)
    expect(toggled.body.data.isActive).toBe(false)
    expect((await host.http.request("PATCH", `/v2/organizers/${org.id}/toggle`, undefined, org.owner.headers)).status).toBe(403)
    expect((await host.http.request("PATCH", `/v2/organizers/${crypto.randomUUID()}/toggle`, undefined, admin.headers)).status).toBe(404)

    expect((await host.http.request("DELETE", `/v2/organizers/${org.id}`, undefined, org.admin.headers)).status).toBe(403)
    const deleted = await host.http.request("DELETE", `/v2/organizers/${org.id}`, undefined, org.owner.headers)
    expect(deleted.status).toBe(200)
    expect(deleted.body.data).toEqual({ id: org.id, deleted: true })
    expect((await host.http.get(`/v2/organizers/${org.id}`, { headers: org.owner.headers })).status).toBe(403)
    expect((await host.http.get(`/v2/organizers/${org.id}`, { headers: admin.headers })).status).toBe(404)
  })

  it("shows the public profile by id or slug, and follows idempotently", async () => {
    const created = await multipart(host, "POST", "/v2/organizers", { name: "Followable Club", phoneNumber: freshPhone() }, admin.headers)
    const { id, slug } = created.body.data
    const bySlug = await host.http.get(`/v2/organizations/${slug}`)
    expect(bySlug.status).toBe(200)
    expect(bySlug.body.data).toMatchObject({ id, slug, name: "Followable Club", followers: 0 })
    expect(bySlug.body.data.phoneNumber).toBeUndefined()
    expect((await host.http.get(`/v2/organizations/${id}`)).body.data.id).toBe(id)
    expect((await host.http.get("/v2/organizations/no-such-org")).status).toBe(404)

    const athlete = await newAthlete(host)
    const follow = await host.http.request("POST", `/v2/organizations/${id}/follow`, undefined, athlete.headers)
    expect(follow.status).toBe(201)
    expect(follow.body.data).toEqual({ organizerId: id, following: true, followers: 1 })
    const twice = await host.http.request("POST", `/v2/organizations/${id}/follow`, undefined, athlete.headers)
    expect(twice.body.data.followers).toBe(1)
    const unfollow = await host.http.request("DELETE", `/v2/organizations/${id}/follow`, undefined, athlete.headers)
    expect(unfollow.body.data).toEqual({ organizerId: id, following: false, followers: 0 })
    expect((await host.http.request("POST", `/v2/organizations/${id}/follow`, undefined, admin.headers)).status).toBe(403)
    expect((await host.http.request("POST", `/v2/organizations/${id}/follow`)).status).toBe(401)
  })
})
