/** An event's FAQs, forms, gallery and communications through the real host. */
import { beforeAll, describe, expect, it } from "vitest"
import { multipart, PdfBytes, PngBytes, type SeededOrganizer, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { seedEvent } from "./event-config-support.js"
import { adminWithPermissions } from "../notifications/http-support.js"
import { publishedEvent } from "./support.js"

const host = useRealHost(import.meta.url)

let org: SeededOrganizer
let other: SeededOrganizer
let event: Awaited<ReturnType<typeof seedEvent>>
let eventId: string
beforeAll(async () => {
  org = await seedOrganizer(host(), "Content Org")
  other = await seedOrganizer(host(), "Other Content Org")
  event = await seedEvent(host(), org.id, "Monsoon Half")
  eventId = event.id
})

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = org.owner.headers) =>
  host().http.request(method, path, body, headers)
const upload = (method: string, path: string, fields: Parameters<typeof multipart>[3], headers: Record<string, string> = org.owner.headers) =>
  multipart(host(), method, path, fields, headers)

describe("event FAQs", () => {
  it("adds one or many, lists them in order, reads, replaces all atomically and deletes", async () => {
    const one = await send("POST", `/v2/organizers/events/${eventId}/faqs`, { question: "Is there parking?", answer: "Yes, at the venue.", sortOrder: 5 })
    expect(one.status).toBe(201)
    expect(one.body.data).toMatchObject({ eventId, question: "Is there parking?", sortOrder: 5 })
    const bulk = await send("POST", `/v2/organizers/events/${eventId}/faqs/bulk`, {
      bulk: [{ question: "When is kit pickup?", answer: "The day before.", sortOrder: 1 }, { question: "Are pacers there?", answer: "Yes." }]
    }, org.admin.headers)
    expect(bulk.status).toBe(201)
    expect(bulk.body.data).toHaveLength(2)
    const list = await send("GET", `/v2/organizers/events/${eventId}/faqs`, undefined, org.viewer.headers)
    expect(list.body.data.data.map((f: { question: string }) => f.question)).toEqual(["Are pacers there?", "When is kit pickup?", "Is there parking?"])
    expect((await send("GET", `/v2/organizers/events/${eventId}/faqs/${one.body.data.id}`, undefined, org.viewer.headers)).body.data.answer).toBe("Yes, at the venue.")

    const replaced = await send("PUT", `/v2/organizers/events/${eventId}/faqs`, { faqs: [{ question: "Only question?", answer: "Only answer." }] })
    expect(replaced.status).toBe(200)
    expect(replaced.body.data.map((f: { question: string }) => f.question)).toEqual(["Only question?"])
    const after = await send("GET", `/v2/organizers/events/${eventId}/faqs`)
    expect(after.body.data.total).toBe(1)
    expect((await send("GET", `/v2/organizers/events/${eventId}/faqs/${one.body.data.id}`)).status).toBe(404)

    const id = replaced.body.data[0].id as string
    expect((await send("DELETE", `/v2/organizers/events/${eventId}/faqs/${id}`)).body.data).toEqual({ id, deleted: true })
    expect((await send("PUT", `/v2/organizers/events/${eventId}/faqs`, { faqs: [] })).body.data).toEqual([])
  })

  it("answers 400 for empty or oversized batches and bad items, all or none", async () => {
    const empty = await send("POST", `/v2/organizers/events/${eventId}/faqs/bulk`, { bulk: [] })
    expect(empty.body.message).toEqual(["bulk must contain between 1 and 100 elements"])
    const many = Array.from({ length: 101 }, (_, i) => ({ question: `Q${i}`, answer: "A" }))
    const big = await send("PUT", `/v2/organizers/events/${eventId}/faqs`, { faqs: many })
    expect(big.status).toBe(400)
    expect(big.body.message).toEqual(["faqs must contain no more than 100 elements"])
    const bad = await send("POST", `/v2/organizers/events/${eventId}/faqs/bulk`, { bulk: [{ question: "Fine?", answer: "Yes" }, { question: "", answer: "x" }] })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["bulk.1.question must be longer than or equal to 1 and shorter than or equal to 300 characters"])
    expect((await send("GET", `/v2/organizers/events/${eventId}/faqs?filter=question||$eq||Fine?`)).body.data.total).toBe(0)
    expect((await send("POST", `/v2/organizers/events/${eventId}/faqs`, { question: "Q", answer: "A" }, org.viewer.headers)).status).toBe(403)
    expect((await send("GET", `/v2/organizers/events/${eventId}/faqs`, undefined, other.owner.headers)).status).toBe(404)
  })
})

describe("event forms", () => {
  const fields = [
    { key: "tshirt_size", label: "T-shirt size", type: "select", required: true, options: ["S", "M", "L"] },
    { key: "club", label: "Running club", type: "text" }
  ]

  it("versions the questions: a change makes a new version and earlier versions stay readable", async () => {
    const created = await send("POST", `/v2/organizers/events/${eventId}/forms`, { title: "Participant details", fields })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ title: "Participant details", version: 1, isActive: true, description: null })
    expect(created.body.data.fields[1]).toEqual({ key: "club", label: "Running club", type: "text", required: false, options: [] })
    const formId = created.body.data.id as string

    const v2 = await send("PATCH", `/v2/organizers/events/${eventId}/forms/${formId}`, { fields: [...fields, { key: "emergency_phone", label: "Emergency phone", type: "phone", required: true }] })
    expect(v2.body.data).toMatchObject({ version: 2 })
    expect(v2.body.data.fields).toHaveLength(3)
    const described = await send("PATCH", `/v2/organizers/events/${eventId}/forms/${formId}`, { description: "Shown before payment" })
    expect(described.body.data).toMatchObject({ version: 2, description: "Shown before payment" })

    const v1 = await send("GET", `/v2/organizers/events/${eventId}/forms/${formId}?version=1`, undefined, org.viewer.headers)
    expect(v1.body.data).toMatchObject({ id: formId, version: 1 })
    expect(v1.body.data.fields.map((f: { key: string }) => f.key)).toEqual(["tshirt_size", "club"])
    expect((await send("GET", `/v2/organizers/events/${eventId}/forms/${formId}?version=9`)).status).toBe(404)

    const v3 = await send("PUT", `/v2/organizers/events/${eventId}/forms/${formId}`, { title: "Runner details", fields: [fields[1]] })
    expect(v3.body.data).toMatchObject({ title: "Runner details", version: 3, description: null })
    expect((await send("GET", `/v2/organizers/events/${eventId}/forms/${formId}`)).body.data.version).toBe(3)

    const off = await send("PATCH", `/v2/organizers/events/${eventId}/forms/${formId}/toggle-status`)
    expect(off.body.data).toMatchObject({ isActive: false, version: 3 })
    const list = await send("GET", `/v2/organizers/events/${eventId}/forms`, undefined, org.viewer.headers)
    expect(list.body.data.data.map((f: { id: string }) => f.id)).toEqual([formId])

    expect((await send("DELETE", `/v2/organizers/events/${eventId}/forms/${formId}`)).body.data).toEqual({ id: formId, deleted: true })
    expect((await send("GET", `/v2/organizers/events/${eventId}/forms/${formId}`)).status).toBe(404)
    expect((await send("GET", `/v2/organizers/events/${eventId}/forms`)).body.data.total).toBe(0)
  })

  it("answers 400 for duplicate keys, a choice without options, options on a text question and bad field shapes", async () => {
    const res = await send("POST", `/v2/organizers/events/${eventId}/forms`, {
      title: "Bad",
      fields: [
        { key: "size", label: "Size", type: "select" },
        { key: "size", label: "Again", type: "text", options: ["x"] }
      ]
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual([
      "fields.0.options must contain at least 1 elements",
      "fields.1.key must be unique within the form",
      "fields.1.options must be empty for a text question"
    ])
    const shape = await send("POST", `/v2/organizers/events/${eventId}/forms`, { title: "", fields: [{ key: "Bad Key", label: "L", type: "colour" }] })
    expect(shape.body.message).toEqual([
      "title must be longer than or equal to 1 and shorter than or equal to 150 characters",
      "fields.0.key must be 1 to 50 lower-case letters, digits or underscores, starting with a letter",
      "fields.0.type must be one of the following values: text, textarea, number, email, phone, date, select, multiselect, checkbox"
    ])
  })
})

describe("event gallery", () => {
  it("stores images with a media URL, lists and deletes them; refuses a file that is not an image", async () => {
    const added = await upload("POST", `/v2/organizers/events/${eventId}/gallery`, { image: { bytes: PngBytes, name: "start line.png", type: "image/png" }, caption: "Start line", sortOrder: "2" })
    expect(added.status).toBe(201)
    expect(added.body.data).toMatchObject({ eventId, contentType: "image/png", fileName: "start line.png", caption: "Start line", sortOrder: 2 })
    expect(added.body.data.url).toMatch(/^\/v2\/media\/content\//)
    const image = await host().http.get(added.body.data.url)
    expect(image.status).toBe(200)

    const list = await send("GET", `/v2/organizers/events/${eventId}/gallery`, undefined, org.viewer.headers)
    expect(list.body.data.data).toHaveLength(1)
    expect(list.body.data.data[0].url).toMatch(/^\/v2\/media\/content\//)

    const pdf = await upload("POST", `/v2/organizers/events/${eventId}/gallery`, { image: { bytes: PdfBytes, name: "x.pdf" } })
    expect(pdf.status).toBe(400)
    expect(pdf.body.message).toEqual(["image must be a file of type PNG, JPG, WEBP"])

    const id = added.body.data.id as string
    expect((await send("DELETE", `/v2/organizers/events/${eventId}/gallery/${id}`, undefined, org.viewer.headers)).status).toBe(403)
    expect((await send("DELETE", `/v2/organizers/events/${eventId}/gallery/${id}`, undefined, other.owner.headers)).status).toBe(404)
    expect((await send("DELETE", `/v2/organizers/events/${eventId}/gallery/${id}`)).body.data).toEqual({ id, deleted: true })
    expect((await send("GET", `/v2/organizers/events/${eventId}/gallery`)).body.data.total).toBe(0)
  })
})

describe("an event's photo summary", () => {
  it("shows a public event's gallery in gallery order with media URLs; a draft or unpublished event is 404", async () => {
    const reviewer = await adminWithPermissions(host(), ["events.review"])
    const published = await publishedEvent(host(), org, reviewer)
    const base = `/v2/organizers/events/${published.id}/gallery`
    const finish = await upload("POST", base, { image: { bytes: PngBytes, name: "finish.png", type: "image/png" }, caption: "Finish", sortOrder: "5" })
    const start = await upload("POST", base, { image: { bytes: PngBytes, name: "start.png", type: "image/png" }, caption: "Start", sortOrder: "1" })
    expect([finish.status, start.status]).toEqual([201, 201])

    const res = await host().http.get(`/v2/events/${published.slug}/photo-summary`)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ eventId: published.id, photoCount: 2 })
    expect(res.body.data.photos.map((p: { caption: string }) => p.caption)).toEqual(["Start", "Finish"])
    const photo = await host().http.get(res.body.data.photos[0].url)
    expect(photo.status).toBe(200)
    expect((await host().http.get(`/v2/events/${published.id}/photo-summary`)).body.data.photoCount).toBe(2)

    expect((await host().http.get(`/v2/events/${eventId}/photo-summary`)).status).toBe(404)
    expect((await send("PATCH", `/v2/events/${published.id}/unpublish`)).status).toBe(200)
    expect((await host().http.get(`/v2/events/${published.id}/photo-summary`)).status).toBe(404)
  })

  it("answers an empty summary for a public event without photos", async () => {
    const reviewer = await adminWithPermissions(host(), ["events.review"])
    const published = await publishedEvent(host(), org, reviewer)
    expect((await host().http.get(`/v2/events/${published.id}/photo-summary`)).body.data).toEqual({ eventId: published.id, photoCount: 0, photos: [] })
  })
})

describe("event communications", () => {
  it("keeps one template per trigger and channel and previews it rendered with the moment it fires", async () => {
    const reminder = await send("POST", `/v2/organizers/events/${eventId}/communications`, {
      trigger: "event_reminder",
      channel: "EMAIL",
      subject: "{{eventTitle}} is tomorrow",
      body: "Hi {{participantName}}, {{eventTitle}} starts at {{eventStartsAt}} at {{eventVenue}}.",
      offsetMinutes: 1440
    })
    expect(reminder.status).toBe(201)
    expect(reminder.body.data).toMatchObject({ trigger: "event_reminder", channel: "EMAIL", offsetMinutes: 1440, isActive: true })
    const id = reminder.body.data.id as string

    const twice = await send("POST", `/v2/organizers/events/${eventId}/communications`, { trigger: "event_reminder", channel: "EMAIL", subject: "Again", body: "Again" })
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("COMMUNICATION_TEMPLATE_EXISTS")
    const sms = await send("POST", `/v2/organizers/events/${eventId}/communications`, { trigger: "event_reminder", channel: "SMS", body: "{{eventTitle}} tomorrow" })
    expect(sms.status).toBe(201)

    const preview = await send("POST", `/v2/organizers/events/${eventId}/communications/${id}/preview`, { variables: { participantName: "Asha" } }, org.viewer.headers)
    expect(preview.status).toBe(200)
    const startsAt = event.startsAt
    const wall = new Date(startsAt.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace("T", " ")
    expect(preview.body.data).toMatchObject({
      templateId: id,
      subject: "Monsoon Half is tomorrow",
      body: `Hi Asha, Monsoon Half starts at ${wall} (Asia/Kolkata) at Shaniwar Wada.`,
      firesOn: "schedule",
      firesAt: new Date(startsAt.getTime() - 1440 * 60_000).toISOString()
    })
    const missing = await send("POST", `/v2/organizers/events/${eventId}/communications/${id}/preview`, {})
    expect(missing.status).toBe(400)
    expect(missing.body.code).toBe("TEMPLATE_VARIABLES_MISSING")

    const moved = await send("PATCH", `/v2/organizers/events/${eventId}/communications/${sms.body.data.id}`, { trigger: "booking_confirmed", body: "Booked: {{eventTitle}}" })
    expect(moved.body.data).toMatchObject({ trigger: "booking_confirmed", channel: "SMS" })
    const action = await send("POST", `/v2/organizers/events/${eventId}/communications/${sms.body.data.id}/preview`, {})
    expect(action.body.data).toMatchObject({ subject: null, body: "Booked: Monsoon Half", firesOn: "action" })
    expect(Math.abs(Date.parse(action.body.data.firesAt) - Date.now())).toBeLessThan(60_000)
    const clash = await send("PATCH", `/v2/organizers/events/${eventId}/communications/${sms.body.data.id}`, { trigger: "event_reminder", channel: "EMAIL", subject: "S" })
    expect(clash.body.code).toBe("COMMUNICATION_TEMPLATE_EXISTS")

    const list = await send("GET", `/v2/organizers/events/${eventId}/communications?filter=channel||$eq||SMS`, undefined, org.viewer.headers)
    expect(list.body.data.data.map((t: { trigger: string }) => t.trigger)).toEqual(["booking_confirmed"])
    expect((await send("GET", `/v2/organizers/events/${eventId}/communications/${id}`)).body.data.subject).toBe("{{eventTitle}} is tomorrow")
    expect((await send("DELETE", `/v2/organizers/events/${eventId}/communications/${id}`)).body.data).toEqual({ id, deleted: true })
    expect((await send("GET", `/v2/organizers/events/${eventId}/communications/${id}`, undefined, other.owner.headers)).status).toBe(404)
  })

  it("answers 400 for unknown variables, a missing e-mail subject, a subject on SMS and bad triggers", async () => {
    const unknown = await send("POST", `/v2/organizers/events/${eventId}/communications`, { trigger: "event_completed", channel: "EMAIL", body: "Well done {{runnerNickname}}" })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toEqual([
      "subject should not be empty for EMAIL",
      "body uses unknown variables: runnerNickname (known: eventTitle, eventStartsAt, eventEndsAt, eventTimezone, eventCity, eventVenue, eventSlug, participantName, ticketName, bookingReference)"
    ])
    const sms = await send("POST", `/v2/organizers/events/${eventId}/communications`, { trigger: "event_completed", channel: "SMS", subject: "Hi", body: "Done" })
    expect(sms.body.message).toEqual(["subject must be empty for SMS"])
    const shape = await send("POST", `/v2/organizers/events/${eventId}/communications`, { trigger: "someday", channel: "FAX", body: "" })
    expect(shape.body.message).toEqual([
      "trigger must be one of the following values: booking_confirmed, booking_cancelled, event_updated, event_cancelled, event_reminder, event_started, event_completed",
      "channel must be one of the following values: EMAIL, SMS, PUSH, CHAT",
      "body must be longer than or equal to 5000 characters".replace("longer than or equal to 5000", "longer than or equal to 1 and shorter than or equal to 5000")
    ])
  })
})
