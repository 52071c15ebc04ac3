/**
 * Challenge participations, templates and club challenges through the real host: athletes join and
 * leave (concurrent joins of a capped challenge never pass the cap), participants are paginated,
 * admins list and revoke participations; creators save, list and delete templates; a club's
 * OWNER/ADMIN runs the club's challenges.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { addMember, clubIn, newAthlete } from "../clubs/support.js"
import type { SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { activeChallenge, challengeBody, challengesCast, draft } from "./support.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>, org: SeededOrganizer
beforeAll(async () => void ({ admin, org } = await challengesCast(host, "Participation Org")), 60_000)

const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)
const forOrg = (extra: Record<string, unknown> = {}) => challengeBody({ creatorType: "organizer", creatorId: org.id, ...extra })
const join = (id: string, headers: Record<string, string>) => send("POST", `/v2/challenge-participations/${id}`, undefined, headers)

describe("challenge participations", () => {
  it("lets athletes only join, leave and rejoin; a second join is 409 and a draft is not joinable", async () => {
    const challenge = await activeChallenge(host, admin, forOrg())
    const athlete = await newAthlete(host)
    expect((await join(challenge.id, {})).status).toBe(401)
    expect((await join(challenge.id, admin)).status).toBe(403)
    const joined = await join(challenge.id, athlete.headers)
    expect(joined.status).toBe(201)
    expect(joined.body.data).toMatchObject({ challengeId: challenge.id, userId: athlete.user.id, status: "JOINED", leftAt: null })
    const twice = await join(challenge.id, athlete.headers)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("CHALLENGE_ALREADY_JOINED")
    expect((await send("GET", `/v2/challenge-participations/${challenge.id}`, undefined, athlete.headers)).body.data.status).toBe("JOINED")

    const left = await send("DELETE", `/v2/challenge-participations/${challenge.id}`, undefined, athlete.headers)
    expect(left.body.data).toMatchObject({ status: "LEFT" })
    expect((await host.http.get(`/v2/challenges/${challenge.id}/public`)).body.data.participantCount).toBe(0)
    const leaveAgain = await send("DELETE", `/v2/challenge-participations/${challenge.id}`, undefined, athlete.headers)
    expect(leaveAgain.status).toBe(409)
    expect(leaveAgain.body.code).toBe("PARTICIPATION_MOVE_REFUSED")
    const rejoined = await join(challenge.id, athlete.headers)
    expect(rejoined.body.data).toMatchObject({ id: joined.body.data.id, status: "JOINED", leftAt: null })

    const mine = await send("GET", "/v2/challenge-participations?status=JOINED", undefined, athlete.headers)
    expect(mine.body.data).toMatchObject({ total: 1, page: 1, limit: 20 })
    expect(mine.body.data.items[0]).toMatchObject({ challengeId: challenge.id, challenge: { id: challenge.id, status: "ACTIVE" } })

    const drafted = await draft(host, org.owner.headers, forOrg())
    const notJoinable = await join(drafted.id, athlete.headers)
    expect(notJoinable.status).toBe(409)
    expect(notJoinable.body.code).toBe("CHALLENGE_NOT_JOINABLE")
    expect((await join(crypto.randomUUID(), athlete.headers)).status).toBe(404)
    expect((await send("GET", `/v2/challenge-participations/${drafted.id}`, undefined, athlete.headers)).status).toBe(404)
  })

  it("never lets concurrent joins of a capped challenge pass the cap", async () => {
    const capped = await activeChallenge(host, admin, forOrg({ maxParticipants: 3 }))
    const athletes = await Promise.all(Array.from({ length: 8 }, () => newAthlete(host)))
    const results = await Promise.all(athletes.map((a) => join(capped.id, a.headers)))
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(3)
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === "CHALLENGE_FULL")).toBe(true)
    expect(statuses.filter((s) => s === 409)).toHaveLength(5)
    expect((await host.http.get(`/v2/challenges/${capped.id}/public`)).body.data.participantCount).toBe(3)
    const participants = await host.http.get(`/v2/challenges/${capped.id}/participants?limit=2`)
    expect(participants.body.data).toMatchObject({ total: 3, page: 1, limit: 2 })
    expect(participants.body.data.items).toHaveLength(2)
    const second = await host.http.get(`/v2/challenges/${capped.id}/participants?limit=2&page=2`)
    expect(second.body.data.items).toHaveLength(1)
    const lowered = await send("PATCH", `/v2/challenges/${capped.id}`, { maxParticipants: 2 }, org.owner.headers)
    expect(lowered.status).toBe(409)
    expect(lowered.body.code).toBe("CHALLENGE_CAP_BELOW_PARTICIPANTS")
  })

  it("lets admins list and revoke participations; a revoked athlete cannot rejoin", async () => {
    const challenge = await activeChallenge(host, admin, forOrg())
    const athlete = await newAthlete(host)
    const joined = (await join(challenge.id, athlete.headers)).body.data
    const listed = await send("GET", `/v2/admin/challenge-management/participations?challengeId=${challenge.id}`, undefined, admin)
    expect(listed.body.data.items.map((p: { id: string }) => p.id)).toEqual([joined.id])
    expect((await send("POST", `/v2/admin/challenge-management/participations/${joined.id}/revoke`, { reason: "GPS spoofing" }, athlete.headers)).status).toBe(403)
    expect((await send("POST", `/v2/admin/challenge-management/participations/${joined.id}/revoke`, {}, admin)).body.message).toEqual([
      "reason must be longer than or equal to 3 and shorter than or equal to 1000 characters"
    ])
    const revoked = await send("POST", `/v2/admin/challenge-management/participations/${joined.id}/revoke`, { reason: "GPS spoofing" }, admin)
    expect(revoked.body.data).toMatchObject({ status: "REVOKED", revokedReason: "GPS spoofing" })
    expect((await host.http.get(`/v2/challenges/${challenge.id}/public`)).body.data.participantCount).toBe(0)
    expect((await join(challenge.id, athlete.headers)).body.code).toBe("PARTICIPATION_REVOKED")
    expect((await send("POST", `/v2/admin/challenge-management/participations/${joined.id}/revoke`, { reason: "Again" }, admin)).status).toBe(409)
    const ofUser = await send("GET", `/v2/admin/users/${athlete.user.id}/challenges`, undefined, admin)
    expect(ofUser.body.data).toMatchObject({ total: 1, items: [{ id: joined.id, status: "REVOKED", challenge: { id: challenge.id } }] })
    expect((await send("GET", `/v2/admin/users/${athlete.user.id}/challenges`, undefined, athlete.headers)).status).toBe(403)
    const summary = await send("GET", `/v2/admin/challenge-management/users/${athlete.user.id}/summary`, undefined, admin)
    expect(summary.body.data).toEqual({ userId: athlete.user.id, total: 1, byStatus: { PENDING_PAYMENT: 0, JOINED: 0, LEFT: 0, REVOKED: 1 } })
    const history = await send("GET", `/v2/admin/challenge-management/history-logs?challengeId=${challenge.id}&limit=1`, undefined, admin)
    expect(history.body.data[0]).toMatchObject({ action: "challenges.participation.revoked", reason: "GPS spoofing", data: { participationId: joined.id } })
  })
})

describe("challenge templates", () => {
  it("saves a challenge as a template of its creator, lists and deletes it; outsiders are refused", async () => {
    const challenge = await draft(host, org.owner.headers, forOrg({ maxParticipants: 50, tags: ["running"] }))
    const outsider = await newAthlete(host)
    expect((await send("POST", "/v2/challenge-templates", { challengeId: challenge.id }, outsider.headers)).status).toBe(403)
    expect((await send("POST", "/v2/challenge-templates", { challengeId: "nope" }, org.owner.headers)).body.message).toEqual(["challengeId must be a UUID"])
    const saved = await send("POST", "/v2/challenge-templates", { challengeId: challenge.id, name: "Monthly 100K" }, org.owner.headers)
    expect(saved.status).toBe(201)
    expect(saved.body.data).toMatchObject({ name: "Monthly 100K", creatorType: "organizer", creatorId: org.id, durationDays: 30, maxParticipants: 50, tags: ["running"] })
    const listed = await send("GET", `/v2/challenge-templates?creatorType=organizer&creatorId=${org.id}`, undefined, org.admin.headers)
    expect(listed.body.data.map((t: { id: string }) => t.id)).toContain(saved.body.data.id)
    expect((await send("GET", `/v2/challenge-templates?creatorType=organizer&creatorId=${org.id}`, undefined, outsider.headers)).status).toBe(403)
    expect((await send("DELETE", `/v2/challenge-templates/${saved.body.data.id}`, undefined, outsider.headers)).status).toBe(403)
    expect((await send("DELETE", `/v2/challenge-templates/${saved.body.data.id}`, undefined, org.owner.headers)).body.data).toEqual({ id: saved.body.data.id, deleted: true })
    expect((await send("DELETE", `/v2/challenge-templates/${saved.body.data.id}`, undefined, org.owner.headers)).status).toBe(404)
  })
})

describe("club challenges", () => {
  it("lets a club's OWNER/ADMIN create, change, toggle and cancel the club's challenges; members are refused", async () => {
    const { club, owner } = await clubIn(host, "ACTIVE")
    const member = await addMember(host, club.id, "MEMBER")
    const base = `/v2/challenges/club/${club.id}`
    expect((await send("POST", base, challengeBody(), member.headers)).status).toBe(403)
    expect((await send("POST", base, challengeBody(), {})).status).toBe(401)
    const created = await send("POST", base, challengeBody({ title: "Club 50K" }), owner.headers)
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ creatorType: "club", creatorId: club.id, status: "DRAFT" })
    const id = created.body.data.id as string
    expect((await send("PATCH", `${base}/${id}`, { goalValue: 50_000 }, owner.headers)).body.data.goalValue).toBe(50_000)
    expect((await send("GET", base, undefined, owner.headers)).body.data.items.map((c: { id: string }) => c.id)).toEqual([id])

    const other = await activeChallenge(host, admin, forOrg())
    expect((await send("PATCH", `${base}/${other.id}`, { goalValue: 1 }, owner.headers)).status).toBe(404)

    expect((await host.http.get(`/v2/clubs/${club.id}/challenges`)).body.data.total).toBe(0)
    await send("PATCH", `/v2/challenges/${id}/review`, { decision: "APPROVE" }, admin)
    expect((await host.http.get(`/v2/clubs/${club.id}/challenges`)).body.data.items.map((c: { id: string }) => c.id)).toEqual([id])
    expect((await send("PATCH", `${base}/${id}/toggle`, undefined, owner.headers)).body.data.status).toBe("PAUSED")
    const cancelled = await send("POST", `${base}/${id}/cancel`, { reason: "Season over" }, owner.headers)
    expect(cancelled.body.data).toMatchObject({ status: "CANCELLED", statusReason: "Season over" })
    const viaGeneric = await draft(host, owner.headers, challengeBody({ creatorType: "club", creatorId: club.id }))
    expect(viaGeneric.creatorId).toBe(club.id)
  })
})
