/**
 * GST templates and GST declarations through the real host: template versions (an update is a new
 * version), one active template (also under concurrent activation), soft delete refused for the
 * active one; the organizer's declaration journey (fill → PDF → signed upload with type and size
 * checks → admin reject → restart → verify), signed URLs of both files, statistics, pending and
 * filtered lists, reset-template, backfill, per-declaration audit logs and tenancy.
 */
import { Accounts, Organizers } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { multipart, newAdmin, newAthlete, PdfBytes, PngBytes, pngOfSize, seedOrganizer, type SeededOrganizer } from "./support.js"

const host = realHostOf(import.meta.url)
let admin: { headers: Record<string, string> }
let plainAdmin: { headers: Record<string, string> }
beforeAll(async () => {
  const a = await newAdmin(host)
  await host.run(Effect.flatMap(Accounts.AdminPermissionRepo, (r) => r.set(a.admin.id, ["organizers.declarations"])))
  admin = a
  const p = await newAdmin(host)
  await host.run(Effect.flatMap(Accounts.AdminPermissionRepo, (r) => r.set(p.admin.id, ["admins.read"])))
  plainAdmin = p
}, 60_000)

const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) => host.http.request(method, path, body, headers)
const bytesOf = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(host.http.baseUrl + path, { headers })
  return { status: res.status, type: res.headers.get("content-type"), bytes: new Uint8Array(await res.arrayBuffer()) }
}
const Html = "<h1>GST declaration</h1><p>{{organizerName}} (PAN {{panNumber}}) declares turnover below {{turnoverLimit}}. Signed: {{signatoryName}}</p>"

describe("GST templates (admin)", () => {
  it("needs an admin holding organizers.declarations", async () => {
    expect((await host.http.get("/v2/admin/gst-template")).status).toBe(401)
    expect((await send("GET", "/v2/admin/gst-template", plainAdmin.headers)).status).toBe(403)
    expect((await send("GET", "/v2/admin/gst-declaration/pending", (await newAthlete(host)).headers)).status).toBe(403)
    expect((await send("POST", "/v2/admin/gst-template", plainAdmin.headers, { name: "x", html: "<p/>" })).status).toBe(403)
  })

  it("versions templates, keeps one active, refuses deleting the active one and lists deleted ones on request", async () => {
    const bad = await send("POST", "/v2/admin/gst-template", admin.headers, { name: "", html: "<p>x</p>", variables: ["ok", "not ok"] })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([expect.stringMatching(/^name /)]))
    const badVars = await send("POST", "/v2/admin/gst-template", admin.headers, { name: "n", html: "<p>x</p>", variables: ["ok", "not ok"] })
    expect(badVars.status).toBe(400)
    expect(badVars.body.message[0]).toMatch(/^variables must be names/)

    const v1 = await send("POST", "/v2/admin/gst-template", admin.headers, { name: "tpl-a", html: "<p>{{panNumber}} {{organizerName}}</p>", variables: ["panNumber"] })
    expect(v1.status).toBe(201)
    expect(v1.body.data).toMatchObject({ name: "tpl-a", version: 1, variables: ["panNumber"], isActive: false })
    const v2 = await send("POST", "/v2/admin/gst-template", admin.headers, { name: "tpl-a", html: "<p>{{a}} {{b}}</p>" })
    expect(v2.body.data).toMatchObject({ version: 2, variables: ["a", "b"] })
    const v3 = await send("PATCH", `/v2/admin/gst-template/${v2.body.data.id}`, admin.headers, { html: "<p>{{a}} {{c}}</p>" })
    expect(v3.status).toBe(200)
    expect(v3.body.data).toMatchObject({ name: "tpl-a", version: 3, variables: ["a", "c"], isActive: false })
    expect((await send("GET", `/v2/admin/gst-template/${v2.body.data.id}`, admin.headers)).body.data.html).toBe("<p>{{a}} {{b}}</p>")

    expect((await send("POST", `/v2/admin/gst-template/${v1.body.data.id}/activate`, admin.headers)).body.data.isActive).toBe(true)
    expect((await send("POST", `/v2/admin/gst-template/${v3.body.data.id}/activate`, admin.headers)).body.data.isActive).toBe(true)
    expect((await send("GET", `/v2/admin/gst-template/${v1.body.data.id}`, admin.headers)).body.data.isActive).toBe(false)
    expect((await send("GET", `/v2/admin/gst-template/active`, admin.headers)).body.data.id).toBe(v3.body.data.id)
    expect((await send("GET", `/v2/admin/gst-template?isActive=true`, admin.headers)).body.data.map((t: { id: string }) => t.id)).toEqual([v3.body.data.id])

    const refused = await send("DELETE", `/v2/admin/gst-template/${v3.body.data.id}`, admin.headers)
    expect(refused.status).toBe(409)
    expect((await send("POST", `/v2/admin/gst-template/${v3.body.data.id}/deactivate`, admin.headers)).body.data.isActive).toBe(false)
    expect((await send("GET", `/v2/admin/gst-template/active`, admin.headers)).status).toBe(404)
    expect((await send("DELETE", `/v2/admin/gst-template/${v1.body.data.id}`, admin.headers)).status).toBe(200)
    expect((await send("DELETE", `/v2/admin/gst-template/${v1.body.data.id}`, admin.headers)).status).toBe(404)
    expect((await send("POST", `/v2/admin/gst-template/${v1.body.data.id}/activate`, admin.headers)).status).toBe(404)

    const live = (await send("GET", `/v2/admin/gst-template?name=tpl-a`, admin.headers)).body.data as Array<{ version: number }>
    expect(live.map((t) => t.version).sort()).toEqual([2, 3])
    const all = (await send("GET", `/v2/admin/gst-template?name=tpl-a&includeDeleted=true`, admin.headers)).body.data as Array<{ version: number }>
    expect(all.map((t) => t.version).sort()).toEqual([1, 2, 3])
    const versions = await send("GET", `/v2/admin/gst-template/versions/tpl-a`, admin.headers)
    expect(versions.body.data.map((t: { version: number; isDeleted: boolean }) => [t.version, t.isDeleted])).toEqual([[3, false], [2, false], [1, true]])
    expect((await send("GET", `/v2/admin/gst-template/00000000-0000-4000-8000-00000000beef`, admin.headers)).status).toBe(404)
    expect((await send("GET", `/v2/admin/gst-template?isActive=maybe`, admin.headers)).status).toBe(400)
  })

  it("keeps one active template when activations race", async () => {
    const ids = await Promise.all([1, 2, 3, 4].map(async (i) =>
      (await send("POST", "/v2/admin/gst-template", admin.headers, { name: `race-${i}`, html: "<p>{{x}}</p>" })).body.data.id as string))
    const results = await Promise.all(ids.map((id) => send("POST", `/v2/admin/gst-template/${id}/activate`, admin.headers)))
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200])
    expect((await send("GET", `/v2/admin/gst-template?isActive=true`, admin.headers)).body.data).toHaveLength(1)
  })
})

describe("GST declarations", () => {
  let org: SeededOrganizer
  let templateId: string
  beforeAll(async () => {
    org = await seedOrganizer(host, "Gst Trail Co")
  })

  it("answers NO_ACTIVE_TEMPLATE while no template is active, then walks fill → PDF → signed upload → reject → restart → verify", async () => {
    // No active template (the race test above left one active: deactivate it).
    const active = await send("GET", `/v2/admin/gst-template/active`, admin.headers)
    if (active.status === 200) await send("POST", `/v2/admin/gst-template/${active.body.data.id}/deactivate`, admin.headers)
    const none = await send("POST", `/v2/organizer/declaration/${org.id}/fill`, org.owner.headers, { variables: {} })
    expect(none.status).toBe(409)
    expect(none.body.message).toMatch(/No GST declaration template is active/)

    const t = await send("POST", "/v2/admin/gst-template", admin.headers, { name: "gst-main", html: Html, variables: ["panNumber", "turnoverLimit", "signatoryName"], isActive: true })
    expect(t.status).toBe(201)
    templateId = t.body.data.id

    const fresh = await send("GET", `/v2/organizer/declaration/${org.id}`, org.owner.headers)
    expect(fresh.status).toBe(200)
    expect(fresh.body.data).toMatchObject({ status: "NOT_STARTED", declaration: null, missingVariables: ["panNumber", "turnoverLimit", "signatoryName"] })
    expect(fresh.body.data.template.id).toBe(templateId)

    const unknown = await send("POST", `/v2/organizer/declaration/${org.id}/fill`, org.admin.headers, { variables: { shoeSize: "9" } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message[0]).toMatch(/^variables has unknown names: shoeSize/)
    expect((await send("POST", `/v2/organizer/declaration/${org.id}/fill`, org.admin.headers, { variables: "x" })).status).toBe(400)

    const partial = await send("POST", `/v2/organizer/declaration/${org.id}/fill`, org.admin.headers, { variables: { panNumber: "ABCDE1234F" } })
    expect(partial.status).toBe(200)
    expect(partial.body.data).toMatchObject({ status: "PENDING_VARIABLES", missingVariables: ["turnoverLimit", "signatoryName"] })
    const first = partial.body.data.declaration.id as string
    expect((await send("GET", `/v2/organizer/declaration/${org.id}/download-pdf`, org.owner.headers)).status).toBe(409)
    expect((await multipart(host, "POST", `/v2/organizer/declaration/${org.id}/upload-signed`, { file: { bytes: PdfBytes, name: "s.pdf" } }, org.owner.headers)).status).toBe(409)

    const full = await send("POST", `/v2/organizer/declaration/${org.id}/fill`, org.owner.headers, { variables: { turnoverLimit: "20 lakh", signatoryName: "Ravi Kumar" } })
    expect(full.body.data).toMatchObject({ status: "PENDING_SIGNATURE", missingVariables: [] })
    expect(full.body.data.declaration).toMatchObject({ id: first, templateId, templateVersion: 1, pdf: { contentType: "application/pdf" } })

    const pdf = await bytesOf(`/v2/organizer/declaration/${org.id}/download-pdf`, org.owner.headers)
    expect(pdf.status).toBe(200)
    expect(pdf.type).toBe("application/pdf")
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-")

    // Signed upload: presence, type and size are checked.
    const missing = await multipart(host, "POST", `/v2/organizer/declaration/${org.id}/upload-signed`, { note: "x" }, org.owner.headers)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(["file should not be empty"])
    const wrongType = await multipart(host, "POST", `/v2/organizer/declaration/${org.id}/upload-signed`, { file: { bytes: new TextEncoder().encode("hello"), name: "s.txt" } }, org.owner.headers)
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.message).toEqual(["file must be a file of type PDF, JPG, PNG"])
    const tooBig = await multipart(host, "POST", `/v2/organizer/declaration/${org.id}/upload-signed`, { file: { bytes: pngOfSize(5 * 1024 * 1024 + 1), name: "big.png" } }, org.owner.headers)
    expect(tooBig.status).toBe(400)
    expect(tooBig.body.message).toEqual(["file must be at most 5 MB"])
    const uploaded = await multipart(host, "POST", `/v2/organizer/declaration/${org.id}/upload-signed`, { file: { bytes: PngBytes, name: "signed.png", type: "image/png" } }, org.owner.headers)
    expect(uploaded.status).toBe(201)
    expect(uploaded.body.data).toMatchObject({ id: first, status: "PENDING_VERIFICATION", signedDocument: { contentType: "image/png" } })
    expect((await send("POST", `/v2/organizer/declaration/${org.id}/fill`, org.owner.headers, { variables: { panNumber: "ZZZZZ9999Z" } })).status).toBe(409)
    expect((await send("POST", `/v2/organizer/declaration/restart`, { ...org.owner.headers, "x-organizer-id": org.id })).status).toBe(409)

    // Admin review.
    const pending = await send("GET", `/v2/admin/gst-declaration/pending`, admin.headers)
    expect(pending.body.data.data.map((d: { id: string }) => d.id)).toContain(first)
    const pdfUrl = await send("GET", `/v2/admin/gst-declaration/${first}/pdf`, admin.headers)
    expect(pdfUrl.status).toBe(200)
    expect(pdfUrl.body.data.url).toMatch(/^\/v2\/media\/content\/[^/]+\?download=1$/)
    const served = await bytesOf(pdfUrl.body.data.url)
    expect(served.status).toBe(200)
    expect(Buffer.from(served.bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-")
    const signedUrl = await send("GET", `/v2/admin/gst-declaration/${first}/signed-document`, admin.headers)
    expect((await bytesOf(signedUrl.body.data.url)).bytes).toEqual(PngBytes)

    const short = await send("POST", `/v2/admin/gst-declaration/${first}/reject`, admin.headers, { reason: "too short" })
    expect(short.status).toBe(400)
    expect(short.body.message).toEqual(["reason must be longer than or equal to 10 and shorter than or equal to 500 characters"])
    const reason = "Signature does not match the signatory name"
    const rejected = await send("POST", `/v2/admin/gst-declaration/${first}/reject`, admin.headers, { reason })
    expect(rejected.status).toBe(200)
    expect(rejected.body.data).toMatchObject({ status: "REJECTED", rejectReason: reason })
    expect((await send("POST", `/v2/admin/gst-declaration/${first}/reject`, admin.headers, { reason })).status).toBe(409)
    expect((await send("POST", `/v2/admin/gst-declaration/${first}/verify`, admin.headers)).status).toBe(409)
    expect((await send("GET", `/v2/organizer/declaration/${org.id}`, org.owner.headers)).body.data).toMatchObject({ status: "REJECTED", declaration: { rejectReason: reason } })

    // The organizer restarts (organizer named by header) and submits again.
    const restarted = await send("POST", `/v2/organizer/declaration/restart`, { ...org.admin.headers, "x-organizer-id": org.id })
    expect(restarted.status).toBe(201)
    expect(restarted.body.data).toMatchObject({ status: "PENDING_VARIABLES", missingVariables: ["panNumber", "turnoverLimit", "signatoryName"] })
    const second = restarted.body.data.declaration.id as string
    expect(second).not.toBe(first)
    await send("POST", `/v2/organizer/declaration/${org.id}/fill`, org.owner.headers, { variables: { panNumber: "ABCDE1234F", turnoverLimit: "20 lakh", signatoryName: "Ravi Kumar" } })
    expect((await multipart(host, "POST", `/v2/organizer/declaration/${org.id}/upload-signed`, { file: { bytes: PdfBytes, name: "signed.pdf" } }, org.owner.headers)).status).toBe(201)
    const verified = await send("POST", `/v2/admin/gst-declaration/${second}/verify`, admin.headers)
    expect(verified.status).toBe(200)
    expect(verified.body.data).toMatchObject({ status: "VERIFIED", onboardingCompleted: true })
    expect((await send("POST", `/v2/organizer/declaration/restart`, { ...org.owner.headers, "x-organizer-id": org.id })).status).toBe(409)
    expect((await send("GET", `/v2/admin/gst-declaration/${first}`, admin.headers)).body.data.status).toBe("REJECTED")

    const logs = await send("GET", `/v2/admin/gst-declaration/${second}/audit-logs`, admin.headers)
    expect(logs.status).toBe(200)
    expect(logs.body.data.map((r: { action: string }) => r.action)).toEqual([
      "gst_declaration.started",
      "gst_declaration.filled",
      "gst_declaration.submitted",
      "gst_declaration.verified"
    ])
    const firstLogs = (await send("GET", `/v2/admin/gst-declaration/${first}/audit-logs`, admin.headers)).body.data as Array<{ action: string; reason: string | null }>
    expect(firstLogs.find((r) => r.action === "gst_declaration.rejected")?.reason).toBe(reason)
    expect((await send("GET", `/v2/admin/gst-declaration/00000000-0000-4000-8000-00000000beef/audit-logs`, admin.headers)).status).toBe(404)

    const stats = await send("GET", `/v2/admin/gst-declaration/statistics`, admin.headers)
    expect(stats.body.data).toMatchObject({ byStatus: { VERIFIED: 1, REJECTED: 1 }, activeTemplate: { id: templateId, name: "gst-main", version: 1 } })
    const byStatus = await send("GET", `/v2/admin/gst-declaration/all?status=VERIFIED&limit=1&page=1`, admin.headers)
    expect(byStatus.body.data).toMatchObject({ total: 1, count: 1, page: 1, pageCount: 1 })
    expect(byStatus.body.data.data[0].id).toBe(second)
    expect((await send("GET", `/v2/admin/gst-declaration/all?status=NOPE`, admin.headers)).status).toBe(400)
  })

  it("resets a PENDING_VARIABLES declaration to the active template and backfills missing template versions", async () => {
    const other = await seedOrganizer(host, "Reset Org")
    const started = await send("POST", `/v2/organizer/declaration/${other.id}/fill`, other.owner.headers, { variables: { panNumber: "ABCDE1234F" } })
    const id = started.body.data.declaration.id as string
    const next = await send("PATCH", `/v2/admin/gst-template/${templateId}`, admin.headers, { html: "<p>{{panNumber}} {{gstExemptionClause}}</p>" })
    await send("POST", `/v2/admin/gst-template/${next.body.data.id}/activate`, admin.headers)
    const reset = await send("POST", `/v2/admin/gst-declaration/${id}/reset-template`, admin.headers)
    expect(reset.status).toBe(200)
    expect(reset.body.data).toMatchObject({ templateId: next.body.data.id, templateVersion: 2, variables: { panNumber: "ABCDE1234F" } })
    expect((await send("GET", `/v2/organizer/declaration/${other.id}`, other.owner.headers)).body.data.missingVariables).toEqual(["gstExemptionClause"])
    await send("POST", `/v2/organizer/declaration/${other.id}/fill`, other.owner.headers, { variables: { gstExemptionClause: "Section 22" } })
    const locked = await send("POST", `/v2/admin/gst-declaration/${id}/reset-template`, admin.headers)
    expect(locked.status).toBe(409)

    // A declaration started without a template (legacy) gets the active one recorded.
    const legacyOrg = await seedOrganizer(host, "Legacy Org")
    await host.run(Effect.flatMap(Organizers.GstDeclarationRepo, (r) => r.start(legacyOrg.id, null, [])))
    const backfill = await send("POST", `/v2/admin/gst-declaration/backfill-template-version`, admin.headers)
    expect(backfill.status).toBe(200)
    expect(backfill.body.data).toMatchObject({ updated: 1, templateId: next.body.data.id, templateVersion: 2 })
    expect((await send("GET", `/v2/organizer/declaration/${legacyOrg.id}`, legacyOrg.owner.headers)).body.data.declaration).toMatchObject({ templateVersion: 2 })

    // Development helper (not production here).
    const deleted = await send("DELETE", `/v2/organizer/declaration/test-delete`, { ...legacyOrg.owner.headers, "x-organizer-id": legacyOrg.id })
    expect(deleted.status).toBe(200)
    expect(deleted.body.data).toEqual({ deleted: 1 })
    expect((await send("GET", `/v2/organizer/declaration/${legacyOrg.id}`, legacyOrg.owner.headers)).body.data.status).toBe("NOT_STARTED")
  })

  it("is for the organizer's OWNER or ADMIN only", async () => {
    const other = await seedOrganizer(host, "Outsider Org")
    expect((await host.http.get(`/v2/organizer/declaration/${org.id}`)).status).toBe(401)
    expect((await send("GET", `/v2/organizer/declaration/${org.id}`, org.viewer.headers)).status).toBe(403)
    expect((await send("GET", `/v2/organizer/declaration/${org.id}`, other.owner.headers)).status).toBe(403)
    expect((await send("POST", `/v2/organizer/declaration/${org.id}/fill`, other.admin.headers, { variables: {} })).status).toBe(403)
    expect((await send("GET", `/v2/organizer/declaration/${org.id}/download-pdf`, admin.headers)).status).toBe(403)
    expect((await send("POST", `/v2/organizer/declaration/restart`, { ...other.owner.headers, "x-organizer-id": org.id })).status).toBe(403)
    expect((await send("GET", `/v2/organizer/declaration/${org.id}`, (await newAthlete(host)).headers)).status).toBe(403)
  })
})
