/**
 * The tenancy guard of the sponsor workspace (`/v2/sponsor/brands/{brandId}/...`): put it on a
 * brand-scoped endpoint instead of `Authenticated`. It authenticates the bearer token, reads the
 * brand the path names and checks that the caller holds an ACTIVE account of that brand, and that
 * the brand is APPROVED (403 SPONSOR_BRAND_NOT_APPROVED), then provides `BrandAccess`. It runs
 * before the path, query and body are decoded, so an outsider gets 401/403 and never a validation
 * message about another brand's resource; an unknown brand is 403 like a foreign one.
 */
import { HttpApiMiddleware } from "@effect/platform"
import { Context, Schema } from "effect"
import type { Principal } from "./auth.middleware.js"
import { BearerAuth } from "./auth.middleware.js"
import { Forbidden, Unauthorized } from "./errors.js"

export interface BrandAccessShape {
  readonly principal: Principal
  readonly brandId: string
  /** The caller's brand account (their acts are recorded on its activity). */
  readonly accountId: string
}

export class BrandAccess extends Context.Tag("@podium/contracts/BrandAccess")<BrandAccess, BrandAccessShape>() {}

/** An ACTIVE account holder (OWNER or MEMBER) of an APPROVED brand. */
export class BrandAccountHolders extends HttpApiMiddleware.Tag<BrandAccountHolders>()("BrandAccountHolders", {
  failure: Schema.Union(Unauthorized.wire, Forbidden.wire),
  provides: BrandAccess,
  security: { bearer: BearerAuth }
}) {}
