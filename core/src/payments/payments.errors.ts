/**
 * Expected outcomes of the payments context (gateway, bank verifier, webhook inbox, orders). The
 * HTTP host maps each to a public error once, in `hosts/http/src/payments/payments.errors.ts`.
 *
 * The spec documents no code for an unconfigured or unreachable gateway/bank verifier; following
 * the one documented provider code (`SPEECH_PROVIDER_NOT_CONFIGURED`, 503) they answer 503
 * `PAYMENT_GATEWAY_NOT_CONFIGURED` / `BANK_VERIFICATION_NOT_CONFIGURED`.
 */
import { Schema } from "effect"

/** The gateway is not configured (production without credentials) or could not be reached: 503. */
export class PaymentGatewayUnavailable extends Schema.TaggedError<PaymentGatewayUnavailable>()("PaymentGatewayUnavailable", {
  provider: Schema.String,
  message: Schema.String
}) {}

/** The gateway refused the request (bad amount, currency, credentials): 502-ish; mapped to 400 when the input is to blame. */
export class PaymentGatewayRejected extends Schema.TaggedError<PaymentGatewayRejected>()("PaymentGatewayRejected", {
  provider: Schema.String,
  code: Schema.String,
  message: Schema.String
}) {}

/** The gateway knows no payment by that id. */
export class PaymentNotFoundAtGateway extends Schema.TaggedError<PaymentNotFoundAtGateway>()("PaymentNotFoundAtGateway", {
  provider: Schema.String,
  paymentId: Schema.String
}) {}

/** The bank verifier is not configured (production without settings) or could not be reached: 503. */
export class BankVerifierUnavailable extends Schema.TaggedError<BankVerifierUnavailable>()("BankVerifierUnavailable", {
  provider: Schema.String,
  message: Schema.String
}) {}
