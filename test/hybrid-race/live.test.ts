/**
 * Live positions of a hybrid race through HTTP: taken only during a running attempt (409 in course
 * order before the start and after the finish), rate-limited per athlete, read back by their
 * owner; near-pace answers the live athletes just faster and just slower than the caller.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { eventsCast, publishedEvent, readyDraft } from "../events/support.js"
import { newAthlete, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { sleep, step } from "./support.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer, reviewer: Record<string, string>
beforeAll(async () => void ({ org, reviewer } = await eventsCast(host, "Hybrid Live Org")), 60_000)

const at = (distanceMeters: number) => ({ latitude: 18.5204, longitude: 73.8567, distanceMeters })
const live = (eventId: string) => `/v2/hybrid-race/${eventId}/live-position`

describe("hybrid race live position", () => {
  it("is taken only while the attempt runs, and read back by its owner", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const athlete = await newAthlete(host)
    const early = await host.http.post(`/v2/hybrid-race/${event.id}/live-position`, at(100), athlete.headers)
    expect(early.status).toBe(409)
    expect(early.body.code).toBe("HYBRID_RACE_OUT_OF_ORDER")
    await step(host, event.id, "start", athlete.headers, undefined, 201)
    const none = await host.http.get(`/v2/hybrid-race/${event.id}/live-position`, athlete.headers)
    expect(none.status).toBe(404)
    expect(none.body.code).toBe("HYBRID_LIVE_POSITION_NOT_FOUND")
    await step(host, event.id, "checkpoint", athlete.headers, { index: 1 })
    const posted = await host.http.post(live(event.id), at(1000), athlete.headers)
    expect(posted.status).toBe(200)
    expect(posted.body.data).toMatchObject({ eventId: event.id, athleteId: athlete.user.id, latitude: 18.5204, longitude: 73.8567, distanceMeters: 1000 })
    expect(posted.body.data.paceSecondsPerKm).toBe(posted.body.data.elapsedSeconds)
    const read = await host.http.get(live(event.id), athlete.headers)
    expect(read.status).toBe(200)
    expect(read.body.data).toEqual(posted.body.data)
    // The order of the race holds after the live position: skip, finish, submit.
    await step(host, event.id, "skip", athlete.headers, { index: 2 })
    await step(host, event.id, "finish", athlete.headers)
    const late = await host.http.post(live(event.id), at(2000), athlete.headers)
    expect(late.status).toBe(409)
    expect(late.body.code).toBe("HYBRID_RACE_OUT_OF_ORDER")
    expect((await host.http.get(live(event.id), athlete.headers)).status).toBe(409)
    await step(host, event.id, "submit", athlete.headers)
  })

  it("answers 401 without a token, 400 for a bad position and 404 for an event the public cannot see", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const draft = await readyDraft(host, org)
    const athlete = await newAthlete(host)
    expect((await host.http.post(live(event.id), at(1))).status).toBe(401)
    expect((await host.http.get(live(event.id))).status).toBe(401)
    expect((await host.http.get(`/v2/hybrid-race/${event.id}/near-pace`)).status).toBe(401)
    expect((await host.http.post(live(draft.id), at(1), athlete.headers)).status).toBe(404)
    await step(host, event.id, "start", athlete.headers, undefined, 201)
    for (const body of [{ ...at(1), latitude: 91 }, { ...at(1), longitude: -181 }, { ...at(1), distanceMeters: -1 }, { ...at(1), distanceMeters: 1.5 }, { latitude: 1 }]) {
      expect((await host.http.post(live(event.id), body, athlete.headers)).status, JSON.stringify(body)).toBe(400)
    }
    const bad = await host.http.post(live(event.id), { ...at(1), latitude: 91 }, athlete.headers)
    expect(bad.body.message).toEqual(expect.arrayContaining([expect.stringContaining("latitude must be a latitude string or number")]))
    expect((await host.http.get(`/v2/hybrid-race/${event.id}/near-pace?count=11`, athlete.headers)).status).toBe(400)
  })

  it("is rate-limited per athlete: 12 a minute, the 13th is 429", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const athlete = await newAthlete(host)
    const other = await newAthlete(host)
    await Promise.all([athlete, other].map((x) => step(host, event.id, "start", x.headers, undefined, 201)))
    const statuses = (await Promise.all(Array.from({ length: 14 }, (_, i) => host.http.post(live(event.id), at(10 * i), athlete.headers)))).map((r) => r.status).sort()
    expect(statuses).toEqual([...Array(12).fill(200), 429, 429])
    const limited = await host.http.post(live(event.id), at(500), athlete.headers)
    expect(limited.body.code).toBe("HYBRID_LIVE_POSITION_RATE_LIMITED")
    expect((await host.http.post(live(event.id), at(500), other.headers)).status).toBe(200)
  })
})

describe("hybrid race near-pace", () => {
  it("answers up to N live athletes on each side of the caller's pace, never their coordinates", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const racers = await Promise.all(Array.from({ length: 7 }, () => newAthlete(host)))
    await Promise.all(racers.map((r) => step(host, event.id, "start", r.headers, undefined, 201)))
    await sleep(1100)
    // Distances three times apart: the further along, the faster the pace, whatever second each started in.
    const distances = [729_000, 243_000, 81_000, 27_000, 9000, 3000, 1000]
    const posted = await Promise.all(racers.map((r, i) => host.http.post(live(event.id), at(distances[i]!), r.headers)))
    for (const p of posted) expect(p.status).toBe(200)
    const me = racers[3]!
    const near = await host.http.get(`/v2/hybrid-race/${event.id}/near-pace?count=2`, me.headers)
    expect(near.status).toBe(200)
    expect(near.body.data.me.athleteId).toBe(me.user.id)
    const ids = near.body.data.athletes.map((a: { athleteId: string }) => a.athleteId)
    expect(ids).toEqual([racers[1]!, racers[2]!, racers[4]!, racers[5]!].map((r) => r.user.id))
    const deltas = near.body.data.athletes.map((a: { paceDeltaSecondsPerKm: number }) => a.paceDeltaSecondsPerKm)
    expect(deltas[0]).toBeLessThan(0)
    expect(deltas[3]).toBeGreaterThan(0)
    expect(near.body.data.athletes[0]).not.toHaveProperty("latitude")
    // A finished athlete leaves the board.
    await step(host, event.id, "finish", racers[2]!.headers)
    const after = await host.http.get(`/v2/hybrid-race/${event.id}/near-pace?count=1`, me.headers)
    expect(after.body.data.athletes.map((a: { athleteId: string }) => a.athleteId)).toEqual([racers[1]!.user.id, racers[4]!.user.id])
    // The fastest has nobody faster; default count is 3.
    const first = await host.http.get(`/v2/hybrid-race/${event.id}/near-pace`, racers[0]!.headers)
    expect(first.body.data.count).toBe(3)
    expect(first.body.data.athletes.map((a: { athleteId: string }) => a.athleteId)).toEqual([racers[1]!, racers[3]!, racers[4]!].map((r) => r.user.id))
  }, 30_000)

  it("needs the caller's own live position with progress (404) during a running attempt (409)", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const athlete = await newAthlete(host)
    const before = await host.http.get(`/v2/hybrid-race/${event.id}/near-pace`, athlete.headers)
    expect(before.status).toBe(409)
    expect(before.body.code).toBe("HYBRID_RACE_OUT_OF_ORDER")
    await step(host, event.id, "start", athlete.headers, undefined, 201)
    expect((await host.http.get(`/v2/hybrid-race/${event.id}/near-pace`, athlete.headers)).body.code).toBe("HYBRID_LIVE_POSITION_NOT_FOUND")
    await host.http.post(live(event.id), at(0), athlete.headers)
    const noPace = await host.http.get(`/v2/hybrid-race/${event.id}/near-pace`, athlete.headers)
    expect(noPace.status).toBe(404)
  })
})
