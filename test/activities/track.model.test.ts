/**
 * The activities context's pure pieces and memory twins: GPX reading, track numbers, the privacy
 * trim, rule evaluation under the global mode, the flag machine, and the memory repositories
 * keeping the same promises as the Postgres ones (overlap refused, an upheld appeal restoring
 * eligibility, a second decision refused).
 */
import { Activities } from "@podium/core"
import { ActivitiesMemory } from "@podium/core/testing"
import type { AntiCheatRule } from "@podium/kernel"
import { Effect, Either } from "effect"
import { describe, expect, it } from "vitest"
import { straightTrack } from "./support.js"

describe("GPX and track numbers", () => {
  it("reads namespaced track points, falls back to route points, and refuses what is not GPX", () => {
    const namespaced = `<?xml version="1.0"?><gpx:gpx xmlns:gpx="http://www.topografix.com/GPX/1/1"><gpx:trk><gpx:trkseg>
      <gpx:trkpt lat="1.5" lon="2.5"><gpx:ele>10</gpx:ele><gpx:time>2026-01-01T00:00:00Z</gpx:time></gpx:trkpt>
      <gpx:trkpt lon="2.6" lat="1.6"/></gpx:trkseg></gpx:trk></gpx:gpx>`
    const parsed = Activities.parseGpx(namespaced)
    expect(parsed).toEqual({ points: [{ lat: 1.5, lon: 2.5, ele: 10, at: new Date("2026-01-01T00:00:00Z") }, { lat: 1.6, lon: 2.6, ele: null, at: null }] })
    expect(Activities.parseGpx(`<gpx><rte><rtept lat="1" lon="2"></rtept></rte></gpx>`)).toEqual({ points: [{ lat: 1, lon: 2, ele: null, at: null }] })
    expect(Activities.parseGpx("<kml><Placemark/></kml>")).toEqual({ error: "file must be a GPX file" })
    expect(Activities.parseGpx("<gpx><trk></trk></gpx>")).toEqual({ error: "file must contain at least one track point" })
    expect(Activities.parseGpx(`<gpx><trkpt lat="95" lon="2"/></gpx>`)).toEqual({ error: "file has a trkpt without a valid lat and lon" })
  })

  it("measures distance by haversine, elevation gain, and the timed span", () => {
    expect(Activities.haversineMeters({ lat: 0, lon: 0 }, { lat: 0, lon: 1 })).toBeCloseTo(111_195, -1)
    const start = new Date("2026-01-01T06:00:00Z")
    const metrics = Activities.trackMetrics(straightTrack(start, 11, { stepDeg: 0.001, everySeconds: 10 }))
    expect(metrics.distanceMeters).toBeCloseTo(1112, 0)
    expect(metrics).toMatchObject({ durationSeconds: 100, startedAt: start, elevationGainMeters: 2.75 })
    expect(Activities.paceOf(300, 1000)).toBe(300)
    expect(Activities.paceOf(300, 0)).toBeNull()
  })

  it("hides the start and end within the radius stretched by the athlete's factor", () => {
    const track = straightTrack(new Date(), 101, { stepDeg: 0.0001 })
    expect(Activities.trimForPrivacy(track, 0, 0.5).hidden).toBe(0)
    const near = Activities.trimForPrivacy(track, 100, 0)
    const far = Activities.trimForPrivacy(track, 100, 1)
    expect(near.hidden).toBe(2 * 9)
    expect(far.hidden).toBe(2 * 14)
    expect(near.points[0]).toBe(track[9])
  })
})

describe("anti-cheat rules", () => {
  const rule = (key: string, mode: AntiCheatRule["mode"], threshold: number, sport: AntiCheatRule["sport"] = null): AntiCheatRule => ({
    key,
    description: key,
    sport,
    threshold,
    unit: "",
    mode,
    updatedAt: new Date()
  })
  const fast = { sport: "run" as const, distanceMeters: 10_000, durationSeconds: 600, points: [], duplicateOfAnother: true }

  it("caps every rule at the global mode", () => {
    expect(Activities.effectiveMode("shadow", "enforce")).toBe("shadow")
    expect(Activities.effectiveMode("enforce", "off")).toBe("off")
    const rules = [rule("speed.run", "enforce", 6.5, "run"), rule("speed.ride", "enforce", 1, "ride"), rule("duplicate.track", "shadow", 1)]
    expect(Activities.evaluate("enforce", rules, fast).map((f) => [f.ruleKey, f.mode])).toEqual([["speed.run", "enforce"], ["duplicate.track", "shadow"]])
    expect(Activities.evaluate("shadow", rules, fast).map((f) => f.mode)).toEqual(["shadow", "shadow"])
    expect(Activities.evaluate("off", rules, fast)).toEqual([])
  })

  it("finds GPS gaps and teleports between timed points", () => {
    const start = new Date("2026-01-01T06:00:00Z")
    const track = straightTrack(start, 3, { everySeconds: 600 })
    const found = Activities.evaluate("enforce", [rule("gps.gap", "enforce", 300), rule("gps.teleport", "enforce", 100)], {
      ...fast,
      points: [...track, { lat: 13.5, lon: 77.59, ele: null, at: new Date(start.getTime() + 1_201_000) }],
      duplicateOfAnother: false
    })
    expect(found.map((f) => f.ruleKey)).toEqual(["gps.gap", "gps.teleport"])
    expect(found[0]!.observed).toBe(600)
  })

  it("lets a flag be responded to once and appealed from open, responded or confirmed", () => {
    expect(Activities.FlagMoves.available("OPEN")).toEqual(["respond", "appeal", "confirm", "dismiss"])
    expect(Activities.FlagMoves.available("CONFIRMED")).toEqual(["appeal"])
    expect(Activities.FlagMoves.available("DISMISSED")).toEqual([])
    const refused = Activities.FlagMoves.transition("RESPONDED", "respond")
    expect(Either.isLeft(refused) && refused.left.code).toBe("FLAG_STATE_CONFLICT")
  })
})

describe("memory twins", () => {
  const run = <A, E>(effect: Effect.Effect<A, E, Activities.ActivityRepo | Activities.AntiCheatRepo>) =>
    Effect.runPromise(Effect.provide(effect, ActivitiesMemory))

  it("refuse overlaps, hold a flagged activity out until an upheld appeal, and refuse a second decision", async () => {
    const outcome = await run(Effect.gen(function*() {
      const repo = yield* Activities.ActivityRepo
      const antiCheat = yield* Activities.AntiCheatRepo
      const editor = { id: "u1", role: "user" }
      const startedAt = new Date("2026-02-01T06:00:00Z")
      const input = {
        userId: "u1",
        sport: "run" as const,
        title: "Run",
        description: null,
        visibility: "public" as const,
        source: "manual" as const,
        startedAt,
        endedAt: new Date(startedAt.getTime() + 600_000),
        durationSeconds: 600,
        distanceMeters: 10_000,
        elevationGainMeters: 0,
        paceSecondsPerKm: 60,
        pointCount: 0,
        gearId: null
      }
      const activity = yield* repo.create(input, [], null, editor)
      const overlap = yield* Effect.either(repo.create(input, [], null, editor))
      const [flag] = yield* antiCheat.raise(activity, [{ ruleKey: "speed.run", mode: "enforce", observed: 16.7, threshold: 6.5, reason: "fast" }])
      const window = { from: new Date(0), to: new Date("2100-01-01") }
      const whileFlagged = (yield* repo.listEligible(window)).length
      const appeal = yield* antiCheat.appeal(flag!.id, "u1", "It was a typo in the distance")
      yield* antiCheat.decideAppeal(appeal.id, "uphold", { adminId: "a1", reason: "typo" })
      const second = yield* Effect.either(antiCheat.decideAppeal(appeal.id, "reject", { adminId: "a2", reason: "late" }))
      const audit = yield* repo.audit(activity.id, { limit: 10, offset: 0 })
      return {
        overlap: Either.isLeft(overlap) ? overlap.left._tag : "written",
        whileFlagged,
        afterAppeal: (yield* repo.listEligible(window)).length,
        second: Either.isLeft(second) ? second.left._tag : "decided",
        actions: audit.items.map((e) => e.action)
      }
    }))
    expect(outcome).toEqual({ overlap: "ActivityOverlaps", whileFlagged: 0, afterAppeal: 1, second: "MoveRefused", actions: ["restored", "flagged", "created"] })
  })
})
