/**
 * Shipping provider settings (organizer pickup addresses): SHIPPING_PROVIDER = `shiprocket`
 * (SHIPPING_PROVIDER_URL, default https://apiv2.shiprocket.in, SHIPPING_PROVIDER_EMAIL and
 * SHIPPING_PROVIDER_PASSWORD: Shiprocket's API user), `local` (an offline recorder; refused in
 * production) or `none`. Default: shiprocket when SHIPPING_PROVIDER_EMAIL is set, else `local`
 * outside production and `none` in production (operations answer 503 SHIPPING_PROVIDER_NOT_CONFIGURED).
 */
import { Config, ConfigError, Effect, Option, Redacted } from "effect"

export type ShippingSettings =
  | { readonly kind: "shiprocket"; readonly url: string; readonly email: string; readonly password: Redacted.Redacted<string> }
  | { readonly kind: "local" }
  | { readonly kind: "none" }

/** The variables an operator sets to configure shipping (named in the 503 message). */
export const ShippingVariables = "SHIPPING_PROVIDER=shiprocket, SHIPPING_PROVIDER_EMAIL, SHIPPING_PROVIDER_PASSWORD"

const text = (name: string) => Config.option(Config.string(name)).pipe(Effect.map(Option.filter((v) => v.trim() !== "")), Effect.map(Option.map((v) => v.trim())))

export const loadShippingSettings = (appEnv: "development" | "test" | "production"): Effect.Effect<ShippingSettings, ConfigError.ConfigError> =>
  Effect.gen(function*() {
    const email = yield* text("SHIPPING_PROVIDER_EMAIL")
    const fallback = Option.isSome(email) ? "shiprocket" : appEnv === "production" ? "none" : "local"
    const kind = yield* Config.literal("shiprocket", "local", "none")("SHIPPING_PROVIDER").pipe(Config.withDefault(fallback))
    if (kind === "none") return { kind }
    if (kind === "local") {
      if (appEnv === "production") return yield* Effect.fail(ConfigError.InvalidData(["SHIPPING_PROVIDER"], "The local shipping provider is refused when APP_ENV is production"))
      return { kind }
    }
    const url = Option.getOrElse(yield* text("SHIPPING_PROVIDER_URL"), () => "https://apiv2.shiprocket.in")
    if (!/^https?:\/\/\S+$/.test(url)) return yield* Effect.fail(ConfigError.InvalidData(["SHIPPING_PROVIDER_URL"], "Expected an http:// or https:// URL"))
    if (Option.isNone(email)) return yield* Effect.fail(ConfigError.MissingData(["SHIPPING_PROVIDER_EMAIL"], "SHIPPING_PROVIDER_EMAIL is required when SHIPPING_PROVIDER is shiprocket"))
    const password = yield* text("SHIPPING_PROVIDER_PASSWORD")
    if (Option.isNone(password)) return yield* Effect.fail(ConfigError.MissingData(["SHIPPING_PROVIDER_PASSWORD"], "SHIPPING_PROVIDER_PASSWORD is required when SHIPPING_PROVIDER is shiprocket"))
    return { kind, url, email: email.value, password: Redacted.make(password.value) }
  })

/**
 * SHIPPING_PROVIDER_WEBHOOK_TOKEN: the token the shipping provider sends as `x-api-key` on its
 * tracking webhook (Shiprocket's webhook "token"). Unset: the webhook answers 503.
 */
export const loadShippingWebhookToken: Effect.Effect<Option.Option<Redacted.Redacted<string>>, ConfigError.ConfigError> = Effect.map(
  text("SHIPPING_PROVIDER_WEBHOOK_TOKEN"),
  Option.map((v) => Redacted.make(v))
)
