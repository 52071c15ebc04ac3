/**
 * Organizer team through the real host: list, invite, accept by the invitee, role changes, revoke,
 * the last-OWNER rule (also under concurrent demotions) and the activity log with its cursor.
 */
import { Organizers } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { freshPhone, newAthlete, seedOrganizer } from "./support.js"

const host = realHostOf(import.meta.url)

describe("organizer team", () => {
  it("invites a person who accepts as an athlete and then acts for the organizer", async () => {
    const org = await seedOrganizer(host, "Team Org")
    const team = await host.http.request("GET", "/v2/organizer/team", undefined, org.viewer.headers)
    expect(team.status).toBe(200)
    expect(team.body.data.map((m: { role: string }) => m.role).sort()).toEqual(["ADMIN", "OWNER", "VIEWER"])

    const phone = freshPhone()
    const invited = await host.http.request("POST", "/v2/organizer/team/invite", { phoneNumber: phone, role: "ADMIN", name: "Asha" }, org.admin.headers)
    expect(invited.status).toBe(201)
    expect(invited.body.data).toMatchObject({ organizerId: org.id, phoneNumber: phone, role: "ADMIN", status: "INVITED", invitedBy: org.admin.memberId })
    const again = await host.http.request("POST", "/v2/organizer/team/invite", { phoneNumber: phone, role: "VIEWER" }, org.admin.headers)
    expect(again.status).toBe(409)
    const invalid = await host.http.request("POST", "/v2/organizer/team/invite", { phoneNumber: "123", role: "BOSS" }, org.admin.headers)
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual(["phoneNumber must be a valid phone number", "role must be one of the following values: OWNER, ADMIN, VIEWER"])
    expect((await host.http.request("POST", "/v2/organizer/team/invite", { role: "ADMIN" }, org.admin.headers)).status).toBe(400)
    // An ADMIN cannot mint OWNERs.
    expect((await host.http.request("POST", "/v2/organizer/team/invite", { phoneNumber: freshPhone(), role: "OWNER" }, org.admin.headers)).status).toBe(403)

    const invitee = await newAthlete(host, phone)
    const pending = await host.http.get("/v2/me/organizer-memberships", { headers: invitee.headers })
    expect(pending.body.data).toEqual([expect.objectContaining({ id: invited.body.data.id, organizerId: org.id, status: "INVITED" })])
    expect((await host.http.request("GET", "/v2/organizer/team", undefined, { ...invitee.headers, "x-organizer-id": org.id })).status).toBe(403)

    const stranger = await newAthlete(host)
    expect((await host.http.request("POST", `/v2/me/organizer-memberships/${invited.body.data.id}/accept`, undefined, stranger.headers)).status).toBe(404)
    const accepted = await host.http.request("POST", `/v2/me/organizer-memberships/${invited.body.data.id}/accept`, undefined, invitee.headers)
    expect(accepted.status).toBe(201)
    expect(accepted.body.data).toMatchObject({ status: "ACTIVE", userId: invitee.user.id })
    expect((await host.http.request("POST", `/v2/me/organizer-memberships/${invited.body.data.id}/accept`, undefined, invitee.headers)).status).toBe(404)
    const asMember = await host.http.request("GET", "/v2/organizer/team", undefined, invitee.headers)
    expect(asMember.status).toBe(200)
  })

  it("changes roles and revokes, never leaving the organizer without an OWNER", async () => {
    const org = await seedOrganizer(host, "Roles Org")
    const toViewer = await host.http.request("PATCH", `/v2/organizer/team/${org.admin.memberId}`, { role: "VIEWER" }, org.owner.headers)
    expect(toViewer.status).toBe(200)
    expect(toViewer.body.data.role).toBe("VIEWER")
    // The demoted admin lost write access at once.
    expect((await host.http.request("POST", "/v2/organizer/team/invite", { phoneNumber: freshPhone(), role: "VIEWER" }, org.admin.headers)).status).toBe(403)

    const last = await host.http.request("PATCH", `/v2/organizer/team/${org.owner.memberId}`, { role: "ADMIN" }, org.owner.headers)
    expect(last.status).toBe(409)
    expect(last.body).toMatchObject({ code: "LAST_OWNER", message: "The last OWNER cannot be removed or demoted" })
    expect((await host.http.request("DELETE", `/v2/organizer/team/${org.owner.memberId}`, undefined, org.owner.headers)).status).toBe(409)
    expect((await host.http.request("DELETE", `/v2/organizer/team/${crypto.randomUUID()}`, undefined, org.owner.headers)).status).toBe(404)

    const revoked = await host.http.request("DELETE", `/v2/organizer/team/${org.viewer.memberId}`, undefined, org.owner.headers)
    expect(revoked.body.data.status).toBe("REMOVED")
    expect((await host.http.request("GET", "/v2/organizer/team", undefined, org.viewer.headers)).status).toBe(403)
  })

  it("lets only one of two OWNERs demoting each other at once win: an OWNER always remains", async () => {
    for (let round = 0; round < 5; round++) {
      const org = await seedOrganizer(host, "Race Org")
      const promoted = await host.http.request("PATCH", `/v2/organizer/team/${org.admin.memberId}`, { role: "OWNER" }, org.owner.headers)
      expect(promoted.body.data.role).toBe("OWNER")
      const [a, b] = await Promise.all([
        host.http.request("PATCH", `/v2/organizer/team/${org.owner.memberId}`, { role: "VIEWER" }, org.admin.headers),
        host.http.request("PATCH", `/v2/organizer/team/${org.admin.memberId}`, { role: "VIEWER" }, org.owner.headers)
      ])
      const statuses = [a.status, b.status].sort()
      // The loser is refused by the locked last-OWNER check (409) or, when it arrives after the
      // winner committed, by the tenancy guard because it is no longer an OWNER/ADMIN (403).
      expect(statuses[0]).toBe(200)
      expect([403, 409]).toContain(statuses[1])
      const team = await host.run(Effect.flatMap(Organizers.TeamRepo, (r) => r.listTeam(org.id)))
      expect(team.filter((m) => m.role === "OWNER" && m.status === "ACTIVE")).toHaveLength(1)
    }
  })

  it("pages the activity log newest first with limit and before", async () => {
    const org = await seedOrganizer(host, "Activity Org")
    for (let i = 0; i < 3; i++) {
      await host.http.request("POST", "/v2/organizer/team/invite", { phoneNumber: freshPhone(), role: "VIEWER" }, org.owner.headers)
    }
    const first = await host.http.request("GET", "/v2/organizer/team/activity?limit=2", undefined, org.viewer.headers)
    expect(first.status).toBe(200)
    expect(first.body.data.items).toHaveLength(2)
    expect(first.body.data.items[0]).toMatchObject({ action: "organizer.team.invited", actorKind: "organizer", actorId: org.owner.memberId })
    const next = await host.http.request("GET", `/v2/organizer/team/activity?limit=2&before=${first.body.data.nextBefore}`, undefined, org.viewer.headers)
    expect(next.body.data.items).toHaveLength(1)
    expect(next.body.data.nextBefore).toBeNull()
    expect(next.body.data.items[0].seq).toBeLessThan(first.body.data.items[1].seq)
    expect((await host.http.request("GET", "/v2/organizer/team/activity?limit=0", undefined, org.viewer.headers)).status).toBe(400)
  })
})
