/**
 * Rate limits (B): the keys currently refused by the shared limiter (OTP sends and other abusable
 * entry points) and unblocking one (its hits are forgotten; audited as `admin.rate_limit.unblocked`).
 * Needs `platform.operate`.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, IntFromText, Optional, Query, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"

export const BlockedKeyView = Schema.Struct({
  key: Schema.String,
  limit: Schema.Int,
  blockedUntil: Schema.String,
  retryAfterSeconds: Schema.Int
}).annotations({ identifier: "BlockedRateLimitKey" })

export const UnblockBody = Body({ key: StrLength(1, 300) }).annotations({ identifier: "UnblockRateLimitDto" })

export class RateLimitsGroup extends HttpApiGroup.make("rateLimits")
  .add(op.get("listBlocked", "/v2/admin/rate-limits/blocked", { query: Query({ limit: Optional(IntFromText(1, 1000)) }), ok: Schema.Struct({ data: Schema.Array(BlockedKeyView), count: Schema.Int }), summary: "Keys currently refused by the rate limiter, soonest unblocked first" }))
  .add(op.post("unblock", "/v2/admin/rate-limits/unblock", { body: UnblockBody, ok: Schema.Struct({ key: Schema.String, wasBlocked: Schema.Boolean }), status: 201, summary: "Forget a key's hits so it is allowed again (audited)" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("platform.operate"))
  .annotate(OpenApi.Title, "Rate limits")
  .annotate(OpenApi.Description, "Blocked keys of the shared rate limiter; permission platform.operate")
{}
