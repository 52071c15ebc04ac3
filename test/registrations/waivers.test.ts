/**
 * Waivers through the real host: who may call, the spec's 400 wording and unknown variables, the
 * version life cycle (create, update makes a new version, deactivate), bookings that must accept
 * the current version and record each participant's acceptance (version, exact text, who, when),
 * PDF downloads for the organizer and the athlete, and racing updates.
 */
import { describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { person, seedEvent } from "./support.js"

const host = useRealHost(import.meta.url)
const text = "I, {{participant_name}}, take part in {{event_title}} at my own risk."

const setup = async () => {
  const org = await seedOrganizer(host())
  const event = await seedEvent(host(), org.id)
  return { org, event, base: `/v2/organizers/events/${event.eventId}/waiver` }
}
const bookWith = (headers: Record<string, string>, event: { eventId: string; ticketId: string }, extra: Record<string, unknown> = {}, participants = [person()]) =>
  host().http.post("/v2/event-participations", { eventId: event.eventId, ticketId: event.ticketId, participants, ...extra }, headers)
const fetchBytes = async (path: string, headers: Record<string, string>) => {
  const res = await fetch(host().http.baseUrl + path, { headers })
  return { status: res.status, type: res.headers.get("content-type"), bytes: new Uint8Array(await res.arrayBuffer()) }
}

describe("waivers: who may call and what they accept", () => {
  it("answers 401, 403 to athletes and to viewers on writes, 404 to another organizer", async () => {
    const { org, event } = await setup()
    const athlete = await newAthlete(host())
    expect((await host().http.get(`/v2/organizers/events/${event.eventId}/waiver/available-variables`)).status).toBe(401)
    expect((await host().http.get(`/v2/organizers/events/${event.eventId}/waiver/available-variables`, athlete.headers)).status).toBe(403)
    expect((await host().http.post(`/v2/organizers/events/${event.eventId}/waiver`, { title: "Waiver", body: text }, org.viewer.headers)).status).toBe(403)
    const other = await seedOrganizer(host(), "Other")
    expect((await host().http.get(`/v2/organizers/events/${event.eventId}/waiver`, other.owner.headers)).status).toBe(404)
    expect((await host().http.get(`/v2/organizers/events/${event.eventId}/waiver/acceptances`, other.owner.headers)).status).toBe(404)
  })

  it("refuses malformed waivers with the spec's wording and unknown variables by name", async () => {
    const { org, event } = await setup()
    const bad = await host().http.post(`/v2/organizers/events/${event.eventId}/waiver`, { title: "W", body: "short" }, org.owner.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "title must be longer than or equal to 3 and shorter than or equal to 150 characters",
      "body must be longer than or equal to 10 and shorter than or equal to 20000 characters"
    ])
    const unknown = await host().http.post(`/v2/organizers/events/${event.eventId}/waiver`, { title: "Waiver", body: "Hello {{shoe_size}} and {{event_title}}" }, org.owner.headers)
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toEqual(["body uses an unknown variable: shoe_size"])
    const variables = await host().http.get(`/v2/organizers/events/${event.eventId}/waiver/available-variables`, org.viewer.headers)
    expect(variables.body.data.map((v: { placeholder: string }) => v.placeholder)).toContain("{{participant_name}}")
  })
})

describe("waivers: versions", () => {
  it("creates version 1, refuses a second active one, updates into a new version, deactivates, and starts again after", async () => {
    const { org, event } = await setup()
    const path = `/v2/organizers/events/${event.eventId}/waiver`
    expect((await host().http.get(path, org.viewer.headers)).body.code).toBe("WAIVER_NOT_FOUND")
    const v1 = await host().http.post(path, { title: "Race waiver", body: text }, org.owner.headers)
    expect(v1.status).toBe(201)
    expect(v1.body.data).toMatchObject({ version: 1, isActive: true, title: "Race waiver" })
    expect((await host().http.post(path, { title: "Again", body: text }, org.owner.headers)).body.code).toBe("WAIVER_EXISTS")
    const v2 = await host().http.patch(path, { body: `${text} Updated.` }, org.admin.headers)
    expect(v2.body.data).toMatchObject({ version: 2, isActive: true, title: "Race waiver" })
    expect((await host().http.get(path, org.viewer.headers)).body.data.id).toBe(v2.body.data.id)
    const off = await host().http.delete(path, undefined, org.owner.headers)
    expect(off.body.data).toMatchObject({ version: 2, isActive: false })
    expect((await host().http.delete(path, undefined, org.owner.headers)).status).toBe(404)
    expect((await host().http.patch(path, { title: "Nothing active" }, org.owner.headers)).body.code).toBe("WAIVER_NOT_FOUND")
    expect((await host().http.post(path, { title: "Race waiver", body: text }, org.owner.headers)).body.data.version).toBe(3)
  })

  it("six updates racing publish six distinct versions with exactly one active", async () => {
    const { org, event } = await setup()
    const path = `/v2/organizers/events/${event.eventId}/waiver`
    await host().http.post(path, { title: "Race waiver", body: text }, org.owner.headers)
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => host().http.patch(path, { title: `Version ${i}` }, org.owner.headers)))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(new Set(answers.map((a) => a.body.data.version))).toEqual(new Set([2, 3, 4, 5, 6, 7]))
    expect((await host().http.get(path, org.viewer.headers)).body.data.version).toBe(7)
  })
})

describe("waivers: acceptances", () => {
  it("a booking must accept the current version; each participant's acceptance keeps the version, the filled text, who and when", async () => {
    const { org, event } = await setup()
    const path = `/v2/organizers/events/${event.eventId}/waiver`
    await host().http.post(path, { title: "Race waiver", body: text }, org.owner.headers)
    const athlete = await newAthlete(host())
    const missing = await bookWith(athlete.headers, event)
    expect(missing.status).toBe(409)
    expect(missing.body.code).toBe("WAIVER_NOT_ACCEPTED")
    const booked = await bookWith(athlete.headers, event, { waiverVersion: 1 }, [person({ firstName: "Meera", lastName: "Iyer" }), person()])
    expect(booked.status).toBe(201)
    const list = await host().http.get(`${path}/acceptances`, org.viewer.headers)
    expect(list.body.data).toMatchObject({ total: 2, page: 1, limit: 20 })
    const meera = list.body.data.items.find((a: { participantId: string }) => a.participantId === booked.body.data.participants[0].id)
    expect(meera).toMatchObject({ waiverVersion: 1, acceptedBy: athlete.user.id, participationId: booked.body.data.id, title: "Race waiver" })
    expect(meera.text).toContain("I, Meera Iyer, take part in City Run")

    await host().http.patch(path, { title: "Race waiver 2026" }, org.owner.headers)
    expect((await bookWith(athlete.headers, event, { waiverVersion: 1 })).body.code).toBe("WAIVER_NOT_ACCEPTED")
    expect((await bookWith(athlete.headers, event, { waiverVersion: 2 })).status).toBe(201)
    expect((await host().http.get(`${path}/acceptances`, org.viewer.headers)).body.data.items.filter((a: { waiverVersion: number }) => a.waiverVersion === 1)).toHaveLength(2)
  })

  it("the organizer and the athlete download the accepted waiver as PDF; others get 404", async () => {
    const { org, event } = await setup()
    const path = `/v2/organizers/events/${event.eventId}/waiver`
    const athlete = await newAthlete(host())
    const before = (await bookWith(athlete.headers, event)).body.data
    await host().http.post(path, { title: "Race waiver", body: text }, org.owner.headers)
    const booked = (await bookWith(athlete.headers, event, { waiverVersion: 1 })).body.data
    const participantId = booked.participants[0].id
    const organizerCopy = await fetchBytes(`${path}/acceptances/${participantId}/download`, org.viewer.headers)
    expect(organizerCopy.status).toBe(200)
    expect(organizerCopy.type).toBe("application/pdf")
    expect(Buffer.from(organizerCopy.bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-")
    const mine = await host().http.get(`/v2/event-participations/participants/${participantId}/waiver/download`, athlete.headers)
    expect(mine.status).toBe(200)
    expect(mine.headers.get("content-type")).toBe("application/pdf")
    const stranger = await newAthlete(host())
    expect((await host().http.get(`/v2/event-participations/participants/${participantId}/waiver/download`, stranger.headers)).status).toBe(404)
    const none = await host().http.get(`/v2/event-participations/participants/${before.participants[0].id}/waiver/download`, athlete.headers)
    expect(none.status).toBe(404)
    expect(none.body.code).toBe("WAIVER_ACCEPTANCE_NOT_FOUND")
    expect((await host().http.get(`${path}/acceptances/${before.participants[0].id}/download`, org.viewer.headers)).status).toBe(404)
  })
})
