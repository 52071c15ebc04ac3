/**
 * Seeding start waves through the real host: who may call, the plan of a dry run moving nothing,
 * whole bookings placed in bib order into the earliest wave with room for the party (capacity
 * never exceeded), closed waves left alone, and two seeds at once moving each booking once.
 */
import { Events } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { bookAs, person, seedEvent } from "./support.js"

const host = useRealHost(import.meta.url)

/** Waves A (3 seats), B (4) and C (8); every booking on C's ticket; bibs pinned so the seed order is b4, b3, b1, b2. */
const setup = async () => {
  const org = await seedOrganizer(host())
  const event = await seedEvent(host(), org.id, { slotCapacity: 3 })
  const athlete = await newAthlete(host())
  const { waveB, waveC, ticketC } = await host().run(Effect.gen(function*() {
    const inventory = yield* Events.EventInventoryRepo
    const start = Date.now() + 3_600_000
    const waveB = yield* inventory.createSlot({ eventId: event.eventId, name: "Wave B", startsAt: new Date(start + 900_000), capacity: 4 })
    const waveC = yield* inventory.createSlot({ eventId: event.eventId, name: "Wave C", startsAt: new Date(start + 1_800_000), capacity: 8 })
    const ticketC = yield* inventory.createTicket({
      eventId: event.eventId, slotId: waveC.id, name: "Open", description: null, price: 0, currency: "INR", capacity: 8, salesStartAt: null, salesEndAt: null
    })
    return { waveB, waveC, ticketC }
  }))
  const book = async (n: number) => (await bookAs(host(), athlete.headers, event, Array.from({ length: n }, () => person()), ticketC.id)).body.data
  const b1 = await book(2)
  const b2 = await book(3)
  const b3 = await book(1)
  const b4 = await book(2)
  const pin = (participantId: string, number: number) =>
    host().http.post(`/v2/organizer/events/${event.eventId}/bibs/assign`, { participantId, number }, org.owner.headers)
  await pin(b4.participants[0].id, 1)
  await pin(b3.participants[0].id, 3)
  await pin(b1.participants[1].id, 4)
  await pin(b2.participants[2].id, 6)
  const seed = (body: unknown, headers = org.owner.headers) => host().http.post(`/v2/organizer/events/${event.eventId}/waves/seed`, body, headers)
  const roster = async () =>
    Object.fromEntries(
      (await host().http.get(`/v2/organizer/events/${event.eventId}/wave-roster`, org.viewer.headers)).body.data.map((w: { name: string; taken: number }) => [w.name, w.taken])
    )
  return { org, event, athlete, waveA: event.slotId, waveB: waveB.id, waveC: waveC.id, b1, b2, b3, b4, seed, roster }
}

describe("waves seed", () => {
  it("answers 401, 403 to viewers and athletes, 404 to another organizer, 400 with the spec's wording", async () => {
    const { athlete, org, seed } = await setup()
    expect((await seed({ dryRun: true }, {})).status).toBe(401)
    expect((await seed({ dryRun: true }, athlete.headers)).status).toBe(403)
    expect((await seed({ dryRun: true }, org.viewer.headers)).status).toBe(403)
    expect((await seed({ dryRun: true }, (await seedOrganizer(host(), "Other")).owner.headers)).status).toBe(404)
    const bad = await seed({ dryRun: "yes" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toHaveLength(1)
    expect(bad.body.message[0]).toMatch(/^dryRun /)
  })

  it("plans without moving on a dry run, then moves whole bookings in bib order into the earliest wave with room", async () => {
    const { org, b1, b2, b3, b4, waveA, waveB, waveC, seed, roster } = await setup()
    expect(await roster()).toEqual({ "Wave A": 0, "Wave B": 0, "Wave C": 8 })
    const plan = await seed({ dryRun: true })
    expect(plan.status).toBe(200)
    expect(plan.body.data).toMatchObject({ dryRun: true, seeded: 4, moved: 3, unplaced: 0 })
    expect(plan.body.data.moves.map((m: { participationId: string; toSlotId: string }) => [m.participationId, m.toSlotId])).toEqual([
      [b4.id, waveA],
      [b3.id, waveA],
      [b1.id, waveB]
    ])
    expect(plan.body.data.waves.map((w: { takenAfter: number }) => w.takenAfter)).toEqual([3, 2, 3])
    expect(await roster()).toEqual({ "Wave A": 0, "Wave B": 0, "Wave C": 8 })

    const done = await seed({})
    expect(done.body.data).toMatchObject({ dryRun: false, moved: 3 })
    expect(await roster()).toEqual({ "Wave A": 3, "Wave B": 2, "Wave C": 3 })
    const again = await seed({})
    expect(again.body.data).toMatchObject({ moved: 0 })
    const stayed = await host().http.get(`/v2/organizer/events/${b2.eventId}/participations/${b2.id}/wave`, org.viewer.headers)
    expect(stayed.body.data.slotId).toBe(waveC)
  })

  it("leaves closed waves alone, and two seeds at once move each booking once without exceeding a wave", async () => {
    const { org, event, waveA, seed, roster } = await setup()
    await host().http.post(`/v2/organizer/events/${event.eventId}/waves/${waveA}/close`, {}, org.owner.headers)
    const answers = await Promise.all([seed({}), seed({})])
    expect(answers.every((a) => a.status === 200 || (a.status === 409 && a.body.code === "WAVE_SEED_CONFLICT"))).toBe(true)
    expect(answers.reduce((n, a) => n + (a.status === 200 ? a.body.data.moved : 0), 0)).toBe(2)
    expect(await roster()).toEqual({ "Wave A": 0, "Wave B": 3, "Wave C": 5 })
  })
})
