/**
 * Retry policies per channel (B "Notifications / Retry policies"): attempts and backoff
 * (baseDelayMs × factor^(attempt−1), capped at maxDelayMs). The four channels always have a policy
 * (the default until one is saved); `{id}` is the channel name. POST saves a channel's whole policy,
 * PATCH changes some of its fields.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, IntBetween, Optional, says } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, Requires, Role } from "../common/index.js"
import { PublicChannel, PublicChannels } from "./notifications.dto.js"

export const RetryPolicyView = Schema.Struct({
  id: Schema.Literal(...PublicChannels),
  channel: Schema.Literal(...PublicChannels),
  maxAttempts: Schema.Int,
  baseDelayMs: Schema.Int,
  factor: Schema.Number,
  maxDelayMs: Schema.Int
}).annotations({ identifier: "RetryPolicy" })

const Factor = Schema.Number.pipe(
  Schema.filter((n) => Number.isFinite(n) && n >= 1 && n <= 10),
  Schema.annotations(says("must be a number between 1 and 10"))
)
const fields = {
  maxAttempts: IntBetween(1, 50),
  baseDelayMs: IntBetween(0, 86_400_000),
  factor: Factor,
  maxDelayMs: IntBetween(0, 604_800_000)
}

const delaysOrdered = (p: { readonly baseDelayMs?: number | undefined; readonly maxDelayMs?: number | undefined }) =>
  p.baseDelayMs === undefined || p.maxDelayMs === undefined || p.maxDelayMs >= p.baseDelayMs
    ? undefined
    : { path: ["maxDelayMs"], message: "must not be less than baseDelayMs" }

export const SaveRetryPolicyBody = Body({ channel: PublicChannel, ...fields }).pipe(Schema.filter(delaysOrdered))

export const PatchRetryPolicyBody = Body({
  maxAttempts: Optional(fields.maxAttempts),
  baseDelayMs: Optional(fields.baseDelayMs),
  factor: Optional(fields.factor),
  maxDelayMs: Optional(fields.maxDelayMs)
}).pipe(Schema.filter(delaysOrdered))

export class RetryPoliciesGroup extends HttpApiGroup.make("notificationRetryPolicies")
  .add(op.get("listRetryPolicies", "/v2/admin/notifications/retry-policies", { ok: Schema.Array(RetryPolicyView), summary: "The retry policy of every channel (saved or default)" }))
  .add(op.post("saveRetryPolicy", "/v2/admin/notifications/retry-policies", { body: SaveRetryPolicyBody, ok: RetryPolicyView, status: 201, summary: "Save a channel's whole retry policy (replaces the current one); applies to messages queued afterwards and to backoff from now on" }))
  .add(op.get("getRetryPolicy", "/v2/admin/notifications/retry-policies/:id", { path: Schema.Struct({ id: Schema.String }), ok: RetryPolicyView, summary: "One channel's retry policy (id: email, sms, push or chatapp)" }))
  .add(op.patch("updateRetryPolicy", "/v2/admin/notifications/retry-policies/:id", { path: Schema.Struct({ id: Schema.String }), body: PatchRetryPolicyBody, ok: RetryPolicyView, summary: "Change some fields of a channel's retry policy" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("admin"))
  .annotate(OpenApi.Title, "Notifications / Retry policies")
  .annotate(OpenApi.Description, "Attempts and backoff per channel (admin only)")
{}
