/**
 * Anti-cheat rules as data, evaluated by pure code: each governance rule names what it measures by
 * its key (`speed.<sport>`, `gps.gap`, `gps.teleport`, `duplicate.track`), carries its threshold
 * and its mode, and the global mode caps every rule's (off < shadow < enforce). A finding is
 * recorded as a flag; only `enforce` findings hold the activity out of leaderboards.
 */
import type { AntiCheatRule, RuleMode, Sport, TrackPoint } from "@podium/kernel"
import { haversineMeters, round2 } from "./track.js"

const rank: Readonly<Record<RuleMode, number>> = { off: 0, shadow: 1, enforce: 2 }

/** The mode a rule runs in under the global mode. */
export const effectiveMode = (global: RuleMode, rule: RuleMode): RuleMode => (rank[global] < rank[rule] ? global : rule)

export interface Finding {
  readonly ruleKey: string
  readonly mode: "shadow" | "enforce"
  readonly observed: number
  readonly threshold: number
  readonly reason: string
}

export interface Evaluated {
  readonly sport: Sport
  readonly distanceMeters: number
  readonly durationSeconds: number
  readonly points: ReadonlyArray<TrackPoint>
  /** Another athlete already has an activity with this very track. */
  readonly duplicateOfAnother: boolean
}

/** Largest gap in seconds and largest point-to-point speed (m/s) between consecutive timed points. */
const segments = (points: ReadonlyArray<TrackPoint>) => {
  let gap = 0
  let jump = 0
  let jumpMeters = 0
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!
    const b = points[i]!
    if (a.at === null || b.at === null) continue
    const seconds = (b.at.getTime() - a.at.getTime()) / 1000
    gap = Math.max(gap, seconds)
    const meters = haversineMeters(a, b)
    const speed = meters / Math.max(1, seconds)
    if (speed > jump) {
      jump = speed
      jumpMeters = meters
    }
  }
  return { gap, jump, jumpMeters }
}

/** What each rule in force finds in an activity. */
export const evaluate = (global: RuleMode, rules: ReadonlyArray<AntiCheatRule>, activity: Evaluated): ReadonlyArray<Finding> => {
  const findings: Array<Finding> = []
  const { gap, jump, jumpMeters } = segments(activity.points)
  for (const rule of rules) {
    const mode = effectiveMode(global, rule.mode)
    if (mode === "off") continue
    const found = (observed: number, reason: string) => findings.push({ ruleKey: rule.key, mode, observed: round2(observed), threshold: rule.threshold, reason })
    if (rule.key.startsWith("speed.")) {
      if (rule.sport !== activity.sport || activity.durationSeconds <= 0) continue
      const speed = activity.distanceMeters / activity.durationSeconds
      if (speed > rule.threshold) {
        found(speed, `Average speed ${round2(speed)} m/s is above the ${rule.threshold} m/s possible for a ${activity.sport}`)
      }
    } else if (rule.key === "gps.gap") {
      if (gap > rule.threshold) found(gap, `The GPS track has a gap of ${Math.round(gap)} s (more than ${rule.threshold} s without a position)`)
    } else if (rule.key === "gps.teleport") {
      if (jump > rule.threshold) {
        found(jump, `The GPS track jumps ${Math.round(jumpMeters)} m at ${round2(jump)} m/s between two positions (more than ${rule.threshold} m/s)`)
      }
    } else if (rule.key === "duplicate.track") {
      if (activity.duplicateOfAnother) found(1, "The same GPS track was already uploaded by another athlete")
    }
  }
  return findings
}

/** The rules a fresh installation starts with (also seeded by the migration). */
export const DefaultRules: ReadonlyArray<Omit<AntiCheatRule, "updatedAt">> = [
  { key: "speed.run", description: "Average speed of a run", sport: "run", threshold: 6.5, unit: "m/s", mode: "enforce" },
  { key: "speed.walk", description: "Average speed of a walk", sport: "walk", threshold: 3, unit: "m/s", mode: "enforce" },
  { key: "speed.hike", description: "Average speed of a hike", sport: "hike", threshold: 3, unit: "m/s", mode: "enforce" },
  { key: "speed.ride", description: "Average speed of a ride", sport: "ride", threshold: 25, unit: "m/s", mode: "enforce" },
  { key: "speed.swim", description: "Average speed of a swim", sport: "swim", threshold: 2.5, unit: "m/s", mode: "enforce" },
  { key: "gps.gap", description: "Longest time between two GPS positions", sport: null, threshold: 300, unit: "s", mode: "shadow" },
  { key: "gps.teleport", description: "Fastest jump between two GPS positions", sport: null, threshold: 100, unit: "m/s", mode: "enforce" },
  { key: "duplicate.track", description: "A GPS track identical to another athlete's", sport: null, threshold: 1, unit: "match", mode: "enforce" }
]
