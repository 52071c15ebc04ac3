/**
 * A/B tests and experiments (B "A/B tests, Experiments"), for admins with `platform.configure`.
 * An A/B test is a named, weighted split the app reads; an experiment adds a hypothesis and a
 * metric, runs DRAFT → RUNNING ⇄ PAUSED → COMPLETED (the status is set through PATCH), and has
 * results: the distinct users exposed and converted per variant, recorded by `recordExperimentEvent`
 * (users keep their variant: the flags' bucketing), each variant tested against the first (the
 * control) with the two-proportion z-test that POST /significance also answers from posted counts.
 */
import type { ExperimentStatus, Variant } from "@podium/kernel"
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { auditSubject } from "../platform/audit-subject.js"
import { Transactor } from "../platform/transactor.port.js"
import { type Arm, assignVariant, ExperimentNotFound, moveTo, twoProportionZTest, variantProblems } from "./experiments.model.js"
import { AbTestRepo, ExperimentEventRepo, ExperimentRepo } from "./experiments.port.js"
import { ConfigurationInvalid } from "./flags.model.js"

const atomically = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.flatMap(Transactor, (tx) => tx.atomically(effect))
const checkVariants = (variants: ReadonlyArray<Variant> | undefined) => {
  const problems = variants === undefined ? [] : variantProblems(variants)
  return problems.length === 0 ? Effect.void : Effect.fail(new ConfigurationInvalid({ messages: problems }))
}

export const listAbTests = Effect.flatMap(AbTestRepo, (r) => r.list)

export const putAbTest = Effect.fn("configuration.abTests.put")(function*(
  principal: Principal,
  key: string,
  input: { readonly name: string; readonly description?: string | undefined; readonly enabled: boolean; readonly variants: ReadonlyArray<Variant>; readonly expectedVersion?: number | undefined }
) {
  yield* checkVariants(input.variants)
  return yield* atomically(Effect.gen(function*() {
    const test = yield* Effect.flatMap(AbTestRepo, (r) =>
      r.put(key, { name: input.name, description: input.description ?? "", enabled: input.enabled, variants: input.variants }, { by: principal.accountId, expectedVersion: input.expectedVersion }))
    yield* auditSubject("configuration.ab_test.put", principal, { kind: "ab_test", id: key }, { data: { enabled: test.enabled, variants: test.variants, version: test.version } })
    return test
  }))
})

export const listExperiments = (status?: ExperimentStatus) => Effect.flatMap(ExperimentRepo, (r) => r.list(status))

export const findExperiment = (key: string) =>
  Effect.flatMap(Effect.flatMap(ExperimentRepo, (r) => r.find(key)), Option.match({ onNone: () => Effect.fail(new ExperimentNotFound({ key })), onSome: Effect.succeed }))

export const createExperiment = Effect.fn("configuration.experiments.create")(function*(
  principal: Principal,
  input: { readonly key: string; readonly name: string; readonly hypothesis?: string | undefined; readonly metric: string; readonly variants: ReadonlyArray<Variant> }
) {
  yield* checkVariants(input.variants)
  return yield* atomically(Effect.gen(function*() {
    const created = yield* Effect.flatMap(ExperimentRepo, (r) => r.create({ ...input, hypothesis: input.hypothesis ?? "" }, principal.accountId))
    yield* auditSubject("configuration.experiment.created", principal, { kind: "experiment", id: created.key }, { data: { variants: created.variants } })
    return created
  }))
})

export const updateExperiment = Effect.fn("configuration.experiments.update")(function*(
  principal: Principal,
  key: string,
  input: {
    readonly name?: string | undefined
    readonly hypothesis?: string | undefined
    readonly metric?: string | undefined
    readonly variants?: ReadonlyArray<Variant> | undefined
    readonly status?: Exclude<ExperimentStatus, "DRAFT"> | undefined
    readonly expectedVersion?: number | undefined
  }
) {
  yield* checkVariants(input.variants)
  return yield* atomically(Effect.gen(function*() {
    const updated = yield* Effect.flatMap(ExperimentRepo, (r) =>
      r.update(key, { name: input.name, hypothesis: input.hypothesis, metric: input.metric, variants: input.variants, move: input.status === undefined ? undefined : moveTo(input.status) }, input.expectedVersion))
    yield* auditSubject("configuration.experiment.updated", principal, { kind: "experiment", id: key }, { data: { status: updated.status, version: updated.version } })
    return updated
  }))
})

export const deleteExperiment = Effect.fn("configuration.experiments.delete")(function*(principal: Principal, key: string) {
  return yield* atomically(Effect.gen(function*() {
    const removed = yield* Effect.flatMap(ExperimentRepo, (r) => r.remove(key))
    yield* auditSubject("configuration.experiment.deleted", principal, { kind: "experiment", id: key }, { data: { status: removed.status } })
    return removed
  }))
})

/**
 * Records that a user saw (exposure) or completed the metric of (conversion) a RUNNING experiment,
 * in the variant the bucketing gives them; a conversion counts only after an exposure. Answers the
 * user's variant and whether this call recorded something new. For the app-facing SDK routes.
 */
export const recordExperimentEvent = Effect.fn("configuration.experiments.record")(function*(key: string, userId: string, kind: "exposure" | "conversion") {
  const experiment = yield* findExperiment(key)
  const variant = assignVariant(experiment.key, experiment.variants, userId)
  if (experiment.status !== "RUNNING") return { variant, recorded: false }
  const events = yield* ExperimentEventRepo
  if (kind === "conversion") {
    // A conversion without an exposure is outside the experiment: recording the exposure first keeps the funnel whole.
    yield* events.record(experiment.key, userId, variant, "exposure")
  }
  return { variant, recorded: yield* events.record(experiment.key, userId, variant, kind) }
})

const rate = (arm: Arm) => arm.exposures === 0 ? 0 : Math.round((arm.conversions / arm.exposures) * 1e6) / 1e6

/** GET /{key}/results: per variant, distinct users exposed and converted, and each variant against the control (the first). */
export const experimentResults = Effect.fn("configuration.experiments.results")(function*(key: string, confidenceLevel = 0.95) {
  const experiment = yield* findExperiment(key)
  const counts = yield* Effect.flatMap(ExperimentEventRepo, (r) => r.counts(experiment.key))
  const arms = experiment.variants.map((v) => {
    const c = counts.find((x) => x.variant === v.key)
    return { variant: v.key, weight: v.weight, exposures: c?.exposures ?? 0, conversions: c?.conversions ?? 0 }
  })
  const control = arms[0]!
  return {
    key: experiment.key,
    status: experiment.status,
    metric: experiment.metric,
    control: control.variant,
    totalExposures: arms.reduce((n, a) => n + a.exposures, 0),
    variants: arms.map((a, i) => ({
      ...a,
      conversionRate: rate(a),
      // The control has nothing to be compared with; an arm without exposures cannot be tested yet.
      comparison: i === 0 || a.exposures === 0 || control.exposures === 0 ? null : twoProportionZTest(control, a, confidenceLevel)
    }))
  }
})

/** POST /significance: the z-test of posted counts (pure; no experiment needed). */
export const significance = Effect.fn("configuration.experiments.significance")(function*(input: { readonly control: Arm; readonly variant: Arm; readonly confidenceLevel?: number | undefined }) {
  const messages: Array<string> = []
  for (const side of ["control", "variant"] as const) {
    if (input[side].conversions > input[side].exposures) messages.push(`${side}.conversions must not be greater than ${side}.exposures`)
  }
  if (messages.length > 0) return yield* new ConfigurationInvalid({ messages })
  return twoProportionZTest(input.control, input.variant, input.confidenceLevel ?? 0.95)
})
