/**
 * Organizer oversight through the real host: the admin detail read, suspend (APPROVED only; every
 * team member's session is revoked at once, so their tokens are refused on the next request) and
 * unsuspend (back to APPROVED), illegal moves 409, reasons validated, permission-guarded, audited.
 */
import { Platform } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { organizerIn, reviewer, submitKyc } from "./kyc-support.js"
import { newAdmin, newAthlete, tokenFor } from "./support.js"

const host = realHostOf(import.meta.url)
let admin: { headers: Record<string, string> }
beforeAll(async () => {
  admin = await reviewer(host)
}, 60_000)

const reason = "Repeated refund complaints from athletes"

describe("organizer oversight", () => {
  it("shows an admin the organizer with its suspension, KYC state and team size", async () => {
    const org = await organizerIn(host, "PENDING")
    const detail = await host.http.request("GET", `/v2/admin/organizers/${org.id}`, undefined, admin.headers)
    expect(detail.status).toBe(200)
    expect(detail.body.data).toMatchObject({ id: org.id, approvalStatus: "PENDING", suspendedAt: null, suspendReason: null, teamSize: 3, kyc: null })
    const kyc = await submitKyc(host, org)
    const withKyc = await host.http.request("GET", `/v2/admin/organizers/${org.id}`, undefined, admin.headers)
    expect(withKyc.body.data.kyc).toEqual({ id: kyc.id, status: "UNDER_REVIEW", reviewReason: null })

    expect((await host.http.request("GET", "/v2/admin/organizers/00000000-0000-4000-8000-000000000000", undefined, admin.headers)).status).toBe(404)
    expect((await host.http.request("GET", `/v2/admin/organizers/${org.id}`, undefined, (await newAdmin(host)).headers)).status).toBe(403)
    expect((await host.http.request("GET", `/v2/admin/organizers/${org.id}`, undefined, org.owner.headers)).status).toBe(403)
    expect((await host.http.request("GET", `/v2/admin/organizers/${org.id}`)).status).toBe(401)
  })

  it("suspends an APPROVED organizer and revokes every team member's session at once", async () => {
    const org = await organizerIn(host, "APPROVED")
    // A second session of the owner, to show every session ends, not just one.
    const ownerAgain = await tokenFor(host, "organizer", org.owner.memberId)
    expect((await host.http.request("GET", "/v2/organizer/team", undefined, org.owner.headers)).status).toBe(200)

    const short = await host.http.request("POST", `/v2/admin/organizers/${org.id}/suspend`, { reason: "bad" }, admin.headers)
    expect(short.status).toBe(400)
    expect(short.body.message).toEqual(["reason must be longer than or equal to 10 and shorter than or equal to 500 characters"])

    const res = await host.http.request("POST", `/v2/admin/organizers/${org.id}/suspend`, { reason }, admin.headers)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: org.id, approvalStatus: "SUSPENDED", suspendReason: reason })
    expect(res.body.data.suspendedAt).not.toBeNull()
    expect(res.body.data.sessionsRevoked).toBeGreaterThanOrEqual(4)

    for (const headers of [org.owner.headers, ownerAgain, org.admin.headers, org.viewer.headers]) {
      const refused = await host.http.request("GET", "/v2/organizer/team", undefined, headers)
      expect(refused.status).toBe(401)
    }
    // A fresh sign-in of a member is refused by the tenancy policy while suspended.
    const fresh = await tokenFor(host, "organizer", org.owner.memberId)
    const blocked = await host.http.request("GET", `/v2/organizers/${org.id}`, undefined, fresh)
    expect(blocked.status).toBe(403)
    expect(blocked.body.code).toBe("ORGANIZER_SUSPENDED")

    const detail = await host.http.request("GET", `/v2/admin/organizers/${org.id}`, undefined, admin.headers)
    expect(detail.body.data).toMatchObject({ approvalStatus: "SUSPENDED", suspendReason: reason })

    const again = await host.http.request("POST", `/v2/admin/organizers/${org.id}/suspend`, { reason }, admin.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("ORGANIZER_NOT_APPROVED")

    const rows = await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: org.id, limit: 20 })))
    const suspended = rows.find((r) => r.action === "organizer.suspended")
    expect(suspended).toMatchObject({ actorKind: "admin", reason })
  })

  it("unsuspends back to APPROVED; the team gets access again with new sign-ins", async () => {
    const org = await organizerIn(host, "APPROVED")
    expect((await host.http.request("POST", `/v2/admin/organizers/${org.id}/unsuspend`, undefined, admin.headers)).status).toBe(409)
    expect((await host.http.request("POST", `/v2/admin/organizers/${org.id}/suspend`, { reason }, admin.headers)).status).toBe(200)
    const res = await host.http.request("POST", `/v2/admin/organizers/${org.id}/unsuspend`, undefined, admin.headers)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ approvalStatus: "APPROVED", suspendedAt: null, suspendReason: null })
    const again = await host.http.request("POST", `/v2/admin/organizers/${org.id}/unsuspend`, undefined, admin.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("ORGANIZER_NOT_SUSPENDED")
    const fresh = await tokenFor(host, "organizer", org.owner.memberId)
    expect((await host.http.request("GET", `/v2/organizers/${org.id}`, undefined, fresh)).status).toBe(200)
    const rows = await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: org.id, limit: 20 })))
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(["organizer.suspended", "organizer.unsuspended"]))
  })

  it("refuses to suspend an organizer that is not APPROVED, unknown ids, and callers without organizers.review", async () => {
    const pending = await organizerIn(host, "PENDING")
    const res = await host.http.request("POST", `/v2/admin/organizers/${pending.id}/suspend`, { reason }, admin.headers)
    expect(res.status).toBe(409)
    expect((await host.http.request("POST", "/v2/admin/organizers/not-a-uuid/suspend", { reason }, admin.headers)).status).toBe(404)
    const org = await organizerIn(host, "APPROVED")
    const plain = await newAdmin(host)
    const denied = await host.http.request("POST", `/v2/admin/organizers/${org.id}/suspend`, { reason }, plain.headers)
    expect(denied.status).toBe(403)
    expect(denied.body.code).toBe("ADMIN_PERMISSION_REQUIRED")
    expect((await host.http.request("POST", `/v2/admin/organizers/${org.id}/unsuspend`, undefined, plain.headers)).status).toBe(403)
    const athlete = await newAthlete(host)
    expect((await host.http.request("POST", `/v2/admin/organizers/${org.id}/suspend`, { reason }, athlete.headers)).status).toBe(403)
    expect((await host.http.request("POST", `/v2/admin/organizers/${org.id}/suspend`, { reason })).status).toBe(401)
  })

  it("lets exactly one of two concurrent suspensions win", async () => {
    const org = await organizerIn(host, "APPROVED")
    const results = await Promise.all([
      host.http.request("POST", `/v2/admin/organizers/${org.id}/suspend`, { reason }, admin.headers),
      host.http.request("POST", `/v2/admin/organizers/${org.id}/suspend`, { reason }, admin.headers)
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
  })
})
