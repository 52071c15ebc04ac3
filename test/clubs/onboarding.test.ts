/**
 * Club onboarding through the real host (A section 3): submit (DRAFT → PENDING_APPROVAL, OWNER
 * only), the admin queue and review (approve → ACTIVE; reject → SUSPENDED with the reason verbatim),
 * resubmit (SUSPENDED → PENDING_APPROVAL, reason cleared), every illegal move 409, concurrent
 * approvals with exactly one winner, audit rows, and the admin permission.
 */
import { Platform } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { useRealHost } from "../support/real-host.js"
import { addMember, clubAdmin, clubIn, createClub, newAthlete } from "./support.js"

const host = useRealHost(import.meta.url)
let admin: { headers: Record<string, string> }
beforeAll(async () => {
  admin = await clubAdmin(host())
}, 60_000)

const submit = (clubId: string, headers: Record<string, string>) => host().http.post(`/v2/clubs/onboarding/me/${clubId}/submit`, {}, headers)
const resubmit = (clubId: string, headers: Record<string, string>) => host().http.post(`/v2/clubs/onboarding/me/${clubId}/resubmit`, {}, headers)
const approve = (clubId: string) => host().http.post(`/v2/admin/club-onboarding/${clubId}/approve`, {}, admin.headers)
const reject = (clubId: string, reason: string) => host().http.post(`/v2/admin/club-onboarding/${clubId}/reject`, { reason }, admin.headers)
const audit = async (clubId: string) =>
  (await host().run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: clubId, limit: 20 })))).map((r) => r.action)

describe("club onboarding", () => {
  it("walks DRAFT → PENDING_APPROVAL → SUSPENDED → PENDING_APPROVAL → ACTIVE with the reason verbatim then cleared", async () => {
    const owner = await newAthlete(host())
    const club = await createClub(host(), owner)
    const submitted = await submit(club.id, owner.headers)
    expect(submitted.status).toBe(200)
    expect(submitted.body.data).toMatchObject({ status: "PENDING_APPROVAL", rejectionReason: null })
    expect(submitted.body.data.submittedAt).not.toBeNull()

    const queue = await host().http.get("/v2/admin/club-onboarding?limit=100", admin.headers)
    expect(queue.status).toBe(200)
    expect(queue.body.data.items.map((c: { id: string }) => c.id)).toContain(club.id)

    const reason = "  Logo is missing; add a club description  "
    const rejected = await reject(club.id, reason)
    expect(rejected.status).toBe(200)
    expect(rejected.body.data).toMatchObject({ status: "SUSPENDED", rejectionReason: reason })
    const mine = await host().http.get("/v2/clubs/onboarding/me", owner.headers)
    expect(mine.body.data).toEqual([expect.objectContaining({ id: club.id, status: "SUSPENDED", rejectionReason: reason })])
    const suspendedQueue = await host().http.get("/v2/admin/club-onboarding?status=SUSPENDED&limit=100", admin.headers)
    expect(suspendedQueue.body.data.items.map((c: { id: string }) => c.id)).toContain(club.id)

    const again = await resubmit(club.id, owner.headers)
    expect(again.body.data).toMatchObject({ status: "PENDING_APPROVAL", rejectionReason: null })
    const approved = await approve(club.id)
    expect(approved.body.data).toMatchObject({ status: "ACTIVE", rejectionReason: null })
    expect((await host().http.get(`/v2/clubs/${club.id}`)).status).toBe(200)
    expect(await audit(club.id)).toEqual(expect.arrayContaining([
      "club.created",
      "club.onboarding.submitted",
      "club.onboarding.rejected",
      "club.onboarding.resubmitted",
      "club.onboarding.approved"
    ]))
  })

  it("refuses every illegal move with 409 CLUB_ONBOARDING_MOVE_REFUSED", async () => {
    const { club: draft, owner } = await clubIn(host(), "DRAFT")
    expect((await approve(draft.id)).body.code).toBe("CLUB_ONBOARDING_MOVE_REFUSED")
    expect((await reject(draft.id, "Not ready for review")).status).toBe(409)
    expect((await resubmit(draft.id, owner.headers)).status).toBe(409)
    const { club: active, owner: activeOwner } = await clubIn(host(), "ACTIVE")
    expect((await submit(active.id, activeOwner.headers)).status).toBe(409)
    expect((await approve(active.id)).status).toBe(409)
    expect((await resubmit(active.id, activeOwner.headers)).status).toBe(409)
    const { club: pending, owner: pendingOwner } = await clubIn(host(), "PENDING_APPROVAL")
    expect((await submit(pending.id, pendingOwner.headers)).status).toBe(409)
    expect((await resubmit(pending.id, pendingOwner.headers)).status).toBe(409)
  })

  it("lets only the OWNER submit or resubmit (club ADMIN and strangers 403)", async () => {
    const { club } = await clubIn(host(), "DRAFT")
    const clubAdminMember = await addMember(host(), club.id, "ADMIN")
    expect((await submit(club.id, clubAdminMember.headers)).status).toBe(403)
    expect((await submit(club.id, (await newAthlete(host())).headers)).status).toBe(403)
    expect((await submit("00000000-0000-4000-8000-000000000000", (await newAthlete(host())).headers)).status).toBe(403)
    expect((await submit(club.id, {})).status).toBe(401)
  })

  it("validates the reject reason (10-500 characters) and the queue filter", async () => {
    const { club } = await clubIn(host(), "PENDING_APPROVAL")
    const short = await reject(club.id, "too short")
    expect(short.status).toBe(400)
    expect(short.body.message).toEqual([expect.stringContaining("reason")])
    expect((await reject(club.id, "x".repeat(501))).status).toBe(400)
    expect((await host().http.get("/v2/admin/club-onboarding?status=DRAFT", admin.headers)).status).toBe(400)
    expect((await approve("00000000-0000-4000-8000-000000000000")).status).toBe(404)
  })

  it("needs the clubs.review permission for the admin side", async () => {
    const { club } = await clubIn(host(), "PENDING_APPROVAL")
    const other = await clubAdmin(host(), ["notifications.manage"])
    expect((await host().http.get("/v2/admin/club-onboarding", other.headers)).status).toBe(403)
    expect((await host().http.post(`/v2/admin/club-onboarding/${club.id}/approve`, {}, other.headers)).status).toBe(403)
    const athlete = await newAthlete(host())
    expect((await host().http.post(`/v2/admin/club-onboarding/${club.id}/approve`, {}, athlete.headers)).status).toBe(403)
  })

  it("lets exactly one of two concurrent decisions win", async () => {
    const { club } = await clubIn(host(), "PENDING_APPROVAL")
    const answers = await Promise.all([approve(club.id), reject(club.id, "Concurrent rejection reason")])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
  })
})
