/**
 * Authorization comes before decoding, on every route: each endpoint of the served area APIs is
 * read from the contract with its declared guard (signed-in, role, admin permission, tenancy) and
 * called with no token, as an athlete, as an organizer and as an admin without any permission,
 * each with no body and with a malformed one (and malformed query parameters). Whoever the
 * declaration refuses must get 401 (no token) or 403 — never a 400 describing the body; on a route
 * declared `StepUp`, these fresh sessions are never stepped up, so every signed-in caller is refused
 * (403 STEP_UP_REQUIRED for those the requirement admits). Public routes are left out; principals
 * the declaration admits are not called (their answer is the handler's business).
 */
import type { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import type { Requirement } from "@podium/contracts/common"
import { AreaApis } from "@podium/http/api"
import { guardsOf, requirementOf, stepUpOf } from "@podium/http/identity/auth.middleware"
import { describe, expect, it } from "vitest"
import { newAdmin, newAthlete, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { OtherId } from "../support/tenancy-matrix.js"

const host = useRealHost(import.meta.url)

type Who = "anonymous" | "athlete" | "organizer" | "admin"
const Roles: Record<Exclude<Who, "anonymous">, string> = { athlete: "user", organizer: "organizer", admin: "admin" }

interface Route {
  readonly method: string
  readonly path: string
  /** "signedIn", "tenancy", or the declared requirement. */
  readonly guard: "signedIn" | "tenancy" | Requirement
  /** Declared `StepUp`: a fresh step-up is needed on top of the guard. */
  readonly stepUp: boolean
  /** For tenancy: whether the guard is a club's (an organizer is never a club's member). */
  readonly club?: boolean
  /** For tenancy: whether the guard is a brand's (nobody here holds an account of the brand a path names). */
  readonly brand?: boolean
}

const TenancyGuard = /^(Organizer|Club|Brand)[A-Za-z]+$/

/** Every endpoint with a guard, as the contract declares it. */
const guardedRoutes = (): Array<Route> =>
  AreaApis.flatMap((api) =>
    Object.values((api as unknown as { groups: Record<string, HttpApiGroup.HttpApiGroup.AnyWithProps> }).groups).flatMap((group) =>
      Object.values(group.endpoints as Record<string, HttpApiEndpoint.HttpApiEndpoint.AnyWithProps>).flatMap((endpoint): Array<Route> => {
        const guards = guardsOf(group, endpoint)
        const base = { method: endpoint.method, path: endpoint.path, stepUp: stepUpOf(group, endpoint) }
        if (guards.some((g) => TenancyGuard.test(g))) return [{ ...base, guard: "tenancy", club: guards.some((g) => g.startsWith("Club")), brand: guards.some((g) => g.startsWith("Brand")) }]
        if (!guards.includes("Authenticated")) return []
        return [{ ...base, guard: requirementOf(group, endpoint) ?? "signedIn" }]
      })))

/**
 * Tenancy routes that name no tenant act for the caller's own organizer (or the one
 * `x-organizer-id` names), as the guard reads them: a tenant is named by `organizerId`, `orgId` or
 * `clubId`, or by `id` on `/v2/organizers/{id}` and `/v2/clubs/{id}`; anything else (the portal
 * `/v2/organizer/...`, `/v2/organizers/events/{eventId}/...`, check-in by booking) is the caller's own.
 */
const actsForOwnOrganizer = (path: string) =>
  !/:(organizerId|orgId|clubId)\b/.test(path) && !/^\/v2\/(organizers|clubs)\/:id\b/.test(path)

/** "401", "403", or undefined when the declaration admits `who` (not called). */
const refusal = (route: Route, who: Who): "401" | "403" | undefined => {
  if (who === "anonymous") return "401"
  if (route.stepUp && route.guard !== "tenancy") return "403"
  if (route.guard === "signedIn") return undefined
  // Tenancy: a fresh athlete is nobody's member, an organizer's owner is not a member of the tenant
  // a path names nor of any club (but is of its own organizer, which routes naming none default to);
  // admins are the tenancy matrices' subject.
  if (route.guard === "tenancy" && route.brand === true) return who === "admin" ? undefined : "403"
  if (route.guard === "tenancy") return who === "athlete" || (who === "organizer" && (route.club === true || !actsForOwnOrganizer(route.path))) ? "403" : undefined
  const requirement = route.guard
  if (requirement._tag === "Role") return requirement.roles.includes(Roles[who] as never) ? undefined : "403"
  if (requirement.adminsOnly === true) return who === "admin" ? "403" : undefined
  return "403"
}

const Bodies: ReadonlyArray<{ readonly name: string; readonly body: unknown; readonly query: string }> = [
  { name: "no body", body: undefined, query: "" },
  { name: "malformed body", body: [1, "x", { readonly: null }], query: "?limit=abc&page=-1&from=yesterday" }
]

describe("authorization before decoding", () => {
  it("finds the guarded routes of every area in the contract", () => {
    const routes = guardedRoutes()
    const kinds = new Set(routes.map((r) => (typeof r.guard === "string" ? r.guard : r.guard._tag)))
    expect([...kinds].sort()).toEqual(["Permission", "Role", "signedIn", "tenancy"])
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining([
      "POST /v2/admin/notifications/send",
      "PATCH /v2/admin-permissions/:id",
      "GET /v2/admin/compliance/erasure-requests"
    ]))
  })

  it("declares a role or permission on every signed-in admin route", () => {
    const undeclared = guardedRoutes().filter((r) => r.guard === "signedIn" && /^\/v2\/admins?[/-]/.test(r.path))
    expect(undeclared.map((r) => `${r.method} ${r.path}`)).toEqual([])
  })

  it("declares step-up only where Authenticated enforces it", () => {
    // Tenancy guards and OptionalAuthenticated do not read StepUp: there it would be a silent no-op.
    const ignored = AreaApis.flatMap((api) =>
      Object.values((api as unknown as { groups: Record<string, HttpApiGroup.HttpApiGroup.AnyWithProps> }).groups).flatMap((group) =>
        Object.values(group.endpoints as Record<string, HttpApiEndpoint.HttpApiEndpoint.AnyWithProps>)
          .filter((endpoint) => stepUpOf(group, endpoint) && !guardsOf(group, endpoint).includes("Authenticated"))
          .map((endpoint) => `${endpoint.method} ${endpoint.path}`)))
    expect(ignored).toEqual([])
  })

  it("answers 401 without a token and 403 to a principal the declaration refuses, whatever the body", async () => {
    const athlete = await newAthlete(host())
    const organizer = await seedOrganizer(host(), "Matrix Outsider")
    const admin = await newAdmin(host())
    const headersOf: Record<Who, Record<string, string>> = {
      anonymous: {},
      athlete: athlete.headers,
      organizer: organizer.owner.headers,
      admin: admin.headers
    }
    const failures: Array<string> = []
    for (const route of guardedRoutes()) {
      const path = route.path.replace(/:[A-Za-z]+/g, OtherId)
      for (const who of ["anonymous", "athlete", "organizer", "admin"] as const) {
        const want = refusal(route, who)
        if (want === undefined) continue
        for (const { name, body, query } of Bodies) {
          const sent = route.method === "GET" || route.method === "DELETE" ? undefined : body
          const res = await host().http.request(route.method, `${path}${query}`, sent, headersOf[who])
          if (String(res.status) !== want) {
            failures.push(`${route.method} ${route.path} as ${who} with ${name}: expected ${want}, got ${res.status} ${res.text.slice(0, 100)}`)
          }
        }
      }
    }
    expect(failures).toEqual([])
  }, 300_000)

  it("refuses an admin without the permission before reading the query, and decodes it once the guard passes", async () => {
    const admin = await newAdmin(host())
    const refused = await host().http.request("GET", "/v2/admin/compliance/erasure-requests?limit=abc", undefined, admin.headers)
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ status: 403, code: "ADMIN_PERMISSION_REQUIRED", message: "Access Denied", data: null })
    // The outbox needs only the admin role: the same kind of query now reaches decoding.
    const decoded = await host().http.request("GET", "/v2/admin/notifications/outbox?limit=abc", undefined, admin.headers)
    expect(decoded.status).toBe(400)
  })
})
