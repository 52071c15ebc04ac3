/**
 * The role × route authorization matrix, generated from the contract: every endpoint of the served
 * area APIs that carries an organizer tenancy guard (OrganizerManagers, OrganizerReaders, …) is
 * called by each principal — owner, admin, viewer, member of another organizer, athlete, platform
 * admin, anonymous — against a fresh organizer, and must answer 401/403 exactly when the guard's
 * policy says so. New organizer-scoped routes join this test by using a tenancy guard.
 */
import { OrganizerTenancyPolicies } from "@podium/contracts/common"
import { describe, expect, it } from "vitest"
import { useRealHost } from "../support/real-host.js"
import { expectedAnswer, type GuardedRoute, guardedRoutes as routesGuardedBy, OtherId, walkMatrix } from "../support/tenancy-matrix.js"
import { newAdmin, newAthlete, seedOrganizer } from "./support.js"

const host = useRealHost(import.meta.url)

/** Every endpoint with a tenancy guard, read from the area APIs' definitions. */
const guardedRoutes = () => routesGuardedBy(OrganizerTenancyPolicies)

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

const expected = (guard: string, who: PrincipalName) =>
  expectedAnswer(OrganizerTenancyPolicies[guard]!, who, { owner: "OWNER", admin: "ADMIN", viewer: "VIEWER" })

describe("organizer tenancy matrix", () => {
  it("finds the organizer-scoped routes in the contract", () => {
    const routes = guardedRoutes().map((r) => `${r.method} ${r.path}`)
    expect(routes).toEqual(expect.arrayContaining(["GET /v2/organizers/:id", "PATCH /v2/organizers/:id", "GET /v2/organizer/team"]))
  })

  it("answers every principal on every organizer-scoped route as its guard's policy says", async () => {
    const athlete = await newAthlete(host())
    const platformAdmin = await newAdmin(host())
    const other = await seedOrganizer(host(), "Other Org")
    // Refused calls change nothing, so they share one organizer; an allowed call may change or
    // delete its organizer, so each gets a fresh one.
    const refusing = await seedOrganizer(host(), "Refusing Org")
    const failures = await walkMatrix(host(), guardedRoutes(), Principals, expected, async (route) => async (who) => {
      const org = expected(route.guard, who) === "allowed" ? await seedOrganizer(host(), "Matrix Org") : refusing
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
      return { path, headers: { ...headersOf[who], ...headers } }
    })
    expect(failures).toEqual([])
  }, 240_000)

  it("never lets a member of one organizer name another organizer in the x-organizer-id header", async () => {
    const a = await seedOrganizer(host(), "Tenant A")
    const b = await seedOrganizer(host(), "Tenant B")
    const res = await host().http.request("GET", "/v2/organizer/team", undefined, { ...a.owner.headers, "x-organizer-id": b.id })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ status: 403, statusText: "FORBIDDEN", message: "Access Denied", data: null })
    const own = await host().http.request("GET", "/v2/organizer/team", undefined, a.owner.headers)
    expect(own.status).toBe(200)
    expect(own.body.data.every((m: { organizerId: string }) => m.organizerId === a.id)).toBe(true)
  })
})
