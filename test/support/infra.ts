/** Small infrastructure layers for HTTP tests that need configuration and controllable probes. */
import { AppConfig, appConfigFrom, contextsMemory, HealthProbes, type ComponentHealth, type HealthProbe } from "@podium/host-common"
import type { HttpInfrastructure } from "@podium/http/server"
import { Effect, Layer } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** A configuration for tests: fresh DATA_DIR, test environment, given overrides. */
export const testConfig = (env: Record<string, string | undefined> = {}) =>
  Effect.runPromise(appConfigFrom({
    APP_ENV: "test",
    DATA_DIR: mkdtempSync(join(tmpdir(), "podium-test-")),
    OPS_TOKEN: "ops-token-for-tests",
    ...env
  }))

/** A probe whose answer the test flips. */
export const switchableProbe = (name: string) => {
  let current: ComponentHealth = { status: "up" }
  const probe: HealthProbe = { name, check: Effect.sync(() => current) }
  return {
    probe,
    down: (message: string) => {
      current = { status: "down", message }
    },
    up: () => {
      current = { status: "up" }
    }
  }
}

/**
 * Configuration and the given probes, plus the identity services on memory twins (the identity
 * routes are served by every host, so every infrastructure must provide them).
 */
export const infraWith = async (probes: ReadonlyArray<HealthProbe>, env: Record<string, string | undefined> = {}): Promise<Layer.Layer<HttpInfrastructure>> => {
  const config = await testConfig(env)
  return Layer.mergeAll(Layer.succeed(AppConfig, config), Layer.succeed(HealthProbes, probes), contextsMemory(config))
}
