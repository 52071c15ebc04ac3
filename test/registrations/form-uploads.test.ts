/**
 * Registration form uploads through the real host: signed-in athletes only, the file's presence,
 * type (by its bytes) and size checked with the spec's wording, stored and served back through a
 * private media URL, an unknown event 404, and the per-event cap holding when uploads race.
 */
import { describe, expect, it } from "vitest"
import { multipart, newAthlete, PdfBytes, PngBytes, pngOfSize, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { seedEvent } from "./support.js"

const host = useRealHost(import.meta.url)

const setup = async () => {
  const org = await seedOrganizer(host())
  const event = await seedEvent(host(), org.id)
  const athlete = await newAthlete(host())
  const upload = (fields: Parameters<typeof multipart>[3], headers: Record<string, string> = athlete.headers, eventId = event.eventId) =>
    multipart(host(), "POST", `/v2/event-participations/events/${eventId}/form-uploads`, fields, headers)
  return { event, athlete, upload }
}

describe("registration form uploads", () => {
  it("answers 401 without a token, 404 for an unknown event, 400 for a missing, wrong or oversized file", async () => {
    const { upload } = await setup()
    expect((await upload({ file: { bytes: PdfBytes, name: "m.pdf" } }, {})).status).toBe(401)
    expect((await upload({ file: { bytes: PdfBytes, name: "m.pdf" } }, undefined, "00000000-0000-4000-8000-000000000000")).status).toBe(404)
    const missing = await upload({ note: "x" })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(["file should not be empty"])
    const wrongType = await upload({ file: { bytes: new TextEncoder().encode("<html>"), name: "m.pdf", type: "application/pdf" } })
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.message).toEqual(["file must be a file of type PDF, JPG, PNG"])
    const tooBig = await upload({ file: { bytes: pngOfSize(5 * 1024 * 1024 + 1), name: "big.png" } })
    expect(tooBig.status).toBe(400)
    expect(tooBig.body.message).toEqual(["file must be at most 5 MB"])
  })

  it("stores the file and serves it back through a private media URL", async () => {
    const { event, athlete, upload } = await setup()
    const done = await upload({ file: { bytes: PngBytes, name: "medical <cert>.png", type: "image/png" } })
    expect(done.status).toBe(201)
    expect(done.body.data).toMatchObject({ eventId: event.eventId, userId: athlete.user.id, contentType: "image/png", fileName: "medical _cert_.png", size: PngBytes.length })
    const served = await host().http.get(done.body.data.url)
    expect(served.status).toBe(200)
  })

  it("holds the per-event cap of 20 when uploads race", async () => {
    const { upload } = await setup()
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => upload({ file: { bytes: PdfBytes, name: `f${i}.pdf` } })))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20)
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === "FORM_UPLOAD_LIMIT_REACHED")).toBe(true)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4)
  })
})
