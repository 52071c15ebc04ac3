/** The flag repositories and the user population flags are previewed against (Postgres in @podium/postgres, memory twins in ../testing). */
import type { FeatureFlag, FlagAudience, PlatformFlag } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { FeatureFlagNotFound, FlagGuarded, FlagVersionConflict, PlatformFlagExists, PlatformFlagNotFound } from "./flags.model.js"

/** How a write is made: by whom, through the guarded route or not, and the version it read (if it names one). */
export interface WriteGuard {
  readonly by: string
  readonly viaGuard: boolean
  readonly expectedVersion?: number | undefined
}

/** A partial change of a feature flag (absent fields keep their value). */
export interface FeatureFlagPatch {
  readonly enabled?: boolean | undefined
  readonly description?: string | undefined
  readonly guarded?: boolean | undefined
  readonly audience?: FlagAudience | undefined
}

export class FeatureFlagRepo extends Context.Tag("@podium/core/configuration/FeatureFlagRepo")<FeatureFlagRepo, {
  /** By key. */
  readonly list: Effect.Effect<ReadonlyArray<FeatureFlag>>
  readonly find: (key: string) => Effect.Effect<Option.Option<FeatureFlag>>
  /**
   * Applies the patch in one conditional statement (version + 1), creating the flag when `upsert`
   * and it is missing; refused when the stored flag is guarded and the write is not, or when the
   * write names a version that is not the stored one. Concurrent writes each land once.
   */
  readonly change: (key: string, patch: FeatureFlagPatch, guard: WriteGuard & { readonly upsert: boolean }) => Effect.Effect<FeatureFlag, FeatureFlagNotFound | FlagGuarded | FlagVersionConflict>
}>() {}

export interface PlatformFlagPatch {
  readonly enabled?: boolean | undefined
  readonly description?: string | undefined
  readonly rolloutPercentage?: number | undefined
  readonly guarded?: boolean | undefined
}

export class PlatformFlagRepo extends Context.Tag("@podium/core/configuration/PlatformFlagRepo")<PlatformFlagRepo, {
  readonly list: Effect.Effect<ReadonlyArray<PlatformFlag>>
  readonly find: (key: string) => Effect.Effect<Option.Option<PlatformFlag>>
  readonly create: (input: { readonly key: string; readonly description: string; readonly enabled: boolean; readonly rolloutPercentage: number; readonly guarded: boolean }, by: string) => Effect.Effect<PlatformFlag, PlatformFlagExists>
  /** One conditional update, refused like FeatureFlagRepo.change. */
  readonly change: (key: string, patch: PlatformFlagPatch, guard: WriteGuard) => Effect.Effect<PlatformFlag, PlatformFlagNotFound | FlagGuarded | FlagVersionConflict>
  /** One conditional delete (a guarded flag only through the guarded route); the deleted flag. */
  readonly remove: (key: string, guard: WriteGuard) => Effect.Effect<PlatformFlag, PlatformFlagNotFound | FlagGuarded | FlagVersionConflict>
}>() {}

/** An athlete as an audience preview shows them. */
export interface PopulationMember {
  readonly id: string
  readonly firstName: string | null
  readonly lastName: string | null
}

/** The athletes a flag can be on for, read in id order (audience previews walk it page by page). */
export class FlagPopulation extends Context.Tag("@podium/core/configuration/FlagPopulation")<FlagPopulation, {
  /** Up to `limit` athletes with an id above `afterId` (from the first with null), by id. */
  readonly page: (afterId: string | null, limit: number) => Effect.Effect<ReadonlyArray<PopulationMember>>
}>() {}
