/**
 * Search engine settings: SEARCH_ENGINE=postgres (default) or typesense with
 * TYPESENSE_URL and TYPESENSE_API_KEY. Read by config.ts; the engine itself is built in search.ts.
 */
import { Config, ConfigError, Effect, Option, Redacted } from "effect"

export interface SearchSettings {
  readonly engine: "postgres" | "typesense"
  /** Present when `engine` is typesense. */
  readonly typesense: Option.Option<{ readonly url: string; readonly apiKey: Redacted.Redacted<string> }>
}

export const defaultSearchSettings: SearchSettings = { engine: "postgres", typesense: Option.none() }

/** Reads SEARCH_ENGINE, TYPESENSE_URL and TYPESENSE_API_KEY; fails naming the variable. */
export const loadSearchSettings: Effect.Effect<SearchSettings, ConfigError.ConfigError> = Effect.gen(function*() {
  const engine = yield* Config.literal("postgres", "typesense")("SEARCH_ENGINE").pipe(Config.withDefault("postgres" as const))
  if (engine === "postgres") return defaultSearchSettings
  const url = (yield* Config.string("TYPESENSE_URL").pipe(Config.withDefault(""))).trim()
  const apiKey = yield* Config.redacted("TYPESENSE_API_KEY").pipe(Config.withDefault(Redacted.make("")))
  if (url === "") return yield* Effect.fail(ConfigError.MissingData(["TYPESENSE_URL"], "TYPESENSE_URL is required when SEARCH_ENGINE is typesense"))
  if (!/^https?:\/\/[^\s]+$/.test(url)) return yield* Effect.fail(ConfigError.InvalidData(["TYPESENSE_URL"], "Expected an http:// or https:// URL"))
  if (Redacted.value(apiKey).trim() === "") {
    return yield* Effect.fail(ConfigError.MissingData(["TYPESENSE_API_KEY"], "TYPESENSE_API_KEY is required when SEARCH_ENGINE is typesense"))
  }
  return { engine, typesense: Option.some({ url, apiKey }) }
})
