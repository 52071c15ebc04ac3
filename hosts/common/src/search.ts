/**
 * The search engine chosen by configuration. SEARCH_ENGINE=postgres (default: Postgres
 * full-text, no extra server) or `typesense` with TYPESENSE_URL and TYPESENSE_API_KEY (a
 * Typesense-compatible server over HTTP; documents read from the database's sources). The same
 * choice serves the HTTP search admin routes, the worker's reindex job, the CLI's `search …`
 * commands, the start-up summary and /health. A partial Typesense configuration fails at start
 * naming the missing variable; there is no silent fallback to Postgres.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Platform } from "@podium/core"
import { SearchEnginePg, searchSourcesPg } from "@podium/postgres"
import { SearchEngineTypesense } from "@podium/providers"
import { Effect, Layer, Option, Redacted } from "effect"
import { AppConfig } from "./config.js"
import { defaultSearchSettings, loadSearchSettings, type SearchSettings } from "./config/search.config.js"
import type { HealthProbe } from "./health.js"

export { defaultSearchSettings, loadSearchSettings, type SearchSettings } from "./config/search.config.js"

/** The engine of the given settings, on the host's database (the sources of every engine). */
export const searchEngineLayer = (settings: SearchSettings): Layer.Layer<Platform.SearchEngine, never, SqlClient.SqlClient> =>
  Option.match(settings.engine === "typesense" ? settings.typesense : Option.none(), {
    onNone: () => SearchEnginePg,
    onSome: (t) => SearchEngineTypesense({ url: t.url, apiKey: Redacted.value(t.apiKey) }, searchSourcesPg())
  })

/**
 * The settings of the running host: its AppConfig when one is in context (HTTP host, worker, CLI),
 * else read from the environment (tools that build job handlers without a configuration).
 */
export const currentSearchSettings: Effect.Effect<SearchSettings> = Effect.flatMap(
  Effect.serviceOption(AppConfig),
  Option.match({
    onSome: (config) => Effect.succeed(config.search ?? defaultSearchSettings),
    onNone: () => Effect.orDie(loadSearchSettings)
  })
)

/** The configured engine as a service value (for job handlers and CLI commands). */
export const configuredSearchEngine: Effect.Effect<Platform.SearchEngine["Type"], never, SqlClient.SqlClient> = Effect.flatMap(
  currentSearchSettings,
  (settings) => Effect.provide(Platform.SearchEngine, searchEngineLayer(settings))
)

const originOf = (url: string) => {
  try {
    return new URL(url).origin
  } catch {
    return "(invalid url)"
  }
}

/** The `search` line of the start-up summary (no credentials). */
export const describeSearchEngine = (settings: SearchSettings | undefined): string =>
  Option.match((settings ?? defaultSearchSettings).typesense, {
    onNone: () => "postgres full-text (SEARCH_ENGINE=postgres)",
    onSome: (t) => `typesense at ${originOf(t.url)} (SEARCH_ENGINE=typesense)`
  })

/**
 * The `search` health probe: the engine and its own health (Typesense's /health, or the Postgres
 * catalog). Decision: a search outage degrades the platform but does not take the host out of
 * rotation (every other route still serves), so the probe stays `up` and reports
 * `engineHealthy: false` with the engine's error; per-collection counts stay on the admin search
 * health route.
 */
export const searchHealthProbe = (settings: SearchSettings | undefined): Effect.Effect<HealthProbe, never, Platform.SearchEngine> =>
  Effect.map(Platform.SearchEngine, (engine): HealthProbe => ({
    name: "search",
    check: Effect.map(engine.health, (h) => ({
      status: "up" as const,
      engine: h.engine,
      engineHealthy: h.healthy,
      endpoint: describeSearchEngine(settings),
      ...(h.error === null ? {} : { message: h.error })
    }))
  }))
