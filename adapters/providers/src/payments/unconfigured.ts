/**
 * The "unconfigured" payment providers: what production gets when PAYMENT_GATEWAY / BANK_VERIFIER
 * are not set. Every call fails with the Unavailable error, which the host answers 503
 * PAYMENT_GATEWAY_NOT_CONFIGURED / BANK_VERIFICATION_NOT_CONFIGURED — never a fake success.
 */
import { Payments } from "@podium/core"
import { Effect } from "effect"

export const UnconfiguredProviderName = "unconfigured"

export const makeUnconfiguredGateway = (variables: string): Payments.PaymentGateway["Type"] => {
  const unavailable = Effect.fail(
    new Payments.PaymentGatewayUnavailable({ provider: UnconfiguredProviderName, message: `Payment gateway not configured (${variables})` })
  )
  return {
    provider: UnconfiguredProviderName,
    createOrder: () => unavailable,
    fetchPayment: () => unavailable,
    refund: () => unavailable,
    fetchRefund: () => unavailable,
    verifyPaymentSignature: () => unavailable,
    verifyWebhookSignature: () => unavailable
  }
}

export const makeUnconfiguredBankVerifier = (variables: string): Payments.BankVerifier["Type"] => {
  const unavailable = Effect.fail(
    new Payments.BankVerifierUnavailable({ provider: UnconfiguredProviderName, message: `Bank verification not configured (${variables})` })
  )
  return { provider: UnconfiguredProviderName, lookupIfsc: () => unavailable, pennyDrop: () => unavailable }
}
