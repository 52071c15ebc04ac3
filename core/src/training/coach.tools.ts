/**
 * The coach's numbers and plans, framework-free and deterministic: the training load of the last
 * 28 days, a 7-day plan from it, race readiness, gear wear and goal progress. The language model
 * only explains what these computed; it never invents a number or a plan.
 */
import type { Activity, CoachContext, CoachToolCall, TrainingLoad } from "@podium/kernel"
import { addDays } from "./training.model.js"

const DayMs = 86_400_000
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places

/** Acute (7 days) against chronic (28-day weekly average) load, by distance; see `TrainingLoad`. */
export const trainingLoadOf = (activities: ReadonlyArray<Pick<Activity, "startedAt" | "distanceMeters" | "durationSeconds">>, now: Date): TrainingLoad => {
  const since28 = now.getTime() - 28 * DayMs
  const since7 = now.getTime() - 7 * DayMs
  const last28 = activities.filter((a) => a.startedAt.getTime() >= since28 && a.startedAt.getTime() <= now.getTime())
  const last7 = last28.filter((a) => a.startedAt.getTime() >= since7)
  const sum = (xs: typeof last28, f: (a: (typeof last28)[number]) => number) => xs.reduce((n, a) => n + f(a), 0)
  const weeklyDistance = sum(last28, (a) => a.distanceMeters) / 4
  const weeklyDuration = sum(last28, (a) => a.durationSeconds) / 4
  const acute = sum(last7, (a) => a.distanceMeters)
  const ratio = weeklyDistance > 0 ? round(acute / weeklyDistance) : null
  return {
    activitiesLast7Days: last7.length,
    distanceLast7DaysMeters: round(acute),
    durationLast7DaysSeconds: sum(last7, (a) => a.durationSeconds),
    activitiesLast28Days: last28.length,
    weeklyAverageDistanceMeters: round(weeklyDistance),
    weeklyAverageDurationSeconds: Math.round(weeklyDuration),
    acuteChronicRatio: ratio,
    trend: last28.length === 0 ? "no_data" : ratio !== null && ratio > 1.3 ? "building_fast" : ratio !== null && ratio < 0.8 ? "easing" : "steady",
    longestDistanceMeters: round(last28.reduce((m, a) => Math.max(m, a.distanceMeters), 0))
  }
}

/** A week's volume: 10% above the chronic average while steady or easing, 10% below when building fast, 60% in a race's last 14 days; 10 km to start from nothing. */
export const weeklyTargetMeters = (load: TrainingLoad, daysToRace: number | null) => {
  const base = load.trend === "no_data" || load.weeklyAverageDistanceMeters === 0
    ? 10_000
    : load.weeklyAverageDistanceMeters * (load.trend === "building_fast" ? 0.9 : 1.1)
  return Math.round(daysToRace !== null && daysToRace <= 14 ? base * 0.6 : base)
}

type PlanDay = { readonly date: string; readonly kind: "rest" | "easy" | "quality" | "long" | "planned" | "race"; readonly distanceMeters: number; readonly note: string }

/**
 * Seven days from `today`: the athlete's own planned workouts (and a race day) are kept as they
 * are; the rest of the target is shared out as a long session (35%), one quality session (25%)
 * and easy sessions, with at least two rest days; distances rounded to 100 m.
 */
export const weeklyPlan = (context: CoachContext, today: string): PlanDay[] => {
  const { trainingLoad, calendar, races } = context.streams
  const nextRace = races[0]
  const target = weeklyTargetMeters(trainingLoad, nextRace?.daysToGo ?? null)
  const dates = Array.from({ length: 7 }, (_, i) => addDays(today, i))
  const planned = new Map(calendar.filter((w) => w.status === "PLANNED").map((w) => [w.date, w]))
  const raceDates = new Set(races.map((r) => r.startsAt.toISOString().slice(0, 10)))
  const fixed = dates.filter((d) => planned.has(d) || raceDates.has(d))
  const plannedMeters = fixed.reduce((n, d) => n + (planned.get(d)?.plannedDistanceMeters ?? 0), 0)
  const left = Math.max(0, target - plannedMeters)
  const free = dates.filter((d) => !fixed.includes(d))
  // Sessions on free days: long on the last free day, quality mid-week, easy between, rest around them.
  const sessions = Math.max(0, Math.min(free.length - 2, 4))
  const shares = sessions === 0 ? [] : sessions === 1 ? [1] : sessions === 2 ? [0.6, 0.4] : sessions === 3 ? [0.35, 0.25, 0.4] : [0.35, 0.25, 0.2, 0.2]
  const kinds: Array<PlanDay["kind"]> = sessions === 1 ? ["long"] : sessions === 2 ? ["long", "easy"] : sessions === 3 ? ["long", "quality", "easy"] : ["long", "quality", "easy", "easy"]
  const sessionDays = new Map<string, { kind: PlanDay["kind"]; share: number }>()
  const order = [free.at(-1), free[Math.floor(free.length / 2)], free[1], free[Math.floor(free.length / 2) + 1], free[0]]
  let k = 0
  for (const day of order) {
    if (k >= sessions || day === undefined || sessionDays.has(day)) continue
    sessionDays.set(day, { kind: kinds[k]!, share: shares[k]! })
    k++
  }
  return dates.map((date): PlanDay => {
    if (raceDates.has(date)) return { date, kind: "race", distanceMeters: 0, note: "race day" }
    const workout = planned.get(date)
    if (workout !== undefined) return { date, kind: "planned", distanceMeters: workout.plannedDistanceMeters ?? 0, note: `your planned workout: ${workout.title}` }
    const session = sessionDays.get(date)
    if (session === undefined) return { date, kind: "rest", distanceMeters: 0, note: "rest or mobility" }
    const meters = Math.round((left * session.share) / 100) * 100
    const note = session.kind === "long" ? "long and easy, conversational pace" : session.kind === "quality" ? "tempo or intervals after a warm-up" : "easy pace"
    return { date, kind: session.kind, distanceMeters: meters, note }
  })
}

/** The phase before the next race: race week (≤ 7 days), taper (≤ 14), build (≤ 56), else base. */
export const raceReadiness = (context: CoachContext) => {
  const race = context.streams.races[0]
  if (race === undefined) return { hasRace: false }
  const phase = race.daysToGo <= 7 ? "race_week" : race.daysToGo <= 14 ? "taper" : race.daysToGo <= 56 ? "build" : "base"
  return {
    hasRace: true,
    eventTitle: race.eventTitle,
    daysToGo: race.daysToGo,
    phase,
    taperStartsInDays: Math.max(0, race.daysToGo - 14),
    longestDistanceLast28DaysMeters: context.streams.trainingLoad.longestDistanceMeters
  }
}

/** Gear past 80% of its replacement distance. */
export const gearCheck = (context: CoachContext) => {
  const worn = context.streams.gear.filter((g) => g.wornPercent !== null && g.wornPercent >= 80)
  return {
    replaceSoon: worn.map((g) => ({ id: g.id, name: g.name, wornPercent: g.wornPercent, distanceMeters: g.distanceMeters })),
    inGoodShape: context.streams.gear.length - worn.length
  }
}

export interface GoalProgress {
  readonly challengeId: string
  readonly title: string
  readonly goalType: string
  readonly goalValue: number
  readonly done: number
  readonly percent: number
  readonly daysLeft: number
  /** What is left per remaining day (0 when done). */
  readonly perDayNeeded: number
}

const has = (question: string, words: ReadonlyArray<string>) => words.some((w) => question.includes(w))

/**
 * The computations a question calls for, chosen by rules: the load always; a plan when asked for
 * one; readiness when a race is asked about or is within 21 days; gear when asked about or when
 * some is worn; goals when asked about or when a goal is running.
 */
export const toolCallsFor = (question: string, context: CoachContext, today: string, goals: ReadonlyArray<GoalProgress>): Array<CoachToolCall> => {
  const q = question.toLowerCase()
  const calls: Array<CoachToolCall> = [{ name: "training_load", arguments: { windowDays: 28 }, result: { ...context.streams.trainingLoad } }]
  if (has(q, ["plan", "week", "schedule", "workout", "train", "session", "what should", "today", "tomorrow"])) {
    calls.push({ name: "weekly_plan", arguments: { from: today, days: 7 }, result: { targetMeters: weeklyTargetMeters(context.streams.trainingLoad, context.streams.races[0]?.daysToGo ?? null), days: weeklyPlan(context, today) } })
  }
  const race = context.streams.races[0]
  if (has(q, ["race", "event", "ready", "taper", "marathon", "10k", "5k"]) || (race !== undefined && race.daysToGo <= 21)) {
    calls.push({ name: "race_readiness", arguments: {}, result: raceReadiness(context) })
  }
  const gear = gearCheck(context)
  if (has(q, ["shoe", "gear", "bike", "replace"]) || gear.replaceSoon.length > 0) calls.push({ name: "gear_check", arguments: { thresholdPercent: 80 }, result: gear })
  if (has(q, ["goal", "challenge", "target"]) || goals.length > 0) calls.push({ name: "goal_progress", arguments: {}, result: { goals } })
  return calls
}
