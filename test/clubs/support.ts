/**
 * Helpers of the clubs tests: athletes and admins signed in, clubs created through HTTP and moved
 * through onboarding, members added straight through the repository (for tests of other routes).
 */
import { Accounts, Clubs } from "@podium/core"
import { Effect } from "effect"
import { freshPhone, newAthlete, tokenFor } from "../organizers/support.js"
import type { RealHost } from "../support/real-host.js"

export { newAthlete }

export type Caller = { readonly headers: Record<string, string> }
export type Athlete = Awaited<ReturnType<typeof newAthlete>>

/** An admin holding `permissions` (default: the clubs permissions). */
export const clubAdmin = async (host: RealHost, permissions: ReadonlyArray<string> = ["clubs.review", "clubs.money"]) => {
  const admin = await host.run(Effect.flatMap(Accounts.AdminRepo, (r) => r.create({ phoneNumber: freshPhone(), permissions })))
  return { admin, headers: await tokenFor(host, "admin", admin.id) }
}

let slugCounter = 0
export const freshSlug = (prefix = "club") => `${prefix}-${Date.now().toString(36)}-${(slugCounter++).toString(36)}`

/** Creates a club through HTTP as `owner` (DRAFT) and answers its body. */
export const createClub = async (host: RealHost, owner: Caller, body: Record<string, unknown> = {}) => {
  const res = await host.http.post("/v2/clubs", { name: "Pune Pacers", slug: freshSlug(), sportIds: ["running"], ...body }, owner.headers)
  if (res.status !== 201) throw new Error(`club create failed: ${res.status} ${res.text}`)
  return res.body.data as { id: string; slug: string; status: string; ownerUserId: string }
}

/** A club moved to `status` straight through the repository (for tests of other capabilities). */
export const clubIn = async (host: RealHost, status: Clubs.ClubStatus = "ACTIVE", body: Record<string, unknown> = {}) => {
  const owner = await newAthlete(host)
  const club = await createClub(host, owner, body)
  if (status !== "DRAFT") {
    await host.run(Effect.flatMap(Clubs.ClubRepo, (r) => r.transition(club.id, ["DRAFT"], status, { rejectionReason: status === "SUSPENDED" ? "Rejected for tests" : null })))
  }
  return { club, owner }
}

/** Adds `athlete` to the club with `role` (ACTIVE) straight through the repository. */
export const addMember = async (host: RealHost, clubId: string, role: Clubs.ClubRole = "MEMBER", athlete?: Athlete) => {
  const who = athlete ?? await newAthlete(host)
  const { member } = await host.run(Effect.flatMap(Clubs.ClubMemberRepo, (r) => r.upsert(clubId, who.user.id, "ACTIVE", role)))
  return { ...who, memberId: member.id }
}

/** An ACTIVE club with an OWNER, an ADMIN, a MODERATOR and a MEMBER, each signed in. */
export const seedClub = async (host: RealHost, body: Record<string, unknown> = {}) => {
  const { club, owner } = await clubIn(host, "ACTIVE", body)
  const ownerMember = await host.run(Effect.flatMap(Clubs.ClubMemberRepo, (r) => r.find(club.id, owner.user.id)))
  return {
    club,
    owner: { ...owner, memberId: ownerMember._tag === "Some" ? ownerMember.value.id : "" },
    admin: await addMember(host, club.id, "ADMIN"),
    moderator: await addMember(host, club.id, "MODERATOR"),
    member: await addMember(host, club.id, "MEMBER")
  }
}
