/**
 * The athlete's hybrid race through HTTP: start, checkpoints and skips in course order, finish and
 * submit; every step out of order is 409, and concurrent duplicates count once.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { eventsCast, publishedEvent, readyDraft } from "../events/support.js"
import { newAthlete, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer, reviewer: Record<string, string>
beforeAll(async () => void ({ org, reviewer } = await eventsCast(host, "Hybrid Org")), 60_000)

const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) => host.http.request(method, path, body, headers)
const race = (eventId: string, step: string) => `/v2/hybrid-race/${eventId}/${step}`

describe("hybrid race (user)", () => {
  it("runs start, checkpoint, skip, finish and submit in order, stamping each step", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const athlete = await newAthlete(host)
    const started = await send("POST", `/v2/hybrid-race/${event.id}/start`, athlete.headers)
    expect(started.status).toBe(201)
    expect(started.body.data).toMatchObject({ eventId: event.id, athleteId: athlete.user.id, status: "RUNNING", nextCheckpoint: 1, checkpoints: [], finishedAt: null })
    expect((await send("POST", `/v2/hybrid-race/${event.id}/checkpoint`, athlete.headers, { index: 1 })).body.data.nextCheckpoint).toBe(2)
    const skipped = await send("POST", `/v2/hybrid-race/${event.id}/skip`, athlete.headers, { index: 2 })
    expect(skipped.status).toBe(200)
    expect(skipped.body.data.checkpoints.map((c: { index: number; skipped: boolean }) => [c.index, c.skipped])).toEqual([[1, false], [2, true]])
    const finished = await send("POST", `/v2/hybrid-race/${event.id}/finish`, athlete.headers)
    expect(finished.status).toBe(200)
    expect(finished.body.data.status).toBe("FINISHED")
    expect(finished.body.data.elapsedSeconds).toBeGreaterThanOrEqual(0)
    const submitted = await send("POST", `/v2/hybrid-race/${event.id}/submit`, athlete.headers)
    expect(submitted.status).toBe(200)
    expect(submitted.body.data).toMatchObject({ status: "SUBMITTED", checkpoints: skipped.body.data.checkpoints })
    expect(submitted.body.data.submittedAt).not.toBeNull()
  })

  it("refuses every step out of order with 409 HYBRID_RACE_OUT_OF_ORDER", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const athlete = await newAthlete(host)
    for (const [step, body] of [["checkpoint", { index: 1 }], ["skip", { index: 1 }], ["finish", undefined], ["submit", undefined]] as const) {
      const early = await send("POST", race(event.id, step), athlete.headers, body)
      expect(early.status, step).toBe(409)
      expect(early.body.code).toBe("HYBRID_RACE_OUT_OF_ORDER")
    }
    expect((await send("POST", `/v2/hybrid-race/${event.id}/start`, athlete.headers)).status).toBe(201)
    const again = await send("POST", `/v2/hybrid-race/${event.id}/start`, athlete.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("HYBRID_RACE_ALREADY_STARTED")
    expect((await send("POST", `/v2/hybrid-race/${event.id}/checkpoint`, athlete.headers, { index: 2 })).status).toBe(409)
    expect((await send("POST", `/v2/hybrid-race/${event.id}/submit`, athlete.headers)).status).toBe(409)
    expect((await send("POST", `/v2/hybrid-race/${event.id}/checkpoint`, athlete.headers, { index: 1 })).status).toBe(200)
    expect((await send("POST", `/v2/hybrid-race/${event.id}/checkpoint`, athlete.headers, { index: 1 })).status).toBe(409)
    expect((await send("POST", `/v2/hybrid-race/${event.id}/finish`, athlete.headers)).status).toBe(200)
    expect((await send("POST", `/v2/hybrid-race/${event.id}/finish`, athlete.headers)).status).toBe(409)
    const late = await send("POST", `/v2/hybrid-race/${event.id}/checkpoint`, athlete.headers, { index: 2 })
    expect(late.status).toBe(409)
    expect(late.body.code).toBe("HYBRID_RACE_OUT_OF_ORDER")
  })

  it("counts concurrent starts, checkpoints and finishes exactly once", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const athlete = await newAthlete(host)
    const statuses = async (step: string, body?: unknown) =>
      (await Promise.all(Array.from({ length: 6 }, () => send("POST", race(event.id, step), athlete.headers, body)))).map((r) => r.status).sort()
    expect(await statuses("start")).toEqual([201, 409, 409, 409, 409, 409])
    expect(await statuses("checkpoint", { index: 1 })).toEqual([200, 409, 409, 409, 409, 409])
    expect(await statuses("finish")).toEqual([200, 409, 409, 409, 409, 409])
    const state = await send("POST", `/v2/hybrid-race/${event.id}/submit`, athlete.headers)
    expect(state.body.data.checkpoints).toHaveLength(1)
  })

  it("answers 401 without a token, 400 for a bad index and 404 for an event the public cannot see", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const draft = await readyDraft(host, org)
    const athlete = await newAthlete(host)
    expect((await send("POST", `/v2/hybrid-race/${event.id}/start`, {})).status).toBe(401)
    expect((await send("POST", `/v2/hybrid-race/${draft.id}/start`, athlete.headers)).status).toBe(404)
    expect((await send("POST", `/v2/hybrid-race/${event.id}/start`, athlete.headers)).status).toBe(201)
    for (const index of [0, 1.5, "1", null]) expect((await send("POST", `/v2/hybrid-race/${event.id}/checkpoint`, athlete.headers, { index })).status, String(index)).toBe(400)
    expect((await send("POST", `/v2/hybrid-race/${event.id}/skip`, athlete.headers, {})).status).toBe(400)
  })
})
