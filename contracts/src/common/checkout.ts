/**
 * The gateway checkout shapes every paid flow shares: what the app needs to open the gateway's
 * checkout, and what it sends back to verify the payment.
 */
import { Body, Instant, NonEmptyStr } from "@podium/kernel"
import { Schema } from "effect"

/** The order to pay: the gateway, its order id and public key id, the amount in minor units and until when the place is held. */
export const GatewayCheckout = Schema.Struct({
  provider: Schema.String,
  orderId: Schema.String,
  keyId: Schema.String,
  amount: Schema.Int,
  currency: Schema.String,
  holdExpiresAt: Instant
}).annotations({ identifier: "GatewayCheckout" })

/** The gateway checkout's answer the app forwards: the signature is checked and the payment fetched at the gateway. */
export const VerifyCheckoutBody = Body({ orderId: NonEmptyStr, paymentId: NonEmptyStr, signature: NonEmptyStr })
