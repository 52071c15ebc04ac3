/**
 * Club KYC through the real host (A section 3, B/C "Club KYC"): null reads before it starts, the
 * multipart save (create or update; only attached documents overwrite; PATCH partial), the bank
 * number sealed at rest and masked to the club (full to admins), the penny drop through the local
 * bank verifier's deterministic rules (verified, ACCOUNT_NOT_FOUND, ACCOUNT_BLOCKED, INVALID_IFSC,
 * outage 503) in exactly the C shapes, the account mismatch, the PAN format + consistency check,
 * submit prerequisites, the lock while UNDER_REVIEW or APPROVED, every legal and illegal review
 * move, reasons verbatim, concurrent approvals with exactly one winner, audit rows and tenancy.
 */
import { Clubs, Platform } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { multipart, PdfBytes, PngBytes } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { addMember, clubAdmin, newAthlete, seedClub } from "./support.js"

const host = useRealHost(import.meta.url)
let reviewer: { headers: Record<string, string> }
beforeAll(async () => {
  reviewer = await clubAdmin(host(), ["clubs.review"])
}, 60_000)

type Headers = Record<string, string>
type Seed = Awaited<ReturnType<typeof seedClub>>

const png = (name: string) => ({ bytes: PngBytes, name, type: "image/png" })
const pdf = (name: string) => ({ bytes: PdfBytes, name, type: "application/pdf" })

/** A complete form: account, IFSC from the local verifier's table, holder, PAN and the panCard. */
const fullForm = (over: Record<string, unknown> = {}) => ({
  "bankAccountDetails[accountNumber]": "123456789012",
  "bankAccountDetails[ifscCode]": "HDFC0000001",
  "bankAccountDetails[accountHolderName]": "Pune Pacers Club",
  panNumber: "ABCDE1234F",
  nameOnPan: "Pune Pacers Club",
  panCard: png("pan.png"),
  ...over
}) as Parameters<typeof multipart>[3]

const saveKyc = (clubId: string, form: Parameters<typeof multipart>[3], headers: Headers) => multipart(host(), "POST", `/v2/clubs/${clubId}/kyc`, form, headers)
const patchKyc = (clubId: string, form: Parameters<typeof multipart>[3], headers: Headers) => multipart(host(), "PATCH", `/v2/clubs/${clubId}/kyc`, form, headers)
const readKyc = (clubId: string, headers: Headers) => host().http.get(`/v2/clubs/${clubId}/kyc`, headers)
const verifyBank = (clubId: string, body: Record<string, unknown>, headers: Headers) => host().http.post(`/v2/clubs/${clubId}/kyc/verify-bank`, body, headers)
const verifyPan = (clubId: string, body: Record<string, unknown>, headers: Headers) => host().http.post(`/v2/clubs/${clubId}/kyc/verify-pan`, body, headers)
const submit = (clubId: string, headers: Headers) => host().http.post(`/v2/clubs/${clubId}/kyc/submit`, {}, headers)
const approve = (kycId: string) => host().http.post(`/v2/admin/club-kyc/${kycId}/approve`, {}, reviewer.headers)
const reject = (kycId: string, reason: string) => host().http.post(`/v2/admin/club-kyc/${kycId}/reject`, { reason }, reviewer.headers)
const requestResubmission = (kycId: string, reason: string) =>
  host().http.post(`/v2/admin/club-kyc/${kycId}/request-resubmission`, { reason }, reviewer.headers)
const byClub = (clubId: string) => host().http.get(`/v2/admin/club-kyc/by-club/${clubId}`, reviewer.headers)
const audit = async (clubId: string) =>
  (await host().run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: clubId, limit: 50 })))).map((r) => r.action)
const stored = async (clubId: string) => {
  const found = await host().run(Effect.flatMap(Clubs.ClubKycRepo, (r) => r.findByClub(clubId)))
  return found._tag === "Some" ? found.value : undefined
}

/** A club whose KYC is saved complete and penny-drop verified (DRAFT, ready to submit). */
const readyClub = async (): Promise<{ seed: Seed; kycId: string }> => {
  const seed = await seedClub(host())
  const saved = await saveKyc(seed.club.id, fullForm(), seed.owner.headers)
  expect(saved.status).toBe(200)
  const bank = await verifyBank(seed.club.id, {}, seed.owner.headers)
  expect(bank.body.data.verified).toBe(true)
  return { seed, kycId: saved.body.data.id }
}

/** A club whose KYC was submitted (UNDER_REVIEW). */
const underReview = async () => {
  const ready = await readyClub()
  const res = await submit(ready.seed.club.id, ready.seed.owner.headers)
  expect(res.status).toBe(200)
  expect(res.body.data.status).toBe("UNDER_REVIEW")
  return ready
}

describe("club KYC reads and saves", () => {
  it("answers data null (not 404) to the club and to admins while the KYC was never started", async () => {
    const { club, owner } = await seedClub(host())
    const mine = await readKyc(club.id, owner.headers)
    expect(mine.status).toBe(200)
    expect(mine.body).toMatchObject({ status: 200, data: null })
    const admin = await byClub(club.id)
    expect(admin.status).toBe(200)
    expect(admin.body.data).toBeNull()
    // Unknown (and malformed) club ids are null to admins as well.
    expect((await byClub("00000000-0000-4000-8000-00000000abcd")).body.data).toBeNull()
  })

  it("creates a DRAFT: bank number masked to the club, full to admins, sealed at rest; documents as signed private URLs", async () => {
    const { club, owner, admin } = await seedClub(host())
    const res = await saveKyc(club.id, fullForm({ cancelledCheque: pdf("cheque.pdf") }), admin.headers)
    expect(res.status).toBe(200)
    const kyc = res.body.data
    expect(kyc).toMatchObject({
      clubId: club.id,
      status: "DRAFT",
      bankAccountDetails: { accountNumber: "XXXXXX9012", ifscCode: "HDFC0000001", accountHolderName: "Pune Pacers Club", masked: true },
      bankVerification: null,
      pan: { panNumber: "ABCDE1234F", nameOnPan: "Pune Pacers Club", check: null },
      reviewReason: null,
      submittedAt: null
    })
    expect(kyc.documents.panCard).toMatch(/^\/v2\/media\/content\/[^/]+\?download=0$/)
    expect(kyc.documents.cancelledCheque).toMatch(/^\/v2\/media\/content\//)
    expect(kyc.documents.aadhaarCard).toBeNull()
    const doc = await host().http.get(kyc.documents.panCard)
    expect(doc.status).toBe(200)
    expect(doc.headers.get("content-type")).toBe("image/png")

    const read = await readKyc(club.id, owner.headers)
    expect(read.body.data.bankAccountDetails.accountNumber).toBe("XXXXXX9012")

    const full = await byClub(club.id)
    expect(full.body.data.bankAccountDetails).toMatchObject({ accountNumber: "123456789012", masked: false })
    const detail = await host().http.get(`/v2/admin/club-kyc/${kyc.id}`, reviewer.headers)
    expect(detail.status).toBe(200)
    expect(detail.body.data.bankAccountDetails.accountNumber).toBe("123456789012")
    expect((await host().http.get(detail.body.data.documents.cancelledCheque)).headers.get("content-type")).toBe("application/pdf")

    const row = await stored(club.id)
    expect(row?.bankAccount?.last4).toBe("9012")
    expect(row?.bankAccount?.sealed).not.toContain("123456789012")
    expect(await audit(club.id)).toContain("club.kyc.created")
  })

  it("updates with POST: only attached documents overwrite and absent fields stay", async () => {
    const { club, owner } = await seedClub(host())
    await saveKyc(club.id, fullForm(), owner.headers)
    const panKey = (await stored(club.id))?.documents.panCard?.key
    const res = await saveKyc(club.id, { addressProof: pdf("address.pdf") }, owner.headers)
    expect(res.status).toBe(200)
    expect(res.body.data.bankAccountDetails.accountNumber).toBe("XXXXXX9012")
    expect(res.body.data.documents.addressProof).toMatch(/^\/v2\/media\/content\//)
    expect((await stored(club.id))?.documents.panCard?.key).toBe(panKey)

    await saveKyc(club.id, { panCard: pdf("pan-v2.pdf") }, owner.headers)
    const after = await stored(club.id)
    expect(after?.documents.panCard?.key).not.toBe(panKey)
    expect(after?.documents.panCard?.contentType).toBe("application/pdf")
    expect(after?.documents.addressProof).toBeDefined()
    expect(await audit(club.id)).toContain("club.kyc.updated")
  })

  it("PATCH changes only what is supplied, and answers 404 CLUB_KYC_NOT_FOUND before the KYC exists", async () => {
    const { club, owner } = await seedClub(host())
    const early = await patchKyc(club.id, { panNumber: "ABCDE1234F" }, owner.headers)
    expect(early.status).toBe(404)
    expect(early.body.code).toBe("CLUB_KYC_NOT_FOUND")

    await saveKyc(club.id, fullForm(), owner.headers)
    const res = await patchKyc(club.id, { "bankAccountDetails[ifscCode]": "SBIN0000300" }, owner.headers)
    expect(res.status).toBe(200)
    expect(res.body.data.bankAccountDetails).toMatchObject({ accountNumber: "XXXXXX9012", ifscCode: "SBIN0000300" })
    expect(res.body.data.pan.panNumber).toBe("ABCDE1234F")
  })

  it("refuses bad fields and bad files with a 400 listing every message", async () => {
    const { club, owner } = await seedClub(host())
    const res = await saveKyc(club.id, {
      "bankAccountDetails[accountNumber]": "12ab",
      "bankAccountDetails[ifscCode]": "hdfc1",
      panNumber: "ABC123"
    }, owner.headers)
    expect(res.status).toBe(400)
    const messages = (res.body.message as Array<string>).join(" | ")
    expect(messages).toContain("9 to 18 digits")
    expect(messages).toContain("IFSC")
    expect(messages).toContain("PAN")

    const badFile = await saveKyc(club.id, { panCard: { bytes: new TextEncoder().encode("not a document"), name: "pan.txt", type: "text/plain" } }, owner.headers)
    expect(badFile.status).toBe(400)
    expect(badFile.body.message).toEqual(["panCard must be a file of type PDF, JPG, PNG"])
    expect((await readKyc(club.id, owner.headers)).body.data).toBeNull()
  })
})

describe("club KYC penny drop (verify-bank)", () => {
  it("answers the verified C shape exactly and records it on the KYC", async () => {
    const { club, owner } = await seedClub(host())
    await saveKyc(club.id, fullForm(), owner.headers)
    const res = await verifyBank(club.id, {}, owner.headers)
    expect(res.status).toBe(200)
    expect(Object.keys(res.body.data).sort()).toEqual(["accountExists", "accountHolderName", "amountDeposited", "transactionId", "utr", "verified"])
    expect(res.body.data).toMatchObject({ verified: true, accountExists: true, accountHolderName: "PUNE PACERS CLUB", amountDeposited: 100 })
    const read = await readKyc(club.id, owner.headers)
    expect(read.body.data.bankVerification).toMatchObject({
      verified: true,
      matchesSavedAccount: true,
      accountHolderName: "PUNE PACERS CLUB",
      utr: res.body.data.utr,
      transactionId: res.body.data.transactionId,
      reason: null
    })
    expect(await audit(club.id)).toContain("club.kyc.bank_verified")
  })

  it.each([
    ["123456789000", "HDFC0000001", "ACCOUNT_NOT_FOUND"],
    ["123456789111", "HDFC0000001", "ACCOUNT_BLOCKED"],
    ["123456789012", "ABCD0000001", "INVALID_IFSC"]
  ])("answers 200 {verified: false, reason, message} for %s at %s (%s), and saves the account it tried", async (accountNumber, ifscCode, reason) => {
    const { club, owner } = await seedClub(host())
    const res = await verifyBank(club.id, { accountNumber, ifscCode }, owner.headers)
    expect(res.status).toBe(200)
    expect(Object.keys(res.body.data).sort()).toEqual(["message", "reason", "verified"])
    expect(res.body.data).toMatchObject({ verified: false, reason })
    const read = await readKyc(club.id, owner.headers)
    expect(read.body.data).toMatchObject({
      status: "DRAFT",
      bankAccountDetails: { accountNumber: `XXXXXX${accountNumber.slice(-4)}`, ifscCode },
      bankVerification: { verified: false, reason, matchesSavedAccount: true }
    })
    expect(await audit(club.id)).toContain("club.kyc.bank_verification_failed")
  })

  it("answers 503 BANK_VERIFICATION_NOT_CONFIGURED when the provider is down and records nothing", async () => {
    const { club, owner } = await seedClub(host())
    const res = await verifyBank(club.id, { accountNumber: "123456789999", ifscCode: "HDFC0000001" }, owner.headers)
    expect(res.status).toBe(503)
    expect(res.body.code).toBe("BANK_VERIFICATION_NOT_CONFIGURED")
    expect((await readKyc(club.id, owner.headers)).body.data).toBeNull()
  })

  it("refuses an account other than the saved one with 409 CLUB_KYC_BANK_ACCOUNT_MISMATCH before any money moves", async () => {
    const { club, owner } = await seedClub(host())
    await saveKyc(club.id, fullForm(), owner.headers)
    const res = await verifyBank(club.id, { accountNumber: "987654321012", ifscCode: "HDFC0000001" }, owner.headers)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe("CLUB_KYC_BANK_ACCOUNT_MISMATCH")
    const otherIfsc = await verifyBank(club.id, { accountNumber: "123456789012", ifscCode: "SBIN0000300" }, owner.headers)
    expect(otherIfsc.status).toBe(409)
    expect((await readKyc(club.id, owner.headers)).body.data.bankVerification).toBeNull()
    // The saved account itself, given explicitly, is fine.
    const same = await verifyBank(club.id, { accountNumber: "123456789012", ifscCode: "HDFC0000001" }, owner.headers)
    expect(same.body.data.verified).toBe(true)
  })

  it("answers 400 when there is no account to verify", async () => {
    const { club, owner } = await seedClub(host())
    const res = await verifyBank(club.id, {}, owner.headers)
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual([
      "accountNumber is required (no bank account is saved on the club KYC)",
      "ifscCode is required (no IFSC is saved on the club KYC)"
    ])
    const bad = await verifyBank(club.id, { accountNumber: "x", ifscCode: "y" }, owner.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message.length).toBe(2)
  })
})

describe("club KYC PAN check (verify-pan)", () => {
  it("checks the format and, once the bank is verified, the name against the account holder (no registry)", async () => {
    const { club, owner } = await seedClub(host())
    const bad = await verifyPan(club.id, { panNumber: "ABCD1234F" }, owner.headers)
    expect(bad.status).toBe(200)
    expect(bad.body.data).toMatchObject({ verified: false, reason: "INVALID_PAN_FORMAT", nameMatch: "NOT_CHECKED", registryChecked: false, recorded: true })

    const noBank = await verifyPan(club.id, { panNumber: "abcde1234f", nameOnPan: "Pune Pacers Club" }, owner.headers)
    expect(noBank.body.data).toMatchObject({ verified: true, reason: null, panNumber: "ABCDE1234F", nameMatch: "NOT_CHECKED", accountHolderName: null })

    await saveKyc(club.id, fullForm(), owner.headers)
    await verifyBank(club.id, {}, owner.headers)
    const match = await verifyPan(club.id, { nameOnPan: "club pacers pune" }, owner.headers)
    expect(match.body.data).toMatchObject({ verified: true, nameMatch: "MATCH", accountHolderName: "PUNE PACERS CLUB", panNumber: "ABCDE1234F" })
    const mismatch = await verifyPan(club.id, { panNumber: "ABCDE1234F", nameOnPan: "Someone Else" }, owner.headers)
    expect(mismatch.body.data).toMatchObject({ verified: false, reason: "NAME_MISMATCH", nameMatch: "MISMATCH", registryChecked: false })

    const read = await readKyc(club.id, owner.headers)
    expect(read.body.data.pan.check).toMatchObject({ verified: false, nameMatch: "MISMATCH", reason: "NAME_MISMATCH" })
    expect(await audit(club.id)).toEqual(expect.arrayContaining(["club.kyc.pan_verified", "club.kyc.pan_verification_failed"]))
  })

  it("answers 400 without a PAN to check", async () => {
    const { club, owner } = await seedClub(host())
    const res = await verifyPan(club.id, {}, owner.headers)
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual(["panNumber is required (no PAN is saved on the club KYC)"])
  })
})

describe("club KYC submit and lock", () => {
  it("lists every missing prerequisite (400 CLUB_KYC_INCOMPLETE)", async () => {
    const { club, owner } = await seedClub(host())
    const none = await submit(club.id, owner.headers)
    expect(none.status).toBe(400)
    expect(none.body.code).toBe("CLUB_KYC_INCOMPLETE")
    for (const part of ["panCard", "bank account number", "IFSC", "penny-drop"]) expect(none.body.message).toContain(part)

    const { panCard: _, ...noPan } = fullForm() as Record<string, unknown>
    await saveKyc(club.id, noPan as Parameters<typeof multipart>[3], owner.headers)
    await verifyBank(club.id, {}, owner.headers)
    const missingPan = await submit(club.id, owner.headers)
    expect(missingPan.status).toBe(400)
    expect(missingPan.body.message).toBe("panCard document is required")
  })

  it("needs a successful penny drop: a failed one is not enough", async () => {
    const { club, owner } = await seedClub(host())
    await saveKyc(club.id, fullForm({ "bankAccountDetails[accountNumber]": "123456789000" }), owner.headers)
    expect((await verifyBank(club.id, {}, owner.headers)).body.data.verified).toBe(false)
    const res = await submit(club.id, owner.headers)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe("a successful penny-drop verification of the bank account is required")
  })

  it("refuses with 409 CLUB_KYC_BANK_ACCOUNT_MISMATCH when the saved account changed after the penny drop", async () => {
    const { seed } = await readyClub()
    const changed = await patchKyc(seed.club.id, { "bankAccountDetails[accountNumber]": "555566667777" }, seed.owner.headers)
    expect(changed.body.data.bankVerification).toMatchObject({ verified: true, matchesSavedAccount: false })
    const res = await submit(seed.club.id, seed.owner.headers)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe("CLUB_KYC_BANK_ACCOUNT_MISMATCH")
    // Verifying the new saved account makes it submittable.
    expect((await verifyBank(seed.club.id, {}, seed.owner.headers)).body.data.verified).toBe(true)
    expect((await submit(seed.club.id, seed.owner.headers)).body.data.status).toBe("UNDER_REVIEW")
  })

  it("moves to UNDER_REVIEW and locks edits and verify-bank (409 CLUB_KYC_LOCKED); a second submit is refused", async () => {
    const { seed, kycId } = await underReview()
    const { club, owner, admin } = seed
    const post = await saveKyc(club.id, { addressProof: pdf("a.pdf") }, owner.headers)
    expect(post.status).toBe(409)
    expect(post.body.code).toBe("CLUB_KYC_LOCKED")
    const patch = await patchKyc(club.id, { panNumber: "ZZZZZ9999Z" }, admin.headers)
    expect(patch.status).toBe(409)
    expect(patch.body.code).toBe("CLUB_KYC_LOCKED")
    const bank = await verifyBank(club.id, {}, owner.headers)
    expect(bank.status).toBe(409)
    expect(bank.body.code).toBe("CLUB_KYC_LOCKED")
    const again = await submit(club.id, owner.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("CLUB_KYC_MOVE_REFUSED")
    // verify-pan still answers, but records nothing on a locked KYC.
    const pan = await verifyPan(club.id, { panNumber: "ZZZZZ9999Z" }, owner.headers)
    expect(pan.body.data).toMatchObject({ verified: true, recorded: false })
    const read = await readKyc(club.id, owner.headers)
    expect(read.body.data).toMatchObject({ id: kycId, status: "UNDER_REVIEW", pan: { panNumber: "ABCDE1234F" } })
    expect(read.body.data.submittedAt).not.toBeNull()
    expect(await audit(club.id)).toContain("club.kyc.submitted")
  })
})

describe("club KYC admin review", () => {
  it("queues UNDER_REVIEW by default with full bank details, and filters by status with paging", async () => {
    const a = await underReview()
    const b = await underReview()
    const queue = await host().http.get("/v2/admin/club-kyc?limit=100", reviewer.headers)
    expect(queue.status).toBe(200)
    const ids = (queue.body.data.items as Array<{ id: string; status: string }>).map((k) => k.id)
    expect(ids).toEqual(expect.arrayContaining([a.kycId, b.kycId]))
    expect((queue.body.data.items as Array<{ status: string }>).every((k) => k.status === "UNDER_REVIEW")).toBe(true)
    const mine = queue.body.data.items.find((k: { id: string }) => k.id === a.kycId)
    expect(mine.bankAccountDetails.accountNumber).toBe("123456789012")
    expect(queue.body.data).toMatchObject({ page: 1, limit: 100 })

    const paged = await host().http.get("/v2/admin/club-kyc?status=UNDER_REVIEW&page=1&limit=1", reviewer.headers)
    expect(paged.body.data.items).toHaveLength(1)
    expect(paged.body.data.total).toBeGreaterThanOrEqual(2)

    await approve(a.kycId)
    const approved = await host().http.get("/v2/admin/club-kyc?status=APPROVED", reviewer.headers)
    expect((approved.body.data.items as Array<{ id: string }>).map((k) => k.id)).toContain(a.kycId)
    const drafts = await host().http.get("/v2/admin/club-kyc?status=NOPE", reviewer.headers)
    expect(drafts.status).toBe(400)
  })

  it("approves UNDER_REVIEW → APPROVED, which stays locked and refuses every further move", async () => {
    const { seed, kycId } = await underReview()
    const res = await approve(kycId)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: kycId, status: "APPROVED", reviewReason: null })
    expect(res.body.data.reviewedAt).not.toBeNull()
    for (const refused of [await approve(kycId), await reject(kycId, "Late change of mind"), await requestResubmission(kycId, "Please upload again")]) {
      expect(refused.status).toBe(409)
      expect(refused.body.code).toBe("CLUB_KYC_MOVE_REFUSED")
    }
    const edit = await patchKyc(seed.club.id, { panNumber: "ZZZZZ9999Z" }, seed.owner.headers)
    expect(edit.body.code).toBe("CLUB_KYC_LOCKED")
    const bank = await verifyBank(seed.club.id, {}, seed.owner.headers)
    expect(bank.body.code).toBe("CLUB_KYC_LOCKED")
    expect((await submit(seed.club.id, seed.owner.headers)).body.code).toBe("CLUB_KYC_MOVE_REFUSED")
    expect(await audit(seed.club.id)).toContain("club.kyc.approved")
  })

  it("rejects with the reason verbatim; the club edits and resubmits, which clears the reason", async () => {
    const { seed, kycId } = await underReview()
    const reason = "  PAN card image is blurry — please upload a clearer scan.  "
    const res = await reject(kycId, reason)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ status: "REJECTED", reviewReason: reason })
    const seen = await readKyc(seed.club.id, seed.owner.headers)
    expect(seen.body.data).toMatchObject({ status: "REJECTED", reviewReason: reason })
    for (const refused of [await approve(kycId), await reject(kycId, "Rejected once more"), await requestResubmission(kycId, "Resubmission please")]) {
      expect(refused.body.code).toBe("CLUB_KYC_MOVE_REFUSED")
    }
    const edited = await saveKyc(seed.club.id, { panCard: png("pan-clear.png") }, seed.owner.headers)
    expect(edited.status).toBe(200)
    const again = await submit(seed.club.id, seed.owner.headers)
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({ status: "UNDER_REVIEW", reviewReason: null })
    const actions = await audit(seed.club.id)
    expect(actions).toContain("club.kyc.rejected")
    expect(actions.filter((a) => a === "club.kyc.submitted")).toHaveLength(2)
  })

  it("requests resubmission (RESUBMIT with the reason); the club may edit, re-verify and submit again", async () => {
    const { seed, kycId } = await underReview()
    const res = await requestResubmission(kycId, "Add the cancelled cheque, please")
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ status: "RESUBMIT", reviewReason: "Add the cancelled cheque, please" })
    expect((await approve(kycId)).body.code).toBe("CLUB_KYC_MOVE_REFUSED")
    expect((await patchKyc(seed.club.id, { cancelledCheque: pdf("cheque.pdf") }, seed.owner.headers)).status).toBe(200)
    expect((await verifyBank(seed.club.id, {}, seed.owner.headers)).body.data.verified).toBe(true)
    const again = await submit(seed.club.id, seed.owner.headers)
    expect(again.body.data).toMatchObject({ status: "UNDER_REVIEW", reviewReason: null })
    expect((await approve(kycId)).body.data.status).toBe("APPROVED")
    expect(await audit(seed.club.id)).toContain("club.kyc.resubmission_requested")
  })

  it("refuses review moves on a DRAFT (409), unknown ids (404) and reasons outside 10-500 characters (400)", async () => {
    const { club, owner } = await seedClub(host())
    const draft = (await saveKyc(club.id, fullForm(), owner.headers)).body.data.id as string
    for (const refused of [await approve(draft), await reject(draft, "Not yet submitted"), await requestResubmission(draft, "Not yet submitted")]) {
      expect(refused.status).toBe(409)
      expect(refused.body.code).toBe("CLUB_KYC_MOVE_REFUSED")
    }
    const unknown = await approve("00000000-0000-4000-8000-0000000fffff")
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe("CLUB_KYC_NOT_FOUND")
    expect((await host().http.get("/v2/admin/club-kyc/not-a-uuid", reviewer.headers)).status).toBe(404)
    for (const bad of ["too short", "x".repeat(501)]) {
      expect((await reject(draft, bad)).status).toBe(400)
      expect((await requestResubmission(draft, bad)).status).toBe(400)
    }
    expect((await reject(draft, "x".repeat(500))).status).toBe(409)
  })

  it("lets exactly one of several concurrent approvals win", async () => {
    const { seed, kycId } = await underReview()
    const answers = await Promise.all(Array.from({ length: 5 }, () => approve(kycId)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4)
    expect((await audit(seed.club.id)).filter((a) => a === "club.kyc.approved")).toHaveLength(1)
  })

  it("lets exactly one of a concurrent approve, reject and resubmission request win", async () => {
    const { kycId } = await underReview()
    const answers = await Promise.all([approve(kycId), reject(kycId, "Rejected in a race"), requestResubmission(kycId, "Resubmit in a race")])
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    const winner = answers.find((a) => a.status === 200)!
    const final = await host().http.get(`/v2/admin/club-kyc/${kycId}`, reviewer.headers)
    expect(final.body.data.status).toBe(winner.body.data.status)
  })
})

describe("club KYC tenancy", () => {
  it("lets the OWNER and ADMIN in; MODERATOR, MEMBER, strangers and other clubs' managers get 403; anonymous 401", async () => {
    const seed = await seedClub(host())
    const other = await seedClub(host())
    const stranger = await newAthlete(host())
    const id = seed.club.id
    const calls: Array<[string, (h: Headers) => Promise<{ status: number }>]> = [
      ["read", (h) => host().http.get(`/v2/clubs/${id}/kyc`, h)],
      ["save", (h) => multipart(host(), "POST", `/v2/clubs/${id}/kyc`, { panNumber: "ABCDE1234F" }, h)],
      ["patch", (h) => multipart(host(), "PATCH", `/v2/clubs/${id}/kyc`, { panNumber: "ABCDE1234F" }, h)],
      ["submit", (h) => host().http.post(`/v2/clubs/${id}/kyc/submit`, {}, h)],
      ["verify-bank", (h) => host().http.post(`/v2/clubs/${id}/kyc/verify-bank`, {}, h)],
      ["verify-pan", (h) => host().http.post(`/v2/clubs/${id}/kyc/verify-pan`, { panNumber: "ABCDE1234F" }, h)]
    ]
    for (const [name, call] of calls) {
      for (const who of [seed.moderator, seed.member, stranger, other.owner]) {
        expect([name, (await call(who.headers)).status]).toEqual([name, 403])
      }
      expect([name, (await call({})).status]).toEqual([name, 401])
    }
    expect((await readKyc(id, seed.owner.headers)).status).toBe(200)
    expect((await readKyc(id, seed.admin.headers)).status).toBe(200)
    // A member promoted to ADMIN gets in; nothing of another club leaks through its id.
    const promoted = await addMember(host(), id, "ADMIN")
    expect((await saveKyc(id, { panNumber: "ABCDE1234F" }, promoted.headers)).status).toBe(200)
    expect((await readKyc(other.club.id, seed.owner.headers)).status).toBe(403)
  })

  it("keeps the admin routes to admins holding clubs.review", async () => {
    const { kycId, seed } = await underReview()
    const noPermission = await clubAdmin(host(), ["clubs.money"])
    const athlete = await newAthlete(host())
    const routes: Array<(h: Headers) => Promise<{ status: number }>> = [
      (h) => host().http.get("/v2/admin/club-kyc", h),
      (h) => host().http.get(`/v2/admin/club-kyc/${kycId}`, h),
      (h) => host().http.get(`/v2/admin/club-kyc/by-club/${seed.club.id}`, h),
      (h) => host().http.post(`/v2/admin/club-kyc/${kycId}/approve`, {}, h),
      (h) => host().http.post(`/v2/admin/club-kyc/${kycId}/reject`, { reason: "Not allowed to do this" }, h),
      (h) => host().http.post(`/v2/admin/club-kyc/${kycId}/request-resubmission`, { reason: "Not allowed to do this" }, h)
    ]
    for (const route of routes) {
      expect((await route(noPermission.headers)).status).toBe(403)
      expect((await route(athlete.headers)).status).toBe(403)
      expect((await route(seed.owner.headers)).status).toBe(403)
      expect((await route({})).status).toBe(401)
    }
    expect((await host().http.get(`/v2/admin/club-kyc/${kycId}`, reviewer.headers)).body.data.status).toBe("UNDER_REVIEW")
  })
})
