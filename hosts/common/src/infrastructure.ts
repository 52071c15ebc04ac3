/**
 * The composition of infrastructure every host shares, chosen from configuration: Postgres or the
 * embedded PGlite, Redis or the in-memory twins, and one health probe per component.
 */
import { Layer } from "effect"
import { AppConfig, type AppConfigShape } from "./config.js"
import { HealthProbes } from "./health.js"

/** What a host gets from `infrastructureLayer`. */
export type Infrastructure = AppConfig | HealthProbes

/** Builds the infrastructure of a host from a loaded configuration. */
export const infrastructureLayer = (config: AppConfigShape): Layer.Layer<Infrastructure> =>
  Layer.mergeAll(Layer.succeed(AppConfig, config), Layer.succeed(HealthProbes, []))

/** Lines describing which backend serves each port, for the start-up summary (secrets redacted). */
export const describeInfrastructure = (config: AppConfigShape): ReadonlyArray<readonly [string, string]> => [
  ["environment", config.appEnv],
  ["data dir", config.dataDir]
]
