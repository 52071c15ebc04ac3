/**
 * Feed/chat and geocoding providers (A 4.2), chosen from configuration:
 *
 * - FEED_CHAT_PROVIDER: `stream` (STREAM_API_KEY, STREAM_API_SECRET required; STREAM_REGION default
 *   `us-east`; STREAM_CHAT_URL default https://chat.stream-io-api.com; STREAM_FEEDS_URL default
 *   https://<region>-api.stream-io-api.com/api/v1.0; STREAM_TOKEN_TTL_SECONDS default 3600),
 *   `local` (in-process store; refused in production) or `none`. Default: `stream` when
 *   STREAM_API_KEY is set, else `local` outside production and `none` in production (tokens answer
 *   503 FEED_CHAT_NOT_CONFIGURED; status reports `enabled: false`).
 * - GEOCODER: `nominatim` (GEOCODER_URL default https://nominatim.openstreetmap.org,
 *   GEOCODER_USER_AGENT), `local` (built-in gazetteer; refused in production) or `none`. Default:
 *   `local` outside production, `none` in production (503 GEOCODER_NOT_CONFIGURED).
 * - OCR_PROVIDER (checkpoint photos): `http` (OCR_URL and OCR_API_KEY required), `local` (reads the
 *   answer test fixtures carry; refused in production) or `none`. Default: `http` when OCR_URL is
 *   set, else `local` outside production and `none` in production (503 OCR_PROVIDER_NOT_CONFIGURED).
 * - LANGUAGE_MODEL_PROVIDER (the AI coach): `http` (an OpenAI-compatible chat completions API:
 *   LANGUAGE_MODEL_API_KEY required, LANGUAGE_MODEL_URL default https://api.openai.com/v1,
 *   LANGUAGE_MODEL_NAME default gpt-4o-mini), `local` (deterministic rules; refused in production)
 *   or `none`. Default: `http` when LANGUAGE_MODEL_API_KEY is set, else `local` outside production
 *   and `none` in production (ask answers 503 LANGUAGE_MODEL_NOT_CONFIGURED; status reports
 *   `enabled: false`).
 * - SPEECH_PROVIDER (coach voice): `local` (refused in production) or `none`. Default: `local`
 *   outside production, `none` in production (503 SPEECH_PROVIDER_NOT_CONFIGURED).
 * - COACH_ASKS_PER_HOUR: questions per athlete per sliding hour (1–10000, default 30).
 */
import { Platform, Training } from "@podium/core"
import {
  FeedChatLocal,
  FeedChatStream,
  FeedChatUnconfigured,
  GeocoderLocal,
  GeocoderNominatim,
  GeocoderUnconfigured,
  LanguageModelHttp,
  LanguageModelLocal,
  LanguageModelUnconfigured,
  OcrHttp,
  OcrLocal,
  OcrUnconfigured,
  SpeechLocal,
  SpeechUnconfigured
} from "@podium/providers"
import { Config, ConfigError, Effect, Layer, Option, Redacted } from "effect"
import type { AppConfigShape, AppEnv } from "./config.js"

export type FeedChatSettings =
  | { readonly kind: "stream"; readonly apiKey: string; readonly apiSecret: Redacted.Redacted<string>; readonly region: string; readonly chatUrl: string; readonly feedsUrl: string; readonly tokenTtlSeconds: number }
  | { readonly kind: "local" }
  | { readonly kind: "none" }

export type GeocoderSettings =
  | { readonly kind: "nominatim"; readonly url: string; readonly userAgent: string }
  | { readonly kind: "local" }
  | { readonly kind: "none" }

export type OcrSettings =
  | { readonly kind: "http"; readonly url: string; readonly apiKey: Redacted.Redacted<string> }
  | { readonly kind: "local" }
  | { readonly kind: "none" }

export interface CoachProviderSettings {
  readonly languageModel:
    | { readonly kind: "http"; readonly url: string; readonly apiKey: Redacted.Redacted<string>; readonly model: string }
    | { readonly kind: "local" }
    | { readonly kind: "none" }
  readonly speech: { readonly kind: "local" | "none" }
  readonly asksPerHour: number
}

export interface IntegrationsSettings {
  readonly feedChat: FeedChatSettings
  readonly geocoder: GeocoderSettings
  /** Absent in configurations built before OCR existed: the environment's default applies. */
  readonly ocr?: OcrSettings
  /** Absent in configurations built before the coach existed: the environment's default applies. */
  readonly coach?: CoachProviderSettings
}

const text = (name: string) => Config.option(Config.string(name)).pipe(Effect.map(Option.filter((v) => v.trim() !== "")), Effect.map(Option.map((v) => v.trim())))
const url = (name: string, fallback: string) =>
  Effect.flatMap(text(name), (value) => {
    const chosen = Option.getOrElse(value, () => fallback)
    return /^https?:\/\/\S+$/.test(chosen) ? Effect.succeed(chosen) : Effect.fail(ConfigError.InvalidData([name], "Expected an http:// or https:// URL"))
  })

/** A provider's kind from `variable` (else `fallback`); its local adapter is refused in production. */
const providerKind = <const K extends string>(variable: string, kinds: readonly [K, ...Array<K>], fallback: K, appEnv: AppEnv, what: string) =>
  Effect.flatMap(Config.literal(...kinds)(variable).pipe(Config.withDefault(fallback)), (kind) =>
    kind === "local" && appEnv === "production"
      ? Effect.fail(ConfigError.InvalidData([variable], `The local ${what} is refused in production`))
      : Effect.succeed(kind))

export const loadIntegrationsSettings = (appEnv: AppEnv): Effect.Effect<IntegrationsSettings, ConfigError.ConfigError> =>
  Effect.gen(function*() {
    const apiKey = yield* text("STREAM_API_KEY")
    const feedChatKind = yield* providerKind(
      "FEED_CHAT_PROVIDER",
      ["stream", "local", "none"],
      Option.isSome(apiKey) ? "stream" : appEnv === "production" ? "none" : "local",
      appEnv,
      "feed/chat provider"
    )
    let feedChat: FeedChatSettings = { kind: feedChatKind === "stream" ? "none" : feedChatKind }
    if (feedChatKind === "stream") {
      if (Option.isNone(apiKey)) return yield* Effect.fail(ConfigError.MissingData(["STREAM_API_KEY"], "STREAM_API_KEY is required when FEED_CHAT_PROVIDER is stream"))
      const secret = yield* text("STREAM_API_SECRET")
      if (Option.isNone(secret)) return yield* Effect.fail(ConfigError.MissingData(["STREAM_API_SECRET"], "STREAM_API_SECRET is required when FEED_CHAT_PROVIDER is stream"))
      const region = Option.getOrElse(yield* text("STREAM_REGION"), () => "us-east")
      feedChat = {
        kind: "stream",
        apiKey: apiKey.value,
        apiSecret: Redacted.make(secret.value),
        region,
        chatUrl: yield* url("STREAM_CHAT_URL", "https://chat.stream-io-api.com"),
        feedsUrl: yield* url("STREAM_FEEDS_URL", `https://${region}-api.stream-io-api.com/api/v1.0`),
        tokenTtlSeconds: yield* Config.integer("STREAM_TOKEN_TTL_SECONDS").pipe(
          Config.validate({ message: "Expected 60-86400 seconds", validation: (n) => n >= 60 && n <= 86_400 }),
          Config.withDefault(3600)
        )
      }
    }
    const geocoderKind = yield* providerKind("GEOCODER", ["nominatim", "local", "none"], appEnv === "production" ? "none" : "local", appEnv, "geocoder")
    const geocoder: GeocoderSettings = geocoderKind === "nominatim"
      ? {
        kind: "nominatim",
        url: yield* url("GEOCODER_URL", "https://nominatim.openstreetmap.org"),
        userAgent: Option.getOrElse(yield* text("GEOCODER_USER_AGENT"), () => "Podium backend (ops@podium.example)")
      }
      : { kind: geocoderKind }
    const ocrUrl = yield* text("OCR_URL")
    const ocrKind = yield* providerKind("OCR_PROVIDER", ["http", "local", "none"], Option.isSome(ocrUrl) ? "http" : appEnv === "production" ? "none" : "local", appEnv, "OCR reader")
    let ocr: OcrSettings = { kind: ocrKind === "http" ? "none" : ocrKind }
    if (ocrKind === "http") {
      const key = yield* text("OCR_API_KEY")
      if (Option.isNone(key)) return yield* Effect.fail(ConfigError.MissingData(["OCR_API_KEY"], "OCR_API_KEY is required when OCR_PROVIDER is http"))
      if (Option.isNone(ocrUrl)) return yield* Effect.fail(ConfigError.MissingData(["OCR_URL"], "OCR_URL is required when OCR_PROVIDER is http"))
      ocr = { kind: "http", url: yield* url("OCR_URL", ocrUrl.value), apiKey: Redacted.make(key.value) }
    }
    const modelKey = yield* text("LANGUAGE_MODEL_API_KEY")
    const modelKind = yield* providerKind("LANGUAGE_MODEL_PROVIDER", ["http", "local", "none"], Option.isSome(modelKey) ? "http" : appEnv === "production" ? "none" : "local", appEnv, "language model")
    let languageModel: CoachProviderSettings["languageModel"] = { kind: modelKind === "http" ? "none" : modelKind }
    if (modelKind === "http") {
      if (Option.isNone(modelKey)) return yield* Effect.fail(ConfigError.MissingData(["LANGUAGE_MODEL_API_KEY"], "LANGUAGE_MODEL_API_KEY is required when LANGUAGE_MODEL_PROVIDER is http"))
      languageModel = {
        kind: "http",
        url: yield* url("LANGUAGE_MODEL_URL", "https://api.openai.com/v1"),
        apiKey: Redacted.make(modelKey.value),
        model: Option.getOrElse(yield* text("LANGUAGE_MODEL_NAME"), () => "gpt-4o-mini")
      }
    }
    const speechKind = yield* providerKind("SPEECH_PROVIDER", ["local", "none"], appEnv === "production" ? "none" : "local", appEnv, "speech provider")
    const asksPerHour = yield* Config.integer("COACH_ASKS_PER_HOUR").pipe(
      Config.validate({ message: "Expected 1-10000 questions per hour", validation: (n) => n >= 1 && n <= 10_000 }),
      Config.withDefault(30)
    )
    return { feedChat, geocoder, ocr, coach: { languageModel, speech: { kind: speechKind }, asksPerHour } }
  })

const settingsOf = (config: AppConfigShape): IntegrationsSettings =>
  config.integrations ?? { feedChat: { kind: config.appEnv === "production" ? "none" : "local" }, geocoder: { kind: config.appEnv === "production" ? "none" : "local" } }

export type IntegrationsInfrastructure = Platform.FeedChat | Platform.Geocoder | Training.Ocr | Training.LanguageModel | Training.Speech | Training.CoachSettings

const coachOf = (config: AppConfigShape): CoachProviderSettings =>
  settingsOf(config).coach ?? { languageModel: { kind: config.appEnv === "production" ? "none" : "local" }, speech: { kind: config.appEnv === "production" ? "none" : "local" }, asksPerHour: 30 }

const ocrOf = (config: AppConfigShape): OcrSettings => settingsOf(config).ocr ?? { kind: config.appEnv === "production" ? "none" : "local" }

export const integrationsLayer = (config: AppConfigShape): Layer.Layer<IntegrationsInfrastructure> => {
  const { feedChat, geocoder } = settingsOf(config)
  const ocr = ocrOf(config)
  const coach = coachOf(config)
  const model = coach.languageModel
  return Layer.mergeAll(
    model.kind === "http" ? LanguageModelHttp(model) : model.kind === "local" ? LanguageModelLocal : LanguageModelUnconfigured,
    coach.speech.kind === "local" ? SpeechLocal : SpeechUnconfigured,
    Layer.succeed(Training.CoachSettings, { asksPerHour: coach.asksPerHour }),
    feedChat.kind === "stream" ? FeedChatStream(feedChat) : feedChat.kind === "local" ? FeedChatLocal : FeedChatUnconfigured,
    geocoder.kind === "nominatim" ? GeocoderNominatim(geocoder) : geocoder.kind === "local" ? GeocoderLocal : GeocoderUnconfigured,
    ocr.kind === "http" ? OcrHttp(ocr) : ocr.kind === "local" ? OcrLocal : OcrUnconfigured
  )
}

/** The start-up summary line. */
export const describeIntegrations = (config: AppConfigShape): string => {
  const { feedChat, geocoder } = settingsOf(config)
  const fc = feedChat.kind === "stream" ? `stream (${feedChat.region})` : feedChat.kind === "local" ? "local store" : "not configured"
  const geo = geocoder.kind === "nominatim" ? `nominatim ${geocoder.url}` : geocoder.kind === "local" ? "local gazetteer" : "not configured"
  const ocr = ocrOf(config)
  const coach = coachOf(config)
  const model = coach.languageModel
  const lm = model.kind === "http" ? `${model.model} at ${model.url}` : model.kind === "local" ? "local rules" : "not configured"
  return `feed/chat ${fc}; geocoder ${geo}; OCR ${ocr.kind === "http" ? `http ${ocr.url}` : ocr.kind === "local" ? "local fixtures" : "not configured"}; coach ${lm}, speech ${coach.speech.kind === "local" ? "local" : "not configured"}`
}

