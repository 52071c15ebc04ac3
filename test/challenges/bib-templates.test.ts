/**
 * Bib templates through the real host: admins with events.catalog make GLOBAL templates, an
 * organizer's OWNER/ADMIN makes its own, the gallery shows GLOBAL plus the caller's organizer's,
 * VIEWERs read but do not write, another organizer's template is 404, and preview re-renders the
 * thumbnail with a sample bib number and name.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { challengeAdmin } from "./support.js"

const host = realHostOf(import.meta.url)
let catalog: Record<string, string>, org: SeededOrganizer, rival: SeededOrganizer
beforeAll(async () => {
  catalog = (await challengeAdmin(host, ["events.catalog"])).headers
  org = await seedOrganizer(host, "Bib Org")
  rival = await seedOrganizer(host, "Rival Bib Org")
}, 60_000)

const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)

describe("bib templates", () => {
  it("lets admins make GLOBAL templates and organizers their own; the gallery is GLOBAL plus the organizer's", async () => {
    expect((await send("POST", "/v2/bib-templates", { name: "Classic" }, {})).status).toBe(401)
    expect((await send("POST", "/v2/bib-templates", { name: "Classic" }, (await challengeAdmin(host, [])).headers)).status).toBe(403)
    const invalid = await send("POST", "/v2/bib-templates", { name: "Xy", backgroundColor: "red", fontFamily: "comic" }, catalog)
    expect(invalid.body.message).toEqual([
      "name must be longer than or equal to 3 and shorter than or equal to 120 characters",
      "backgroundColor must be a hex colour like #1a2b3c",
      "fontFamily must be one of the following values: sans-serif, serif, monospace, condensed"
    ])
    const global = await send("POST", "/v2/bib-templates", { name: "Classic Marathon", accentColor: "#0055aa" }, catalog)
    expect(global.status).toBe(201)
    expect(global.body.data).toMatchObject({ scope: "GLOBAL", organizerId: null, accentColor: "#0055aa", backgroundColor: "#ffffff", showQrCode: true })
    expect(global.body.data.thumbnailSvg).toContain("Classic Marathon")

    const athlete = await newAthlete(host)
    expect((await send("POST", "/v2/bib-templates", { name: "Mine" }, athlete.headers)).body.message).toEqual(["organizerId should not be empty"])
    expect((await send("POST", "/v2/bib-templates", { name: "Viewer's", organizerId: org.id }, org.viewer.headers)).status).toBe(403)
    const own = await send("POST", "/v2/bib-templates", { name: "Bib Org Trail", organizerId: org.id, fontFamily: "condensed" }, org.owner.headers)
    expect(own.status).toBe(201)
    expect(own.body.data).toMatchObject({ scope: "ORGANIZER", organizerId: org.id, fontFamily: "condensed" })
    const rivals = await send("POST", "/v2/bib-templates", { name: "Rival Sprint", organizerId: rival.id }, rival.owner.headers)

    const gallery = await send("GET", `/v2/bib-templates?organizerId=${org.id}`, undefined, org.viewer.headers)
    const ids = gallery.body.data.map((t: { id: string }) => t.id)
    expect(ids).toContain(global.body.data.id)
    expect(ids).toContain(own.body.data.id)
    expect(ids).not.toContain(rivals.body.data.id)
    expect(ids.indexOf(global.body.data.id)).toBeLessThan(ids.indexOf(own.body.data.id))
    expect((await send("GET", `/v2/bib-templates?organizerId=${rival.id}`, undefined, org.owner.headers)).status).toBe(403)
    expect((await send("GET", "/v2/bib-templates", undefined, athlete.headers)).body.data.map((t: { scope: string }) => t.scope)).not.toContain("ORGANIZER")

    expect((await send("GET", `/v2/bib-templates/${own.body.data.id}`, undefined, org.viewer.headers)).body.data.id).toBe(own.body.data.id)
    expect((await send("GET", `/v2/bib-templates/${rivals.body.data.id}`, undefined, org.owner.headers)).status).toBe(404)
    expect((await send("GET", `/v2/bib-templates/${global.body.data.id}`, undefined, athlete.headers)).status).toBe(200)
    expect((await send("GET", `/v2/bib-templates/${crypto.randomUUID()}`, undefined, catalog)).body.code).toBe("BIB_TEMPLATE_NOT_FOUND")
  })

  it("changes, previews and deletes templates only for those who may write them", async () => {
    const global = (await send("POST", "/v2/bib-templates", { name: "Global Night Run" }, catalog)).body.data
    const own = (await send("POST", "/v2/bib-templates", { name: "Org Night Run", organizerId: org.id }, org.admin.headers)).body.data
    expect((await send("PATCH", `/v2/bib-templates/${global.id}`, { name: "Hijacked" }, org.owner.headers)).status).toBe(403)
    expect((await send("PATCH", `/v2/bib-templates/${own.id}`, { name: "Viewer edit" }, org.viewer.headers)).status).toBe(403)
    expect((await send("PATCH", `/v2/bib-templates/${own.id}`, { name: "Rival edit" }, rival.owner.headers)).status).toBe(404)
    const changed = await send("PATCH", `/v2/bib-templates/${own.id}`, { textColor: "#222222", showQrCode: false }, org.owner.headers)
    expect(changed.body.data).toMatchObject({ textColor: "#222222", showQrCode: false, name: "Org Night Run" })
    expect(changed.body.data.thumbnailSvg).not.toContain("<rect x=\"500\"")

    const preview = await send("POST", `/v2/bib-templates/${own.id}/preview`, { sampleBibNumber: "A-77", sampleName: "Ravi & Co" }, org.owner.headers)
    expect(preview.status).toBe(200)
    expect(preview.body.data).toMatchObject({ sampleBibNumber: "A-77", sampleName: "Ravi & Co" })
    expect(preview.body.data.thumbnailSvg).toContain(">A-77<")
    expect(preview.body.data.thumbnailSvg).toContain("Ravi &amp; Co")
    expect(new Date(preview.body.data.thumbnailRenderedAt).getTime()).toBeGreaterThanOrEqual(new Date(changed.body.data.thumbnailRenderedAt).getTime())
    expect((await send("POST", `/v2/bib-templates/${own.id}/preview`, { sampleBibNumber: "" }, org.owner.headers)).body.message).toEqual([
      "sampleBibNumber must be longer than or equal to 1 and shorter than or equal to 12 characters"
    ])

    expect((await send("DELETE", `/v2/bib-templates/${global.id}`, undefined, org.owner.headers)).status).toBe(403)
    expect((await send("DELETE", `/v2/bib-templates/${own.id}`, undefined, org.owner.headers)).body.data).toEqual({ id: own.id, deleted: true })
    expect((await send("DELETE", `/v2/bib-templates/${own.id}`, undefined, org.owner.headers)).status).toBe(404)
    expect((await send("DELETE", `/v2/bib-templates/${global.id}`, undefined, catalog)).body.data.deleted).toBe(true)
  })
})
