/**
 * Club oversight by platform admins through the real host (B "Clubs", B "Verification";
 * states.tsv "Club", "Club verification"): the list with filters, detail, PATCH, deactivate /
 * reactivate, the verified badge under both route families, member oversight with every legal and
 * illegal move, the last-owner rule (also under concurrency), audit rows and the `clubs.review`
 * permission.
 */
import { Platform } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { useRealHost } from "../support/real-host.js"
import { addMember, clubAdmin, clubIn, freshSlug, newAthlete, seedClub } from "./support.js"

const host = useRealHost(import.meta.url)
let admin: { headers: Record<string, string> }
beforeAll(async () => {
  admin = await clubAdmin(host())
}, 60_000)

const audit = async (clubId: string) =>
  (await host().run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: clubId, limit: 50 })))).map((r) => r.action)
const Unknown = "00000000-0000-4000-8000-000000000000"
const ids = (res: { body: { data: { items: Array<{ id: string }> } } }) => res.body.data.items.map((c) => c.id)
const memberPath = (clubId: string, userId: string) => `/v2/admin/clubs/${clubId}/members/${userId}`

describe("admin clubs: list, detail, edit", () => {
  it("lists every club with status, verification and search filters, paginated", async () => {
    const tag = freshSlug("zeta")
    const { club: draft } = await clubIn(host(), "DRAFT", { name: "Zeta Draft Club", slug: `${tag}-draft` })
    const { club: active } = await clubIn(host(), "ACTIVE", { name: "Zeta Active Club", slug: `${tag}-active` })
    const all = await host().http.get(`/v2/admin/clubs?search=${tag}&limit=10`, admin.headers)
    expect(all.status).toBe(200)
    expect(all.body.data).toMatchObject({ total: 2, page: 1, limit: 10 })
    expect(ids(await host().http.get(`/v2/admin/clubs?search=${tag}&status=DRAFT`, admin.headers))).toEqual([draft.id])
    expect(ids(await host().http.get(`/v2/admin/clubs?search=${tag}&status=ACTIVE&verificationStatus=NONE`, admin.headers))).toEqual([active.id])
    expect(ids(await host().http.get(`/v2/admin/clubs?search=${tag}&verificationStatus=VERIFIED`, admin.headers))).toEqual([])
    const paged = await host().http.get(`/v2/admin/clubs?search=${tag}&limit=1&page=2`, admin.headers)
    expect(paged.body.data).toMatchObject({ total: 2, page: 2, limit: 1 })
    expect(paged.body.data.items).toHaveLength(1)
    const bad = await host().http.get("/v2/admin/clubs?status=GONE&verificationStatus=MAYBE", admin.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toHaveLength(2)
  })

  it("shows one club with oversight state and counts; 404 for unknown clubs", async () => {
    const { club, member } = await seedClub(host(), { requiresApproval: true })
    await host().http.post(`/v2/clubs/${club.id}/join`, {}, (await newAthlete(host())).headers)
    await host().http.post(`/v2/clubs/${club.id}/follow`, {}, member.headers)
    const detail = await host().http.get(`/v2/admin/clubs/${club.id}`, admin.headers)
    expect(detail.status).toBe(200)
    expect(detail.body.data).toMatchObject({
      id: club.id,
      memberCount: 4,
      pendingCount: 1,
      followerCount: 1,
      isActive: true,
      deactivationReason: null,
      payoutFrozen: false,
      verificationStatus: "NONE"
    })
    const missing = await host().http.get(`/v2/admin/clubs/${Unknown}`, admin.headers)
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe("CLUB_NOT_FOUND")
  })

  it("edits a club's settings and validates every field", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const patched = await host().http.patch(`/v2/admin/clubs/${club.id}`, {
      name: "Renamed Runners",
      requiresApproval: true,
      payoutFrozen: true,
      sportIds: ["running", "cycling", "running"],
      city: null
    }, admin.headers)
    expect(patched.status).toBe(200)
    expect(patched.body.data).toMatchObject({ name: "Renamed Runners", requiresApproval: true, payoutFrozen: true, sportIds: ["running", "cycling"], city: null })
    const bad = await host().http.patch(`/v2/admin/clubs/${club.id}`, { name: "x", clubType: "SECRET", requiresApproval: "yes" }, admin.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toHaveLength(3)
    expect((await host().http.patch(`/v2/admin/clubs/${Unknown}`, { name: "Nobody Home" }, admin.headers)).status).toBe(404)
    expect(await audit(club.id)).toContain("club.admin.updated")
  })

  it("needs the clubs.review permission", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const other = await clubAdmin(host(), ["notifications.manage"])
    const athlete = await newAthlete(host())
    for (const headers of [other.headers, athlete.headers]) {
      const listed = await host().http.get("/v2/admin/clubs", headers)
      expect(listed.status).toBe(403)
      expect((await host().http.post(`/v2/admin/clubs/${club.id}/deactivate`, { reason: "Because of reasons" }, headers)).status).toBe(403)
      expect((await host().http.post(`/v2/admin/clubs/${club.id}/members`, { userId: athlete.user.id }, headers)).status).toBe(403)
      expect((await host().http.get("/v2/admin/verification/clubs", headers)).status).toBe(403)
    }
    expect((await host().http.get("/v2/admin/clubs/verification-queue", other.headers)).body.code).toBe("ADMIN_PERMISSION_REQUIRED")
    expect((await host().http.get("/v2/admin/clubs")).status).toBe(401)
  })
})

describe("admin clubs: deactivation", () => {
  it("deactivates with the reason verbatim, hides the club, and reactivates", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const reason = "  Repeated spam in the club feed  "
    const off = await host().http.post(`/v2/admin/clubs/${club.id}/deactivate`, { reason }, admin.headers)
    expect(off.status).toBe(200)
    expect(off.body.data).toMatchObject({ isActive: false, deactivationReason: reason })
    expect((await host().http.get(`/v2/clubs/${club.id}`, (await newAthlete(host())).headers)).status).toBe(404)
    const twice = await host().http.post(`/v2/admin/clubs/${club.id}/deactivate`, { reason }, admin.headers)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("CLUB_OVERSIGHT_MOVE_REFUSED")
    const on = await host().http.post(`/v2/admin/clubs/${club.id}/reactivate`, {}, admin.headers)
    expect(on.body.data).toMatchObject({ isActive: true, deactivationReason: null })
    expect((await host().http.get(`/v2/clubs/${club.id}`)).status).toBe(200)
    expect((await host().http.post(`/v2/admin/clubs/${club.id}/reactivate`, {}, admin.headers)).status).toBe(409)
    expect(await audit(club.id)).toEqual(expect.arrayContaining(["club.admin.deactivated", "club.admin.reactivated"]))
  })

  it("validates the reason (10-500) and lets one of two concurrent deactivations win", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const short = await host().http.post(`/v2/admin/clubs/${club.id}/deactivate`, { reason: "too short" }, admin.headers)
    expect(short.status).toBe(400)
    expect(short.body.message).toEqual([expect.stringContaining("reason")])
    expect((await host().http.post(`/v2/admin/clubs/${club.id}/deactivate`, { reason: "x".repeat(501) }, admin.headers)).status).toBe(400)
    expect((await host().http.post(`/v2/admin/clubs/${Unknown}/deactivate`, { reason: "Unknown club reason" }, admin.headers)).status).toBe(404)
    const answers = await Promise.all([
      host().http.post(`/v2/admin/clubs/${club.id}/deactivate`, { reason: "First concurrent reason" }, admin.headers),
      host().http.post(`/v2/admin/clubs/${club.id}/deactivate`, { reason: "Second concurrent reason" }, admin.headers)
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
  })
})

describe("admin clubs: verification badge", () => {
  it("approves, refuses a second approval, revokes with a reason and approves again", async () => {
    const { club } = await clubIn(host(), "ACTIVE", { slug: freshSlug("verif") })
    const queue = await host().http.get("/v2/admin/clubs/verification-queue?limit=100", admin.headers)
    expect(queue.status).toBe(200)
    expect(ids(queue)).toContain(club.id)
    const approved = await host().http.post(`/v2/admin/clubs/${club.id}/verify-approve`, {}, admin.headers)
    expect(approved.body.data).toMatchObject({ verificationStatus: "VERIFIED", verificationReason: null })
    expect(ids(await host().http.get("/v2/admin/clubs/verification-queue?limit=100", admin.headers))).not.toContain(club.id)
    const again = await host().http.post(`/v2/admin/clubs/${club.id}/verify-approve`, {}, admin.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("CLUB_OVERSIGHT_MOVE_REFUSED")
    expect((await host().http.get(`/v2/clubs/${club.id}/summary`)).body.data).toMatchObject({ verified: true })
    const reason = "Official documents expired"
    const rejected = await host().http.post(`/v2/admin/clubs/${club.id}/verify-reject`, { reason }, admin.headers)
    expect(rejected.body.data).toMatchObject({ verificationStatus: "REJECTED", verificationReason: reason })
    expect((await host().http.post(`/v2/admin/clubs/${club.id}/verify-reject`, { reason }, admin.headers)).status).toBe(409)
    expect((await host().http.post(`/v2/admin/clubs/${club.id}/verify-reject`, { reason: "short" }, admin.headers)).status).toBe(400)
    expect((await host().http.post(`/v2/admin/clubs/${club.id}/verify-approve`, {}, admin.headers)).body.data.verificationStatus).toBe("VERIFIED")
    expect(await audit(club.id)).toEqual(expect.arrayContaining(["club.verification.approved", "club.verification.rejected"]))
  })

  it("serves the same queue and moves under /v2/admin/verification/clubs", async () => {
    const { club } = await clubIn(host(), "ACTIVE", { slug: freshSlug("vq") })
    const list = await host().http.get(`/v2/admin/verification/clubs?search=${club.slug}`, admin.headers)
    expect(list.status).toBe(200)
    expect(ids(list)).toEqual([club.id])
    const record = await host().http.get(`/v2/admin/verification/clubs/${club.id}`, admin.headers)
    expect(record.body.data).toMatchObject({ id: club.id, verificationStatus: "NONE", memberCount: 1 })
    expect((await host().http.get(`/v2/admin/verification/clubs/${Unknown}`, admin.headers)).status).toBe(404)
    const rejected = await host().http.post(`/v2/admin/verification/clubs/${club.id}/reject`, { reason: "Club name misleading" }, admin.headers)
    expect(rejected.body.data.verificationStatus).toBe("REJECTED")
    expect(ids(await host().http.get(`/v2/admin/verification/clubs?verificationStatus=REJECTED&search=${club.slug}`, admin.headers))).toEqual([club.id])
    const approved = await host().http.post(`/v2/admin/verification/clubs/${club.id}/approve`, {}, admin.headers)
    expect(approved.body.data.verificationStatus).toBe("VERIFIED")
    expect((await host().http.post(`/v2/admin/verification/clubs/${club.id}/approve`, {}, admin.headers)).status).toBe(409)
    const both = await Promise.all([
      host().http.post(`/v2/admin/verification/clubs/${club.id}/reject`, { reason: "Concurrent reject one" }, admin.headers),
      host().http.post(`/v2/admin/clubs/${club.id}/verify-reject`, { reason: "Concurrent reject two" }, admin.headers)
    ])
    expect(both.map((a) => a.status).sort()).toEqual([200, 409])
  })
})

describe("admin clubs: members", () => {
  it("lists memberships with filters", async () => {
    const { club, member } = await seedClub(host())
    const all = await host().http.get(`/v2/admin/clubs/${club.id}/members`, admin.headers)
    expect(all.status).toBe(200)
    expect(all.body.data.items.map((m: { role: string }) => m.role)).toEqual(["OWNER", "ADMIN", "MODERATOR", "MEMBER"])
    const members = await host().http.get(`/v2/admin/clubs/${club.id}/members?role=MEMBER&status=ACTIVE`, admin.headers)
    expect(members.body.data.items.map((m: { userId: string }) => m.userId)).toEqual([member.user.id])
    expect((await host().http.get(`/v2/admin/clubs/${Unknown}/members`, admin.headers)).status).toBe(404)
    expect((await host().http.get(`/v2/admin/clubs/${club.id}/members?status=GONE`, admin.headers)).status).toBe(400)
  })

  it("adds a member with a role, refuses duplicates and unknown athletes, and validates", async () => {
    const { club } = await clubIn(host(), "ACTIVE")
    const athlete = await newAthlete(host())
    const added = await host().http.post(`/v2/admin/clubs/${club.id}/members`, { userId: athlete.user.id, role: "MODERATOR" }, admin.headers)
    expect(added.status).toBe(201)
    expect(added.body.data).toMatchObject({ member: { userId: athlete.user.id, role: "MODERATOR", status: "ACTIVE" }, invite: null, token: null })
    const dup = await host().http.post(`/v2/admin/clubs/${club.id}/members`, { userId: athlete.user.id }, admin.headers)
    expect(dup.status).toBe(409)
    expect(dup.body.code).toBe("CLUB_ALREADY_MEMBER")
    const unknown = await host().http.post(`/v2/admin/clubs/${club.id}/members`, { userId: Unknown }, admin.headers)
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe("USER_NOT_FOUND")
    const missing = await host().http.post(`/v2/admin/clubs/${club.id}/members`, {}, admin.headers)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(["userId is required when mode is ADD"])
    const bad = await host().http.post(`/v2/admin/clubs/${club.id}/members`, { userId: "nope", role: "KING" }, admin.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toHaveLength(2)
    // A pending request is approved by an ADD.
    const { club: gated } = await clubIn(host(), "ACTIVE", { requiresApproval: true })
    const pending = await newAthlete(host())
    await host().http.post(`/v2/clubs/${gated.id}/join`, {}, pending.headers)
    const approved = await host().http.post(`/v2/admin/clubs/${gated.id}/members`, { userId: pending.user.id, role: "MEMBER" }, admin.headers)
    expect(approved.body.data.member).toMatchObject({ status: "ACTIVE" })
    expect(await audit(club.id)).toContain("club.admin.member.added")
  })

  it("walks the legal status moves and refuses the illegal ones", async () => {
    const { club } = await clubIn(host(), "ACTIVE", { requiresApproval: true })
    const athlete = await newAthlete(host())
    await host().http.post(`/v2/clubs/${club.id}/join`, {}, athlete.headers)
    const path = memberPath(club.id, athlete.user.id)
    // PENDING → ACTIVE (approve)
    expect((await host().http.patch(path, { status: "ACTIVE" }, admin.headers)).body.data.status).toBe("ACTIVE")
    // ACTIVE → ACTIVE is not a move
    const same = await host().http.patch(path, { status: "ACTIVE" }, admin.headers)
    expect(same.status).toBe(409)
    expect(same.body.code).toBe("CLUB_MEMBERSHIP_MOVE_REFUSED")
    // role change
    expect((await host().http.patch(path, { role: "ADMIN" }, admin.headers)).body.data).toMatchObject({ role: "ADMIN", status: "ACTIVE" })
    // ACTIVE → REMOVED, then REMOVED again refused
    expect((await host().http.patch(path, { status: "REMOVED" }, admin.headers)).body.data.status).toBe("REMOVED")
    expect((await host().http.delete(path, undefined, admin.headers)).status).toBe(409)
    expect((await host().http.patch(path, { role: "MEMBER" }, admin.headers)).status).toBe(409)
    // REMOVED → ACTIVE (reinstate)
    expect((await host().http.patch(path, { status: "ACTIVE" }, admin.headers)).body.data.status).toBe("ACTIVE")
    // DELETE: ACTIVE → REMOVED
    expect((await host().http.delete(path, undefined, admin.headers)).body.data.status).toBe("REMOVED")
    // LEFT cannot be moved by an admin
    const leaver = await newAthlete(host())
    await host().http.post(`/v2/admin/clubs/${club.id}/members`, { userId: leaver.user.id }, admin.headers)
    await host().http.post(`/v2/clubs/${club.id}/leave`, {}, leaver.headers)
    expect((await host().http.patch(memberPath(club.id, leaver.user.id), { status: "ACTIVE" }, admin.headers)).status).toBe(409)
    expect((await host().http.patch(memberPath(club.id, leaver.user.id), { status: "REMOVED" }, admin.headers)).status).toBe(409)
    // Validation and unknown members
    const empty = await host().http.patch(path, {}, admin.headers)
    expect(empty.status).toBe(400)
    expect(empty.body.message).toEqual(["role or status is required"])
    expect((await host().http.patch(path, { status: "LEFT" }, admin.headers)).status).toBe(400)
    const nobody = await host().http.patch(memberPath(club.id, Unknown), { status: "ACTIVE" }, admin.headers)
    expect(nobody.status).toBe(404)
    expect(nobody.body.code).toBe("CLUB_MEMBERSHIP_NOT_FOUND")
    expect((await host().http.delete(memberPath(Unknown, athlete.user.id), undefined, admin.headers)).status).toBe(404)
    expect(await audit(club.id)).toEqual(expect.arrayContaining([
      "club.admin.member.approved",
      "club.admin.member.role_changed",
      "club.admin.member.removed",
      "club.admin.member.reinstated"
    ]))
  })

  it("never removes or demotes the last OWNER (409 CLUB_LAST_OWNER)", async () => {
    const { club, owner } = await clubIn(host(), "ACTIVE")
    const path = memberPath(club.id, owner.user.id)
    const demote = await host().http.patch(path, { role: "ADMIN" }, admin.headers)
    expect(demote.status).toBe(409)
    expect(demote.body.code).toBe("CLUB_LAST_OWNER")
    expect((await host().http.delete(path, undefined, admin.headers)).body.code).toBe("CLUB_LAST_OWNER")
    expect((await host().http.patch(path, { status: "REMOVED" }, admin.headers)).body.code).toBe("CLUB_LAST_OWNER")
    const second = await addMember(host(), club.id, "OWNER")
    expect((await host().http.patch(path, { role: "ADMIN" }, admin.headers)).body.data.role).toBe("ADMIN")
    expect((await host().http.delete(memberPath(club.id, second.user.id), undefined, admin.headers)).body.code).toBe("CLUB_LAST_OWNER")
  })

  it("lets only one of two concurrent owner demotions pass", async () => {
    const { club, owner } = await clubIn(host(), "ACTIVE")
    const second = await addMember(host(), club.id, "OWNER")
    const answers = await Promise.all([
      host().http.patch(memberPath(club.id, owner.user.id), { role: "MEMBER" }, admin.headers),
      host().http.delete(memberPath(club.id, second.user.id), undefined, admin.headers)
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const owners = await host().http.get(`/v2/admin/clubs/${club.id}/members?role=OWNER&status=ACTIVE`, admin.headers)
    expect(owners.body.data.total).toBe(1)
  })
})
