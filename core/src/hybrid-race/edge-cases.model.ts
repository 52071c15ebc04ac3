/**
 * The edge-case rule table of hybrid races (B "Hybrid race" edge cases): a finished attempt is
 * flagged for an impossible split (a segment faster than its discipline's floor) or a missing
 * checkpoint. Pure, so the finish, the admin list and the admin detail read the same verdict.
 *
 * The course is the hybrid format (a run, then a workout station, repeated): segment k ends at
 * checkpoint k, odd segments are runs and even ones stations, and the segment after the last
 * checkpoint ends at the finish. The floors are below what any athlete has done, so a flag means
 * the timing is wrong or the athlete cut the course, never that they were merely fast.
 */
import type { HybridRaceAttempt, HybridRaceFlag } from "@podium/kernel"

export interface DisciplineFloor {
  readonly discipline: "run" | "station"
  /** No segment of this discipline can be done in fewer seconds. */
  readonly floorSeconds: number
}

/** The rule table: a 1 km run under 2:30, a station under 30 s. */
export const DisciplineFloors: Readonly<Record<DisciplineFloor["discipline"], DisciplineFloor>> = {
  run: { discipline: "run", floorSeconds: 150 },
  station: { discipline: "station", floorSeconds: 30 }
}

export const disciplineOf = (segment: number): DisciplineFloor => (segment % 2 === 1 ? DisciplineFloors.run : DisciplineFloors.station)

/** One timed span of an attempt: from the previous recorded instant to this checkpoint (or the finish). */
export interface SegmentCheck {
  /** The segments the span covers (more than one when checkpoints in between were skipped). */
  readonly segments: ReadonlyArray<number>
  readonly disciplines: ReadonlyArray<DisciplineFloor["discipline"]>
  /** The checkpoint that ends the span, null for the finish. */
  readonly checkpoint: number | null
  readonly seconds: number
  readonly floorSeconds: number
  readonly impossible: boolean
}

const seconds = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / 1000)

/**
 * The spans of an attempt between its passed checkpoints. A skipped checkpoint carries no time
 * of its own (its instant is when the skip was reported), so the span runs across it and its
 * floor is the sum of the floors of the segments it covers.
 */
export const segmentChecks = (attempt: HybridRaceAttempt): ReadonlyArray<SegmentCheck> => {
  const checks: Array<SegmentCheck> = []
  let from = attempt.startedAt
  let pending: Array<number> = []
  const close = (checkpoint: number | null, at: Date) => {
    const floor = pending.reduce((sum, s) => sum + disciplineOf(s).floorSeconds, 0)
    const spent = seconds(from, at)
    checks.push({
      segments: pending,
      disciplines: pending.map((s) => disciplineOf(s).discipline),
      checkpoint,
      seconds: spent,
      floorSeconds: floor,
      impossible: spent < floor
    })
    from = at
    pending = []
  }
  for (const c of attempt.checkpoints) {
    pending.push(c.index)
    if (!c.skipped) close(c.index, new Date(c.at))
  }
  if (attempt.finishedAt !== null) {
    pending.push(attempt.checkpoints.length + 1)
    close(null, attempt.finishedAt)
  }
  return checks
}

/** The flags of a finished attempt: every impossible span, then every skipped checkpoint, in course order. */
export const flagsOf = (attempt: HybridRaceAttempt): ReadonlyArray<HybridRaceFlag> => {
  const splits = segmentChecks(attempt).filter((c) => c.impossible).map((c): HybridRaceFlag => ({
    rule: "IMPOSSIBLE_SPLIT",
    checkpoint: c.checkpoint,
    observedSeconds: c.seconds,
    floorSeconds: c.floorSeconds,
    reason: `${c.checkpoint === null ? "The last segment to the finish" : `The segment to checkpoint ${c.checkpoint}`} (${c.disciplines.join(" + ")}) took ${c.seconds} s, under the ${c.floorSeconds} s floor`
  }))
  const missing = attempt.checkpoints.filter((c) => c.skipped).map((c): HybridRaceFlag => ({
    rule: "MISSING_CHECKPOINT",
    checkpoint: c.index,
    observedSeconds: null,
    floorSeconds: null,
    reason: `Checkpoint ${c.index} was skipped`
  }))
  const none: ReadonlyArray<HybridRaceFlag> = attempt.checkpoints.length === 0 && attempt.finishedAt !== null
    ? [{ rule: "MISSING_CHECKPOINT", checkpoint: null, observedSeconds: null, floorSeconds: null, reason: "The attempt finished without passing any checkpoint" }]
    : []
  return [...splits, ...missing, ...none]
}
