/** Helpers of the payments tests: admins with permissions, orders paid on the local gateway, signed webhooks. */
import { Accounts, Payments } from "@podium/core"
import { LocalGatewayControl } from "@podium/providers"
import { Context, Effect } from "effect"
import { freshPhone, tokenFor } from "../organizers/support.js"
import type { RealHost } from "../support/real-host.js"

export const adminWith = async (host: RealHost, permissions: ReadonlyArray<string>) => {
  const admin = await host.run(Effect.flatMap(Accounts.AdminRepo, (r) => r.create({ phoneNumber: freshPhone(), permissions })))
  return { admin, headers: await tokenFor(host, "admin", admin.id) }
}

export const control = (host: RealHost) => Context.get(host.context, LocalGatewayControl)

let owners = 0

/** An order created through the payments use case (purpose `test_purchase` unless given). */
export const newOrder = (host: RealHost, options: { readonly purpose?: string; readonly amount?: number } = {}) =>
  host.run(Payments.createGatewayOrder({
    purpose: options.purpose ?? "test_purchase",
    ownerRef: `owner-${Date.now()}-${owners++}`,
    amount: options.amount ?? 49_900,
    currency: "INR",
    notes: { plan: "gold" }
  }))

/** Pays an order on the local gateway (checkout signature) and builds the signed webhook of `event` for that payment (`signature`). */
export const paidWebhook = async (host: RealHost, gatewayOrderId: string, event = "payment.captured") => {
  const paid = await Effect.runPromise(control(host).pay(gatewayOrderId))
  const hook = await Effect.runPromise(control(host).webhook(event, paid.paymentId))
  return { paymentId: paid.paymentId, payment: paid.payment, checkoutSignature: paid.signature, ...hook }
}

/** Ingests a delivery; answers the Either so tests can check refusals. */
export const ingest = (host: RealHost, rawBody: string, signature: string | undefined, eventId?: string, provider = "local") =>
  host.run(Effect.either(Payments.ingestGatewayWebhook(provider, rawBody, signature, eventId)))

/** A signed delivery of an arbitrary body (event types no processor handles, poisoned payloads). */
export const signedBody = (host: RealHost, body: unknown) => {
  const rawBody = JSON.stringify(body)
  return { rawBody, signature: control(host).signWebhook(rawBody) }
}
