/**
 * Series passes through the real host: organizers (managers) create a pass to their event's
 * editions in a range of years and read them; athletes register (idempotent per pass and athlete,
 * also under concurrency; never beyond the places), cancel (the place comes back, a second cancel
 * is 409) and ask which editions their passes cover.
 */
import { describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { editionOf, newAthlete, seedOrganizer } from "./virtual-support.js"
import { seedEvent } from "../registrations/support.js"

const host = realHostOf(import.meta.url)

const passBody = (over: Record<string, unknown> = {}) => ({ name: "Season pass", fromYear: 2040, toYear: 2100, capacity: 50, ...over })

/** An organizer, its public event with two editions, and a pass covering the first one's year only. */
const passCast = async (over: Record<string, unknown> = {}) => {
  const org = await seedOrganizer(host, "Passes Org")
  const event = await seedEvent(host, org.id)
  const covered = await editionOf(host, org, event.eventId, { mode: "in_person" })
  const later = await editionOf(host, org, event.eventId, { mode: "in_person" })
  const base = `/v2/organizers/events/${event.eventId}/series-passes`
  const created = await host.http.post(base, passBody({ fromYear: covered.year, toYear: covered.year, ...over }), org.owner.headers)
  expect(created.status).toBe(201)
  return { org, event, covered, later, base, pass: created.body.data as { id: string; registered: number } }
}

const register = (passId: string, headers: Record<string, string>) => host.http.post(`/v2/me/series-passes/${passId}/register`, undefined, headers)
const cancel = (passId: string, headers: Record<string, string>) => host.http.request("DELETE", `/v2/me/series-passes/${passId}/registration`, undefined, headers)

describe("organizer series passes", () => {
  it("answers 401 without a token, 403 to a viewer creating, 404 for another organizer's event; viewers read", async () => {
    const { base, org } = await passCast()
    expect((await host.http.post(base, passBody(), {})).status).toBe(401)
    expect((await host.http.post(base, passBody(), org.viewer.headers)).status).toBe(403)
    const other = await seedOrganizer(host, "Other Passes Org")
    expect((await host.http.post(base, passBody(), other.owner.headers)).status).toBe(404)
    const list = await host.http.get(base, org.viewer.headers)
    expect(list.status).toBe(200)
    expect(list.body.data.items).toHaveLength(1)
  })

  it("answers 400 in the spec's wording for bad fields and years out of order", async () => {
    const { base, org } = await passCast()
    const bad = await host.http.post(base, { name: "x", fromYear: 1999, toYear: 2030, capacity: 0 }, org.owner.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([
      "name must be longer than or equal to 3 and shorter than or equal to 120 characters",
      "fromYear must be an integer between 2000 and 2100",
      "capacity must be an integer between 1 and 1000000"
    ]))
    const backwards = await host.http.post(base, passBody({ fromYear: 2031, toYear: 2030 }), org.owner.headers)
    expect(backwards.status).toBe(400)
    expect(backwards.body.message).toEqual(["toYear must not be before fromYear"])
  })
})

describe("athletes' series passes", () => {
  it("answers 401 without a token on every athlete operation", async () => {
    const id = crypto.randomUUID()
    expect((await host.http.get("/v2/me/series-passes", {})).status).toBe(401)
    expect((await register(id, {})).status).toBe(401)
    expect((await cancel(id, {})).status).toBe(401)
    expect((await host.http.get("/v2/me/series-passes/entitlement", {})).status).toBe(401)
  })

  it("register is idempotent per pass and athlete: the same registration again, one place taken (also when sent concurrently)", async () => {
    const cast = await passCast()
    const athlete = await newAthlete(host)
    const answers = await Promise.all(Array.from({ length: 4 }, () => register(cast.pass.id, athlete.headers)))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(new Set(answers.map((a) => a.body.data.registration.id)).size).toBe(1)
    expect(answers.filter((a) => a.body.data.created).length).toBe(1)
    const again = await register(cast.pass.id, athlete.headers)
    expect(again.body.data).toMatchObject({ created: false, pass: { registered: 1 }, registration: { status: "registered" } })
    const mine = await host.http.get("/v2/me/series-passes", athlete.headers)
    expect(mine.body.data.items).toEqual([expect.objectContaining({ passId: cast.pass.id, status: "registered", pass: expect.objectContaining({ name: "Season pass" }) })])
    expect((await register(crypto.randomUUID(), athlete.headers)).status).toBe(404)
  })

  it("never takes more places than the pass has (409 SERIES_PASS_FULL) and refuses a closed pass (409 SERIES_PASS_CLOSED)", async () => {
    const cast = await passCast({ capacity: 2 })
    const athletes = await Promise.all(Array.from({ length: 5 }, () => newAthlete(host)))
    const answers = await Promise.all(athletes.map((a) => register(cast.pass.id, a.headers)))
    expect(answers.filter((a) => a.status === 200).length).toBe(2)
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === "SERIES_PASS_FULL")).toBe(true)
    const list = await host.http.get(cast.base, cast.org.owner.headers)
    expect(list.body.data.items[0].registered).toBe(2)
    const closed = await host.http.post(cast.base, passBody({ registrationClosesAt: new Date(Date.now() - 60_000).toISOString() }), cast.org.owner.headers)
    const refused = await register(closed.body.data.id, athletes[0]!.headers)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe("SERIES_PASS_CLOSED")
  })

  it("cancel gives the place back; a second cancel is 409; registering again revives the same registration", async () => {
    const cast = await passCast({ capacity: 1 })
    const athlete = await newAthlete(host)
    const first = await register(cast.pass.id, athlete.headers)
    const cancelled = await cancel(cast.pass.id, athlete.headers)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.data).toMatchObject({ id: first.body.data.registration.id, status: "cancelled" })
    const twice = await cancel(cast.pass.id, athlete.headers)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("SERIES_PASS_REGISTRATION_CONFLICT")
    const other = await newAthlete(host)
    expect((await cancel(cast.pass.id, other.headers)).status).toBe(404)
    expect((await register(cast.pass.id, other.headers)).status).toBe(200)
    expect((await cancel(cast.pass.id, other.headers)).status).toBe(200)
    const revived = await register(cast.pass.id, athlete.headers)
    expect(revived.body.data).toMatchObject({ created: true, registration: { id: first.body.data.registration.id, status: "registered" }, pass: { registered: 1 } })
  })

  it("entitlement lists the editions in the years of the caller's passes, filters by event or edition, and ends with the cancel", async () => {
    const cast = await passCast()
    const athlete = await newAthlete(host)
    const none = await host.http.get("/v2/me/series-passes/entitlement", athlete.headers)
    expect(none.body.data).toEqual({ covered: false, items: [] })
    await register(cast.pass.id, athlete.headers)
    const all = await host.http.get("/v2/me/series-passes/entitlement", athlete.headers)
    expect(all.body.data.covered).toBe(true)
    expect(all.body.data.items.map((i: { edition: { id: string } }) => i.edition.id)).toEqual([cast.covered.id])
    const byEvent = await host.http.get(`/v2/me/series-passes/entitlement?eventId=${cast.event.eventId}`, athlete.headers)
    expect(byEvent.body.data.items).toHaveLength(1)
    const notCovered = await host.http.get(`/v2/me/series-passes/entitlement?editionId=${cast.later.id}`, athlete.headers)
    expect(notCovered.body.data).toEqual({ covered: false, items: [] })
    const bad = await host.http.get("/v2/me/series-passes/entitlement?eventId=nope", athlete.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["eventId must be a UUID"])
    await cancel(cast.pass.id, athlete.headers)
    expect((await host.http.get("/v2/me/series-passes/entitlement", athlete.headers)).body.data.covered).toBe(false)
  })
})
