/**
 * Declaration forms through the real host: admin declaration-form templates (versions per name,
 * exactly one active even under concurrent activation, the active one cannot be deleted, the list
 * keeps deleted ones, the permission guard) and the organizer's form (filled template, missing
 * fields, details with the PAN check, the PDF download refused until complete and then a valid
 * PDF naming the organizer), with the tenancy rules and the audit rows.
 */
import { Accounts, Platform } from "@podium/core"
import { Effect } from "effect"
import { createRequire } from "node:module"
import { inflateSync } from "node:zlib"
import { beforeAll, describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { newAdmin, newAthlete, seedOrganizer, type SeededOrganizer } from "./support.js"

// pdf-lib is a dependency of @podium/providers (the renderer); the test parses the PDF with it.
interface ParsedPdf {
  getPageCount(): number
  getTitle(): string | undefined
}
const { PDFDocument } = createRequire(new URL("../../adapters/providers/package.json", import.meta.url))("pdf-lib") as {
  PDFDocument: { load(bytes: Uint8Array): Promise<ParsedPdf> }
}

const host = realHostOf(import.meta.url)
let admin: { headers: Record<string, string> }
let plainAdmin: { headers: Record<string, string> }
let org: SeededOrganizer
let otherOrg: SeededOrganizer
beforeAll(async () => {
  const created = await newAdmin(host)
  await host.run(Effect.flatMap(Accounts.AdminPermissionRepo, (r) => r.set(created.admin.id, ["organizers.declarations"])))
  admin = created
  const plain = await newAdmin(host)
  await host.run(Effect.flatMap(Accounts.AdminPermissionRepo, (r) => r.set(plain.admin.id, ["admins.read"])))
  plainAdmin = plain
  org = await seedOrganizer(host, "Decl Runners Club")
  otherOrg = await seedOrganizer(host, "Other Club")
}, 60_000)

const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  host.http.request(method, path, body, headers)

const auditActions = async (subjectId: string) =>
  (await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId, limit: 50 })))).map((r) => r.action)

/** The text drawn on the PDF's pages: content streams inflated, hex strings decoded. */
const pdfText = (bytes: Uint8Array) => {
  const raw = Buffer.from(bytes).toString("latin1")
  const chunks: Array<string> = []
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const data = Buffer.from(m[1]!, "latin1")
    try {
      chunks.push(inflateSync(data).toString("latin1"))
    } catch {
      chunks.push(m[1]!)
    }
  }
  return chunks.join("\n")
    .replace(/<([0-9A-Fa-f]+)>\s*Tj/g, (_s, hex: string) => Buffer.from(hex, "hex").toString("latin1"))
    .replace(/\((.*?)\)\s*Tj/g, (_s, text: string) => text)
}

describe("admin declaration form templates", () => {
  it("requires an admin holding organizers.declarations", async () => {
    expect((await host.http.get("/v2/admins/declaration-form-templates")).status).toBe(401)
    const athlete = await newAthlete(host)
    expect((await send("GET", "/v2/admins/declaration-form-templates", athlete.headers)).status).toBe(403)
    expect((await send("GET", "/v2/admins/declaration-form-templates", org.owner.headers)).status).toBe(403)
    const denied = await send("POST", "/v2/admins/declaration-form-templates", plainAdmin.headers, { html: "<p>x</p>", requiredFields: [] })
    expect(denied.status).toBe(403)
    expect(denied.body.error ?? denied.body.code).toBeDefined()
  })

  it("validates the body and reports every failing field", async () => {
    const res = await send("POST", "/v2/admins/declaration-form-templates", admin.headers, { requiredFields: ["panNumber", "shoeSize"], isActive: "yes" })
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual(expect.arrayContaining([
      expect.stringMatching(/^html /),
      expect.stringMatching(/^requiredFields/),
      expect.stringMatching(/^isActive /)
    ]))
  })

  it("versions templates per name, keeps exactly one active, refuses deleting the active one, lists deleted ones", async () => {
    const v1 = await send("POST", "/v2/admins/declaration-form-templates", admin.headers, { name: "gst-exempt", html: "<p>{{legalName}} / {{panNumber}}</p>", requiredFields: ["legalName", "panNumber"] })
    expect(v1.status).toBe(201)
    expect(v1.body.data).toMatchObject({ name: "gst-exempt", version: 1, isActive: false, isDeleted: false, requiredFields: ["legalName", "panNumber"], placeholders: ["legalName", "panNumber"] })
    const v2 = await send("POST", "/v2/admins/declaration-form-templates", admin.headers, { name: "gst-exempt", html: "<p>v2 {{signatoryName}}</p>", requiredFields: ["signatoryName"], isActive: true })
    expect(v2.status).toBe(201)
    expect(v2.body.data).toMatchObject({ version: 2, isActive: true })

    expect((await send("GET", `/v2/admins/declaration-form-templates/active`, admin.headers)).body.data.id).toBe(v2.body.data.id)
    const activated = await send("POST", `/v2/admins/declaration-form-templates/${v1.body.data.id}/activate`, admin.headers)
    expect(activated.status).toBe(200)
    expect(activated.body.data.isActive).toBe(true)
    expect((await send("GET", `/v2/admins/declaration-form-templates/${v2.body.data.id}`, admin.headers)).body.data.isActive).toBe(false)

    // PATCH isActive=true deactivates the others; the edit keeps the version row.
    const patched = await send("PATCH", `/v2/admins/declaration-form-templates/${v2.body.data.id}`, admin.headers, { html: "<p>v2b {{signatoryName}}</p>", isActive: true })
    expect(patched.status).toBe(200)
    expect(patched.body.data).toMatchObject({ html: "<p>v2b {{signatoryName}}</p>", isActive: true })
    expect((await send("GET", `/v2/admins/declaration-form-templates/${v1.body.data.id}`, admin.headers)).body.data.isActive).toBe(false)

    const refused = await send("DELETE", `/v2/admins/declaration-form-templates/${v2.body.data.id}`, admin.headers)
    expect(refused.status).toBe(409)
    expect(refused.body.error ?? refused.body.code).toBeDefined()
    const deleted = await send("DELETE", `/v2/admins/declaration-form-templates/${v1.body.data.id}`, admin.headers)
    expect(deleted.status).toBe(200)
    expect(deleted.body.data).toEqual({ id: v1.body.data.id, deleted: true })
    expect((await send("DELETE", `/v2/admins/declaration-form-templates/${v1.body.data.id}`, admin.headers)).status).toBe(404)
    expect((await send("POST", `/v2/admins/declaration-form-templates/${v1.body.data.id}/activate`, admin.headers)).status).toBe(404)
    expect((await send("PATCH", `/v2/admins/declaration-form-templates/${v1.body.data.id}`, admin.headers, { html: "<p>x</p>" })).status).toBe(404)

    const list = await send("GET", "/v2/admins/declaration-form-templates", admin.headers)
    expect(list.status).toBe(200)
    const rows = list.body.data as Array<{ id: string; isActive: boolean; isDeleted: boolean }>
    expect(rows.find((r) => r.id === v1.body.data.id)).toMatchObject({ isDeleted: true, isActive: false })
    expect(rows.filter((r) => r.isActive)).toHaveLength(1)

    expect((await send("GET", `/v2/admins/declaration-form-templates/00000000-0000-4000-8000-00000000beef`, admin.headers)).status).toBe(404)
    expect((await send("GET", `/v2/admins/declaration-form-templates/not-a-uuid`, admin.headers)).status).toBe(404)

    const actions = await auditActions(v2.body.data.id)
    expect(actions).toEqual(expect.arrayContaining([
      "declaration_template.created",
      "declaration_template.activated",
      "declaration_template.updated"
    ]))
    expect(await auditActions(v1.body.data.id)).toContain("declaration_template.deleted")
  })

  it("keeps exactly one active template when activations race", async () => {
    const ids = await Promise.all([1, 2, 3, 4].map(async (i) =>
      (await send("POST", "/v2/admins/declaration-form-templates", admin.headers, { name: `race-${i}`, html: `<p>${i}</p>`, requiredFields: [] })).body.data.id as string))
    const results = await Promise.all(ids.map((id) => send("POST", `/v2/admins/declaration-form-templates/${id}/activate`, admin.headers)))
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200])
    const rows = (await send("GET", "/v2/admins/declaration-form-templates", admin.headers)).body.data as Array<{ isActive: boolean }>
    expect(rows.filter((r) => r.isActive)).toHaveLength(1)
  })
})

describe("organizer declaration form", () => {

  it("fills the active template and refuses the download until every required field is filled", async () => {
    // A known active template for this block.
    const t = await send("POST", "/v2/admins/declaration-form-templates", admin.headers, {
      name: "organizer-form",
      html: "<h1>Declaration</h1><p>I, {{signatoryName}} ({{signatoryDesignation}}) of {{organizerName}}, PAN {{panNumber}}, at {{registeredAddress}}.</p><p>Place: {{place}}</p>",
      requiredFields: ["panNumber", "registeredAddress", "signatoryName", "signatoryDesignation"],
      isActive: true
    })
    expect(t.status).toBe(201)

    const first = await send("GET", `/v2/organizers/${org.id}/declaration-form`, org.owner.headers)
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({
      organizerId: org.id,
      templateId: t.body.data.id,
      templateVersion: 1,
      complete: false,
      missingFields: ["panNumber", "registeredAddress", "signatoryName", "signatoryDesignation"]
    })
    expect(first.body.data.html).toContain("of Decl Runners Club, PAN ,")

    const early = await send("GET", `/v2/organizers/${org.id}/declaration-form/download`, org.owner.headers)
    expect(early.status).toBe(409)
    expect(early.body.message).toContain("panNumber, registeredAddress, signatoryName, signatoryDesignation")

    const bad = await send("PATCH", `/v2/organizers/${org.id}/declaration-form-details`, org.admin.headers, { panNumber: "ABC123", pincode: "12", signatoryName: 5 })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([expect.stringMatching(/^signatoryName /)]))
    const badPan = await send("PATCH", `/v2/organizers/${org.id}/declaration-form-details`, org.admin.headers, { panNumber: "ABC123", pincode: "12" })
    expect(badPan.status).toBe(400)
    expect(badPan.body.message).toEqual([
      "panNumber must be a valid PAN (5 letters, 4 digits, 1 letter, e.g. ABCDE1234F)",
      "pincode must be a 6-digit PIN code"
    ])

    const partial = await send("PATCH", `/v2/organizers/${org.id}/declaration-form-details`, org.admin.headers, { panNumber: "abcde1234f", registeredAddress: "12 <MG> Road, Pune" })
    expect(partial.status).toBe(200)
    expect(partial.body.data.details).toEqual({ panNumber: "ABCDE1234F", registeredAddress: "12 <MG> Road, Pune" })
    expect(partial.body.data.missingFields).toEqual(["signatoryName", "signatoryDesignation"])
    expect(partial.body.data.html).toContain("12 &lt;MG&gt; Road, Pune")

    const done = await send("PATCH", `/v2/organizers/${org.id}/declaration-form-details`, org.owner.headers, { signatoryName: "Asha Rao", signatoryDesignation: "Director", place: "Pune" })
    expect(done.body.data).toMatchObject({ complete: true, missingFields: [] })
    // Clearing a field makes it missing again; only supplied fields change.
    const cleared = await send("PATCH", `/v2/organizers/${org.id}/declaration-form-details`, org.owner.headers, { place: null })
    expect(cleared.body.data.details).toEqual({ panNumber: "ABCDE1234F", registeredAddress: "12 <MG> Road, Pune", signatoryName: "Asha Rao", signatoryDesignation: "Director" })

    const pdf = await host.http.get(`/v2/organizers/${org.id}/declaration-form/download`, { headers: org.owner.headers })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get("content-type")).toBe("application/pdf")
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment; filename="declaration-form-[0-9a-f]{8}\.pdf"$/)
    const bytes = new Uint8Array(await (await fetch(host.http.baseUrl + `/v2/organizers/${org.id}/declaration-form/download`, { headers: org.owner.headers })).arrayBuffer())
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-")
    const parsed = await PDFDocument.load(bytes)
    expect(parsed.getPageCount()).toBeGreaterThanOrEqual(1)
    expect(parsed.getTitle()).toContain("Decl Runners Club")
    const text = pdfText(bytes)
    expect(text).toContain("Decl Runners Club")
    expect(text).toContain("ABCDE1234F")
    expect(text).toContain("12 <MG> Road, Pune")

    expect(await auditActions(org.id)).toEqual(expect.arrayContaining([
      "organizer.declaration_details.updated",
      "organizer.declaration_form.downloaded"
    ]))
  })

  it("is for the organizer's OWNER/ADMIN and platform admins only; another tenant's id never reads its data", async () => {
    expect((await host.http.get(`/v2/organizers/${org.id}/declaration-form`)).status).toBe(401)
    expect((await send("GET", `/v2/organizers/${org.id}/declaration-form`, org.viewer.headers)).status).toBe(403)
    expect((await send("GET", `/v2/organizers/${org.id}/declaration-form`, otherOrg.owner.headers)).status).toBe(403)
    expect((await send("PATCH", `/v2/organizers/${org.id}/declaration-form-details`, otherOrg.owner.headers, { place: "Mumbai" })).status).toBe(403)
    expect((await send("GET", `/v2/organizers/${org.id}/declaration-form/download`, otherOrg.admin.headers)).status).toBe(403)
    const athlete = await newAthlete(host)
    expect((await send("GET", `/v2/organizers/${org.id}/declaration-form`, athlete.headers)).status).toBe(403)

    const asAdmin = await send("GET", `/v2/organizers/${org.id}/declaration-form`, admin.headers)
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.body.data.details.panNumber).toBe("ABCDE1234F")
    expect((await send("GET", "/v2/organizers/00000000-0000-4000-8000-00000000dead/declaration-form", admin.headers)).status).toBe(404)

    // The other organizer's form is its own (empty) one.
    const other = await send("GET", `/v2/organizers/${otherOrg.id}/declaration-form`, otherOrg.owner.headers)
    expect(other.status).toBe(200)
    expect(other.body.data.details).toEqual({})
  })
})
