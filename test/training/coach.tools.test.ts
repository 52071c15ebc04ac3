/**
 * The coach's pure pieces and memory twin: training load and its trend, the weekly plan around the
 * athlete's own workouts and a race day, race phases, the local model's rules, the local speech
 * WAV round trip, and the memory CoachRepo keeping the Postgres adapter's promises (newest first,
 * paging, usage since a date).
 */
import { Training } from "@podium/core"
import { TrainingMemory } from "@podium/core/testing"
import type { CoachContext } from "@podium/kernel"
import { localCoachAnswer, wavComment, wavOf } from "@podium/providers"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"

const DayMs = 86_400_000
const now = new Date("2026-06-10T12:00:00Z")
const ago = (days: number) => new Date(now.getTime() - days * DayMs)

const contextWith = (over: Partial<CoachContext["streams"]> = {}): CoachContext => ({
  generatedAt: now,
  streams: {
    recentActivities: [],
    trainingLoad: Training.trainingLoadOf([], now),
    calendar: [],
    programs: [],
    goals: [],
    gear: [],
    races: [],
    preferences: { defaultSport: "run", defaultVisibility: "public", autoPause: false, privacyRadiusMeters: 0 },
    ...over
  }
})

const race = (daysToGo: number) => ({
  participationId: "00000000-0000-4000-8000-000000000001",
  eventId: "00000000-0000-4000-8000-000000000002",
  eventTitle: "City 10K",
  city: "Pune",
  startsAt: new Date(now.getTime() + daysToGo * DayMs),
  status: "CONFIRMED" as const,
  daysToGo
})

describe("coach tools", () => {
  it("reads the load: no data, easing, steady and building fast", () => {
    expect(Training.trainingLoadOf([], now)).toMatchObject({ trend: "no_data", acuteChronicRatio: null, activitiesLast28Days: 0 })
    const run = (days: number, meters: number) => ({ startedAt: ago(days), distanceMeters: meters, durationSeconds: meters / 3 })
    expect(Training.trainingLoadOf([run(10, 10_000), run(15, 10_000), run(20, 10_000)], now)).toMatchObject({ trend: "easing", acuteChronicRatio: 0 })
    expect(Training.trainingLoadOf([run(1, 10_000), run(10, 10_000), run(15, 10_000), run(20, 10_000)], now)).toMatchObject({ trend: "steady", acuteChronicRatio: 1 })
    // An activity in the future or older than 28 days does not count.
    expect(Training.trainingLoadOf([run(-1, 5000), run(29, 5000)], now).trend).toBe("no_data")
  })

  it("plans 7 days around the athlete's own workout and the race day, with at least two rest days", () => {
    const base = contextWith({ trainingLoad: { ...Training.trainingLoadOf([], now), trend: "steady", weeklyAverageDistanceMeters: 20_000, acuteChronicRatio: 1 } })
    const plan = Training.weeklyPlan(base, "2026-06-10")
    expect(plan.map((d) => d.date)).toEqual(["2026-06-10", "2026-06-11", "2026-06-12", "2026-06-13", "2026-06-14", "2026-06-15", "2026-06-16"])
    expect(plan.filter((d) => d.kind === "rest").length).toBeGreaterThanOrEqual(2)
    expect(plan.at(-1)!.kind).toBe("long")
    expect(plan.reduce((n, d) => n + d.distanceMeters, 0)).toBe(22_000)

    const withWorkout = contextWith({
      ...base.streams,
      calendar: [{ id: "00000000-0000-4000-8000-000000000003", date: "2026-06-12", title: "Track 8×400", sport: "run", intensity: "hard", plannedDurationMinutes: 50, plannedDistanceMeters: 6000, status: "PLANNED" }],
      races: [race(5)]
    })
    const taper = Training.weeklyPlan(withWorkout, "2026-06-10")
    expect(taper.find((d) => d.date === "2026-06-12")).toMatchObject({ kind: "planned", distanceMeters: 6000 })
    expect(taper.find((d) => d.date === "2026-06-15")).toMatchObject({ kind: "race" })
    // 60% of 22 km in a race's last 14 days, the planned 6 km included.
    expect(taper.reduce((n, d) => n + d.distanceMeters, 0)).toBe(Training.weeklyTargetMeters(withWorkout.streams.trainingLoad, 5))
    expect(Training.weeklyTargetMeters(withWorkout.streams.trainingLoad, 5)).toBe(13_200)
  })

  it("names the phase before the next race", () => {
    expect(Training.raceReadiness(contextWith())).toEqual({ hasRace: false })
    expect([3, 10, 30, 90].map((d) => Training.raceReadiness(contextWith({ races: [race(d)] })).phase)).toEqual(["race_week", "taper", "build", "base"])
  })

  it("the local model speaks from the numbers, and points to a professional on pain", () => {
    const context = contextWith()
    const text = localCoachAnswer({ question: "My knee hurts, should I run?", locale: "en", context, toolCalls: Training.toolCallsFor("My knee hurts, should I run?", context, "2026-06-10", []) })
    expect(text).toContain("I see no activities in your last 28 days")
    expect(text).toContain("see a medical professional")
  })

  it("a synthesised WAV carries its text back to the transcriber", () => {
    const wav = wavOf(new Int16Array(1600), "Hello coach")
    expect(wavComment(wav)).toBe("Hello coach")
    expect(wavComment(new TextEncoder().encode("not a wav"))).toBeUndefined()
  })
})

describe("memory CoachRepo", () => {
  it("keeps exchanges newest first per athlete, pages them and sums the tokens since a date", async () => {
    const result = await Effect.runPromise(Effect.gen(function*() {
      const repo = yield* Training.CoachRepo
      const base = { channel: "text" as const, locale: "en", reply: "a", toolCalls: [], provider: "local", model: "m" }
      const first = yield* repo.record({ ...base, userId: "u1", question: "one", promptTokens: 10, completionTokens: 2 })
      yield* Effect.sleep("5 millis")
      const second = yield* repo.record({ ...base, userId: "u1", question: "two", promptTokens: 20, completionTokens: 3 })
      yield* repo.record({ ...base, userId: "u2", question: "other", promptTokens: 99, completionTokens: 9 })
      return {
        page: yield* repo.history("u1", { limit: 1, offset: 0 }),
        rest: yield* repo.history("u1", { limit: 10, offset: 1 }),
        all: yield* repo.usage("u1", new Date(0)),
        later: yield* repo.usage("u1", second.createdAt),
        first,
        second
      }
    }).pipe(Effect.provide(TrainingMemory)))
    expect(result.page).toEqual({ items: [result.second], total: 2 })
    expect(result.rest.items).toEqual([result.first])
    expect(result.all).toMatchObject({ calls: 2, promptTokens: 30, completionTokens: 5 })
    expect(result.later).toMatchObject({ calls: 1, promptTokens: 20, completionTokens: 3 })
  })
})
