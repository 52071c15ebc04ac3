/**
 * A/B tests and experiments (B "A/B tests, Experiments"): the experiment machine, the weighted
 * variant assignment (the flags' deterministic bucketing, so a user keeps their variant), and the
 * two-proportion z-test the results and POST /significance use.
 */
import { defineMoves, DomainError, type ExperimentStatus, type Variant } from "@podium/kernel"
import { Schema } from "effect"
import { bucketOf } from "./flags.model.js"

/** A running experiment may pause and resume; completing ends it for good (its results stay). */
export const ExperimentMoves = defineMoves<ExperimentStatus>()({ machine: "experiment", code: "EXPERIMENT_MOVE_REFUSED" }, {
  start: { from: ["DRAFT", "PAUSED"], to: "RUNNING" },
  pause: { from: ["RUNNING"], to: "PAUSED" },
  complete: { from: ["RUNNING", "PAUSED"], to: "COMPLETED" }
})
export type ExperimentMove = keyof typeof ExperimentMoves.table
export const moveTo = (status: Exclude<ExperimentStatus, "DRAFT">): ExperimentMove => status === "RUNNING" ? "start" : status === "PAUSED" ? "pause" : "complete"

/** The variant of a user: their bucket (0–99) walks the cumulative weights. */
export const assignVariant = (key: string, variants: ReadonlyArray<Variant>, userId: string): string => {
  const bucket = bucketOf(key, userId)
  let edge = 0
  for (const v of variants) {
    edge += v.weight
    if (bucket < edge) return v.key
  }
  return variants[variants.length - 1]!.key
}

/** Why a variant list is unusable (empty: fine). */
export const variantProblems = (variants: ReadonlyArray<Variant>): ReadonlyArray<string> => {
  const problems: Array<string> = []
  if (new Set(variants.map((v) => v.key)).size !== variants.length) problems.push("variants must have distinct keys")
  const total = variants.reduce((n, v) => n + v.weight, 0)
  if (total !== 100) problems.push(`variants' weights must add up to 100 (they add up to ${total})`)
  return problems
}

/** Standard normal CDF (Abramowitz & Stegun 7.1.26 for erf, error below 1.5e-7). */
export const normalCdf = (z: number): number => {
  const x = Math.abs(z) / Math.SQRT2
  const t = 1 / (1 + 0.3275911 * x)
  const erf = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x)
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2
}

export interface Arm {
  readonly exposures: number
  readonly conversions: number
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits

/**
 * Two-proportion z-test of `variant` against `control` with the pooled standard error, two-sided.
 * With no variance (both rates 0 or both 1) z is 0 and p is 1: nothing can be told apart.
 */
export const twoProportionZTest = (control: Arm, variant: Arm, confidenceLevel: number) => {
  const p1 = control.conversions / control.exposures
  const p2 = variant.conversions / variant.exposures
  const pooled = (control.conversions + variant.conversions) / (control.exposures + variant.exposures)
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / control.exposures + 1 / variant.exposures))
  const z = se === 0 ? 0 : (p2 - p1) / se
  const pValue = se === 0 ? 1 : 2 * (1 - normalCdf(Math.abs(z)))
  return {
    controlRate: round(p1, 6),
    variantRate: round(p2, 6),
    absoluteLift: round(p2 - p1, 6),
    relativeLift: p1 === 0 ? null : round((p2 - p1) / p1, 6),
    zScore: round(z, 4),
    pValue: round(pValue, 6),
    confidenceLevel,
    significant: pValue < 1 - confidenceLevel
  }
}

export class ExperimentNotFound extends DomainError<ExperimentNotFound>()("ExperimentNotFound", { kind: "not-found", code: "EXPERIMENT_NOT_FOUND" }, {
  key: Schema.String
}) {
  override get message() {
    return "Experiment not found"
  }
}

export class ExperimentExists extends DomainError<ExperimentExists>()("ExperimentExists", { kind: "conflict", code: "EXPERIMENT_EXISTS" }, {
  key: Schema.String
}) {
  override get message() {
    return "An experiment with this key already exists"
  }
}

/** Changing the arms of an experiment that has started would mix users assigned under two splits. */
export class ExperimentLocked extends DomainError<ExperimentLocked>()("ExperimentLocked", { kind: "conflict", code: "EXPERIMENT_LOCKED" }, {
  key: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return `The variants of a ${this.status} experiment cannot change; only a DRAFT's can`
  }
}

/** A running experiment is stopped (completed) before it is deleted. */
export class ExperimentRunning extends DomainError<ExperimentRunning>()("ExperimentRunning", { kind: "conflict", code: "EXPERIMENT_RUNNING" }, {
  key: Schema.String
}) {
  override get message() {
    return "A running experiment cannot be deleted; complete or pause it first"
  }
}
