/**
 * Payments. PAYMENT_GATEWAY: `local` (the offline simulator; default in development and
 * test), `razorpay` (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET required; RAZORPAY_WEBHOOK_SECRET to
 * accept webhooks; RAZORPAY_BASE_URL default https://api.razorpay.com) or `none`/unset in
 * production (unconfigured: 503 PAYMENT_GATEWAY_NOT_CONFIGURED). BANK_VERIFIER: `local` (default in
 * development and test), `http` (Cashfree BAV v2: BANK_VERIFIER_URL, BANK_VERIFIER_CLIENT_ID,
 * BANK_VERIFIER_CLIENT_SECRET; BANK_IFSC_URL default https://ifsc.razorpay.com) or unset in
 * production (503 BANK_VERIFICATION_NOT_CONFIGURED). `local` is refused in production.
 */
import { Config, ConfigError, Effect, Option, Redacted } from "effect"
import type { AppEnv } from "../config.js"

export type PaymentGatewaySettings =
  | { readonly kind: "local" }
  | { readonly kind: "none" }
  | {
    readonly kind: "razorpay"
    readonly baseUrl: string
    readonly keyId: string
    readonly keySecret: Redacted.Redacted<string>
    readonly webhookSecret: Option.Option<Redacted.Redacted<string>>
  }

export type BankVerifierSettings =
  | { readonly kind: "local" }
  | { readonly kind: "none" }
  | {
    readonly kind: "http"
    readonly baseUrl: string
    readonly clientId: string
    readonly clientSecret: Redacted.Redacted<string>
    readonly ifscBaseUrl: string
  }

export interface PaymentsSettings {
  readonly gateway: PaymentGatewaySettings
  readonly bankVerifier: BankVerifierSettings
}

export const loadPaymentsSettings = (appEnv: AppEnv): Effect.Effect<PaymentsSettings, ConfigError.ConfigError> =>
  Effect.gen(function*() {
    const fallback = appEnv === "production" ? "none" as const : "local" as const
    const required = (name: string, when: string) =>
      Config.string(name).pipe(Config.validate({ message: `Expected a value (required when ${when})`, validation: (v) => v.trim().length > 0 }))
    const httpUrl = (name: string, fallbackUrl?: string) =>
      Effect.flatMap(
        fallbackUrl === undefined ? Config.string(name) : Config.string(name).pipe(Config.withDefault(fallbackUrl)),
        (url) => /^https?:\/\/[^\s]+$/.test(url) ? Effect.succeed(url) : Effect.fail(ConfigError.InvalidData([name], "Expected an http:// or https:// URL"))
      )
    const gatewayKind = yield* Config.literal("local", "razorpay", "none")("PAYMENT_GATEWAY").pipe(Config.withDefault(fallback))
    if (gatewayKind === "local" && appEnv === "production") {
      return yield* Effect.fail(ConfigError.InvalidData(["PAYMENT_GATEWAY"], "The local payment gateway simulator is refused in production"))
    }
    const gateway: PaymentGatewaySettings = gatewayKind === "razorpay"
      ? {
        kind: "razorpay",
        baseUrl: yield* httpUrl("RAZORPAY_BASE_URL", "https://api.razorpay.com"),
        keyId: yield* required("RAZORPAY_KEY_ID", "PAYMENT_GATEWAY=razorpay"),
        keySecret: Redacted.make(yield* required("RAZORPAY_KEY_SECRET", "PAYMENT_GATEWAY=razorpay")),
        webhookSecret: yield* Config.option(Config.redacted("RAZORPAY_WEBHOOK_SECRET")).pipe(
          Effect.map(Option.filter((v) => Redacted.value(v).trim().length > 0))
        )
      }
      : { kind: gatewayKind }
    const verifierKind = yield* Config.literal("local", "http", "none")("BANK_VERIFIER").pipe(Config.withDefault(fallback))
    if (verifierKind === "local" && appEnv === "production") {
      return yield* Effect.fail(ConfigError.InvalidData(["BANK_VERIFIER"], "The local bank verifier is refused in production"))
    }
    const bankVerifier: BankVerifierSettings = verifierKind === "http"
      ? {
        kind: "http",
        baseUrl: yield* httpUrl("BANK_VERIFIER_URL"),
        clientId: yield* required("BANK_VERIFIER_CLIENT_ID", "BANK_VERIFIER=http"),
        clientSecret: Redacted.make(yield* required("BANK_VERIFIER_CLIENT_SECRET", "BANK_VERIFIER=http")),
        ifscBaseUrl: yield* httpUrl("BANK_IFSC_URL", "https://ifsc.razorpay.com")
      }
      : { kind: verifierKind }
    return { gateway, bankVerifier }
  })
