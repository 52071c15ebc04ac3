/**
 * The implementation of the organizer tenancy guards (@podium/contracts/common
 * organizer-tenancy.middleware.ts): authenticate like `Authenticated`, find the organizer the
 * request names, then `Organizers.requireOrganizerRole` with the tag's policy. 401 without a
 * valid token; 403 "Access Denied" for a caller outside the policy (and for unknown organizers,
 * so outsiders learn nothing); 404 for a platform admin naming an unknown organizer.
 */
import { HttpRouter, HttpServerRequest } from "@effect/platform"
import {
  Forbidden,
  NotFound,
  OrganizerAccess,
  OrganizerManagers,
  OrganizerManagersOrAdmin,
  OrganizerOwnerOrAdmin,
  OrganizerReaders,
  OrganizerReadersOrAdmin,
  OrganizerTenancyPolicies,
  type OrganizerAccessShape,
  type Principal,
  Unauthorized
} from "@podium/contracts/common"
import { type Accounts, Identity, Organizers, type Platform } from "@podium/core"
import { Effect, Layer, Option, type Redacted } from "effect"
import { requestAccessToken } from "../identity/auth.middleware.js"

type Needs =
  | Identity.AccessTokens
  | Platform.TtlCache
  | Identity.SessionRepo
  | Accounts.UserRepo
  | Accounts.OrganizerMemberRepo
  | Organizers.OrganizerRepo
  | Organizers.TeamRepo

/** The organizer id a request names (see the contract's rule), or none for "the caller's own". */
const namedOrganizer = Effect.gen(function*() {
  const route = yield* Effect.serviceOption(HttpRouter.RouteContext)
  const request = yield* Effect.serviceOption(HttpServerRequest.HttpServerRequest)
  const params = Option.match(route, { onNone: () => ({}), onSome: (r) => r.params }) as Readonly<Record<string, string | undefined>>
  const path = Option.match(route, { onNone: () => "", onSome: (r) => r.route.path })
  const fromPath = params.organizerId ?? params.orgId ?? (path.startsWith("/v2/organizers/:id") ? params.id : undefined)
  if (fromPath !== undefined) return Option.some(fromPath)
  const header = Option.flatMap(request, (r) => Option.fromNullable(r.headers["x-organizer-id"]))
  return Option.filter(header, (h) => h.trim() !== "")
})

const make = (policyKey: string) =>
  Effect.gen(function*() {
    const context = yield* Effect.context<Needs>()
    const policy = OrganizerTenancyPolicies[policyKey]!
    return (bearer: Redacted.Redacted<string>) =>
      Effect.gen(function*() {
        const token = yield* requestAccessToken(bearer)
        if (token === "") return yield* new Unauthorized({ message: "Unauthorized" })
        const principal: Principal = yield* Identity.authenticate(token).pipe(
          Effect.mapError(() => new Unauthorized({ message: "Unauthorized" }))
        )
        const named = yield* namedOrganizer
        const organizerId = Option.isSome(named) ? named.value : yield* Organizers.defaultOrganizerOf(principal)
          .pipe(Effect.map(Option.getOrElse(() => "")))
        const grant = yield* Organizers.requireOrganizerRole(principal, organizerId, policy.roles, { platformAdmin: policy.platformAdmin })
          .pipe(Effect.catchTags({
            OrganizerAccessDenied: () => Effect.fail(new Forbidden({ message: "Access Denied" })),
            OrganizerSuspended: (e) => Effect.fail(new Forbidden({ code: "ORGANIZER_SUSPENDED", message: e.message })),
            OrganizerNotFound: (e) => Effect.fail(new NotFound({ message: e.message }))
          }))
        const access: OrganizerAccessShape = { principal, organizerId: grant.organizerId, role: grant.role, memberId: grant.memberId }
        return access
      }).pipe(Effect.provide(context))
  })

export const OrganizerManagersLive = Layer.effect(OrganizerManagers, Effect.map(make("OrganizerManagers"), (bearer) => OrganizerManagers.of({ bearer })))
export const OrganizerReadersLive = Layer.effect(OrganizerReaders, Effect.map(make("OrganizerReaders"), (bearer) => OrganizerReaders.of({ bearer })))
export const OrganizerManagersOrAdminLive = Layer.effect(
  OrganizerManagersOrAdmin,
  Effect.map(make("OrganizerManagersOrAdmin"), (bearer) => OrganizerManagersOrAdmin.of({ bearer }))
)
export const OrganizerReadersOrAdminLive = Layer.effect(
  OrganizerReadersOrAdmin,
  Effect.map(make("OrganizerReadersOrAdmin"), (bearer) => OrganizerReadersOrAdmin.of({ bearer }))
)
export const OrganizerOwnerOrAdminLive = Layer.effect(
  OrganizerOwnerOrAdmin,
  Effect.map(make("OrganizerOwnerOrAdmin"), (bearer) => OrganizerOwnerOrAdmin.of({ bearer }))
)

/** Every tenancy guard, for ApiRoutes lines whose groups use them. */
export const OrganizerTenancyLive = Layer.mergeAll(
  OrganizerManagersLive,
  OrganizerReadersLive,
  OrganizerManagersOrAdminLive,
  OrganizerReadersOrAdminLive,
  OrganizerOwnerOrAdminLive
)

export { OrganizerAccess }
