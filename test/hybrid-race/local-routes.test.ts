/**
 * Local route suggestions of a hybrid race through HTTP: the platform's active curated routes near
 * the athlete, in whole laps closest to the target distance, deterministically ordered; routes
 * beyond 25 km are not suggested.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { eventsCast, publishedEvent, readyDraft } from "../events/support.js"
import { adminWithPermissions } from "../notifications/http-support.js"
import { newAthlete, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer, reviewer: Record<string, string>, curator: Record<string, string>
beforeAll(async () => {
  ;({ org, reviewer } = await eventsCast(host, "Hybrid Routes Org"))
  curator = await adminWithPermissions(host, ["training.manage"])
}, 60_000)

/** A straight route north from (lat, lon) over `degrees` of latitude (about 111 km a degree). */
const route = async (name: string, lat: number, lon: number, degrees: number, extra: Record<string, unknown> = {}) => {
  const created = await host.http.post("/v2/admin/routes", { name, sport: "run", points: [{ lat, lon }, { lat: lat + degrees, lon }], ...extra }, curator)
  expect(created.status).toBe(201)
  return created.body.data as { id: string; distanceMeters: number }
}

describe("hybrid race local routes", () => {
  it("suggests near routes in whole laps closest to the target, then the nearest, and nothing beyond 25 km", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const athlete = await newAthlete(host)
    // A spot of ocean no other test uses.
    const lat = -50 + Math.random() * 5
    const lon = -30 + Math.random() * 5
    const short = await route("Harbour loop", lat, lon, 0.0085)
    const long = await route("Coast road", lat + 0.02, lon, 0.045)
    const far = await route("Far ridge", lat + 0.5, lon, 0.045)
    const walk = await route("Pier walk", lat, lon, 0.045, { sport: "ride" })
    const ask = (body: Record<string, unknown>) => host.http.post(`/v2/hybrid-race/${event.id}/local-routes/suggest`, body, athlete.headers)
    const answer = await ask({ latitude: lat, longitude: lon, targetDistanceMeters: 5000 })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ eventId: event.id, targetDistanceMeters: 5000, radiusMeters: 25_000 })
    const ids = answer.body.data.items.map((s: { id: string }) => s.id)
    expect(ids).toEqual([long.id, short.id])
    expect(ids).not.toContain(far.id)
    expect(ids).not.toContain(walk.id)
    const [first, second] = answer.body.data.items
    expect(first).toMatchObject({ source: "route", name: "Coast road", laps: 1, approachMeters: expect.any(Number) })
    expect(first.approachMeters).toBeGreaterThan(2000)
    expect(second).toMatchObject({ source: "route", name: "Harbour loop", laps: 5, approachMeters: 0 })
    expect(second.totalMeters).toBe(Math.round(5 * short.distanceMeters))
    expect(second.gapMeters).toBe(Math.abs(second.totalMeters - 5000))
    // Deterministic: the same question, the same answer; limit cuts it.
    expect((await ask({ latitude: lat, longitude: lon, targetDistanceMeters: 5000 })).body.data).toEqual(answer.body.data)
    expect((await ask({ latitude: lat, longitude: lon, targetDistanceMeters: 5000, limit: 1 })).body.data.items.map((s: { id: string }) => s.id)).toEqual([long.id])
    // A 1 km target: the short loop once beats the long road.
    expect((await ask({ latitude: lat, longitude: lon, targetDistanceMeters: 1000 })).body.data.items[0].id).toBe(short.id)
  })

  it("answers 401 without a token, 400 for a bad position or target and 404 for an event the public cannot see", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const draft = await readyDraft(host, org)
    const athlete = await newAthlete(host)
    const body = { latitude: 18.52, longitude: 73.85, targetDistanceMeters: 5000 }
    expect((await host.http.post(`/v2/hybrid-race/${event.id}/local-routes/suggest`, body)).status).toBe(401)
    expect((await host.http.post(`/v2/hybrid-race/${draft.id}/local-routes/suggest`, body, athlete.headers)).status).toBe(404)
    for (const bad of [{ ...body, latitude: 100 }, { ...body, targetDistanceMeters: 100 }, { ...body, limit: 11 }, { latitude: 1, longitude: 1 }]) {
      expect((await host.http.post(`/v2/hybrid-race/${event.id}/local-routes/suggest`, bad, athlete.headers)).status, JSON.stringify(bad)).toBe(400)
    }
  })
})
