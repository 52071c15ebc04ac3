/**
 * The role × route authorization matrix, generated from the contract: every endpoint of the served
 * area APIs that carries an organizer tenancy guard (OrganizerManagers, OrganizerReaders, …) is
 * called by each principal — owner, admin, viewer, member of another organizer, athlete, platform
 * admin, anonymous — against a fresh organizer, and must answer 401/403 exactly when the guard's
 * policy says so. New organizer-scoped routes join this test by using a tenancy guard.
 */
import type { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { OrganizerTenancyPolicies } from "@podium/contracts/common"
import { AreaApis } from "@podium/http/api"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { onServer, type RealHost, startRealHost } from "../support/real-host.js"
import { newAdmin, newAthlete, seedOrganizer } from "./support.js"

let host: RealHost
beforeAll(async () => {
  if (onServer) host = await startRealHost(import.meta.url)
}, 60_000)
afterAll(async () => {
  await host?.close()
})

interface GuardedRoute {
  readonly method: string
  readonly path: string
  readonly guard: string
}

/** Every endpoint with a tenancy guard, read from the area APIs' definitions. */
const guardedRoutes = (): Array<GuardedRoute> =>
  AreaApis.flatMap((api) =>
    Object.values((api as unknown as { groups: Record<string, HttpApiGroup.HttpApiGroup.AnyWithProps> }).groups).flatMap((group) =>
      Object.values(group.endpoints as Record<string, HttpApiEndpoint.HttpApiEndpoint.AnyWithProps>).flatMap((endpoint) => {
        const tags = [...group.middlewares, ...endpoint.middlewares] as Array<{ key: string }>
        const guard = tags.map((t) => t.key).find((k) => k in OrganizerTenancyPolicies)
        return guard === undefined ? [] : [{ method: endpoint.method, path: endpoint.path, guard }]
      })))

const OtherId = "00000000-0000-4000-8000-00000000dead"

/** The concrete URL for organizer `organizerId`, and the header naming it on portal routes. */
const concrete = (route: GuardedRoute, organizerId: string) => {
  const named = /:(organizerId|orgId)\b/.test(route.path) || route.path.startsWith("/v2/organizers/:id")
  const path = route.path
    .replace(/:(organizerId|orgId)\b/g, organizerId)
    .replace(/^\/v2\/organizers\/:id\b/, `/v2/organizers/${organizerId}`)
    .replace(/:[A-Za-z]+/g, OtherId)
  return { path, headers: named ? {} : { "x-organizer-id": organizerId } }
}

type PrincipalName = "owner" | "admin" | "viewer" | "otherOrganizer" | "athlete" | "platformAdmin" | "anonymous"
const Principals: ReadonlyArray<PrincipalName> = ["anonymous", "athlete", "otherOrganizer", "platformAdmin", "viewer", "admin", "owner"]

const expected = (guard: string, who: PrincipalName): "401" | "403" | "allowed" => {
  const policy = OrganizerTenancyPolicies[guard]!
  switch (who) {
    case "anonymous": return "401"
    case "athlete":
    case "otherOrganizer": return "403"
    case "platformAdmin": return policy.platformAdmin ? "allowed" : "403"
    case "owner": return policy.roles.includes("OWNER") ? "allowed" : "403"
    case "admin": return policy.roles.includes("ADMIN") ? "allowed" : "403"
    case "viewer": return policy.roles.includes("VIEWER") ? "allowed" : "403"
  }
}

describe.runIf(onServer)("organizer tenancy matrix", () => {
  it("finds the organizer-scoped routes in the contract", () => {
    const routes = guardedRoutes().map((r) => `${r.method} ${r.path}`)
    expect(routes).toEqual(expect.arrayContaining(["GET /v2/organizers/:id", "PATCH /v2/organizers/:id", "GET /v2/organizer/team"]))
  })

  it("answers every principal on every organizer-scoped route as its guard's policy says", async () => {
    const athlete = await newAthlete(host)
    const platformAdmin = await newAdmin(host)
    const other = await seedOrganizer(host, "Other Org")
    const failures: Array<string> = []
    for (const route of guardedRoutes()) {
      for (const who of Principals) {
        // A fresh organizer per call: allowed calls may change or delete it.
        const org = await seedOrganizer(host, "Matrix Org")
        const headersOf: Record<PrincipalName, Record<string, string>> = {
          anonymous: {},
          athlete: athlete.headers,
          otherOrganizer: other.owner.headers,
          platformAdmin: platformAdmin.headers,
          viewer: org.viewer.headers,
          admin: org.admin.headers,
          owner: org.owner.headers
        }
        const { path, headers } = concrete(route, org.id)
        const body = route.method === "GET" || route.method === "DELETE" ? undefined : {}
        const res = await host.http.request(route.method, path, body, { ...headersOf[who], ...headers })
        const want = expected(route.guard, who)
        const ok = want === "allowed" ? res.status !== 401 && res.status !== 403 : String(res.status) === want
        if (!ok) failures.push(`${route.method} ${route.path} as ${who}: expected ${want}, got ${res.status} ${res.text.slice(0, 120)}`)
      }
    }
    expect(failures).toEqual([])
  }, 120_000)

  it("never lets a member of one organizer name another organizer in the x-organizer-id header", async () => {
    const a = await seedOrganizer(host, "Tenant A")
    const b = await seedOrganizer(host, "Tenant B")
    const res = await host.http.request("GET", "/v2/organizer/team", undefined, { ...a.owner.headers, "x-organizer-id": b.id })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ status: 403, statusText: "FORBIDDEN", message: "Access Denied", data: null })
    const own = await host.http.request("GET", "/v2/organizer/team", undefined, a.owner.headers)
    expect(own.status).toBe(200)
    expect(own.body.data.every((m: { organizerId: string }) => m.organizerId === a.id)).toBe(true)
  })
})
