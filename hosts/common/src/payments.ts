/**
 * The payments context's infrastructure: the webhook inbox and order repositories on the
 * host's database, the processor registry (with the payments context's own `payments.orders`
 * processor registered), and the gateway and bank verifier chosen from configuration:
 *   - PAYMENT_GATEWAY=razorpay → the Razorpay adapter; `local` → the offline simulator (default in
 *     development and test; its `LocalGatewayControl` lets tests pay orders and sign webhooks);
 *     unset in production → unconfigured (503 PAYMENT_GATEWAY_NOT_CONFIGURED);
 *   - BANK_VERIFIER=http → Cashfree BAV v2 + the Razorpay IFSC API; `local` → deterministic
 *     outcomes (default in development and test); unset in production → unconfigured (503).
 * Each HTTP provider adds a health probe (reporting where it points, without calling it: a
 * provider outage must not take the host out of rotation); the admin route
 * `GET /v2/admin/payment-providers` runs the live checks.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Payments, type Platform } from "@podium/core"
import { PaymentOrderRepoMemory, RefundRepoMemory, TransactorMemory, WebhookEventRepoMemory } from "@podium/core/testing"
import { PaymentOrderRepoPg, RefundRepoPg, TransactorPg, WebhookEventRepoPg } from "@podium/postgres"
import {
  checkRazorpay,
  inactiveLocalGatewayControl,
  LocalGatewayControl,
  makeBankVerifierHttp,
  makeLocalBankVerifier,
  makeLocalGateway,
  makeRazorpayGateway,
  makeUnconfiguredBankVerifier,
  makeUnconfiguredGateway
} from "@podium/providers"
import { Context, Effect, Layer, Option, Redacted } from "effect"
import { AppConfig, type AppConfigShape, loadAppConfig, type PaymentsSettings } from "./config.js"
import { HealthProbes } from "./health.js"
import { hostContext } from "./host-context.js"

/** One payment provider as the admin route, the summary and health show it. */
export interface PaymentProviderInfo {
  readonly role: "gateway" | "bank_verifier"
  /** `http`: a real provider; `local`: the offline simulator; `none`: not configured. */
  readonly kind: "http" | "local" | "none"
  readonly provider: string
  readonly configured: boolean
  /** Printable, no credentials. */
  readonly description: string
  /** A live check (never fails). */
  readonly check: Effect.Effect<{ readonly healthy: boolean; readonly detail: string }>
}

export class PaymentProviders extends Context.Tag("@podium/host-common/PaymentProviders")<PaymentProviders, ReadonlyArray<PaymentProviderInfo>>() {}

/** What the payments block adds to a host. */
export type PaymentsInfrastructure =
  | Payments.WebhookEventRepo
  | Payments.PaymentOrderRepo
  | Payments.RefundRepo
  | Payments.PaymentEventProcessors
  | Payments.PaymentGateway
  | Payments.BankVerifier
  | LocalGatewayControl
  | PaymentProviders
  | Platform.Transactor

const GatewayVariables = "PAYMENT_GATEWAY=razorpay, RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET"
const VerifierVariables = "BANK_VERIFIER=http, BANK_VERIFIER_URL, BANK_VERIFIER_CLIENT_ID, BANK_VERIFIER_CLIENT_SECRET"

const originOf = (url: string) => {
  try {
    return new URL(url).origin
  } catch {
    return "(invalid url)"
  }
}

const defaults = (config: Pick<AppConfigShape, "appEnv">): PaymentsSettings => {
  const kind = config.appEnv === "production" ? "none" as const : "local" as const
  return { gateway: { kind }, bankVerifier: { kind } }
}

/** The providers for a configuration. */
export const paymentProvidersFrom = (
  config: Pick<AppConfigShape, "appEnv"> & { readonly payments?: PaymentsSettings | undefined }
): Layer.Layer<Payments.PaymentGateway | Payments.BankVerifier | LocalGatewayControl | PaymentProviders> =>
  Layer.effectContext(Effect.sync(() => {
    const settings = config.payments ?? defaults(config)
    const infos: Array<PaymentProviderInfo> = []
    let gateway: Payments.PaymentGateway["Type"]
    let control = inactiveLocalGatewayControl
    const g = settings.gateway
    if (g.kind === "razorpay") {
      const options = {
        baseUrl: g.baseUrl,
        keyId: g.keyId,
        keySecret: Redacted.value(g.keySecret),
        webhookSecret: Option.getOrUndefined(Option.map(g.webhookSecret, Redacted.value))
      }
      gateway = makeRazorpayGateway(options)
      infos.push({
        role: "gateway",
        kind: "http",
        provider: gateway.provider,
        configured: true,
        description: `razorpay at ${originOf(g.baseUrl)} (key ${g.keyId}${Option.isNone(g.webhookSecret) ? ", no webhook secret: webhooks refused" : ""})`,
        check: checkRazorpay(options)
      })
    } else if (g.kind === "local") {
      const local = makeLocalGateway()
      gateway = local.gateway
      control = local.control
      infos.push({
        role: "gateway",
        kind: "local",
        provider: gateway.provider,
        configured: true,
        description: "local simulator (no money moves)",
        check: Effect.succeed({ healthy: true, detail: "in-process simulator" })
      })
    } else {
      gateway = makeUnconfiguredGateway(GatewayVariables)
      infos.push({
        role: "gateway",
        kind: "none",
        provider: gateway.provider,
        configured: false,
        description: `not configured (${GatewayVariables})`,
        check: Effect.succeed({ healthy: false, detail: "not configured" })
      })
    }
    let verifier: Payments.BankVerifier["Type"]
    const b = settings.bankVerifier
    if (b.kind === "http") {
      verifier = makeBankVerifierHttp({ baseUrl: b.baseUrl, clientId: b.clientId, clientSecret: Redacted.value(b.clientSecret), ifscBaseUrl: b.ifscBaseUrl })
      const v = verifier
      infos.push({
        role: "bank_verifier",
        kind: "http",
        provider: verifier.provider,
        configured: true,
        description: `${verifier.provider} at ${originOf(b.baseUrl)}, IFSC at ${originOf(b.ifscBaseUrl)}`,
        // A penny drop costs money, so the live check only reaches the IFSC service with a known code.
        check: v.lookupIfsc("SBIN0000300").pipe(
          Effect.map((found) => ({ healthy: true, detail: Option.isSome(found) ? "IFSC service reachable" : "IFSC service reachable (test code unknown)" })),
          Effect.catchAll((e) => Effect.succeed({ healthy: false, detail: e.message }))
        )
      })
    } else if (b.kind === "local") {
      verifier = makeLocalBankVerifier()
      infos.push({
        role: "bank_verifier",
        kind: "local",
        provider: verifier.provider,
        configured: true,
        description: "local deterministic verifier (no money moves)",
        check: Effect.succeed({ healthy: true, detail: "in-process verifier" })
      })
    } else {
      verifier = makeUnconfiguredBankVerifier(VerifierVariables)
      infos.push({
        role: "bank_verifier",
        kind: "none",
        provider: verifier.provider,
        configured: false,
        description: `not configured (${VerifierVariables})`,
        check: Effect.succeed({ healthy: false, detail: "not configured" })
      })
    }
    return Context.make(Payments.PaymentGateway, gateway).pipe(
      Context.add(Payments.BankVerifier, verifier),
      Context.add(LocalGatewayControl, control),
      Context.add(PaymentProviders, infos)
    )
  }))

/** The `payments` line of the start-up summary. */
export const describePaymentProviders = (config: Pick<AppConfigShape, "appEnv"> & { readonly payments?: PaymentsSettings | undefined }): string => {
  const s = config.payments ?? defaults(config)
  const gateway = s.gateway.kind === "razorpay"
    ? `razorpay at ${originOf(s.gateway.baseUrl)}`
    : s.gateway.kind === "local"
    ? "local simulator"
    : "not configured"
  const verifier = s.bankVerifier.kind === "http"
    ? `cashfree-bav-v2 at ${originOf(s.bankVerifier.baseUrl)}`
    : s.bankVerifier.kind === "local"
    ? "local deterministic"
    : "not configured"
  return `gateway: ${gateway}; bank verifier: ${verifier}`
}

/** The registry with the payments context's own processor registered. */
const processorsWith = <R>(repos: Layer.Layer<Payments.PaymentOrderRepo, never, R>) =>
  Payments.PaymentOrdersProcessor.pipe(Layer.provideMerge(Layer.merge(Payments.PaymentEventProcessorsLive, repos)))

const ProvidersLive = Layer.unwrapEffect(Effect.map(AppConfig, paymentProvidersFrom))

export const PaymentsLive: Layer.Layer<PaymentsInfrastructure, never, SqlClient.SqlClient | AppConfig> = Layer.mergeAll(
  WebhookEventRepoPg,
  processorsWith(PaymentOrderRepoPg),
  RefundRepoPg,
  ProvidersLive,
  // The unit of work the dispatcher runs processors in (the same stateless adapter as the host's).
  TransactorPg
)

/** One probe per configured HTTP payment provider (`payments.gateway`, `payments.bank_verifier`). */
export const PaymentsHealthProbesLive: Layer.Layer<HealthProbes, never, HealthProbes | PaymentProviders> = Layer.effect(
  HealthProbes,
  Effect.gen(function*() {
    const base = yield* HealthProbes
    const infos = yield* PaymentProviders
    return [
      ...base,
      ...infos.filter((i) => i.kind === "http").map((i) => ({
        name: `payments.${i.role}`,
        check: Effect.succeed({ status: "up" as const, provider: i.provider, configured: true, endpoint: i.description })
      }))
    ]
  })
)


/** The payments block without a database, for HTTP tests of other routes. */
export const paymentsMemory = (config: Pick<AppConfigShape, "appEnv"> & { readonly payments?: PaymentsSettings | undefined }): Layer.Layer<PaymentsInfrastructure> =>
  Layer.mergeAll(WebhookEventRepoMemory, processorsWith(PaymentOrderRepoMemory), RefundRepoMemory, paymentProvidersFrom(config), TransactorMemory)

/**
 * The payment gateway of a job handler: the running host's own gateway when the job runs inside a
 * host that has one (so the local simulator a test or developer pays on is the one refunded on),
 * else one built from the host's configuration or the environment's.
 */
export const JobPaymentProviders: Layer.Layer<Payments.PaymentGateway> = Layer.unwrapEffect(
  Effect.flatMap(Effect.serviceOption(Payments.PaymentGateway), Option.match({
    onSome: (gateway) => Effect.succeed(Layer.succeed(Payments.PaymentGateway, gateway)),
    onNone: () =>
      Effect.map(
        Effect.flatMap(Effect.serviceOption(AppConfig), Option.match({ onSome: Effect.succeed, onNone: () => Effect.orDie(loadAppConfig) })),
        (config) => Layer.project(paymentProvidersFrom(config), Payments.PaymentGateway, Payments.PaymentGateway, (g) => g)
      )
  }))
)

export const RunRefundsJobName = "payments.refunds.run"

/**
 * The refunds job: sends PENDING refunds to the configured gateway and follows PROCESSING ones
 * (a 503 leaves a refund PENDING for the next minute). The gateway is the host's configuration's
 * (read from the environment when the job runs outside a configured host).
 */
const paymentsJobHandlers: Effect.Effect<Readonly<Record<string, Platform.JobHandler>>, never, SqlClient.SqlClient> = Effect.map(
  Effect.context<SqlClient.SqlClient>(),
  (context): Readonly<Record<string, Platform.JobHandler>> => ({
    [RunRefundsJobName]: () =>
      Payments.runRefunds().pipe(
        Effect.tap((r) => Effect.logInfo(`refunds: ${r.submitted} submitted, ${r.refunded} refunded, ${r.failed} failed, ${r.retrying} to retry`)),
        Effect.asVoid,
        Effect.provide(Layer.mergeAll(
          RefundRepoPg,
          PaymentOrderRepoPg,
          JobPaymentProviders
        ).pipe(Layer.provide(Layer.succeedContext(context))))
      )
  })
)

/** Gateway orders, the webhook inbox, the processor registry, the gateway and the bank verifier, with their probes. */
export const paymentsContext = hostContext<PaymentsInfrastructure>({
  name: "payments",
  live: () => PaymentsHealthProbesLive.pipe(Layer.provideMerge(PaymentsLive)),
  memory: (config) => paymentsMemory(config),
  describe: (config) => [["payments", describePaymentProviders(config)]],
  jobs: paymentsJobHandlers,
  schedules: [
    { name: RunRefundsJobName, every: "1 minute", description: "Sends PENDING refunds to the payment gateway (503: retried next run) and settles PROCESSING ones" }
  ]
})
