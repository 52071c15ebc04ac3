/**
 * Event covers through the real host: OWNER/ADMIN of the event's organizer only (another
 * organizer's event is 404), the image checked by its bytes (400 in the spec's wording), the event
 * keeping the new key, the cover served from its URL, a replaced cover's file gone.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { multipart, PdfBytes, PngBytes, type SeededOrganizer, seedOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { eventsCast, readyDraft } from "./support.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer
beforeAll(async () => void ({ org } = await eventsCast(host, "Covers Org")), 60_000)

const png = { bytes: PngBytes, name: "cover.png", type: "image/png" }

describe("event covers", () => {
  it("needs OWNER or ADMIN of the event's organizer; another organizer's event is 404", async () => {
    const event = await readyDraft(host, org)
    expect((await multipart(host, "PATCH", `/v2/events/${event.id}/desktop-cover`, { image: png })).status).toBe(401)
    expect((await multipart(host, "PATCH", `/v2/events/${event.id}/desktop-cover`, { image: png }, org.viewer.headers)).status).toBe(403)
    const other = await seedOrganizer(host, "Other Covers Org")
    expect((await multipart(host, "PATCH", `/v2/events/${event.id}/desktop-cover`, { image: png }, other.owner.headers)).status).toBe(404)
  })

  it("stores the image, points the event at it, serves it, and removes the replaced file", async () => {
    const event = await readyDraft(host, org)
    const first = await multipart(host, "PATCH", `/v2/events/${event.id}/desktop-cover`, { image: png }, org.admin.headers)
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ eventId: event.id, field: "desktopCover", contentType: "image/png" })
    expect(first.body.data.url).toMatch(/^\/v2\/media\/content\//)
    expect((await host.http.get(first.body.data.url)).status).toBe(200)
    const mobile = await multipart(host, "PATCH", `/v2/events/${event.id}/mobile-cover`, { image: png }, org.owner.headers)
    expect(mobile.body.data.field).toBe("mobileCover")
    const read = await host.http.request("GET", `/v2/events/${event.id}`, undefined, org.owner.headers)
    expect(read.body.data).toMatchObject({ desktopCover: first.body.data.key, mobileCover: mobile.body.data.key })
    const second = await multipart(host, "PATCH", `/v2/events/${event.id}/desktop-cover`, { image: png }, org.owner.headers)
    expect(second.body.data.key).not.toBe(first.body.data.key)
    expect((await host.http.get(first.body.data.url)).status).toBe(404)
  })

  it("answers 400 in the spec's wording for a file that is not an image", async () => {
    const event = await readyDraft(host, org)
    const pdf = await multipart(host, "PATCH", `/v2/events/${event.id}/mobile-cover`, { image: { bytes: PdfBytes, name: "x.pdf" } }, org.owner.headers)
    expect(pdf.status).toBe(400)
    expect(pdf.body.message).toEqual(["image must be a file of type PNG, JPG, WEBP"])
  })
})
