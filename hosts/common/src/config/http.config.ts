/**
 * Settings of the HTTP host's front door (hosts/http/src/front-door.ts): request size limits,
 * Node's timeouts against slow clients, and the origins allowed to call the API from a browser.
 */
import { Config, ConfigError, Effect } from "effect"

export interface HttpFrontDoorSettings {
  /** MAX_JSON_BODY_BYTES: largest request body read as JSON/text (413 above it). */
  readonly maxJsonBodyBytes: number
  /** MAX_URL_BYTES: longest request target (path + query); 414 above it. */
  readonly maxUrlBytes: number
  /** MAX_HEADER_BYTES: Node's maxHeaderSize (request line + headers); Node answers 431 above it. */
  readonly maxHeaderBytes: number
  /** HEADERS_TIMEOUT_MS: time a client has to send the complete request head. */
  readonly headersTimeoutMs: number
  /** REQUEST_TIMEOUT_MS: time a client has to send the complete request (head and body). */
  readonly requestTimeoutMs: number
  /**
   * KEEP_ALIVE_TIMEOUT_MS: how long an idle keep-alive connection stays open. Longer than the
   * usual 60 s idle timeout of load balancers and client pools, so the peer closes idle
   * connections first; Node's 5 s default let a client reuse a connection the server was closing
   * (a reset request).
   */
  readonly keepAliveTimeoutMs: number
  /**
   * CORS_ORIGINS: origins allowed to call from a browser (with credentials). Exact origins, or
   * `scheme://host:*` for any port of that host (the development default).
   */
  readonly corsOrigins: ReadonlyArray<string>
}

/** Origins allowed in development and test when CORS_ORIGINS is unset. */
export const DevelopmentCorsOrigins: ReadonlyArray<string> = ["http://localhost:*", "http://127.0.0.1:*"]

const bounded = (name: string, fallback: number, min: number, max: number) =>
  Config.integer(name).pipe(
    Config.validate({ message: `Expected an integer between ${min} and ${max}`, validation: (n) => n >= min && n <= max }),
    Config.withDefault(fallback)
  )

const OriginPattern = /^https?:\/\/[^/\s*]+(:(\d{1,5}|\*))?$/

export const loadHttpFrontDoorSettings = (appEnv: string) =>
  Effect.gen(function*() {
    const originsText = yield* Config.option(Config.string("CORS_ORIGINS"))
    const corsOrigins = originsText._tag === "Some"
      ? originsText.value.split(",").map((o) => o.trim()).filter((o) => o !== "")
      : appEnv === "production" ? [] : DevelopmentCorsOrigins
    const invalid = corsOrigins.find((o) => !OriginPattern.test(o))
    if (invalid !== undefined) {
      return yield* Effect.fail(ConfigError.InvalidData(
        ["CORS_ORIGINS"],
        `"${invalid}" is not an origin (scheme://host[:port], or scheme://host:* for any port; no path)`
      ))
    }
    return {
      maxJsonBodyBytes: yield* bounded("MAX_JSON_BODY_BYTES", 1024 * 1024, 1024, 100 * 1024 * 1024),
      maxUrlBytes: yield* bounded("MAX_URL_BYTES", 8 * 1024, 256, 64 * 1024),
      maxHeaderBytes: yield* bounded("MAX_HEADER_BYTES", 16 * 1024, 1024, 256 * 1024),
      headersTimeoutMs: yield* bounded("HEADERS_TIMEOUT_MS", 20_000, 1_000, 300_000),
      requestTimeoutMs: yield* bounded("REQUEST_TIMEOUT_MS", 120_000, 1_000, 3_600_000),
      keepAliveTimeoutMs: yield* bounded("KEEP_ALIVE_TIMEOUT_MS", 65_000, 1_000, 600_000),
      corsOrigins
    } satisfies HttpFrontDoorSettings
  })
