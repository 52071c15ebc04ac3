/**
 * The implementation of the club tenancy guards (@podium/contracts/common club-tenancy.middleware.ts):
 * authenticate like `Authenticated`, read the club the path names, then `Clubs.requireClubRole`
 * with the tag's policy. 401 without a valid token; 403 "Access Denied" outside the policy (and for
 * unknown clubs, so outsiders learn nothing); 404 for a platform admin naming an unknown club.
 */
import { HttpRouter } from "@effect/platform"
import {
  ClubAccess,
  type ClubAccessShape,
  ClubManagers,
  ClubManagersOrAdmin,
  ClubMembers,
  ClubOwnerOrAdmin,
  ClubStaff,
  ClubTenancyPolicies,
  Forbidden,
  NotFound,
  type Principal,
  Unauthorized
} from "@podium/contracts/common"
import { Clubs, Identity, type Platform } from "@podium/core"
import { Effect, Layer, Option, type Redacted } from "effect"
import { requestAccessToken } from "../identity/auth.middleware.js"

type Needs = Identity.AccessTokens | Platform.TtlCache | Identity.SessionRepo | Clubs.ClubRepo | Clubs.ClubMemberRepo

/** The club id the path names: `clubId`, else `id` on `/v2/clubs/{id}/...`. */
const namedClub = Effect.map(Effect.serviceOption(HttpRouter.RouteContext), (route) =>
  Option.match(route, {
    onNone: () => "",
    onSome: (r) => {
      const params = r.params as Readonly<Record<string, string | undefined>>
      return params.clubId ?? (r.route.path.startsWith("/v2/clubs/:id") ? params.id : undefined) ?? ""
    }
  }))

const make = (policyKey: string) =>
  Effect.gen(function*() {
    const context = yield* Effect.context<Needs>()
    const policy = ClubTenancyPolicies[policyKey]!
    return (bearer: Redacted.Redacted<string>) =>
      Effect.gen(function*() {
        const token = yield* requestAccessToken(bearer)
        if (token === "") return yield* new Unauthorized({ message: "Unauthorized" })
        const principal: Principal = yield* Identity.authenticate(token).pipe(Effect.mapError(() => new Unauthorized({ message: "Unauthorized" })))
        const clubId = yield* namedClub
        const grant = yield* Clubs.requireClubRole(principal, clubId, policy.roles, { platformAdmin: policy.platformAdmin }).pipe(
          Effect.catchTags({
            ClubAccessDenied: () => Effect.fail(new Forbidden({ message: "Access Denied" })),
            ClubNotFound: (e) => Effect.fail(new NotFound({ message: e.message }))
          })
        )
        const access: ClubAccessShape = { principal, clubId: grant.clubId, role: grant.role, memberId: grant.memberId }
        return access
      }).pipe(Effect.provide(context))
  })

export const ClubTenancyLive = Layer.mergeAll(
  Layer.effect(ClubManagers, Effect.map(make("ClubManagers"), (bearer) => ClubManagers.of({ bearer }))),
  Layer.effect(ClubStaff, Effect.map(make("ClubStaff"), (bearer) => ClubStaff.of({ bearer }))),
  Layer.effect(ClubMembers, Effect.map(make("ClubMembers"), (bearer) => ClubMembers.of({ bearer }))),
  Layer.effect(ClubManagersOrAdmin, Effect.map(make("ClubManagersOrAdmin"), (bearer) => ClubManagersOrAdmin.of({ bearer }))),
  Layer.effect(ClubOwnerOrAdmin, Effect.map(make("ClubOwnerOrAdmin"), (bearer) => ClubOwnerOrAdmin.of({ bearer })))
)

export { ClubAccess }
