/**
 * Clubs through the real host: creation (validation, eligibility, slug conflicts, the OWNER
 * membership), the public directory and reads (only ACTIVE clubs to athletes; managers and admins
 * see their club before), clubs by sport and a club's sports.
 */
import { Clubs } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { useRealHost } from "../support/real-host.js"
import { clubAdmin, clubIn, createClub, freshSlug, newAthlete } from "./support.js"

const host = useRealHost(import.meta.url)

describe("club creation", () => {
  it("creates a DRAFT club whose creator is its ACTIVE OWNER", async () => {
    const owner = await newAthlete(host())
    const slug = freshSlug("pacers")
    const res = await host().http.post("/v2/clubs", {
      name: "  Pune Pacers ",
      slug,
      description: "Sunday long runs",
      sportIds: ["running", "running", "cycling"],
      city: "Pune",
      clubType: "CLUB_MEMBERSHIP",
      requiresApproval: true
    }, owner.headers)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ status: 201, statusText: "CREATED" })
    expect(res.body.data).toMatchObject({
      name: "Pune Pacers",
      slug,
      status: "DRAFT",
      sportIds: ["running", "cycling"],
      clubType: "CLUB_MEMBERSHIP",
      requiresApproval: true,
      ownerUserId: owner.user.id,
      rejectionReason: null,
      isActive: true,
      verificationStatus: "NONE"
    })
    const member = await host().run(Effect.flatMap(Clubs.ClubMemberRepo, (r) => r.find(res.body.data.id, owner.user.id)))
    expect(member._tag === "Some" && member.value).toMatchObject({ role: "OWNER", status: "ACTIVE" })
  })

  it("answers 400 with every failing field's message", async () => {
    const owner = await newAthlete(host())
    const res = await host().http.post("/v2/clubs", { name: "x", slug: "Bad Slug!", sportIds: "running", clubType: "PRO" }, owner.headers)
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual(expect.arrayContaining([
      expect.stringContaining("name"),
      expect.stringContaining("slug"),
      expect.stringContaining("sportIds"),
      expect.stringContaining("clubType")
    ]))
  })

  it("refuses a taken slug (any case) with 409 CLUB_SLUG_TAKEN", async () => {
    const owner = await newAthlete(host())
    const club = await createClub(host(), owner)
    const res = await host().http.post("/v2/clubs", { name: "Copy", slug: club.slug }, (await newAthlete(host())).headers)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe("CLUB_SLUG_TAKEN")
  })

  it("needs a signed-in caller", async () => {
    expect((await host().http.post("/v2/clubs", { name: "Anon", slug: freshSlug() })).status).toBe(401)
  })

  it("reports creation eligibility and refuses the fourth owned club with 403 CLUB_CREATION_NOT_ELIGIBLE", async () => {
    const owner = await newAthlete(host())
    const fresh = await host().http.get("/v2/clubs/creation-eligibility", owner.headers)
    expect(fresh.status).toBe(200)
    expect(fresh.body.data).toEqual({ eligible: true, reasons: [], ownedClubs: 0, maxClubs: 3 })
    for (let i = 0; i < 3; i++) await createClub(host(), owner)
    const full = await host().http.get("/v2/clubs/creation-eligibility", owner.headers)
    expect(full.body.data).toMatchObject({ eligible: false, ownedClubs: 3 })
    const refused = await host().http.post("/v2/clubs", { name: "Fourth", slug: freshSlug() }, owner.headers)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe("CLUB_CREATION_NOT_ELIGIBLE")
  })

  it("does not let an admin account create a club", async () => {
    const admin = await clubAdmin(host())
    const eligibility = await host().http.get("/v2/clubs/creation-eligibility", admin.headers)
    expect(eligibility.body.data.eligible).toBe(false)
    expect((await host().http.post("/v2/clubs", { name: "Admins", slug: freshSlug() }, admin.headers)).status).toBe(403)
  })
})

describe("club reads", () => {
  it("shows an ACTIVE club to anyone by id or slug, and its sports", async () => {
    const { club } = await clubIn(host(), "ACTIVE", { sportIds: ["swimming"] })
    const byId = await host().http.get(`/v2/clubs/${club.id}`)
    expect(byId.status).toBe(200)
    expect(byId.body.data).toMatchObject({ id: club.id, status: "ACTIVE" })
    const bySlug = await host().http.get(`/v2/clubs/${club.slug.toUpperCase()}`)
    expect(bySlug.body.data.id).toBe(club.id)
    const sports = await host().http.get(`/v2/clubs/${club.id}/sports`)
    expect(sports.body.data).toEqual({ clubId: club.id, sportIds: ["swimming"] })
  })

  it("hides a club that is not ACTIVE from athletes (404) but not from its owner or admins", async () => {
    const { club, owner } = await clubIn(host(), "DRAFT")
    const stranger = await newAthlete(host())
    expect((await host().http.get(`/v2/clubs/${club.id}`)).status).toBe(404)
    expect((await host().http.get(`/v2/clubs/${club.id}`, stranger.headers)).status).toBe(404)
    expect((await host().http.get(`/v2/clubs/${club.id}`, owner.headers)).body.data.status).toBe("DRAFT")
    expect((await host().http.get(`/v2/clubs/${club.id}`, (await clubAdmin(host())).headers)).status).toBe(200)
    expect((await host().http.get("/v2/clubs/no-such-club")).status).toBe(404)
  })

  it("lists only ACTIVE, active clubs in the directory, searchable and by sport", async () => {
    const tag = freshSlug("dir")
    const { club: active } = await clubIn(host(), "ACTIVE", { name: `Dir ${tag}`, sportIds: [tag] })
    await clubIn(host(), "PENDING_APPROVAL", { name: `Dir ${tag} pending`, sportIds: [tag] })
    const deactivated = await clubIn(host(), "ACTIVE", { name: `Dir ${tag} off`, sportIds: [tag] })
    await host().run(Effect.flatMap(Clubs.ClubRepo, (r) => r.update(deactivated.club.id, { isActive: false })))
    const listed = await host().http.get(`/v2/clubs?search=${encodeURIComponent(tag)}&limit=10`)
    expect(listed.status).toBe(200)
    expect(listed.body.data).toMatchObject({ total: 1, page: 1, limit: 10 })
    expect(listed.body.data.items.map((c: { id: string }) => c.id)).toEqual([active.id])
    const bySport = await host().http.get(`/v2/clubs/by-sport/${tag}`)
    expect(bySport.body.data.items.map((c: { id: string }) => c.id)).toEqual([active.id])
    expect((await host().http.get("/v2/clubs?limit=0")).status).toBe(400)
  })
})
