/**
 * The declared authorization of every served route (contracts/src/common/auth.middleware.ts):
 * what `Authenticated` checks once the token is verified, and the wording the OpenAPI document
 * shows for each operation. Both are read from the contract, never written by hand.
 */
import type { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiMiddleware } from "@effect/platform"
import { OpenApi } from "@effect/platform"
import {
  ClubTenancyPolicies,
  describeRequirement,
  describeStepUp,
  Forbidden,
  isSteppedUp,
  OrganizerTenancyPolicies,
  type Principal,
  type Requirement,
  Requires,
  StepUp,
  stepUpRequired
} from "@podium/contracts/common"
import { Accounts, Platform } from "@podium/core"
import { Clock, Context, Effect, Option } from "effect"

type Group = HttpApiGroup.HttpApiGroup.AnyWithProps
type Endpoint = HttpApiEndpoint.HttpApiEndpoint.AnyWithProps

const groupsOf = (api: HttpApi.HttpApi.Any): ReadonlyArray<Group> =>
  Object.values((api as unknown as { groups: Record<string, Group> }).groups)

const endpointsOf = (group: Group): ReadonlyArray<Endpoint> => Object.values(group.endpoints as Record<string, Endpoint>)

/** The requirement an endpoint declares, else its group's. */
export const requirementOf = (group: Group, endpoint: Endpoint): Requirement | undefined =>
  Option.getOrUndefined(Option.orElse(Context.getOption(endpoint.annotations, Requires), () => Context.getOption(group.annotations, Requires)))

/** Whether an endpoint is declared sensitive (`StepUp`): its own annotation, else its group's. */
export const stepUpOf = (group: Group, endpoint: Endpoint): boolean =>
  Option.getOrElse(Option.orElse(Context.getOption(endpoint.annotations, StepUp), () => Context.getOption(group.annotations, StepUp)), () => false)

/** The guard middlewares of an endpoint (its group's and its own), by tag key. */
export const guardsOf = (group: Group, endpoint: Endpoint): ReadonlyArray<string> =>
  [...group.middlewares, ...endpoint.middlewares].map((tag) => (tag as HttpApiMiddleware.TagClassAny).key)

/** What a route declares besides a valid token: a role or permission, and whether it needs a fresh step-up. */
export interface RouteAuthorization {
  readonly requirement: Requirement | undefined
  readonly stepUp: boolean
}

/** Method → route path → declaration, for every endpoint of `apis` that declares a requirement or step-up. */
export type AuthorizationTable = ReadonlyMap<string, ReadonlyMap<string, RouteAuthorization>>

export const authorizationTable = (apis: ReadonlyArray<HttpApi.HttpApi.Any>): AuthorizationTable => {
  const table = new Map<string, Map<string, RouteAuthorization>>()
  for (const api of apis) {
    for (const group of groupsOf(api)) {
      for (const endpoint of endpointsOf(group)) {
        const declared = { requirement: requirementOf(group, endpoint), stepUp: stepUpOf(group, endpoint) }
        if (declared.requirement === undefined && !declared.stepUp) continue
        let byPath = table.get(endpoint.method)
        if (byPath === undefined) table.set(endpoint.method, byPath = new Map())
        byPath.set(endpoint.path, declared)
      }
    }
  }
  return table
}

const accessDenied = () => new Forbidden({ message: "Access Denied" })

/**
 * Checks a verified principal against a route's declaration: the role, or for a permission an
 * admin (not an impersonation token) holding it (403 ADMIN_PERMISSION_REQUIRED for an admin
 * without it); then, on a `StepUp` route, a session stepped up within its window (403
 * STEP_UP_REQUIRED), so a caller without the right learns nothing about step-up.
 * The one place the permission store is read on the request path, so its lookup can be optimised
 * in core without touching the guards.
 */
export const makeAuthorize = Effect.gen(function*() {
  // Resolved once; the check itself uses the permissions read with the session (one cache round trip).
  const requirePermission = Accounts.requireAdminPermissionWith({
    cache: yield* Platform.TtlCache,
    repo: yield* Accounts.AdminPermissionRepo
  })
  const steppedUp = (principal: Principal): Effect.Effect<Principal, Forbidden> =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => isSteppedUp(principal, now) ? Effect.succeed(principal) : Effect.fail(stepUpRequired()))
  const meets = (principal: Principal, requirement: Requirement): Effect.Effect<Principal, Forbidden> => {
    if (requirement._tag === "Role") {
      return requirement.roles.includes(principal.role) ? Effect.succeed(principal) : Effect.fail(accessDenied())
    }
    if (principal.impersonatorId !== undefined && requirement.impersonating !== undefined) {
      return Effect.fail(new Forbidden(requirement.impersonating))
    }
    if (principal.role !== "admin") return requirement.adminsOnly === true ? Effect.succeed(principal) : Effect.fail(accessDenied())
    const denied = () => new Forbidden({ code: "ADMIN_PERMISSION_REQUIRED", message: "Access Denied" })
    if (principal.impersonatorId !== undefined) return Effect.fail(denied())
    return requirePermission(principal, requirement.permission).pipe(
      Effect.mapBoth({ onFailure: denied, onSuccess: () => principal })
    )
  }
  return (principal: Principal, declared: RouteAuthorization): Effect.Effect<Principal, Forbidden> => {
    const allowed = declared.requirement === undefined ? Effect.succeed(principal) : meets(principal, declared.requirement)
    return declared.stepUp ? Effect.flatMap(allowed, steppedUp) : allowed
  }
})

const tenancyWording = (key: string): string | undefined => {
  const organizer = OrganizerTenancyPolicies[key]
  if (organizer !== undefined) {
    return `${organizer.roles.join(", ")} team member of the organizer${organizer.platformAdmin ? ", or a platform admin" : ""}`
  }
  const club = ClubTenancyPolicies[key]
  if (club !== undefined) return `${club.roles.join(", ")} member of the club${club.platformAdmin ? ", or a platform admin" : ""}`
  return undefined
}

/** The authorization sentence of an operation, from its declaration. */
export const authorizationWording = (group: Group, endpoint: Endpoint): string => {
  const guards = guardsOf(group, endpoint)
  for (const key of guards) {
    const tenancy = tenancyWording(key)
    if (tenancy !== undefined) return `Authorization: bearer token of an ${tenancy}.`
  }
  if (guards.includes("Authenticated")) {
    const requirement = requirementOf(group, endpoint)
    const sentence = requirement === undefined
      ? "Authorization: bearer token of any signed-in principal."
      : `Authorization: bearer token ${describeRequirement(requirement)}.`
    return stepUpOf(group, endpoint) ? `${sentence} ${describeStepUp}` : sentence
  }
  if (guards.includes("OptionalAuthenticated")) return "Authorization: public; a bearer token is optional."
  return "Authorization: public."
}

/**
 * A copy of `api` whose every operation's description ends with its authorization sentence
 * (documentation only; routing never uses it).
 */
export const withAuthorizationDescriptions = <A extends HttpApi.HttpApi.Any>(api: A): A => {
  const groups: Record<string, Group> = {}
  for (const group of groupsOf(api)) {
    const endpoints: Record<string, Endpoint> = {}
    for (const endpoint of endpointsOf(group)) {
      const given = Option.getOrUndefined(Context.getOption(endpoint.annotations, OpenApi.Description))
      const wording = authorizationWording(group, endpoint)
      endpoints[endpoint.name] = endpoint.annotate(OpenApi.Description, given === undefined ? wording : `${given}\n\n${wording}`) as Endpoint
    }
    groups[group.identifier] = Object.assign(Object.create(Object.getPrototypeOf(group)), group, { endpoints })
  }
  return Object.assign(Object.create(Object.getPrototypeOf(api)), api, { groups })
}
