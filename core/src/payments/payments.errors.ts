/**
 * Expected outcomes of the payments context (gateway, bank verifier, webhook inbox, orders), each
 * declared with its public meaning. The gateway's outcomes reach clients only through checkouts
 * (club tiers), which answer a payment unknown to the gateway as the caller's mistake (400).
 *
 * The spec documents no code for an unconfigured or unreachable gateway/bank verifier; following
 * the one documented provider code (`SPEECH_PROVIDER_NOT_CONFIGURED`, 503) they answer 503
 * `PAYMENT_GATEWAY_NOT_CONFIGURED` / `BANK_VERIFICATION_NOT_CONFIGURED`.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

/** The gateway is not configured (production without credentials) or could not be reached: 503. */
export class PaymentGatewayUnavailable extends DomainError<PaymentGatewayUnavailable>()("PaymentGatewayUnavailable", { kind: "unavailable", code: "PAYMENT_GATEWAY_NOT_CONFIGURED" }, {
  provider: Schema.String,
  message: Schema.String
}) {}

/** The gateway refused the request (bad amount, currency, credentials): 502-ish; mapped to 400 when the input is to blame. */
export class PaymentGatewayRejected extends DomainError<PaymentGatewayRejected>()("PaymentGatewayRejected", { kind: "invalid", code: "PAYMENT_GATEWAY_REJECTED" }, {
  provider: Schema.String,
  code: Schema.String,
  message: Schema.String
}) {}

/** The gateway knows no payment by that id. */
export class PaymentNotFoundAtGateway extends DomainError<PaymentNotFoundAtGateway>()("PaymentNotFoundAtGateway", {
  kind: "invalid",
  code: "PAYMENT_NOT_FOUND",
  message: (e) => `Payment ${e.paymentId} not found at the gateway`
}, {
  provider: Schema.String,
  paymentId: Schema.String
}) {}

/** The bank verifier is not configured (production without settings) or could not be reached: 503. */
export class BankVerifierUnavailable extends DomainError<BankVerifierUnavailable>()("BankVerifierUnavailable", {
  kind: "unavailable",
  code: "BANK_VERIFICATION_NOT_CONFIGURED",
  message: "Bank verification is not configured or unavailable"
}, {
  provider: Schema.String,
  message: Schema.String
}) {}
