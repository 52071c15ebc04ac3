/**
 * The club role × route authorization matrix, generated from the contract: every endpoint of the
 * served area APIs carrying a club tenancy guard (ClubManagers, ClubStaff, ClubMembers, …) is called
 * by each principal — owner, admin, moderator, member, member of another club, athlete, platform
 * admin, anonymous — against a fresh club, and must answer 401/403 exactly when the guard's policy
 * says so. New club-scoped routes join this test by using a club tenancy guard.
 */
import { ClubTenancyPolicies } from "@podium/contracts/common"
import { describe, expect, it } from "vitest"
import { useRealHost } from "../support/real-host.js"
import { expectedAnswer, type GuardedRoute, guardedRoutes as routesGuardedBy, OtherId, walkMatrix } from "../support/tenancy-matrix.js"
import { clubAdmin, newAthlete, seedClub } from "./support.js"

const host = useRealHost(import.meta.url)

const guardedRoutes = () => routesGuardedBy(ClubTenancyPolicies)

const concrete = (route: GuardedRoute, clubId: string) =>
  route.path
    .replace(/:clubId\b/g, clubId)
    .replace(/^\/v2\/clubs\/:id\b/, `/v2/clubs/${clubId}`)
    .replace(/:[A-Za-z]+/g, OtherId)

type PrincipalName = "anonymous" | "athlete" | "otherClubOwner" | "platformAdmin" | "member" | "moderator" | "admin" | "owner"
const Principals: ReadonlyArray<PrincipalName> = ["anonymous", "athlete", "otherClubOwner", "platformAdmin", "member", "moderator", "admin", "owner"]

const expected = (guard: string, who: PrincipalName) =>
  expectedAnswer(ClubTenancyPolicies[guard]!, who, { owner: "OWNER", admin: "ADMIN", moderator: "MODERATOR", member: "MEMBER" })

describe("club tenancy matrix", () => {
  it("finds the club-scoped routes in the contract", () => {
    expect(guardedRoutes().map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(["POST /v2/clubs/:id/runs", "POST /v2/clubs/:id/runs/:runId/rsvp"]))
  })

  it("answers every principal on every club-scoped route as its guard's policy says", async () => {
    const athlete = await newAthlete(host())
    const platformAdmin = await clubAdmin(host(), ["*"])
    const other = await seedClub(host())
    const failures = await walkMatrix(host(), guardedRoutes(), Principals, expected, async (route) => {
      // A fresh club per route; principals go from least to most privileged, so an allowed call
      // that changes the club cannot turn a later refusal into an accident.
      // CLUB_MEMBERSHIP: routes of paid clubs (revenue streams, tiers) refuse other clubs with 403.
      const seeded = await seedClub(host(), { clubType: "CLUB_MEMBERSHIP" })
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
      return async (who) => ({ path: concrete(route, seeded.club.id), headers: headersOf[who] })
    })
    expect(failures).toEqual([])
  }, 240_000)
})
