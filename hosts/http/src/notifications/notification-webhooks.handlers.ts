/**
 * Handlers of the inbound delivery-receipt webhooks. The signature is checked on the raw body
 * before anything is parsed (401 when missing or wrong, 503 while NOTIFICATION_WEBHOOK_SECRET is
 * unset); then each receipt moves the matching log rows forward (replays change nothing).
 * Statuses a provider reports that we do not track (e.g. `sending`) are counted and ignored, so
 * the provider gets a 200 and does not retry them forever.
 */
import { type HttpApiGroup, HttpServerRequest } from "@effect/platform"
import { BadRequest, ServiceUnavailable, Unauthorized } from "@podium/contracts/common"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import { AppConfig, verifyHmacSignature } from "@podium/host-common"
import { Effect, type Layer, Option, Redacted } from "effect"
import type { NotificationHandlerServices } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

const statusOf: Readonly<Record<string, Notifications.DeliveryStatus>> = {
  accepted: "QUEUED",
  queued: "QUEUED",
  scheduled: "QUEUED",
  sent: "SENT",
  delivered: "DELIVERED",
  undelivered: "UNDELIVERED",
  failed: "FAILED",
  read: "READ"
}

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v)
const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined)

const receipt = (id: unknown, status: unknown, error: unknown): Array<Notifications.DeliveryReceipt> => {
  const providerMessageId = text(id)
  const mapped = statusOf[text(status)?.toLowerCase() ?? ""]
  return providerMessageId === undefined || mapped === undefined ? [] : [{ providerMessageId, status: mapped, error: text(error) ?? null }]
}

/** The raw body, verified against the webhook secret; fails 503/401 before anything is parsed. */
export const verifiedBody = (signature: string | undefined, timestamp?: { readonly value: string | undefined }) =>
  Effect.gen(function*() {
    const config = yield* AppConfig
    const secret = config.notificationProviders?.webhookSecret ?? Option.none()
    if (Option.isNone(secret)) {
      return yield* new ServiceUnavailable({ code: "WEBHOOK_NOT_CONFIGURED", message: "Delivery-receipt webhooks are not configured (NOTIFICATION_WEBHOOK_SECRET)" })
    }
    if (timestamp !== undefined && (timestamp.value === undefined || timestamp.value.trim() === "")) {
      return yield* new Unauthorized({ message: "Missing webhook timestamp" })
    }
    const request = yield* HttpServerRequest.HttpServerRequest
    const raw = yield* request.text.pipe(Effect.orElseSucceed(() => ""))
    const verdict = verifyHmacSignature({
      secret: Redacted.value(secret.value),
      payload: raw,
      signature,
      ...(timestamp === undefined ? {} : { timestamp: timestamp.value!.trim() })
    })
    if (!verdict.valid) return yield* new Unauthorized({ message: `Invalid webhook signature (${verdict.reason})` })
    const parsed = yield* Effect.try(() => JSON.parse(raw) as unknown).pipe(
      Effect.orElseFail(() => new BadRequest({ message: "body must be valid JSON" }))
    )
    return parsed
  })

/** `{events: [...]}`, a list of events or one event; each `{messageId|MessageSid, status|MessageStatus, error?}`. */
const messagingReceipts = (body: unknown) => {
  const events = isObject(body) && Array.isArray(body.events) ? body.events : Array.isArray(body) ? body : [body]
  return events.filter(isObject).flatMap((e) =>
    receipt(e.messageId ?? e.MessageSid, e.status ?? e.MessageStatus, e.error ?? e.ErrorMessage ?? e.ErrorCode))
}

/** The chat-app platform's shape: entry[].changes[].value.statuses[] {id, status, errors?}. */
const chatReceipts = (body: unknown) => {
  const entries = isObject(body) && Array.isArray(body.entry) ? body.entry.filter(isObject) : []
  return entries.flatMap((entry) =>
    (Array.isArray(entry.changes) ? entry.changes.filter(isObject) : []).flatMap((change) => {
      const value = isObject(change.value) ? change.value : {}
      const statuses = Array.isArray(value.statuses) ? value.statuses.filter(isObject) : []
      return statuses.flatMap((s) => {
        const firstError = Array.isArray(s.errors) && isObject(s.errors[0]) ? s.errors[0] : undefined
        return receipt(s.id, s.status, firstError?.title ?? firstError?.message)
      })
    }))
}

export const NotificationWebhooksHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationWebhooks">, never, NotificationHandlerServices> =
  apiGroup(NotificationsApi, "notificationWebhooks", (handlers) =>
    handlers
      .handle("messagingProviderWebhook", ({ headers }) =>
        Effect.gen(function*() {
          const body = yield* verifiedBody(headers["x-webhook-signature"], { value: headers["x-webhook-timestamp"] })
          if (!isObject(body) && !Array.isArray(body)) return yield* new BadRequest({ message: "body must be an object or a list of events" })
          return yield* Notifications.applyDeliveryReceipts(messagingReceipts(body), ["SMS", "EMAIL"])
        }))
      .handle("chatAppWebhook", ({ headers }) =>
        Effect.gen(function*() {
          const body = yield* verifiedBody(headers["x-hub-signature-256"])
          if (!isObject(body)) return yield* new BadRequest({ message: "body must be an object" })
          return yield* Notifications.applyDeliveryReceipts(chatReceipts(body), ["CHAT"])
        }))
  )
