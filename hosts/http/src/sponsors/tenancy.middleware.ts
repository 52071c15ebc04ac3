/**
 * The implementation of the brand tenancy guard (@podium/contracts/common brand-tenancy.middleware.ts):
 * authenticate like `Authenticated`, read the brand the path names, then `Sponsors.requireBrandActor`
 * (no platform-admin pass: admins act on brands through the admin routes). 401 without a valid
 * token; 403 "Access Denied" for a brand the caller holds no ACTIVE account of (unknown brands
 * included, so outsiders learn nothing); 403 SPONSOR_BRAND_NOT_APPROVED for a member of a brand
 * that is not APPROVED.
 */
import { HttpRouter } from "@effect/platform"
import { type BrandAccessShape, BrandAccountHolders, Forbidden, type Principal, Unauthorized } from "@podium/contracts/common"
import { Identity, type Platform, Sponsors } from "@podium/core"
import { Effect, Layer, Option } from "effect"
import { requestAccessToken } from "../identity/auth.middleware.js"

type Needs = Identity.AccessTokens | Platform.TtlCache | Identity.SessionRepo | Sponsors.SponsorBrandRepo | Sponsors.SponsorAccountRepo

const namedBrand = Effect.map(Effect.serviceOption(HttpRouter.RouteContext), (route) =>
  Option.match(route, { onNone: () => "", onSome: (r) => (r.params as Readonly<Record<string, string | undefined>>).brandId ?? "" }))

export const BrandTenancyLive = Layer.effect(BrandAccountHolders, Effect.gen(function*() {
  const context = yield* Effect.context<Needs>()
  return BrandAccountHolders.of({
    bearer: (bearer) =>
      Effect.gen(function*() {
        const token = yield* requestAccessToken(bearer)
        if (token === "") return yield* new Unauthorized({ message: "Unauthorized" })
        const principal: Principal = yield* Identity.authenticate(token).pipe(Effect.mapError(() => new Unauthorized({ message: "Unauthorized" })))
        const brandId = yield* namedBrand
        const acting = yield* Sponsors.requireBrandActor(principal, brandId, { platformAdmin: false }).pipe(
          Effect.catchTags({
            SponsorAccessDenied: () => Effect.fail(new Forbidden({ message: "Access Denied" })),
            SponsorBrandNotFound: () => Effect.fail(new Forbidden({ message: "Access Denied" })),
            SponsorBrandNotApproved: (e) => Effect.fail(new Forbidden({ code: "SPONSOR_BRAND_NOT_APPROVED", message: e.message }))
          })
        )
        const access: BrandAccessShape = { principal, brandId: acting.brand.id, accountId: acting.account!.id }
        return access
      }).pipe(Effect.provide(context))
  })
}))
