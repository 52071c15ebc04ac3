/**
 * Share and finisher card contexts through the real host: only the booker reads them (by the
 * booking id), typed text comes escaped for SVG beside the raw text, and the finisher card waits
 * for the event's published results (404 RESULT_NOT_FOUND before).
 */
import { describe, expect, it } from "vitest"
import { completeEvent, finish, resultsCast } from "../results/support.js"
import { newAthlete } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { bookAs, person } from "./support.js"

const host = useRealHost(import.meta.url)

describe("card contexts", () => {
  it("answers the booker's share card with SVG-escaped texts; 401 without a token, 404 to another athlete and for an unknown booking id", async () => {
    const cast = await resultsCast(host())
    const athlete = await newAthlete(host())
    const booking = (await bookAs(host(), athlete.headers, cast.event, [person({ firstName: "<Asha & co>" }), person({ firstName: "Ravi" })])).body.data
    await host().http.patch(`/v2/organizer/events/${cast.event.eventId}/bib-config`, { prefix: "M", ranges: [{ ticketId: null, from: 1, to: 9 }] }, cast.org.owner.headers)
    await host().http.post(`/v2/organizer/events/${cast.event.eventId}/bibs/auto-assign`, {}, cast.org.owner.headers)
    const path = `/v2/event-participations/${booking.bookingId}/share-card-context`
    expect((await host().http.get(path)).status).toBe(401)
    expect((await host().http.get(path, (await newAthlete(host())).headers)).status).toBe(404)
    expect((await host().http.get("/v2/event-participations/0000000000/share-card-context", athlete.headers)).status).toBe(404)
    const card = await host().http.get(path, athlete.headers)
    expect(card.status).toBe(200)
    expect(card.body.data).toMatchObject({ bookingId: booking.bookingId, status: "CONFIRMED", eventId: cast.event.eventId })
    expect(card.body.data.participants.map((p: { firstName: string; bibLabel: string }) => [p.firstName, p.bibLabel])).toEqual([["<Asha & co>", "M1"], ["Ravi", "M2"]])
    expect(card.body.data.svgText.participants[0].firstName).toBe("&lt;Asha &amp; co&gt;")
    expect(JSON.stringify(card.body.data.svgText)).not.toContain("<")
  })

  it("answers the finisher card only once the booker's result is published", async () => {
    const cast = await resultsCast(host())
    const athlete = await newAthlete(host())
    const booking = (await bookAs(host(), athlete.headers, cast.event, [person()])).body.data
    const path = `/v2/event-participations/${booking.bookingId}/finisher-card-context`
    const early = await host().http.get(path, athlete.headers)
    expect(early.status).toBe(404)
    expect(early.body.code).toBe("RESULT_NOT_FOUND")
    await completeEvent(host(), cast.event.eventId)
    expect((await cast.ingest([finish(52, { userId: athlete.user.id }), finish(48), finish(61)])).status).toBeLessThan(300)
    expect((await host().http.get(path, athlete.headers)).status).toBe(404)
    expect((await cast.publish()).status).toBe(200)
    const card = await host().http.get(path, athlete.headers)
    expect(card.status).toBe(200)
    expect(card.body.data.results).toEqual([expect.objectContaining({ place: 2, medal: "silver", finishTime: "0:52:00", elapsedMs: 52 * 60_000 })])
    expect(card.body.data.svgText.leaderboardNames).toHaveLength(1)
  })
})
