/**
 * The payment gateway's wallet top-up callback (C "Inbound callbacks"): signed like the messaging
 * provider (`x-webhook-timestamp`, `x-webhook-signature: sha256=<hex HMAC of "<timestamp>.<raw
 * body>">` with NOTIFICATION_WEBHOOK_SECRET). Body `{eventId, topUpId, status: succeeded|failed,
 * amount?}`. Every event is stored in the webhook inbox first; a replayed event id changes nothing
 * (`duplicate: true`); a succeeded event credits the wallet once.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { op } from "../common/index.js"
import { WalletTopUpView } from "./wallet.dto.js"

export class WalletTopUpWebhookGroup extends HttpApiGroup.make("walletTopUpWebhook")
  .add(op.post("walletTopUpWebhook", "/v2/notification-webhooks/wallet-topup", { headers: Schema.Struct({
        "x-webhook-signature": Schema.optional(Schema.String),
        "x-webhook-timestamp": Schema.optional(Schema.String)
      }), ok: Schema.Struct({ duplicate: Schema.Boolean, topUp: Schema.NullOr(WalletTopUpView) }), summary: "Payment gateway callback completing a wallet top-up (HMAC-signed, idempotent by eventId)" }))
  .annotate(OpenApi.Title, "Notifications / Wallet top-up webhook")
{}
