/**
 * Organizer business KYC through the real host: the multipart submission's required-document rules
 * and file checks (type by content, 5 MB), the masked and admin reads with signed document URLs,
 * edits only while REJECTED or RESUBMIT, the admin queue and review moves (reason verbatim, illegal
 * moves 409, concurrent double approval), the public resubmit with its rate limits, the organizer
 * approval status that follows the review, and the audit rows.
 */
import { Organizers, Platform } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { fullKyc, organizerIn, pdf, png, reviewer, submitKyc } from "./kyc-support.js"
import { multipart, newAdmin, newAthlete, pngOfSize } from "./support.js"

const host = realHostOf(import.meta.url)
let admin: { headers: Record<string, string> }
beforeAll(async () => {
  admin = await reviewer(host)
}, 60_000)

const kycPath = (id: string) => `/v2/organizers/${id}/business-kyc`
const organizerStatus = async (id: string) => {
  const org = await host.run(Effect.flatMap(Organizers.OrganizerRepo, (r) => r.findById(id)))
  return org._tag === "Some" ? org.value : undefined
}
const auditActions = async (id: string) =>
  (await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: id, limit: 50 })))).map((r) => r.action)

describe("business KYC submission", () => {
  it("accepts a complete submission: UNDER_REVIEW, documents as signed private URLs, bank number masked to the team", async () => {
    const org = await organizerIn(host, "PENDING")
    const res = await multipart(host, "POST", kycPath(org.id), fullKyc(), org.owner.headers)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ status: 201, statusText: "CREATED" })
    const kyc = res.body.data
    expect(kyc).toMatchObject({
      organizerId: org.id,
      status: "UNDER_REVIEW",
      bankAccountDetails: { accountNumber: "XXXXXX9012", ifscCode: "HDFC0001234", masked: true },
      websiteOrAppUrl: "https://runners.example",
      businessDescription: "Running events across Maharashtra",
      reviewReason: null
    })
    expect(kyc.documents.declarationForm).toBeNull()
    expect(kyc.documents.shopEstablishmentLicense).toBeNull()
    expect(kyc.documents.businessRegistrationCertificate).toMatch(/^\/v2\/media\/content\/[^/]+\?download=0$/)
    const doc = await host.http.get(kyc.documents.panCard)
    expect(doc.status).toBe(200)
    expect(doc.headers.get("content-type")).toBe("image/png")
    expect(doc.headers.get("cache-control")).toBe("no-store")
    expect(await auditActions(org.id)).toContain("organizer.kyc.submitted")

    // The bank account number is sealed at rest: the stored row has no clear number.
    const stored = await host.run(Effect.flatMap(Organizers.KycRepo, (r) => r.findByOrganizer(org.id)))
    expect(stored._tag).toBe("Some")
    if (stored._tag === "Some") {
      expect(stored.value.bankAccount?.last4).toBe("9012")
      expect(stored.value.bankAccount?.sealed).not.toContain("123456789012")
    }

    const again = await multipart(host, "POST", kycPath(org.id), fullKyc(), org.owner.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("KYC_ALREADY_SUBMITTED")
  })

  it("accepts the signed declaration form instead of the GST certificate", async () => {
    const org = await organizerIn(host, "PENDING")
    const { gstRegistrationCertificate: _, ...rest } = fullKyc()
    const res = await multipart(host, "POST", kycPath(org.id), { ...rest, declarationForm: pdf("declaration.pdf") }, org.admin.headers)
    expect(res.status).toBe(201)
    expect(res.body.data.documents.gstRegistrationCertificate).toBeNull()
    expect(res.body.data.documents.declarationForm).toMatch(/^\/v2\/media\/content\//)
  })

  it("refuses missing required documents, bad fields, wrong file types and oversized files with 400 messages", async () => {
    const org = await organizerIn(host, "PENDING")
    const missing = await multipart(host, "POST", kycPath(org.id), { businessDescription: "Only text" }, org.owner.headers)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual([
      "businessRegistrationCertificate is required",
      "panCard is required",
      "gstRegistrationCertificate is required unless declarationForm is given",
      "declarationForm is required unless gstRegistrationCertificate is given"
    ])
    const fields = await multipart(host, "POST", kycPath(org.id), {
      ...fullKyc(),
      "bankAccountDetails[accountNumber]": "12ab",
      "bankAccountDetails[ifscCode]": "hdfc1",
      websiteOrAppUrl: "not a url"
    }, org.owner.headers)
    expect(fields.status).toBe(400)
    expect(fields.body.message).toEqual(expect.arrayContaining([
      "bankAccountDetails[accountNumber] must be a bank account number of 9 to 18 digits",
      "bankAccountDetails[ifscCode] must be a valid IFSC code",
      "websiteOrAppUrl must be a URL address"
    ]))
    const wrongType = await multipart(host, "POST", kycPath(org.id), {
      ...fullKyc(),
      panCard: { bytes: new TextEncoder().encode("GIF89a fake"), name: "pan.pdf", type: "application/pdf" }
    }, org.owner.headers)
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.message).toEqual(["panCard must be a file of type PDF, JPG, PNG"])
    const tooLarge = await multipart(host, "POST", kycPath(org.id), {
      ...fullKyc(),
      addressProof: { bytes: pngOfSize(5 * 1024 * 1024 + 1), name: "address.png", type: "image/png" }
    }, org.owner.headers)
    expect(tooLarge.status).toBe(400)
    expect(tooLarge.body.message).toEqual(["addressProof must be at most 5 MB"])
    // Nothing was stored by the refused attempts.
    expect((await host.http.request("GET", kycPath(org.id), undefined, org.owner.headers)).status).toBe(404)
  })

  it("lets only the organizer's OWNER/ADMIN submit and read; admins read any KYC with the full bank number", async () => {
    const org = await organizerIn(host, "PENDING")
    const other = await organizerIn(host, "PENDING", "Other Kyc Org")
    const athlete = await newAthlete(host)
    expect((await multipart(host, "POST", kycPath(org.id), fullKyc(), org.viewer.headers)).status).toBe(403)
    expect((await multipart(host, "POST", kycPath(org.id), fullKyc(), other.owner.headers)).status).toBe(403)
    expect((await multipart(host, "POST", kycPath(org.id), fullKyc(), athlete.headers)).status).toBe(403)
    expect((await multipart(host, "POST", kycPath(org.id), fullKyc())).status).toBe(401)
    await submitKyc(host, org)

    const own = await host.http.request("GET", kycPath(org.id), undefined, org.admin.headers)
    expect(own.status).toBe(200)
    expect(own.body.data.bankAccountDetails).toEqual({ accountNumber: "XXXXXX9012", ifscCode: "HDFC0001234", masked: true })
    expect((await host.http.request("GET", kycPath(org.id), undefined, org.viewer.headers)).status).toBe(403)
    expect((await host.http.request("GET", kycPath(org.id), undefined, other.owner.headers)).status).toBe(403)
    const asAdmin = await host.http.request("GET", kycPath(org.id), undefined, (await newAdmin(host)).headers)
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.body.data.bankAccountDetails).toEqual({ accountNumber: "123456789012", ifscCode: "HDFC0001234", masked: false })
    expect((await host.http.request("GET", kycPath(other.id), undefined, admin.headers)).status).toBe(404)
  })
})

describe("business KYC review", () => {
  it("lists the admin queue (default UNDER_REVIEW) with id and organizerId, only to admins with organizers.review", async () => {
    const org = await organizerIn(host, "PENDING")
    const kyc = await submitKyc(host, org)
    const queue = await host.http.request("GET", "/v2/admin/organizer-kyc?limit=100", undefined, admin.headers)
    expect(queue.status).toBe(200)
    expect(queue.body.data).toMatchObject({ page: 1 })
    const row = queue.body.data.data.find((r: { id: string }) => r.id === kyc.id)
    expect(row).toMatchObject({ id: kyc.id, organizerId: org.id, status: "UNDER_REVIEW" })
    expect(queue.body.data.data.every((r: { status: string }) => r.status === "UNDER_REVIEW")).toBe(true)
    const approved = await host.http.request("GET", "/v2/admin/organizer-kyc?state=APPROVED", undefined, admin.headers)
    expect(approved.body.data.data.some((r: { id: string }) => r.id === kyc.id)).toBe(false)
    const bad = await host.http.request("GET", "/v2/admin/organizer-kyc?state=NOPE&limit=0", undefined, admin.headers)
    expect(bad.status).toBe(400)

    const plainAdmin = await newAdmin(host)
    const denied = await host.http.request("GET", "/v2/admin/organizer-kyc", undefined, plainAdmin.headers)
    expect(denied.status).toBe(403)
    expect(denied.body.code).toBe("ADMIN_PERMISSION_REQUIRED")
    expect((await host.http.request("POST", `/v2/admin/organizer-kyc/${kyc.id}/approve`, undefined, plainAdmin.headers)).status).toBe(403)
    expect((await host.http.request("POST", `/v2/admin/organizer-kyc/${kyc.id}/approve`, undefined, org.owner.headers)).status).toBe(403)
    expect((await host.http.request("GET", "/v2/admin/organizer-kyc")).status).toBe(401)
  })

  it("rejects with the reason verbatim, lets the organizer edit only supplied fields, resubmit publicly and get approved", async () => {
    const org = await organizerIn(host, "PENDING")
    const kyc = await submitKyc(host, org)
    const before = (await host.http.request("GET", kycPath(org.id), undefined, org.owner.headers)).body.data

    // Locked while UNDER_REVIEW.
    const locked = await multipart(host, "PATCH", kycPath(org.id), { businessDescription: "Changed" }, org.owner.headers)
    expect(locked.status).toBe(409)
    expect(locked.body.code).toBe("ORGANIZER_KYC_LOCKED")

    const short = await host.http.request("POST", `/v2/admin/organizer-kyc/${kyc.id}/reject`, { reason: "too short" }, admin.headers)
    expect(short.status).toBe(400)
    expect(short.body.message).toEqual(["reason must be longer than or equal to 10 and shorter than or equal to 500 characters"])
    const reason = "  PAN card is unreadable — please upload a clearer scan.  "
    const rejected = await host.http.request("POST", `/v2/admin/organizer-kyc/${kyc.id}/reject`, { reason }, admin.headers)
    expect(rejected.status).toBe(200)
    expect(rejected.body.data).toEqual({ id: kyc.id, organizerId: org.id, status: "REJECTED", reviewReason: reason })
    expect((await host.http.request("GET", kycPath(org.id), undefined, org.owner.headers)).body.data.reviewReason).toBe(reason)
    expect((await organizerStatus(org.id))?.approvalStatus).toBe("REJECTED")
    // Illegal moves from REJECTED.
    expect((await host.http.request("POST", `/v2/admin/organizer-kyc/${kyc.id}/approve`, undefined, admin.headers)).status).toBe(409)
    expect((await host.http.request("POST", `/v2/admin/organizer-kyc/${kyc.id}/reject`, { reason }, admin.headers)).status).toBe(409)

    // Only supplied fields and documents change.
    const patched = await multipart(host, "PATCH", kycPath(org.id), {
      businessDescription: "Running and cycling events",
      panCard: pdf("pan-clear.pdf"),
      "bankAccountDetails[accountNumber]": "998877665544"
    }, org.owner.headers)
    expect(patched.status).toBe(200)
    const after = patched.body.data
    expect(after).toMatchObject({
      status: "REJECTED",
      businessDescription: "Running and cycling events",
      websiteOrAppUrl: before.websiteOrAppUrl,
      bankAccountDetails: { accountNumber: "XXXXXX5544", ifscCode: "HDFC0001234", masked: true }
    })
    expect(after.documents.businessRegistrationCertificate).not.toBeNull()
    expect(after.documents.gstRegistrationCertificate).not.toBeNull()
    const pan = await host.http.get(after.documents.panCard)
    expect(pan.headers.get("content-type")).toBe("application/pdf")
    const badPatch = await multipart(host, "PATCH", kycPath(org.id), { cancelledCheque: png("x.png"), aadhaarCard: { bytes: new Uint8Array([1, 2, 3]), name: "a.png" } }, org.owner.headers)
    expect(badPatch.status).toBe(400)
    expect(badPatch.body.message).toEqual(["aadhaarCard must be a file of type PDF, JPG, PNG"])

    // Public resubmit: no token.
    const resubmitted = await host.http.request("POST", `/v2/organizers/${org.id}/kyc/resubmit`)
    expect(resubmitted.status).toBe(201)
    expect(resubmitted.body.data).toEqual({ id: kyc.id, organizerId: org.id, status: "UNDER_REVIEW", reviewReason: null })
    expect((await organizerStatus(org.id))?.approvalStatus).toBe("PENDING")
    expect((await host.http.request("POST", `/v2/organizers/${org.id}/kyc/resubmit`)).status).toBe(409)

    const approved = await host.http.request("POST", `/v2/admin/organizer-kyc/${kyc.id}/approve`, undefined, admin.headers)
    expect(approved.status).toBe(200)
    expect(approved.body.data).toMatchObject({ status: "APPROVED", reviewReason: null })
    expect((await organizerStatus(org.id))?.approvalStatus).toBe("APPROVED")
    const lockedAgain = await multipart(host, "PATCH", kycPath(org.id), { businessDescription: "Changed" }, org.owner.headers)
    expect(lockedAgain.status).toBe(409)
    expect((await host.http.request("POST", `/v2/organizers/${org.id}/kyc/resubmit`)).status).toBe(409)

    expect(await auditActions(org.id)).toEqual(expect.arrayContaining([
      "organizer.kyc.submitted",
      "organizer.kyc.rejected",
      "organizer.kyc.updated",
      "organizer.kyc.resubmitted",
      "organizer.kyc.approved"
    ]))
  })

  it("lets exactly one of two concurrent approvals win; the other gets 409", async () => {
    const org = await organizerIn(host, "PENDING")
    const kyc = await submitKyc(host, org)
    const second = await reviewer(host)
    const results = await Promise.all([
      host.http.request("POST", `/v2/admin/organizer-kyc/${kyc.id}/approve`, undefined, admin.headers),
      host.http.request("POST", `/v2/admin/organizer-kyc/${kyc.id}/approve`, undefined, second.headers),
      host.http.request("POST", `/v2/admin/organizer-kyc/${kyc.id}/reject`, { reason: "Concurrent rejection attempt" }, second.headers)
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409])
    expect((await auditActions(org.id)).filter((a) => a === "organizer.kyc.approved" || a === "organizer.kyc.rejected")).toHaveLength(1)
  })

  it("answers 404 for unknown KYC ids and organizers", async () => {
    expect((await host.http.request("POST", "/v2/admin/organizer-kyc/00000000-0000-4000-8000-000000000000/approve", undefined, admin.headers)).status).toBe(404)
    expect((await host.http.request("POST", "/v2/admin/organizer-kyc/not-a-uuid/reject", { reason: "A reason long enough" }, admin.headers)).status).toBe(404)
    expect((await host.http.request("POST", "/v2/organizers/00000000-0000-4000-8000-000000000001/kyc/resubmit")).status).toBe(404)
  })

  it("lets an organizer asked to resubmit (RESUBMIT) resubmit publicly", async () => {
    const org = await organizerIn(host, "PENDING")
    const kyc = await submitKyc(host, org)
    const reviewerPrincipal = { accountKind: "admin", accountId: (await reviewer(host)).admin.id, role: "admin", sessionId: "s" } as never
    const moved = await host.run(Organizers.requestKycResubmission(reviewerPrincipal, kyc.id, "Please add the shop establishment licence"))
    expect(moved.status).toBe("RESUBMIT")
    const patched = await multipart(host, "PATCH", kycPath(org.id), { shopEstablishmentLicense: pdf("shop.pdf") }, org.owner.headers)
    expect(patched.status).toBe(200)
    expect(patched.body.data.reviewReason).toBe("Please add the shop establishment licence")
    const res = await host.http.request("POST", `/v2/organizers/${org.id}/kyc/resubmit`)
    expect(res.status).toBe(201)
    expect(res.body.data.status).toBe("UNDER_REVIEW")
    // The organizer was never REJECTED, so its approval status stays PENDING.
    expect((await organizerStatus(org.id))?.approvalStatus).toBe("PENDING")
  })
})

describe("public KYC resubmit limits", () => {
  it("limits resubmissions per organizer", async () => {
    const id = "00000000-0000-4000-8000-0000000000aa"
    const answers: Array<number> = []
    for (let i = 0; i < Organizers.KycResubmitLimits.perOrganizer.limit + 1; i++) {
      answers.push((await host.http.request("POST", `/v2/organizers/${id}/kyc/resubmit`)).status)
    }
    expect(answers.slice(0, -1).every((s) => s === 404)).toBe(true)
    const last = await host.http.request("POST", `/v2/organizers/${id}/kyc/resubmit`)
    expect(last.status).toBe(429)
    expect(last.body.code).toBe("KYC_RESUBMIT_RATE_LIMITED")
  })

  it("limits resubmissions per client address across organizers", async () => {
    let status = 0
    let calls = 0
    while (calls < Organizers.KycResubmitLimits.perIp.limit + 1) {
      calls++
      const id = `00000000-0000-4000-8000-${String(calls).padStart(12, "0")}`
      status = (await host.http.request("POST", `/v2/organizers/${id}/kyc/resubmit`)).status
      if (status === 429) break
    }
    expect(status).toBe(429)
    expect(calls).toBeLessThanOrEqual(Organizers.KycResubmitLimits.perIp.limit + 1)
  })
})
