/**
 * Bib numbering through the real host: who may call, the spec's 400 wording and overlapping
 * ranges, numbers pinned by hand (BIB_TAKEN), auto-assign filling each ticket's range from the
 * lowest free number without moving pinned bibs, racing auto-assigns handing no number out twice,
 * and scan-by-bib with the ticket scan's verdicts.
 */
import { describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { addTicket, bookAs, person, seedEvent } from "./support.js"

const host = useRealHost(import.meta.url)

const setup = async () => {
  const org = await seedOrganizer(host())
  const event = await seedEvent(host(), org.id, { capacity: 20, slotCapacity: 40 })
  const athlete = await newAthlete(host())
  return { org, event, athlete }
}

describe("bibs: who may call and what they accept", () => {
  it("answers 401, 403 to athletes and to viewers on writes, 404 to another organizer", async () => {
    const { org, event, athlete } = await setup()
    expect((await host().http.get(`/v2/organizer/events/${event.eventId}/bib-config`)).status).toBe(401)
    expect((await host().http.get(`/v2/organizer/events/${event.eventId}/bib-config`, athlete.headers)).status).toBe(403)
    expect((await host().http.post(`/v2/organizer/events/${event.eventId}/bibs/auto-assign`, {}, org.viewer.headers)).status).toBe(403)
    const other = await seedOrganizer(host(), "Other")
    expect((await host().http.get(`/v2/organizer/events/${event.eventId}/bib-config`, other.owner.headers)).status).toBe(404)
  })

  it("refuses malformed bodies with the spec's wording and overlapping ranges", async () => {
    const { org, event } = await setup()
    const bad = await host().http.post(`/v2/organizer/events/${event.eventId}/bibs/assign`, { participantId: "x", number: 0 }, org.owner.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["participantId must be a UUID", "number must be an integer between 1 and 999999"])
    const overlap = await host().http.patch(`/v2/organizer/events/${event.eventId}/bib-config`, {
      ranges: [{ ticketId: null, from: 1, to: 100 }, { ticketId: event.ticketId, from: 50, to: 150 }]
    }, org.owner.headers)
    expect(overlap.status).toBe(400)
    expect(overlap.body.message).toEqual(["ranges 1-100 and 50-150 overlap"])
  })
})

describe("bibs: numbering", () => {
  it("pins numbers by hand, auto-assigns the rest from each ticket's range filling gaps, never moving a pinned bib", async () => {
    const { org, event, athlete } = await setup()
    const elite = await addTicket(host(), event, 5)
    const config = await host().http.patch(`/v2/organizer/events/${event.eventId}/bib-config`, {
      prefix: "A",
      ranges: [{ ticketId: elite.id, from: 1, to: 9 }, { ticketId: null, from: 100, to: 102 }]
    }, org.owner.headers)
    expect(config.body.data).toMatchObject({ prefix: "A", ranges: [{ ticketId: elite.id, from: 1, to: 9 }, { ticketId: null, from: 100, to: 102 }] })
    expect((await host().http.get(`/v2/organizer/events/${event.eventId}/bib-config`, org.viewer.headers)).body.data.prefix).toBe("A")
    const open = (await bookAs(host(), athlete.headers, event, [person(), person(), person(), person()])).body.data
    const fast = (await bookAs(host(), athlete.headers, event, [person(), person()], elite.id)).body.data
    const pinned = await host().http.post(`/v2/organizer/events/${event.eventId}/bibs/assign`, { participantId: open.participants[0].id, number: 101 }, org.owner.headers)
    expect(pinned.body.data).toMatchObject({ number: 101, label: "A101", pinned: true })
    const taken = await host().http.patch(`/v2/organizer/events/${event.eventId}/participants/${open.participants[1].id}/bib`, { number: 101 }, org.owner.headers)
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe("BIB_TAKEN")

    const auto = await host().http.post(`/v2/organizer/events/${event.eventId}/bibs/auto-assign`, {}, org.owner.headers)
    expect(auto.body.data).toMatchObject({ assigned: 4, unassigned: 1 })
    expect(auto.body.data.bibs.map((b: { label: string }) => b.label)).toEqual(["A1", "A2", "A100", "A102"])
    expect(auto.body.data.bibs.filter((b: { participantId: string }) => fast.participants.some((p: { id: string }) => p.id === b.participantId))).toHaveLength(2)
    const again = await host().http.post(`/v2/organizer/events/${event.eventId}/bibs/auto-assign`, {}, org.owner.headers)
    expect(again.body.data).toMatchObject({ assigned: 0, unassigned: 1 })
    const moved = await host().http.patch(`/v2/organizer/events/${event.eventId}/participants/${open.participants[0].id}/bib`, { number: 500 }, org.owner.headers)
    expect(moved.body.data).toMatchObject({ number: 500, label: "A500", pinned: true })
    const last = await host().http.post(`/v2/organizer/events/${event.eventId}/bibs/auto-assign`, {}, org.owner.headers)
    expect(last.body.data.bibs.map((b: { number: number }) => b.number)).toEqual([101])
  })

  it("auto-assigns racing each other hand out every number once", async () => {
    const { org, event, athlete } = await setup()
    await host().http.patch(`/v2/organizer/events/${event.eventId}/bib-config`, { ranges: [{ ticketId: null, from: 1, to: 50 }] }, org.owner.headers)
    for (let i = 0; i < 4; i++) await bookAs(host(), athlete.headers, event, [person(), person(), person()])
    const answers = await Promise.all(Array.from({ length: 5 }, () => host().http.post(`/v2/organizer/events/${event.eventId}/bibs/auto-assign`, {}, org.owner.headers)))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const numbers = answers.flatMap((a) => a.body.data.bibs.map((b: { number: number }) => b.number))
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
  })
})

describe("bibs: scan-by-bib", () => {
  it("checks in by bib with or without the prefix, answering a ticket scan's verdicts; a device's retry answers the first verdict", async () => {
    const { org, event, athlete } = await setup()
    await host().http.patch(`/v2/organizer/events/${event.eventId}/bib-config`, { prefix: "C", ranges: [{ ticketId: null, from: 1, to: 10 }] }, org.owner.headers)
    const booking = (await bookAs(host(), athlete.headers, event, [person(), person()])).body.data
    await host().http.post(`/v2/organizer/events/${event.eventId}/bibs/auto-assign`, {}, org.owner.headers)
    const scan = (bib: string, nonce?: string) =>
      host().http.post(`/v2/organizer/events/${event.eventId}/check-in/scan-by-bib`, { bib, ...(nonce === undefined ? {} : { nonce }) }, org.owner.headers)
    const first = await scan("C1", "dev-1")
    expect(first.body.data).toMatchObject({ result: "ok", participant: { id: booking.participants[0].id } })
    expect((await scan("C1", "dev-1")).body.data).toMatchObject({ result: "ok", checkInId: first.body.data.checkInId })
    expect((await scan("1")).body.data).toMatchObject({ result: "rejected", reason: "already_checked_in" })
    expect((await scan("C9")).body.data).toMatchObject({ result: "rejected", reason: "unknown" })
    expect((await scan("nonsense")).body.data).toMatchObject({ result: "rejected", reason: "unknown" })
    const both = await Promise.all([scan("C2"), scan("c2")])
    expect(both.map((r) => r.body.data.result).sort()).toEqual(["ok", "rejected"])
  })
})
