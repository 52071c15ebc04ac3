/** App version policies and the versions athletes' apps were last seen on (Postgres in @podium/postgres, memory twins in ../testing). */
import type { AppPlatform, AppVersionPolicy } from "@podium/kernel"
import { Context, type Effect } from "effect"

export type PolicyFields = Pick<AppVersionPolicy, "minimumVersion" | "latestVersion" | "storeUrl" | "message">

export class AppVersionPolicyRepo extends Context.Tag("@podium/core/configuration/AppVersionPolicyRepo")<AppVersionPolicyRepo, {
  /** Both platforms (every platform has a policy from the start: 0.0.0 forces nothing). */
  readonly list: Effect.Effect<ReadonlyArray<AppVersionPolicy>>
  readonly find: (platform: AppPlatform) => Effect.Effect<AppVersionPolicy>
  /** The policy with its row locked until the surrounding transaction ends (call inside Transactor.atomically). */
  readonly lock: (platform: AppPlatform) => Effect.Effect<AppVersionPolicy>
  /** Stores the fields and bumps the version. */
  readonly save: (platform: AppPlatform, fields: PolicyFields, by: string) => Effect.Effect<AppVersionPolicy>
}>() {}

/** The app version each athlete was last seen on, per platform (recorded by the version check of a signed-in athlete). */
export class AppInstallRepo extends Context.Tag("@podium/core/configuration/AppInstallRepo")<AppInstallRepo, {
  readonly record: (userId: string, platform: AppPlatform, version: string) => Effect.Effect<void>
  /** Athletes by last-seen version on the platform. */
  readonly versions: (platform: AppPlatform) => Effect.Effect<ReadonlyArray<{ readonly version: string; readonly users: number }>>
}>() {}
