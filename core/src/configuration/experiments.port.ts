/** A/B tests, experiments and their recorded exposures and conversions (Postgres in @podium/postgres, memory twins in ../testing). */
import type { AbTest, Experiment, ExperimentStatus, MoveRefused, Variant } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { ExperimentExists, ExperimentLocked, ExperimentMove, ExperimentNotFound, ExperimentRunning } from "./experiments.model.js"
import type { FlagVersionConflict } from "./flags.model.js"

export class AbTestRepo extends Context.Tag("@podium/core/configuration/AbTestRepo")<AbTestRepo, {
  readonly list: Effect.Effect<ReadonlyArray<AbTest>>
  /** Creates or replaces the test in one statement (version + 1); a stale expected version changes nothing. */
  readonly put: (
    key: string,
    fields: Pick<AbTest, "name" | "description" | "enabled" | "variants">,
    guard: { readonly by: string; readonly expectedVersion?: number | undefined }
  ) => Effect.Effect<AbTest, FlagVersionConflict>
}>() {}

export interface ExperimentPatch {
  readonly name?: string | undefined
  readonly hypothesis?: string | undefined
  readonly metric?: string | undefined
  readonly variants?: ReadonlyArray<Variant> | undefined
  readonly move?: ExperimentMove | undefined
}

export class ExperimentRepo extends Context.Tag("@podium/core/configuration/ExperimentRepo")<ExperimentRepo, {
  readonly list: (status?: ExperimentStatus) => Effect.Effect<ReadonlyArray<Experiment>>
  readonly find: (key: string) => Effect.Effect<Option.Option<Experiment>>
  readonly create: (input: Pick<Experiment, "key" | "name" | "hypothesis" | "metric" | "variants">, by: string) => Effect.Effect<Experiment, ExperimentExists>
  /**
   * One conditional update: the move only from its statuses, variants only while DRAFT, and the
   * expected version when given; otherwise nothing changes and the refusal says why.
   */
  readonly update: (key: string, patch: ExperimentPatch, expectedVersion: number | undefined) => Effect.Effect<Experiment, ExperimentNotFound | ExperimentLocked | MoveRefused | FlagVersionConflict>
  /** Deletes one that is not RUNNING (with its events). */
  readonly remove: (key: string) => Effect.Effect<Experiment, ExperimentNotFound | ExperimentRunning>
}>() {}

export class ExperimentEventRepo extends Context.Tag("@podium/core/configuration/ExperimentEventRepo")<ExperimentEventRepo, {
  /** Records a user's exposure or conversion once (a repeat is no new fact): whether this call recorded it. */
  readonly record: (key: string, userId: string, variant: string, kind: "exposure" | "conversion") => Effect.Effect<boolean>
  /** Distinct exposed and converted users by variant. */
  readonly counts: (key: string) => Effect.Effect<ReadonlyArray<{ readonly variant: string; readonly exposures: number; readonly conversions: number }>>
}>() {}
