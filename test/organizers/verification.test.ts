/**
 * Admin verification of organizers through the real host: the queue by approval status with KYC
 * state and partner-A tag, the full record (KYC with the clear bank number), approve / reject with
 * the reason verbatim, illegal moves 409, the tag, permission guard and audit rows.
 */
import { Platform } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { organizerIn, reviewer, submitKyc } from "./kyc-support.js"
import { newAdmin } from "./support.js"

const host = realHostOf(import.meta.url)
let admin: { headers: Record<string, string> }
beforeAll(async () => {
  admin = await reviewer(host)
}, 60_000)


describe("organizer verification", () => {
  it("lists organizers to verify (default PENDING) with their KYC state, and shows the full record", async () => {
    const org = await organizerIn(host, "PENDING", "Verify Me")
    const kyc = await submitKyc(host, org)
    const approvedOrg = await organizerIn(host, "APPROVED", "Already Approved")
    const queue = await host.http.request("GET", `/v2/admin/verification/organizers?limit=100`, undefined, admin.headers)
    expect(queue.status).toBe(200)
    const rows = queue.body.data.data as Array<{ id: string; approvalStatus: string }>
    expect(rows.every((r) => r.approvalStatus === "PENDING")).toBe(true)
    expect(rows.find((r) => r.id === org.id)).toMatchObject({
      id: org.id,
      organizerId: org.id,
      name: "Verify Me",
      partnerATag: false,
      kyc: { id: kyc.id, status: "UNDER_REVIEW" }
    })
    expect(rows.some((r) => r.id === approvedOrg.id)).toBe(false)
    const approvedList = await host.http.request("GET", `/v2/admin/verification/organizers?state=APPROVED&limit=100`, undefined, admin.headers)
    expect(approvedList.body.data.data.some((r: { id: string }) => r.id === approvedOrg.id)).toBe(true)
    expect((await host.http.request("GET", `/v2/admin/verification/organizers?state=NOPE`, undefined, admin.headers)).status).toBe(400)

    const record = await host.http.request("GET", `/v2/admin/verification/organizers/${org.id}`, undefined, admin.headers)
    expect(record.status).toBe(200)
    expect(record.body.data).toMatchObject({
      organizer: { id: org.id, approvalStatus: "PENDING" },
      kyc: { id: kyc.id, bankAccountDetails: { accountNumber: "123456789012", masked: false } },
      partnerATag: false
    })
    expect((await host.http.request("GET", `/v2/admin/verification/organizers/${approvedOrg.id}`, undefined, admin.headers)).body.data.kyc).toBeNull()
    expect((await host.http.request("GET", `/v2/admin/verification/organizers/00000000-0000-4000-8000-000000000000`, undefined, admin.headers)).status).toBe(404)
  })

  it("rejects a PENDING organizer with the reason verbatim, then approves it; illegal moves are 409", async () => {
    const org = await organizerIn(host, "PENDING")
    const short = await host.http.request("POST", `/v2/admin/verification/organizers/${org.id}/reject`, { reason: "short" }, admin.headers)
    expect(short.status).toBe(400)
    const reason = "Company name does not match the PAN card."
    const rejected = await host.http.request("POST", `/v2/admin/verification/organizers/${org.id}/reject`, { reason }, admin.headers)
    expect(rejected.status).toBe(200)
    expect(rejected.body.data).toMatchObject({ id: org.id, approvalStatus: "REJECTED", reviewReason: reason })
    expect((await host.http.request("POST", `/v2/admin/verification/organizers/${org.id}/reject`, { reason }, admin.headers)).status).toBe(409)
    const approved = await host.http.request("POST", `/v2/admin/verification/organizers/${org.id}/approve`, undefined, admin.headers)
    expect(approved.status).toBe(200)
    expect(approved.body.data).toMatchObject({ approvalStatus: "APPROVED", reviewReason: null })
    const again = await host.http.request("POST", `/v2/admin/verification/organizers/${org.id}/approve`, undefined, admin.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("ORGANIZER_VERIFICATION_STATE")
    expect((await host.http.request("POST", `/v2/admin/verification/organizers/${org.id}/reject`, { reason }, admin.headers)).status).toBe(409)
    const rows = await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: org.id, limit: 20 })))
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(["organizer.verification.rejected", "organizer.verification.approved"]))
  })

  it("sets and clears the partner-A tag", async () => {
    const org = await organizerIn(host, "APPROVED")
    const on = await host.http.request("PATCH", `/v2/admin/verification/organizers/${org.id}/partner-a-tag`, { enabled: true }, admin.headers)
    expect(on.status).toBe(200)
    expect(on.body.data).toEqual({ organizerId: org.id, partnerATag: true })
    expect((await host.http.request("GET", `/v2/admin/verification/organizers/${org.id}`, undefined, admin.headers)).body.data.partnerATag).toBe(true)
    const off = await host.http.request("PATCH", `/v2/admin/verification/organizers/${org.id}/partner-a-tag`, { enabled: false }, admin.headers)
    expect(off.body.data.partnerATag).toBe(false)
    const bad = await host.http.request("PATCH", `/v2/admin/verification/organizers/${org.id}/partner-a-tag`, { enabled: "yes" }, admin.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["enabled must be a boolean value"])
    expect((await host.http.request("PATCH", `/v2/admin/verification/organizers/not-a-uuid/partner-a-tag`, { enabled: true }, admin.headers)).status).toBe(404)
  })

  it("answers only admins holding organizers.review", async () => {
    const org = await organizerIn(host, "PENDING")
    const plain = await newAdmin(host)
    for (const [method, path, body] of [
      ["GET", "/v2/admin/verification/organizers", undefined],
      ["GET", `/v2/admin/verification/organizers/${org.id}`, undefined],
      ["POST", `/v2/admin/verification/organizers/${org.id}/approve`, undefined],
      ["POST", `/v2/admin/verification/organizers/${org.id}/reject`, { reason: "Long enough reason here" }],
      ["PATCH", `/v2/admin/verification/organizers/${org.id}/partner-a-tag`, { enabled: true }]
    ] as const) {
      expect((await host.http.request(method, path, body, plain.headers)).status).toBe(403)
      expect((await host.http.request(method, path, body, org.owner.headers)).status).toBe(403)
      expect((await host.http.request(method, path, body)).status).toBe(401)
    }
  })
})
