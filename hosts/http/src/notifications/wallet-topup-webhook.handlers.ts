/** Handler of the signed wallet top-up webhook: signature first, then inbox-first idempotent apply. */
import { type HttpApiGroup } from "@effect/platform"
import { BadRequest } from "@podium/contracts/common"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import { Effect, type Layer } from "effect"
import { verifiedBody } from "./notification-webhooks.handlers.js"
import type { NotificationHandlerServices } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v)
const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined)

export const WalletTopUpWebhookHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "walletTopUpWebhook">, never, NotificationHandlerServices> =
  apiGroup(NotificationsApi, "walletTopUpWebhook", (handlers) =>
    handlers.handle("walletTopUpWebhook", ({ headers }) =>
      Effect.gen(function*() {
        const body = yield* verifiedBody(headers["x-webhook-signature"], { value: headers["x-webhook-timestamp"] })
        const problems: Array<string> = []
        const b: Json = isObject(body) ? body : {}
        const eventId = text(b.eventId)
        const topUpId = text(b.topUpId)
        const status = b.status === "succeeded" || b.status === "failed" ? b.status : undefined
        const amount = b.amount === undefined || b.amount === null ? null : typeof b.amount === "number" && Number.isInteger(b.amount) ? b.amount : undefined
        if (eventId === undefined) problems.push("eventId should not be empty")
        if (topUpId === undefined) problems.push("topUpId should not be empty")
        if (status === undefined) problems.push("status must be one of succeeded, failed")
        if (amount === undefined) problems.push("amount must be an integer")
        if (problems.length > 0) return yield* new BadRequest({ message: problems.join("; ") })
        const result = yield* Notifications.applyWalletTopUpEvent({ eventId: eventId!, topUpId: topUpId!, status: status!, amount: amount! }, body)
        return { duplicate: result.duplicate, topUp: result.topUp }
      }))
  )
