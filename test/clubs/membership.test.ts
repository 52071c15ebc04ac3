/**
 * Club membership, the athlete side, through the real host (C "Clubs"; states.tsv "Club
 * membership", "Club follow / mute / block"): join open and gated clubs, leave, the last owner,
 * follow / mute / block idempotency and counts, member lists (public vs gated), summary, readiness
 * (club tenancy), the social verdict, concurrent joins, and the linked organizer accounts.
 */
import { Clubs, Organizers, Platform } from "@podium/core"
import { AuditLogMemory, ClubsCommunityMemory, ClubsReposMemory } from "@podium/core/testing"
import { Effect, Layer, Option } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { useRealHost } from "../support/real-host.js"
import { addMember, clubAdmin, clubIn, newAthlete, seedClub } from "./support.js"

const host = useRealHost(import.meta.url)
let admin: { headers: Record<string, string> }
beforeAll(async () => {
  admin = await clubAdmin(host())
}, 60_000)

const join = (id: string, headers: Record<string, string>) => host().http.post(`/v2/clubs/${id}/join`, {}, headers)
const leave = (id: string, headers: Record<string, string>) => host().http.post(`/v2/clubs/${id}/leave`, {}, headers)
const mine = (id: string, headers: Record<string, string>) => host().http.get(`/v2/clubs/${id}/membership/me`, headers)
const audit = async (clubId: string) =>
  (await host().run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: clubId, limit: 50 })))).map((r) => r.action)
const Unknown = "00000000-0000-4000-8000-000000000000"

describe("club membership", () => {
  it("joins an open club as an ACTIVE member, idempotently, and lists them", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const athlete = await newAthlete(host())
    expect((await mine(club.id, athlete.headers)).body).toMatchObject({ status: 200, data: null })
    const joined = await join(club.id, athlete.headers)
    expect(joined.status).toBe(200)
    expect(joined.body.data).toMatchObject({ clubId: club.id, userId: athlete.user.id, role: "MEMBER", status: "ACTIVE" })
    const again = await join(club.id, athlete.headers)
    expect(again.status).toBe(200)
    expect(again.body.data.id).toBe(joined.body.data.id)
    expect((await mine(club.id, athlete.headers)).body.data).toMatchObject({ status: "ACTIVE" })
    const members = await host().http.get(`/v2/clubs/${club.id}/members?limit=50`)
    expect(members.status).toBe(200)
    expect(members.body.data.items.map((m: { userId: string }) => m.userId)).toContain(athlete.user.id)
    expect(members.body.data.items[0].role).toBe("OWNER")
    const summary = await host().http.get(`/v2/clubs/${club.id}/summary`)
    expect(summary.body.data).toMatchObject({ clubId: club.id, memberCount: 2, followerCount: 0, verified: false, viewer: null })
    expect(await audit(club.id)).toContain("club.member.joined")
  })

  it("puts a join into a requiresApproval club in PENDING and keeps its members private", async () => {
    const { club, owner, member } = await seedClub(host(), { requiresApproval: true })
    const athlete = await newAthlete(host())
    const joined = await join(club.id, athlete.headers)
    expect(joined.body.data).toMatchObject({ status: "PENDING", role: "MEMBER" })
    expect((await mine(club.id, athlete.headers)).body.data).toMatchObject({ status: "PENDING" })
    expect(await audit(club.id)).toContain("club.member.requested")
    // Gated club: members only.
    const stranger = await host().http.get(`/v2/clubs/${club.id}/members`, athlete.headers)
    expect(stranger.status).toBe(403)
    expect(stranger.body.code).toBe("CLUB_MEMBERS_PRIVATE")
    expect((await host().http.get(`/v2/clubs/${club.id}/members`)).status).toBe(403)
    expect((await host().http.get(`/v2/clubs/${club.id}/featured-members`, athlete.headers)).status).toBe(403)
    expect((await host().http.get(`/v2/clubs/${club.id}/members`, member.headers)).status).toBe(200)
    expect((await host().http.get(`/v2/clubs/${club.id}/members`, admin.headers)).status).toBe(200)
    // Approved through the admin member PATCH.
    const approved = await host().http.patch(`/v2/admin/clubs/${club.id}/members/${athlete.user.id}`, { status: "ACTIVE" }, admin.headers)
    expect(approved.status).toBe(200)
    expect(approved.body.data).toMatchObject({ status: "ACTIVE" })
    expect((await host().http.get(`/v2/clubs/${club.id}/members?limit=50`, athlete.headers)).status).toBe(200)
    const featured = await host().http.get(`/v2/clubs/${club.id}/featured-members`, owner.headers)
    expect(featured.body.data.map((m: { role: string }) => m.role).slice(0, 3)).toEqual(["OWNER", "ADMIN", "MODERATOR"])
  })

  it("leaves (ACTIVE → LEFT), refuses a second leave, and lets the athlete join again", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const athlete = await newAthlete(host())
    await join(club.id, athlete.headers)
    const left = await leave(club.id, athlete.headers)
    expect(left.status).toBe(200)
    expect(left.body.data.status).toBe("LEFT")
    expect((await mine(club.id, athlete.headers)).body.data).toBeNull()
    const twice = await leave(club.id, athlete.headers)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("CLUB_MEMBERSHIP_MOVE_REFUSED")
    const never = await leave(club.id, (await newAthlete(host())).headers)
    expect(never.status).toBe(404)
    expect(never.body.code).toBe("CLUB_MEMBERSHIP_NOT_FOUND")
    expect((await join(club.id, athlete.headers)).body.data.status).toBe("ACTIVE")
    expect(await audit(club.id)).toContain("club.member.left")
    expect((await leave(club.id, {})).status).toBe(401)
  })

  it("withdraws a pending request by leaving", async () => {
    const { club } = await clubIn(host(), "ACTIVE", { requiresApproval: true })
    const athlete = await newAthlete(host())
    await join(club.id, athlete.headers)
    expect((await leave(club.id, athlete.headers)).body.data.status).toBe("LEFT")
  })

  it("refuses to let the last OWNER leave (409 CLUB_LAST_OWNER) until another owner exists", async () => {
    const { club, owner } = await clubIn(host(), "ACTIVE")
    const refused = await leave(club.id, owner.headers)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe("CLUB_LAST_OWNER")
    await addMember(host(), club.id, "OWNER")
    expect((await leave(club.id, owner.headers)).body.data).toMatchObject({ status: "LEFT", role: "OWNER" })
  })

  it("does not let a removed member rejoin by themselves", async () => {
    const { club, member } = await seedClub(host())
    expect((await host().http.delete(`/v2/admin/clubs/${club.id}/members/${member.user.id}`, undefined, admin.headers)).status).toBe(200)
    const rejoin = await join(club.id, member.headers)
    expect(rejoin.status).toBe(403)
    expect(rejoin.body.code).toBe("CLUB_MEMBERSHIP_REMOVED")
    expect((await mine(club.id, member.headers)).body.data).toMatchObject({ status: "REMOVED" })
  })

  it("answers 404 for clubs athletes cannot see, and 403 for non-athlete accounts", async () => {
    const { club: draft, owner } = await clubIn(host(), "DRAFT")
    const athlete = await newAthlete(host())
    expect((await join(draft.id, athlete.headers)).status).toBe(404)
    expect((await host().http.get(`/v2/clubs/${draft.id}/members`, athlete.headers)).status).toBe(404)
    expect((await host().http.get(`/v2/clubs/${draft.id}/summary`)).status).toBe(404)
    expect((await host().http.get(`/v2/clubs/${draft.id}/summary`, owner.headers)).status).toBe(200)
    expect((await join(Unknown, athlete.headers)).status).toBe(404)
    expect((await host().http.get(`/v2/clubs/${Unknown}/membership/me`, athlete.headers)).status).toBe(404)
    const { club } = await clubIn(host(), "ACTIVE")
    const asAdmin = await join(club.id, admin.headers)
    expect(asAdmin.status).toBe(403)
    expect(asAdmin.body.code).toBe("CLUB_ATHLETES_ONLY")
    expect((await join(club.id, {})).status).toBe(401)
  })

  it("makes one membership out of concurrent joins", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const athlete = await newAthlete(host())
    const answers = await Promise.all(Array.from({ length: 6 }, () => join(club.id, athlete.headers)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1)
    const rows = await host().http.get(`/v2/admin/clubs/${club.id}/members?limit=100`, admin.headers)
    expect(rows.body.data.items.filter((m: { userId: string }) => m.userId === athlete.user.id)).toHaveLength(1)
    expect((await audit(club.id)).filter((a) => a === "club.member.joined")).toHaveLength(1)
  })
})

describe("club follow / mute / block", () => {
  it("switches follow on and off idempotently and counts followers", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const a = await newAthlete(host())
    const b = await newAthlete(host())
    const count = async () => (await host().http.get(`/v2/clubs/${club.id}/follow/count`)).body.data.followers
    expect(await count()).toBe(0)
    const on = await host().http.post(`/v2/clubs/${club.id}/follow`, {}, a.headers)
    expect(on.status).toBe(200)
    expect(on.body.data).toMatchObject({ clubId: club.id, following: true, muted: false, blocked: false, member: false })
    await host().http.post(`/v2/clubs/${club.id}/follow`, {}, a.headers)
    await host().http.post(`/v2/clubs/${club.id}/follow`, {}, b.headers)
    expect(await count()).toBe(2)
    expect((await host().http.get(`/v2/clubs/${club.id}/follow/status`, a.headers)).body.data).toMatchObject({ following: true })
    const off = await host().http.delete(`/v2/clubs/${club.id}/follow`, undefined, a.headers)
    expect(off.body.data.following).toBe(false)
    expect((await host().http.delete(`/v2/clubs/${club.id}/follow`, undefined, a.headers)).status).toBe(200)
    expect(await count()).toBe(1)
    expect((await host().http.get(`/v2/clubs/${club.id}/summary`, b.headers)).body.data).toMatchObject({ followerCount: 1, viewer: { following: true } })
    expect((await host().http.post(`/v2/clubs/${club.id}/follow`, {}, {})).status).toBe(401)
    expect((await host().http.get(`/v2/clubs/${club.id}/follow/status`)).status).toBe(401)
  })

  it("mutes and unmutes idempotently", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const a = await newAthlete(host())
    expect((await host().http.post(`/v2/clubs/${club.id}/mute`, {}, a.headers)).body.data.muted).toBe(true)
    expect((await host().http.post(`/v2/clubs/${club.id}/mute`, {}, a.headers)).body.data.muted).toBe(true)
    expect((await host().http.delete(`/v2/clubs/${club.id}/mute`, undefined, a.headers)).body.data.muted).toBe(false)
    expect((await host().http.delete(`/v2/clubs/${club.id}/mute`, undefined, a.headers)).body.data.muted).toBe(false)
  })

  it("blocking unfollows, refuses follow and join until unblocked", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const a = await newAthlete(host())
    await host().http.post(`/v2/clubs/${club.id}/follow`, {}, a.headers)
    const blocked = await host().http.post(`/v2/clubs/${club.id}/block`, {}, a.headers)
    expect(blocked.body.data).toMatchObject({ blocked: true, following: false })
    expect((await host().http.post(`/v2/clubs/${club.id}/block`, {}, a.headers)).body.data.blocked).toBe(true)
    const follow = await host().http.post(`/v2/clubs/${club.id}/follow`, {}, a.headers)
    expect(follow.status).toBe(409)
    expect(follow.body.code).toBe("CLUB_BLOCKED")
    expect((await join(club.id, a.headers)).body.code).toBe("CLUB_BLOCKED")
    const verdict = await host().http.get(`/v2/clubs/${club.id}/social-verdict`, a.headers)
    expect(verdict.body.data).toMatchObject({ reason: "BLOCKED", canJoin: false, canFollow: false, blocked: true })
    expect((await host().http.delete(`/v2/clubs/${club.id}/block`, undefined, a.headers)).body.data.blocked).toBe(false)
    expect((await host().http.delete(`/v2/clubs/${club.id}/block`, undefined, a.headers)).status).toBe(200)
    expect((await host().http.post(`/v2/clubs/${club.id}/follow`, {}, a.headers)).body.data.following).toBe(true)
  })
})

describe("club readiness and social verdict", () => {
  it("shows the readiness checklist to the club's OWNER/ADMIN and platform admins only", async () => {
    const { club, owner, admin: clubAdminMember, moderator, member } = await seedClub(host(), { description: "Runs every Sunday at dawn by the lake" })
    const path = `/v2/clubs/${club.id}/readiness`
    const answer = await host().http.get(path, owner.headers)
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ clubId: club.id, status: "ACTIVE", live: true, ready: false, missing: ["city"] })
    expect((await host().http.get(path, clubAdminMember.headers)).status).toBe(200)
    expect((await host().http.get(path, admin.headers)).status).toBe(200)
    expect((await host().http.get(path, moderator.headers)).status).toBe(403)
    expect((await host().http.get(path, member.headers)).status).toBe(403)
    expect((await host().http.get(path, (await newAthlete(host())).headers)).status).toBe(403)
    expect((await host().http.get(path)).status).toBe(401)
    // Another club's id never answers to this owner.
    const { club: other } = await clubIn(host(), "DRAFT")
    expect((await host().http.get(`/v2/clubs/${other.id}/readiness`, owner.headers)).status).toBe(403)
    const { club: draft, owner: draftOwner } = await clubIn(host(), "DRAFT")
    const fresh = await host().http.get(`/v2/clubs/${draft.id}/readiness`, draftOwner.headers)
    expect(fresh.body.data.missing).toEqual(["description", "city", "submitted", "approved"])
  })

  it("says what each caller may do", async () => {
    const { club, member } = await seedClub(host(), { requiresApproval: true })
    const verdict = async (headers?: Record<string, string>) => (await host().http.get(`/v2/clubs/${club.id}/social-verdict`, headers ?? {})).body.data
    expect(await verdict()).toMatchObject({ reason: "SIGN_IN_REQUIRED", canView: true, canJoin: false, canPost: false, joinMode: "APPROVAL" })
    const athlete = await newAthlete(host())
    expect(await verdict(athlete.headers)).toMatchObject({ reason: "APPROVAL_REQUIRED", canJoin: true, canPost: false, canSeeMembers: false })
    await join(club.id, athlete.headers)
    expect(await verdict(athlete.headers)).toMatchObject({ reason: "PENDING_APPROVAL", canJoin: false, membershipStatus: "PENDING" })
    expect(await verdict(member.headers)).toMatchObject({ reason: "MEMBER", canPost: true, canSeeMembers: true, isManager: false })
    const { club: open } = await clubIn(host(), "ACTIVE")
    expect((await host().http.get(`/v2/clubs/${open.id}/social-verdict`, athlete.headers)).body.data).toMatchObject({ reason: "OPEN", joinMode: "OPEN", canJoin: true })
    expect((await host().http.get(`/v2/clubs/${Unknown}/social-verdict`, athlete.headers)).status).toBe(404)
  })
})

describe("club organizer accounts", () => {
  it("lists, creates, keeps and repairs the organizer linked to each owned club", async () => {
    const { club, owner } = await clubIn(host(), "ACTIVE")
    const listed = await host().http.get("/v2/club-organizer-accounts", owner.headers)
    expect(listed.status).toBe(200)
    expect(listed.body.data).toEqual([expect.objectContaining({ clubId: club.id, state: "MISSING", organizer: null })])

    const repaired = await host().http.post("/v2/club-organizer-accounts/repair", {}, owner.headers)
    expect(repaired.status).toBe(200)
    expect(repaired.body.data).toMatchObject({ created: 1, relinked: 0, unchanged: 0 })
    const organizerId = repaired.body.data.items[0].organizer.id
    expect(repaired.body.data.items[0]).toMatchObject({ clubId: club.id, action: "CREATED", state: "LINKED", organizer: { name: "Pune Pacers" } })

    const again = await host().http.post("/v2/club-organizer-accounts/repair", {}, owner.headers)
    expect(again.body.data).toMatchObject({ created: 0, relinked: 0, unchanged: 1 })
    expect(again.body.data.items[0].organizer.id).toBe(organizerId)
    expect((await host().http.get("/v2/club-organizer-accounts", owner.headers)).body.data[0]).toMatchObject({ state: "LINKED", organizer: { id: organizerId } })

    // The linked organizer disappears: the link is BROKEN until repaired.
    await host().run(Effect.flatMap(Organizers.OrganizerRepo, (r) => r.remove(organizerId)))
    expect((await host().http.get("/v2/club-organizer-accounts", owner.headers)).body.data[0]).toMatchObject({ state: "BROKEN", organizer: null })
    const relinked = await host().http.post("/v2/club-organizer-accounts/repair", {}, owner.headers)
    expect(relinked.body.data).toMatchObject({ created: 0, relinked: 1 })
    expect(relinked.body.data.items[0]).toMatchObject({ action: "RELINKED", previousOrganizerId: organizerId })
    expect(relinked.body.data.items[0].organizer.id).not.toBe(organizerId)
    expect(await audit(club.id)).toEqual(expect.arrayContaining(["club.organizer_account.created", "club.organizer_account.relinked"]))
  })

  it("links one organizer when two repairs race, and shows nothing to non-owners", async () => {
    const { club, owner } = await clubIn(host(), "ACTIVE")
    const answers = await Promise.all([
      host().http.post("/v2/club-organizer-accounts/repair", {}, owner.headers),
      host().http.post("/v2/club-organizer-accounts/repair", {}, owner.headers)
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    expect(answers.map((a) => a.body.data.created).sort()).toEqual([0, 1])
    const ids = new Set(answers.map((a) => a.body.data.items[0].organizer.id))
    expect(ids.size).toBe(1)
    const member = await addMember(host(), club.id, "ADMIN")
    expect((await host().http.get("/v2/club-organizer-accounts", member.headers)).body.data).toEqual([])
    expect((await host().http.get("/v2/club-organizer-accounts")).status).toBe(401)
    expect((await host().http.post("/v2/club-organizer-accounts/repair", {}, admin.headers)).status).toBe(403)
  })
})

describe("club membership moves as data", () => {
  it("reaches ACTIVE from PENDING (approve) and REMOVED (reinstate), REMOVED from ACTIVE and PENDING, nothing else", () => {
    expect(Clubs.adminMoveTo("PENDING", "ACTIVE")).toBe("approve")
    expect(Clubs.adminMoveTo("REMOVED", "ACTIVE")).toBe("reinstate")
    expect(Clubs.adminMoveTo("ACTIVE", "REMOVED")).toBe("remove")
    expect(Clubs.adminMoveTo("PENDING", "REMOVED")).toBe("remove")
    expect(Clubs.adminMoveTo("ACTIVE", "ACTIVE")).toBeUndefined()
    expect(Clubs.adminMoveTo("LEFT", "ACTIVE")).toBeUndefined()
    expect(Clubs.adminMoveTo("LEFT", "REMOVED")).toBeUndefined()
    expect(Clubs.adminMoveTo("REMOVED", "REMOVED")).toBeUndefined()
    expect(Clubs.MembershipMoves.leave.from).toEqual(["ACTIVE", "PENDING"])
  })

  it("judges invites: revoked, expired, exhausted, club unavailable, valid", () => {
    const now = new Date("2026-01-01T00:00:00Z")
    const club = { status: "ACTIVE", isActive: true } as Clubs.Club
    const invite: Clubs.ClubInvite = {
      id: "i",
      clubId: "c",
      kind: "LINK",
      targetUserId: null,
      role: "MEMBER",
      createdByKind: "admin",
      createdBy: null,
      expiresAt: new Date("2026-01-02T00:00:00Z"),
      maxUses: 2,
      uses: 1,
      revokedAt: null,
      createdAt: now
    }
    expect(Clubs.inviteReason(invite, Option.some(club), now)).toBe("VALID")
    expect(Clubs.inviteReason({ ...invite, revokedAt: now }, Option.some(club), now)).toBe("REVOKED")
    expect(Clubs.inviteReason({ ...invite, expiresAt: now }, Option.some(club), now)).toBe("EXPIRED")
    expect(Clubs.inviteReason({ ...invite, uses: 2 }, Option.some(club), now)).toBe("EXHAUSTED")
    expect(Clubs.inviteReason(invite, Option.some({ ...club, isActive: false }), now)).toBe("CLUB_UNAVAILABLE")
    expect(Clubs.inviteReason(invite, Option.none(), now)).toBe("CLUB_UNAVAILABLE")
  })

  it("runs join, leave and the last-owner rule on the memory twins", async () => {
    const layer = Layer.mergeAll(ClubsCommunityMemory.pipe(Layer.provideMerge(ClubsReposMemory)), AuditLogMemory)
    const owner = { accountKind: "user", accountId: "00000000-0000-4000-8000-00000000aaa1", sessionId: "s", role: "user" } as const
    const athlete = { ...owner, accountId: "00000000-0000-4000-8000-00000000aaa2" }
    const result = await Effect.runPromise(Effect.gen(function*() {
      const club = yield* Effect.flatMap(Clubs.ClubRepo, (r) =>
        r.create({ name: "Memory Club", slug: "memory-club", description: null, sportIds: [], city: null, clubType: "COMMUNITY", requiresApproval: false, ownerUserId: owner.accountId }))
      yield* Effect.flatMap(Clubs.ClubRepo, (r) => r.transition(club.id, ["DRAFT"], "ACTIVE", { rejectionReason: null }))
      const joined = yield* Clubs.joinClub(athlete, club.id)
      const again = yield* Clubs.joinClub(athlete, club.id)
      const lastOwner = yield* Effect.flip(Clubs.leaveClub(owner, club.id))
      const left = yield* Clubs.leaveClub(athlete, club.id)
      yield* Clubs.setClubRelation(athlete, club.id, "FOLLOW", true)
      yield* Clubs.setClubRelation(athlete, club.id, "FOLLOW", true)
      const count = yield* Clubs.followCount(undefined, club.id)
      return { joined, again, lastOwner, left, count }
    }).pipe(Effect.provide(layer)))
    expect(result.joined.status).toBe("ACTIVE")
    expect(result.again.id).toBe(result.joined.id)
    expect(result.lastOwner._tag).toBe("ClubLastOwner")
    expect(result.left.status).toBe("LEFT")
    expect(result.count.followers).toBe(1)
  })
})
