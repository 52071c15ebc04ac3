/**
 * Certificates through the real host: versioned templates with checked variables, publish only
 * for a completed event with an active template, issued only to participants who joined and
 * attended (idempotent, also when published concurrently), who holds none and why, reversible and
 * audited revocation, PDFs for the organizer and the booking owner, and public verification that
 * refuses a forged code.
 */
import { Platform } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { multipart, PdfBytes, PngBytes } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { certificatesCast, completeEvent, newAthlete, resultsCast, seedOrganizer, template } from "./support.js"

const host = realHostOf(import.meta.url)

describe("certificate templates", () => {
  it("answers 401 without a token, 403 to a viewer writing, 404 for another organizer's event; viewers read", async () => {
    const cast = await resultsCast(host)
    const base = `/v2/organizers/events/${cast.event.eventId}/certificates`
    expect((await host.http.post(base, template(), {})).status).toBe(401)
    expect((await host.http.post(base, template(), cast.org.viewer.headers)).status).toBe(403)
    const other = await seedOrganizer(host, "Other")
    expect((await host.http.post(base, template(), other.owner.headers)).status).toBe(404)
    expect((await host.http.post(base, template(), cast.org.admin.headers)).status).toBe(201)
    expect((await host.http.get(base, cast.org.viewer.headers)).status).toBe(200)
    const variables = await host.http.get(`${base}/variables`, cast.org.viewer.headers)
    expect(variables.body.data.map((v: { name: string }) => v.name)).toContain("participantName")
  })

  it("refuses unknown variables naming them and bad fields in the house's wording", async () => {
    const cast = await resultsCast(host)
    const base = `/v2/organizers/events/${cast.event.eventId}/certificates`
    const unknown = await host.http.post(base, template({ title: "Hi {{nickname}}", body: "{{ shoeSize }} and {{participantName}}" }), cast.org.owner.headers)
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toEqual(["title uses unknown variable {{nickname}}", "body uses unknown variable {{shoeSize}}"])
    const empty = await host.http.post(base, { title: "", body: "x" }, cast.org.owner.headers)
    expect(empty.status).toBe(400)
    expect(empty.body.message).toEqual(["title must be longer than or equal to 1 and shorter than or equal to 120 characters"])
    expect((await host.http.patch(base, { body: "{{bogus}}" }, cast.org.owner.headers)).body.message).toEqual(["body uses unknown variable {{bogus}}"])
  })

  it("an update writes a new version and deactivates the previous; create is refused while one is active; delete deactivates", async () => {
    const cast = await resultsCast(host)
    const base = `/v2/organizers/events/${cast.event.eventId}/certificates`
    const first = await host.http.post(base, template(), cast.org.owner.headers)
    expect(first.body.data).toMatchObject({ version: 1, isActive: true, backgroundUrl: null, createdBy: `organizer:${cast.org.owner.memberId}` })
    const again = await host.http.post(base, template(), cast.org.owner.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("CERTIFICATE_TEMPLATE_EXISTS")
    const second = await host.http.patch(base, { title: "Well done {{firstName}}" }, cast.org.owner.headers)
    expect(second.status).toBe(200)
    expect(second.body.data).toMatchObject({ version: 2, isActive: true, title: "Well done {{firstName}}", body: first.body.data.body })
    expect((await host.http.get(base, cast.org.owner.headers)).body.data.id).toBe(second.body.data.id)
    const removed = await host.http.delete(base, undefined, cast.org.owner.headers)
    expect(removed.body.data).toMatchObject({ id: second.body.data.id, isActive: false })
    const none = await host.http.get(base, cast.org.owner.headers)
    expect(none.status).toBe(404)
    expect(none.body.code).toBe("CERTIFICATE_TEMPLATE_NOT_FOUND")
    expect((await host.http.patch(base, { title: "x" }, cast.org.owner.headers)).status).toBe(404)
    expect((await host.http.post(base, template(), cast.org.owner.headers)).body.data.version).toBe(3)
  })
})

describe("certificate art", () => {
  it("stores an image and answers a public URL that serves it; refuses other files and callers who may not write", async () => {
    const cast = await resultsCast(host)
    const path = `/v2/organizers/events/${cast.event.eventId}/certificates/assets`
    const art = { file: { bytes: PngBytes, name: "frame.png", type: "image/png" } }
    expect((await multipart(host, "POST", path, art)).status).toBe(401)
    expect((await multipart(host, "POST", path, art, cast.org.viewer.headers)).status).toBe(403)
    const uploaded = await multipart(host, "POST", path, art, cast.org.owner.headers)
    expect(uploaded.status).toBe(201)
    expect(uploaded.body.data).toMatchObject({ contentType: "image/png", fileName: "frame.png", size: PngBytes.length })
    const served = await host.http.get(uploaded.body.data.url)
    expect(served.status).toBe(200)
    expect(served.headers.get("content-type")).toContain("image/png")
    const pdf = await multipart(host, "POST", path, { file: { bytes: PdfBytes, name: "x.pdf" } }, cast.org.owner.headers)
    expect(pdf.status).toBe(400)
    expect(pdf.body.message).toEqual(["file must be a file of type PNG, JPG, WEBP"])
    const template = await host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates`, { title: "T", body: "B", backgroundUrl: uploaded.body.data.url }, cast.org.owner.headers)
    expect(template.body.data.backgroundUrl).toBe(uploaded.body.data.url)
  })
})

describe("certificate templates under concurrency", () => {
  it("8 concurrent creates: exactly one 201, the others 409 CERTIFICATE_TEMPLATE_EXISTS; 4 concurrent updates write 4 versions, one active", async () => {
    const cast = await resultsCast(host)
    const base = `/v2/organizers/events/${cast.event.eventId}/certificates`
    const creates = await Promise.all(Array.from({ length: 8 }, () => host.http.post(base, template(), cast.org.owner.headers)))
    expect(creates.filter((a) => a.status === 201)).toHaveLength(1)
    expect(creates.filter((a) => a.status === 409 && a.body.code === "CERTIFICATE_TEMPLATE_EXISTS")).toHaveLength(7)
    const updates = await Promise.all(Array.from({ length: 4 }, (_, i) => host.http.patch(base, { title: `Version ${i}` }, cast.org.owner.headers)))
    expect(updates.map((a) => a.status)).toEqual([200, 200, 200, 200])
    expect(updates.map((a) => a.body.data.version).sort()).toEqual([2, 3, 4, 5])
    expect((await host.http.get(base, cast.org.owner.headers)).body.data.version).toBe(5)
  })
})

describe("certificate publication", () => {
  it("is refused before the event is completed and without an active template (400 with codes)", async () => {
    const cast = await certificatesCast(host)
    const early = await host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates/publish`, undefined, cast.org.owner.headers)
    expect(early.status).toBe(400)
    expect(early.body.code).toBe("CERTIFICATES_EVENT_NOT_COMPLETED")
    await completeEvent(host, cast.event.eventId)
    const bare = await host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates/publish`, undefined, cast.org.owner.headers)
    expect(bare.status).toBe(400)
    expect(bare.body.code).toBe("CERTIFICATE_TEMPLATE_REQUIRED")
    expect((await host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates/publish`, undefined, cast.org.viewer.headers)).status).toBe(403)
  })

  it("issues only to participants who joined and attended, once; not-issued says why for the others", async () => {
    const cast = await certificatesCast(host)
    await host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates`, template(), cast.org.owner.headers)
    await completeEvent(host, cast.event.eventId)
    const published = await host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates/publish`, undefined, cast.org.owner.headers)
    expect(published.status).toBe(200)
    expect(published.body.data).toMatchObject({ status: "published", issuedNow: 1, issued: 1, revoked: 0, eligible: 1, templateVersion: 1 })
    const again = await host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates/publish`, undefined, cast.org.owner.headers)
    expect(again.body.data).toMatchObject({ status: "published", issuedNow: 0, issued: 1 })
    const issued = await host.http.get(`/v2/organizers/events/${cast.event.eventId}/certificates/issuances`, cast.org.viewer.headers)
    expect(issued.body.data.total).toBe(1)
    expect(issued.body.data.items[0]).toMatchObject({ participantId: cast.attended.id, recipientName: "Asha Attended", status: "ISSUED", userId: cast.athlete.user.id })
    expect(issued.body.data.items[0].verificationUrl).toBe(`/v2/race/results/${issued.body.data.items[0].id}/verify?code=${issued.body.data.items[0].code}`)
    const notIssued = await host.http.get(`/v2/organizers/events/${cast.event.eventId}/certificates/not-issued`, cast.org.viewer.headers)
    expect(notIssued.body.data.items.map((r: { participantId: string; reason: string }) => [r.participantId, r.reason])).toEqual([
      [cast.absent.id, "not_checked_in"],
      [cast.cancelled.id, "cancelled"]
    ])
    const status = await host.http.get(`/v2/organizers/events/${cast.event.eventId}/certificates/status`, cast.org.viewer.headers)
    expect(status.body.data).toMatchObject({ status: "published", issued: 1, eligible: 1 })
    const overview = await host.http.get("/v2/organizers/events/certificates-overview", cast.org.viewer.headers)
    expect(overview.body.data.items.find((e: { eventId: string }) => e.eventId === cast.event.eventId)).toMatchObject({ status: "published", issued: 1, revoked: 0, templateVersion: 1 })
  })

  it("6 concurrent publishes all succeed and issue each certificate once", async () => {
    const cast = await certificatesCast(host)
    await host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates`, template(), cast.org.owner.headers)
    await completeEvent(host, cast.event.eventId)
    const answers = await Promise.all(Array.from({ length: 6 }, () => host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates/publish`, undefined, cast.org.owner.headers)))
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200))
    expect(answers.reduce((n, a) => n + a.body.data.issuedNow, 0)).toBe(1)
    expect((await host.http.get(`/v2/organizers/events/${cast.event.eventId}/certificates/issuances`, cast.org.owner.headers)).body.data.total).toBe(1)
  })
})

describe("certificate revocation, documents and verification", () => {
  const publishedCast = async () => {
    const cast = await certificatesCast(host)
    await host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates`, template(), cast.org.owner.headers)
    await completeEvent(host, cast.event.eventId)
    await host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates/publish`, undefined, cast.org.owner.headers)
    const mine = await host.http.get("/v2/users/me/certificates", cast.athlete.headers)
    return { ...cast, certificate: mine.body.data.items[0] as { id: string; code: string; participantId: string } }
  }

  it("the booking owner lists and downloads; anyone verifies with the code; a forged code is 404", async () => {
    const cast = await publishedCast()
    expect(cast.certificate).toMatchObject({ participantId: cast.attended.id, status: "ISSUED" })
    expect((await host.http.get("/v2/users/me/certificates")).status).toBe(401)
    const forEvent = await host.http.get(`/v2/events/${cast.event.eventId}/certificate/me`, cast.athlete.headers)
    expect(forEvent.body.data.items.map((c: { id: string }) => c.id)).toEqual([cast.certificate.id])
    const stranger = await newAthlete(host)
    const none = await host.http.get(`/v2/events/${cast.event.eventId}/certificate/me`, stranger.headers)
    expect(none.status).toBe(404)
    expect(none.body.code).toBe("CERTIFICATE_NOT_FOUND")
    const pdf = await host.http.get(`/v2/event-participations/participants/${cast.attended.id}/certificate/download`, cast.athlete.headers)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get("content-type")).toContain("application/pdf")
    expect(pdf.text.startsWith("%PDF")).toBe(true)
    expect((await host.http.get(`/v2/event-participations/participants/${cast.attended.id}/certificate/download`, stranger.headers)).status).toBe(404)
    expect((await host.http.get(`/v2/event-participations/participants/${cast.absent.id}/certificate/download`, cast.athlete.headers)).status).toBe(404)
    const organizerPdf = await host.http.get(`/v2/organizers/events/${cast.event.eventId}/certificates/issuances/${cast.attended.id}/download`, cast.org.viewer.headers)
    expect(organizerPdf.status).toBe(200)
    expect(organizerPdf.text.startsWith("%PDF")).toBe(true)
    const verified = await host.http.get(`/v2/race/results/${cast.certificate.id}/verify?code=${cast.certificate.code}`)
    expect(verified.status).toBe(200)
    expect(verified.body.data).toMatchObject({ valid: true, status: "ISSUED", recipientName: "Asha Attended", eventId: cast.event.eventId })
    const forged = await host.http.get(`/v2/race/results/${cast.certificate.id}/verify?code=${cast.certificate.code.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`)
    expect(forged.status).toBe(404)
    expect(forged.body.code).toBe("CERTIFICATE_NOT_VERIFIED")
    expect((await host.http.get(`/v2/race/results/${crypto.randomUUID()}/verify?code=${cast.certificate.code}`)).status).toBe(404)
  })

  it("revoke and unrevoke are reversible and audited; a revoked certificate neither downloads nor verifies as valid", async () => {
    const cast = await publishedCast()
    const revoke = (headers = cast.org.owner.headers) => host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates/issuances/${cast.attended.id}/revoke`, { reason: "course cut" }, headers)
    expect((await revoke(cast.org.viewer.headers)).status).toBe(403)
    const revoked = await revoke()
    expect(revoked.status).toBe(200)
    expect(revoked.body.data).toMatchObject({ status: "REVOKED", revokeReason: "course cut", revokedBy: `organizer:${cast.org.owner.memberId}` })
    const twice = await revoke()
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("CERTIFICATE_STATUS_CONFLICT")
    const blocked = await host.http.get(`/v2/organizers/events/${cast.event.eventId}/certificates/issuances/${cast.attended.id}/download`, cast.org.owner.headers)
    expect(blocked.status).toBe(409)
    expect(blocked.body.code).toBe("CERTIFICATE_REVOKED")
    expect((await host.http.get(`/v2/race/results/${cast.certificate.id}/verify?code=${cast.certificate.code}`)).body.data).toMatchObject({ valid: false, status: "REVOKED" })
    expect((await host.http.get("/v2/users/me/certificates", cast.athlete.headers)).body.data.items).toEqual([])
    const restored = await host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates/issuances/${cast.attended.id}/unrevoke`, undefined, cast.org.owner.headers)
    expect(restored.body.data).toMatchObject({ status: "ISSUED", revokedAt: null, revokeReason: null })
    expect((await host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates/issuances/${cast.attended.id}/unrevoke`, undefined, cast.org.owner.headers)).body.code).toBe("CERTIFICATE_STATUS_CONFLICT")
    expect((await host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates/issuances/${cast.absent.id}/revoke`, {}, cast.org.owner.headers)).status).toBe(404)
    const audit = await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectKind: "certificate", subjectId: cast.certificate.id, limit: 10 })))
    expect(audit.map((a) => [a.action, a.reason])).toEqual([["certificates.unrevoked", null], ["certificates.revoked", "course cut"]])
  })

  it("8 concurrent revokes: exactly one wins, the others are 409 CERTIFICATE_STATUS_CONFLICT, one audit row", async () => {
    const cast = await publishedCast()
    const answers = await Promise.all(Array.from({ length: 8 }, () =>
      host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates/issuances/${cast.attended.id}/revoke`, {}, cast.org.owner.headers)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409 && a.body.code === "CERTIFICATE_STATUS_CONFLICT")).toHaveLength(7)
    const audit = await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ action: "certificates.revoked", subjectId: cast.certificate.id, limit: 10 })))
    expect(audit).toHaveLength(1)
  })

  it("unpublish withdraws them from athletes and verification; a second unpublish is 409", async () => {
    const cast = await publishedCast()
    const withdrawn = await host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates/unpublish`, undefined, cast.org.owner.headers)
    expect(withdrawn.status).toBe(200)
    expect(withdrawn.body.data).toMatchObject({ status: "unpublished", issued: 1 })
    expect((await host.http.get("/v2/users/me/certificates", cast.athlete.headers)).body.data.items).toEqual([])
    expect((await host.http.get(`/v2/race/results/${cast.certificate.id}/verify?code=${cast.certificate.code}`)).body.data).toMatchObject({ valid: false, published: false })
    const twice = await host.http.post(`/v2/organizers/events/${cast.event.eventId}/certificates/unpublish`, undefined, cast.org.owner.headers)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("CERTIFICATES_STATUS_CONFLICT")
  })
})
