/**
 * Digital bibs through the real host: who may call, issuing to numbered participants only (once
 * each, also when two issues race), the public card by slug (no contact details, 404 once revoked
 * or reissued away), reissue and revoke audited with the old link dying, the roster, and the
 * booker's own bibs edited only where the self-service policy allows self-edits.
 */
import { Platform } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { bookAs, person, seedEvent } from "./support.js"

const host = useRealHost(import.meta.url)

/** An event with a numbering range, one booking of three (all numbered) and one later booking (unnumbered). */
const setup = async () => {
  const org = await seedOrganizer(host())
  const event = await seedEvent(host(), org.id, { capacity: 20, slotCapacity: 40 })
  const athlete = await newAthlete(host())
  const base = `/v2/organizer/events/${event.eventId}`
  await host().http.patch(`${base}/bib-config`, { prefix: "R", ranges: [{ ticketId: null, from: 1, to: 100 }] }, org.owner.headers)
  const booking = (await bookAs(host(), athlete.headers, event, [person({ firstName: "Asha", lastName: "Kumar" }), person(), person()])).body.data
  await host().http.post(`${base}/bibs/auto-assign`, {}, org.owner.headers)
  return { org, event, athlete, booking, base }
}

describe("digital bibs: who may call and what they accept", () => {
  it("answers 401, 403 to athletes and to viewers on writes, 404 to another organizer; the spec's 400 wording", async () => {
    const { org, event, athlete, booking, base } = await setup()
    const pid = booking.participants[0].id
    expect((await host().http.post(`${base}/bibs/issue`, {})).status).toBe(401)
    expect((await host().http.get(`/v2/events/${event.eventId}/bibs/me`)).status).toBe(401)
    expect((await host().http.post(`${base}/bibs/issue`, {}, athlete.headers)).status).toBe(403)
    expect((await host().http.post(`${base}/participants/${pid}/bib/revoke`, { reason: "lost" }, org.viewer.headers)).status).toBe(403)
    expect((await host().http.get(`${base}/bibs/roster`, org.viewer.headers)).status).toBe(200)
    const other = await seedOrganizer(host(), "Other")
    expect((await host().http.get(`${base}/bibs/roster`, other.owner.headers)).status).toBe(404)
    const bad = await host().http.post(`${base}/participants/${pid}/bib/revoke`, { reason: "" }, org.owner.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["reason must be longer than or equal to 3 and shorter than or equal to 500 characters"])
    const badEdit = await host().http.patch(`/v2/events/${event.eventId}/bibs/me`, { participantId: "x" }, athlete.headers)
    expect(badEdit.status).toBe(400)
    expect(badEdit.body.message).toEqual(["participantId must be a UUID"])
    expect((await host().http.get(`/v2/b/no-such-slug`)).status).toBe(404)
  })
})

describe("digital bibs: issue, public card, reissue, revoke", () => {
  it("issues one bib to each numbered participant, again only to the newly numbered; racing issues give nobody two", async () => {
    const { org, event, athlete, base } = await setup()
    const late = (await bookAs(host(), athlete.headers, event, [person()])).body.data
    const first = await host().http.post(`${base}/bibs/issue`, {}, org.owner.headers)
    expect(first.status).toBe(200)
    expect(first.body.data.issued).toBe(3)
    expect(first.body.data.bibs.every((b: { status: string; version: number }) => b.status === "ISSUED" && b.version === 1)).toBe(true)
    const roster = await host().http.get(`${base}/bibs/roster?limit=10`, org.viewer.headers)
    expect(roster.body.data).toMatchObject({ total: 4, page: 1, limit: 10 })
    expect(roster.body.data.items.map((r: { label: string | null }) => r.label)).toEqual(["R1", "R2", "R3", null])
    expect(roster.body.data.items[3]).toMatchObject({ participantId: late.participants[0].id, digitalBib: null })
    await host().http.post(`${base}/bibs/auto-assign`, {}, org.owner.headers)
    const racing = await Promise.all([1, 2, 3].map(() => host().http.post(`${base}/bibs/issue`, {}, org.owner.headers)))
    expect(racing.map((r) => r.body.data.issued).sort()).toEqual([0, 0, 1])
    const audit = await host().run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ action: "registrations.digital_bibs.issued", limit: 50 })))
    expect(audit.filter((e) => e.subjectId === event.eventId)).toHaveLength(2)
  })

  it("shows the public card by slug without contact details; a reissue kills the old link, a revoke kills the link, both audited", async () => {
    const { org, booking, base } = await setup()
    const issued = (await host().http.post(`${base}/bibs/issue`, {}, org.owner.headers)).body.data.bibs
    const asha = issued.find((b: { participantId: string }) => b.participantId === booking.participants[0].id)
    const card = await host().http.get(`/v2/b/${asha.slug}`)
    expect(card.status).toBe(200)
    expect(card.body.data).toMatchObject({ slug: asha.slug, label: "R1", number: 1, name: "Asha K.", version: 1 })
    expect(JSON.stringify(card.body.data)).not.toContain("@")

    const reissued = await host().http.post(`${base}/participants/${asha.participantId}/bib/reissue`, { reason: "printed wrong" }, org.owner.headers)
    expect(reissued.body.data).toMatchObject({ status: "REISSUED", version: 2 })
    expect(reissued.body.data.slug).not.toBe(asha.slug)
    expect((await host().http.get(`/v2/b/${asha.slug}`)).status).toBe(404)
    expect((await host().http.get(`/v2/b/${reissued.body.data.slug}`)).body.data).toMatchObject({ version: 2, label: "R1" })

    const revokes = await Promise.all([1, 2].map(() => host().http.post(`${base}/participants/${asha.participantId}/bib/revoke`, { reason: "bib sold on" }, org.owner.headers)))
    expect(revokes.map((r) => r.status).sort()).toEqual([200, 409])
    expect(revokes.find((r) => r.status === 409)!.body.code).toBe("DIGITAL_BIB_STATUS_CONFLICT")
    expect((await host().http.get(`/v2/b/${reissued.body.data.slug}`)).status).toBe(404)
    const audit = await host().run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ limit: 100 })))
    const mine = audit.filter((e) => e.subjectId === asha.participantId)
    expect(mine.map((e) => [e.action, e.reason]).sort()).toEqual([
      ["registrations.digital_bib.reissued", "printed wrong"],
      ["registrations.digital_bib.revoked", "bib sold on"]
    ])
    const timeline = await host().http.get(`/v2/organizers/events/${booking.eventId}/bookings/${booking.id}/timeline`, org.owner.headers)
    expect(timeline.body.data.map((t: { action: string }) => t.action)).toEqual(expect.arrayContaining(["bib.reissued", "bib.revoked"]))
  })

  it("refuses to reissue to a cancelled participant and answers 404 for a participant without a digital bib", async () => {
    const { org, booking, base } = await setup()
    expect((await host().http.post(`${base}/participants/${booking.participants[1].id}/bib/reissue`, {}, org.owner.headers)).body.code).toBe("DIGITAL_BIB_NOT_FOUND")
    await host().http.post(`${base}/bibs/issue`, {}, org.owner.headers)
    const slug = (await host().http.get(`${base}/bibs/roster`, org.owner.headers)).body.data.items[1].digitalBib.slug
    await host().http.post(`/v2/organizers/events/${booking.eventId}/bookings/${booking.id}/participants/${booking.participants[1].id}/cancel`, { reason: "injured" }, org.owner.headers)
    expect((await host().http.get(`/v2/b/${slug}`)).status).toBe(404)
    const refused = await host().http.post(`${base}/participants/${booking.participants[1].id}/bib/reissue`, {}, org.owner.headers)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe("BIB_NOT_ASSIGNABLE")
  })
})

describe("digital bibs: the athlete's own", () => {
  it("lists the caller's participants only; edits the printed name only where the policy allows self-edits", async () => {
    const { org, event, athlete, booking, base } = await setup()
    const stranger = await newAthlete(host())
    await bookAs(host(), stranger.headers, event, [person()])
    await host().http.post(`${base}/bibs/issue`, {}, org.owner.headers)
    const mine = await host().http.get(`/v2/events/${event.eventId}/bibs/me`, athlete.headers)
    expect(mine.status).toBe(200)
    expect(mine.body.data.map((r: { participantId: string }) => r.participantId).sort()).toEqual(booking.participants.map((p: { id: string }) => p.id).sort())
    expect(mine.body.data.every((r: { digitalBib: unknown }) => r.digitalBib !== null)).toBe(true)

    const pid = booking.participants[0].id
    await host().http.patch(`${base}/self-service-config`, { allowSelfEdit: false }, org.owner.headers)
    const edit = { participantId: pid, displayName: "Asha the Fast", emergencyContact: "Ravi +91 98765 43210" }
    const off = await host().http.patch(`/v2/events/${event.eventId}/bibs/me`, edit, athlete.headers)
    expect(off.status).toBe(409)
    expect(off.body.code).toBe("SELF_EDIT_DISABLED")
    await host().http.patch(`${base}/self-service-config`, { allowSelfEdit: true }, org.owner.headers)
    expect((await host().http.patch(`/v2/events/${event.eventId}/bibs/me`, edit, stranger.headers)).status).toBe(404)
    const on = await host().http.patch(`/v2/events/${event.eventId}/bibs/me`, edit, athlete.headers)
    expect(on.status).toBe(200)
    expect(on.body.data).toMatchObject({ displayName: "Asha the Fast", emergencyContact: "Ravi +91 98765 43210" })
    const card = await host().http.get(`/v2/b/${on.body.data.slug}`)
    expect(card.body.data.name).toBe("Asha the Fast")
    expect(JSON.stringify(card.body.data)).not.toContain("Ravi")
    const cleared = await host().http.patch(`/v2/events/${event.eventId}/bibs/me`, { participantId: pid, displayName: null }, athlete.headers)
    expect(cleared.body.data).toMatchObject({ displayName: null, emergencyContact: "Ravi +91 98765 43210" })
    const holder = (await host().http.get(`/v2/organizers/events/${event.eventId}/bookings/${booking.id}`, org.owner.headers)).body.data
    expect(holder.participants[0]).toMatchObject({ firstName: "Asha", lastName: "Kumar" })
  })
})
