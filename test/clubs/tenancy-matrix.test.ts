/**
 * The club role × route authorization matrix, generated from the contract: every endpoint of the
 * served area APIs carrying a club tenancy guard (ClubManagers, ClubStaff, ClubMembers, …) is called
 * by each principal — owner, admin, moderator, member, member of another club, athlete, platform
 * admin, anonymous — against a fresh club, and must answer 401/403 exactly when the guard's policy
 * says so. New club-scoped routes join this test by using a club tenancy guard.
 */
import type { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { ClubTenancyPolicies } from "@podium/contracts/common"
import { AreaApis } from "@podium/http/api"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { onServer, type RealHost, startRealHost } from "../support/real-host.js"
import { clubAdmin, newAthlete, seedClub } from "./support.js"

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

const guardedRoutes = (): Array<GuardedRoute> =>
  AreaApis.flatMap((api) =>
    Object.values((api as unknown as { groups: Record<string, HttpApiGroup.HttpApiGroup.AnyWithProps> }).groups).flatMap((group) =>
      Object.values(group.endpoints as Record<string, HttpApiEndpoint.HttpApiEndpoint.AnyWithProps>).flatMap((endpoint) => {
        const tags = [...group.middlewares, ...endpoint.middlewares] as Array<{ key: string }>
        const guard = tags.map((t) => t.key).find((k) => k in ClubTenancyPolicies)
        return guard === undefined ? [] : [{ method: endpoint.method, path: endpoint.path, guard }]
      })))

const OtherId = "00000000-0000-4000-8000-00000000dead"

const concrete = (route: GuardedRoute, clubId: string) =>
  route.path
    .replace(/:clubId\b/g, clubId)
    .replace(/^\/v2\/clubs\/:id\b/, `/v2/clubs/${clubId}`)
    .replace(/:[A-Za-z]+/g, OtherId)

type PrincipalName = "anonymous" | "athlete" | "otherClubOwner" | "platformAdmin" | "member" | "moderator" | "admin" | "owner"
const Principals: ReadonlyArray<PrincipalName> = ["anonymous", "athlete", "otherClubOwner", "platformAdmin", "member", "moderator", "admin", "owner"]

const expected = (guard: string, who: PrincipalName): "401" | "403" | "allowed" => {
  const policy = ClubTenancyPolicies[guard]!
  switch (who) {
    case "anonymous": return "401"
    case "athlete":
    case "otherClubOwner": return "403"
    case "platformAdmin": return policy.platformAdmin ? "allowed" : "403"
    case "owner": return policy.roles.includes("OWNER") ? "allowed" : "403"
    case "admin": return policy.roles.includes("ADMIN") ? "allowed" : "403"
    case "moderator": return policy.roles.includes("MODERATOR") ? "allowed" : "403"
    case "member": return policy.roles.includes("MEMBER") ? "allowed" : "403"
  }
}

describe.runIf(onServer)("club tenancy matrix", () => {
  it("finds the club-scoped routes in the contract", () => {
    expect(guardedRoutes().map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(["POST /v2/clubs/:clubId/runs", "POST /v2/clubs/:id/runs/:runId/rsvp"]))
  })

  it("answers every principal on every club-scoped route as its guard's policy says", async () => {
    const athlete = await newAthlete(host)
    const platformAdmin = await clubAdmin(host, ["*"])
    const other = await seedClub(host)
    const failures: Array<string> = []
    for (const route of guardedRoutes()) {
      // A fresh club per route; principals go from least to most privileged, so an allowed call
      // that changes the club cannot turn a later refusal into an accident.
      // CLUB_MEMBERSHIP: routes of paid clubs (revenue streams, tiers) refuse other clubs with 403.
      const seeded = await seedClub(host, { clubType: "CLUB_MEMBERSHIP" })
      const headersOf: Record<PrincipalName, Record<string, string>> = {
        anonymous: {},
        athlete: athlete.headers,
        otherClubOwner: other.owner.headers,
        platformAdmin: platformAdmin.headers,
        member: seeded.member.headers,
        moderator: seeded.moderator.headers,
        admin: seeded.admin.headers,
        owner: seeded.owner.headers
      }
      for (const who of Principals) {
        const body = route.method === "GET" || route.method === "DELETE" ? undefined : {}
        const res = await host.http.request(route.method, concrete(route, seeded.club.id), body, headersOf[who])
        const want = expected(route.guard, who)
        const ok = want === "allowed" ? res.status !== 401 && res.status !== 403 : String(res.status) === want
        if (!ok) failures.push(`${route.method} ${route.path} as ${who}: expected ${want}, got ${res.status} ${res.text.slice(0, 120)}`)
      }
    }
    expect(failures).toEqual([])
  }, 240_000)
})
