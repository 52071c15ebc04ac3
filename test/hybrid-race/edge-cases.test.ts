/**
 * Admin edge cases of hybrid races through HTTP: a finished attempt is checked against the rule
 * table (a segment under its discipline's floor, a skipped checkpoint) and listed when flagged;
 * one result's checks in full; admins need activities.review.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { eventsCast, publishedEvent } from "../events/support.js"
import { adminWithPermissions } from "../notifications/http-support.js"
import { newAthlete, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { raceThrough, step } from "./support.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer, reviewer: Record<string, string>, admin: Record<string, string>, otherAdmin: Record<string, string>
beforeAll(async () => {
  ;({ org, reviewer } = await eventsCast(host, "Hybrid Edge Org"))
  admin = await adminWithPermissions(host, ["activities.review"])
  otherAdmin = await adminWithPermissions(host, ["events.review"])
}, 60_000)

interface Flag { rule: string; checkpoint: number | null; observedSeconds: number | null; floorSeconds: number | null }

describe("hybrid race edge cases (admin)", () => {
  it("flags impossible splits per discipline and skipped checkpoints, and lists flagged results", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const athlete = await newAthlete(host)
    const result = await raceThrough(host, event.id, athlete.headers, { checkpoints: 3, skip: [2] })
    const detail = await host.http.get(`/v2/admin/hybrid-race/edge-cases/result/${result.id}`, admin)
    expect(detail.status).toBe(200)
    expect(detail.body.data).toMatchObject({ resultId: result.id, eventId: event.id, athleteId: athlete.user.id, status: "SUBMITTED", flagged: true })
    // Checkpoint 1 ends a run (150 s floor); 2 was skipped, so the span to 3 covers a station and a run (30 + 150 s); the finish ends station 4 (30 s).
    expect(detail.body.data.segments.map((s: { segments: Array<number>; checkpoint: number | null; floorSeconds: number; impossible: boolean }) => [s.segments, s.checkpoint, s.floorSeconds, s.impossible]))
      .toEqual([[[1], 1, 150, true], [[2, 3], 3, 180, true], [[4], null, 30, true]])
    const flags: Array<Flag> = detail.body.data.flags
    expect(flags.map((f) => [f.rule, f.checkpoint, f.floorSeconds])).toEqual([
      ["IMPOSSIBLE_SPLIT", 1, 150], ["IMPOSSIBLE_SPLIT", 3, 180], ["IMPOSSIBLE_SPLIT", null, 30], ["MISSING_CHECKPOINT", 2, null]
    ])
    expect(detail.body.data.floors).toEqual([{ discipline: "run", floorSeconds: 150 }, { discipline: "station", floorSeconds: 30 }])

    const list = await host.http.get("/v2/admin/hybrid-race/edge-cases/flagged?limit=100", admin)
    expect(list.status).toBe(200)
    const mine = list.body.data.items.find((i: { resultId: string }) => i.resultId === result.id)
    expect(mine).toMatchObject({ eventId: event.id, athleteId: athlete.user.id, status: "SUBMITTED" })
    expect(mine.flags).toEqual(flags)
    expect(list.body.data).toMatchObject({ page: 1, limit: 100 })
    const one = await host.http.get("/v2/admin/hybrid-race/edge-cases/flagged?limit=1", admin)
    expect(one.body.data.items).toHaveLength(1)
    expect(one.body.data.total).toBeGreaterThanOrEqual(1)
  })

  it("flags an attempt finished without any checkpoint; a running attempt has no edge cases yet (404)", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const quick = await newAthlete(host)
    const running = await newAthlete(host)
    const finished = await raceThrough(host, event.id, quick.headers, { checkpoints: 0 })
    const detail = await host.http.get(`/v2/admin/hybrid-race/edge-cases/result/${finished.id}`, admin)
    expect(detail.body.data.flags.map((f: Flag) => [f.rule, f.checkpoint])).toEqual([["IMPOSSIBLE_SPLIT", null], ["MISSING_CHECKPOINT", null]])
    const attempt = await step(host, event.id, "start", running.headers, undefined, 201)
    const notYet = await host.http.get(`/v2/admin/hybrid-race/edge-cases/result/${attempt.id}`, admin)
    expect(notYet.status).toBe(404)
    expect(notYet.body.code).toBe("HYBRID_RESULT_NOT_FOUND")
    expect((await host.http.get(`/v2/admin/hybrid-race/edge-cases/result/${crypto.randomUUID()}`, admin)).status).toBe(404)
    expect((await host.http.get("/v2/admin/hybrid-race/edge-cases/result/nope", admin)).status).toBe(400)
  })

  it("answers 401 without a token and 403 to athletes and admins without activities.review", async () => {
    const athlete = await newAthlete(host)
    const id = crypto.randomUUID()
    expect((await host.http.get("/v2/admin/hybrid-race/edge-cases/flagged")).status).toBe(401)
    expect((await host.http.get(`/v2/admin/hybrid-race/edge-cases/result/${id}`)).status).toBe(401)
    for (const who of [athlete.headers, otherAdmin]) {
      expect((await host.http.get("/v2/admin/hybrid-race/edge-cases/flagged", who)).status).toBe(403)
      expect((await host.http.get(`/v2/admin/hybrid-race/edge-cases/result/${id}`, who)).status).toBe(403)
    }
    expect((await host.http.get("/v2/admin/hybrid-race/edge-cases/flagged?limit=101", admin)).status).toBe(400)
  })
})
