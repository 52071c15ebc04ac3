/**
 * Rate limits (B): the keys currently refused by the shared limiter (OTP sends and other abusable
 * entry points) and unblocking one (its hits are forgotten; audited as `admin.rate_limit.unblocked`).
 * Needs `platform.operate`.
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, IntFromText, Optional, Query, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, Ok, Requires } from "../common/index.js"

export const BlockedKeyView = Schema.Struct({
  key: Schema.String,
  limit: Schema.Int,
  blockedUntil: Schema.String,
  retryAfterSeconds: Schema.Int
}).annotations({ identifier: "BlockedRateLimitKey" })

export const UnblockBody = Body({ key: StrLength(1, 300) }).annotations({ identifier: "UnblockRateLimitDto" })

export class RateLimitsGroup extends HttpApiGroup.make("rateLimits")
  .add(
    HttpApiEndpoint.get("listBlocked", "/v2/admin/rate-limits/blocked")
      .setUrlParams(Query({ limit: Optional(IntFromText(1, 1000)) }))
      .addSuccess(Ok(Schema.Struct({ data: Schema.Array(BlockedKeyView), count: Schema.Int })))
      .annotate(OpenApi.Summary, "Keys currently refused by the rate limiter, soonest unblocked first")
  )
  .add(
    HttpApiEndpoint.post("unblock", "/v2/admin/rate-limits/unblock")
      .setPayload(UnblockBody)
      .addSuccess(Ok(Schema.Struct({ key: Schema.String, wasBlocked: Schema.Boolean }), { status: 201 }))
      .annotate(OpenApi.Summary, "Forget a key's hits so it is allowed again (audited)")
  )
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("platform.operate"))
  .annotate(OpenApi.Title, "Rate limits")
  .annotate(OpenApi.Description, "Blocked keys of the shared rate limiter; permission platform.operate")
{}
