/**
 * The club admin workspace's community tools through the real host: recognition rules (created
 * DISABLED, enable/disable moves legal and illegal, concurrent enables, evaluate as a dry run over
 * points and run attendance), awards (members only, once per rule and period, update, revoke),
 * audience segments (filters, count-only preview, update, archive, challenge attach/detach) and
 * member segments, with the tenancy rules on every route (OWNER/ADMIN only; another club's ids 404).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { useRealHost } from "../support/real-host.js"
import { addMember, newAthlete, seedClub } from "./support.js"

const host = useRealHost(import.meta.url)

type Headers = Record<string, string>
const sql = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => host().run(Effect.flatMap(SqlClient.SqlClient, f).pipe(Effect.orDie))
const currentMonth = () => Clubs.monthKeyOf(new Date())
const currentWeek = () => Clubs.weekKeyOf(new Date())
const rule = (clubId: string, headers: Headers, body: Record<string, unknown> = {}) =>
  host().http.post(`/v2/clubs/${clubId}/admin/recognition-rules`, { name: "Monthly mileage", metric: "points", period: "month", threshold: 50, awardName: "Century club", ...body }, headers)
const points = (clubId: string, headers: Headers, userId: string, n: number) =>
  host().http.post(`/v2/clubs/${clubId}/points/grants`, { userId, points: n, reason: "Run leader duty" }, headers)
const audience = (clubId: string, headers: Headers, body: Record<string, unknown> = {}) =>
  host().http.post(`/v2/clubs/${clubId}/admin/audience-segments`, { name: "Regulars", filter: {}, ...body }, headers)
/** A run of the club starting one minute into `start`, with `present` marked for the users. */
const attendedRun = async (clubId: string, start: Date, userIds: ReadonlyArray<string>) => {
  const startsAt = new Date(start.getTime() + 60_000)
  const run = await host().run(Effect.flatMap(Clubs.ClubRunRepo, (r) =>
    r.create({ clubId, title: "Tempo Tuesday", description: null, sportId: "running", startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), meetingPoint: null, distanceKm: null, capacity: null, createdBy: null })))
  await host().run(Effect.flatMap(Clubs.ClubRunRepo, (r) => r.markManual(run.id, userIds, true, userIds[0]!)))
  return run
}

describe("recognition rules", () => {
  it("creates rules DISABLED and lists, reads and updates them", async () => {
    const s = await seedClub(host())
    const created = await rule(s.club.id, s.owner.headers)
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ clubId: s.club.id, name: "Monthly mileage", metric: "points", period: "month", threshold: 50, awardName: "Century club", status: "DISABLED", createdBy: s.owner.user.id })
    const id = created.body.data.id
    await rule(s.club.id, s.admin.headers, { name: "Weekly regular", metric: "runs_attended", period: "week", threshold: 2, awardName: "Regular" })
    const list = await host().http.get(`/v2/clubs/${s.club.id}/admin/recognition-rules`, s.admin.headers)
    expect(list.body.data).toMatchObject({ total: 2, page: 1, limit: 20 })
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/recognition-rules?status=ENABLED`, s.owner.headers)).body.data.total).toBe(0)
    const one = await host().http.get(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}`, s.owner.headers)
    expect(one.body.data.id).toBe(id)
    const patched = await host().http.patch(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}`, { threshold: 80, awardName: "Eighty club" }, s.owner.headers)
    expect(patched.status).toBe(200)
    expect(patched.body.data).toMatchObject({ threshold: 80, awardName: "Eighty club", status: "DISABLED", name: "Monthly mileage" })
    const bad = await rule(s.club.id, s.owner.headers, { metric: "kilometres", period: "year", threshold: 0, name: "x" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([
      "metric must be one of the following values: points, runs_attended",
      "period must be one of the following values: week, month",
      "threshold must be an integer between 1 and 1000000",
      "name must be longer than or equal to 3 and shorter than or equal to 120 characters"
    ]))
    expect((await host().http.patch(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}`, { threshold: -1 }, s.owner.headers)).status).toBe(400)
    const actions = await sql((q) => q<{ action: string }>`
      select action from platform.audit_log where subject_id = ${s.club.id} and action like 'club.recognition_rule.%' order by seq`)
    expect(actions.map((a) => a.action)).toEqual(["club.recognition_rule.created", "club.recognition_rule.created", "club.recognition_rule.updated"])
  })

  it("moves DISABLED → ENABLED → DISABLED and refuses the other moves", async () => {
    const s = await seedClub(host())
    const id = (await rule(s.club.id, s.owner.headers)).body.data.id
    const disableDisabled = await host().http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}/disable`, {}, s.owner.headers)
    expect(disableDisabled.status).toBe(409)
    expect(disableDisabled.body.code).toBe("CLUB_RECOGNITION_RULE_MOVE_REFUSED")
    const enabled = await host().http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}/enable`, {}, s.owner.headers)
    expect(enabled.status).toBe(200)
    expect(enabled.body.data.status).toBe("ENABLED")
    const enableEnabled = await host().http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}/enable`, {}, s.admin.headers)
    expect(enableEnabled.status).toBe(409)
    expect(enableEnabled.body.message).toBe("Cannot enable a rule that is ENABLED")
    const disabled = await host().http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}/disable`, {}, s.admin.headers)
    expect(disabled.body.data.status).toBe("DISABLED")
  })

  it("enables once when several managers enable at the same time", async () => {
    const s = await seedClub(host())
    const id = (await rule(s.club.id, s.owner.headers)).body.data.id
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) =>
      host().http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}/enable`, {}, (i % 2 === 0 ? s.owner : s.admin).headers)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409)).toHaveLength(4)
  })

  it("previews who qualifies on points this month without persisting anything", async () => {
    const s = await seedClub(host())
    const id = (await rule(s.club.id, s.owner.headers, { threshold: 50 })).body.data.id
    await points(s.club.id, s.owner.headers, s.member.user.id, 70)
    await points(s.club.id, s.owner.headers, s.moderator.user.id, 50)
    await points(s.club.id, s.owner.headers, s.admin.user.id, 49)
    const preview = await host().http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}/evaluate`, {}, s.owner.headers)
    expect(preview.status).toBe(200)
    expect(preview.body.data).toMatchObject({
      ruleId: id,
      status: "DISABLED",
      metric: "points",
      period: "month",
      periodKey: currentMonth(),
      threshold: 50,
      count: 2,
      qualifiers: [
        { userId: s.member.user.id, value: 70, alreadyAwarded: false },
        { userId: s.moderator.user.id, value: 50, alreadyAwarded: false }
      ]
    })
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/awards`, s.owner.headers)).body.data.total).toBe(0)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}`, s.owner.headers)).body.data.status).toBe("DISABLED")
    const past = await host().http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}/evaluate`, { periodKey: "2020-01" }, s.owner.headers)
    expect(past.body.data).toMatchObject({ periodKey: "2020-01", count: 0, qualifiers: [] })
    const wrong = await host().http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}/evaluate`, { periodKey: "2026-13" }, s.owner.headers)
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toEqual(["periodKey must be YYYY-MM for a monthly rule"])
    const notKey = await host().http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}/evaluate`, { periodKey: "soon" }, s.owner.headers)
    expect(notKey.status).toBe(400)
  })

  it("previews who qualifies on runs attended this week", async () => {
    const s = await seedClub(host())
    const id = (await rule(s.club.id, s.owner.headers, { metric: "runs_attended", period: "week", threshold: 2 })).body.data.id
    const weekStart = Clubs.weekBounds(currentWeek()).start
    await attendedRun(s.club.id, weekStart, [s.member.user.id, s.moderator.user.id])
    await attendedRun(s.club.id, new Date(weekStart.getTime() + 60_000), [s.member.user.id])
    await attendedRun(s.club.id, new Date(weekStart.getTime() - 3 * 86_400_000), [s.moderator.user.id])
    const preview = await host().http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}/evaluate`, {}, s.admin.headers)
    expect(preview.body.data).toMatchObject({ metric: "runs_attended", period: "week", periodKey: currentWeek(), count: 1, qualifiers: [{ userId: s.member.user.id, value: 2 }] })
    const no53 = await host().http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}/evaluate`, { periodKey: "2025-53" }, s.admin.headers)
    expect(no53.status).toBe(400)
    expect(no53.body.message).toEqual(["periodKey must be an ISO week YYYY-WW for a weekly rule"])
  })

  it("is for the club's OWNER and ADMIN only, and hides another club's rules", async () => {
    const s = await seedClub(host())
    const other = await seedClub(host())
    const id = (await rule(s.club.id, s.owner.headers)).body.data.id
    const otherId = (await rule(other.club.id, other.owner.headers)).body.data.id
    for (const who of [s.moderator, s.member, await newAthlete(host()), other.owner]) {
      expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/recognition-rules`, who.headers)).status).toBe(403)
      expect((await rule(s.club.id, who.headers)).status).toBe(403)
      expect((await host().http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}/enable`, {}, who.headers)).status).toBe(403)
    }
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/recognition-rules/${id}`)).status).toBe(401)
    const foreign = await host().http.get(`/v2/clubs/${s.club.id}/admin/recognition-rules/${otherId}`, s.owner.headers)
    expect(foreign.status).toBe(404)
    expect(foreign.body.code).toBe("CLUB_RECOGNITION_RULE_NOT_FOUND")
    expect((await host().http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules/${otherId}/enable`, {}, s.owner.headers)).status).toBe(404)
    expect((await host().http.patch(`/v2/clubs/${s.club.id}/admin/recognition-rules/${otherId}`, { threshold: 5 }, s.owner.headers)).status).toBe(404)
    expect((await host().http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules/${otherId}/evaluate`, {}, s.owner.headers)).status).toBe(404)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/recognition-rules/not-a-uuid`, s.owner.headers)).status).toBe(404)
  })
})

describe("awards", () => {
  it("gives, updates and revokes awards to active members", async () => {
    const s = await seedClub(host())
    const given = await host().http.post(`/v2/clubs/${s.club.id}/admin/awards`, { userId: s.member.user.id, name: "Pacer of the year", description: "Kept every group together" }, s.owner.headers)
    expect(given.status).toBe(201)
    expect(given.body.data).toMatchObject({ clubId: s.club.id, userId: s.member.user.id, name: "Pacer of the year", ruleId: null, periodKey: null, awardedBy: s.owner.user.id })
    const awardId = given.body.data.id
    const patched = await host().http.patch(`/v2/clubs/${s.club.id}/admin/awards/${awardId}`, { name: "Pacer of 2026", description: null }, s.admin.headers)
    expect(patched.body.data).toMatchObject({ name: "Pacer of 2026", description: null })
    const list = await host().http.get(`/v2/clubs/${s.club.id}/admin/awards?userId=${s.member.user.id}`, s.owner.headers)
    expect(list.body.data).toMatchObject({ total: 1, items: [expect.objectContaining({ id: awardId })] })
    const revoked = await host().http.delete(`/v2/clubs/${s.club.id}/admin/awards/${awardId}`, undefined, s.owner.headers)
    expect(revoked.status).toBe(200)
    expect(revoked.body.data.id).toBe(awardId)
    const twice = await host().http.delete(`/v2/clubs/${s.club.id}/admin/awards/${awardId}`, undefined, s.owner.headers)
    expect(twice.status).toBe(404)
    expect(twice.body.code).toBe("CLUB_AWARD_NOT_FOUND")
    expect((await host().http.patch(`/v2/clubs/${s.club.id}/admin/awards/${awardId}`, { name: "Again" }, s.owner.headers)).status).toBe(404)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/awards`, s.owner.headers)).body.data.total).toBe(0)
    const actions = await sql((q) => q<{ action: string }>`select action from platform.audit_log where subject_id = ${s.club.id} and action like 'club.award.%' order by seq`)
    expect(actions.map((a) => a.action)).toEqual(["club.award.given", "club.award.updated", "club.award.revoked"])
  })

  it("gives a rule's award once per member and period, which evaluate then shows", async () => {
    const s = await seedClub(host())
    const ruleId = (await rule(s.club.id, s.owner.headers, { threshold: 10 })).body.data.id
    await points(s.club.id, s.owner.headers, s.member.user.id, 12)
    const given = await host().http.post(`/v2/clubs/${s.club.id}/admin/awards`, { userId: s.member.user.id, ruleId }, s.owner.headers)
    expect(given.status).toBe(201)
    expect(given.body.data).toMatchObject({ name: "Century club", ruleId, periodKey: currentMonth() })
    const again = await host().http.post(`/v2/clubs/${s.club.id}/admin/awards`, { userId: s.member.user.id, ruleId, periodKey: currentMonth() }, s.admin.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("CLUB_AWARD_ALREADY_GIVEN")
    const otherMonth = await host().http.post(`/v2/clubs/${s.club.id}/admin/awards`, { userId: s.member.user.id, ruleId, periodKey: "2026-01" }, s.owner.headers)
    expect(otherMonth.status).toBe(201)
    const preview = await host().http.post(`/v2/clubs/${s.club.id}/admin/recognition-rules/${ruleId}/evaluate`, {}, s.owner.headers)
    expect(preview.body.data.qualifiers).toEqual([{ userId: s.member.user.id, value: 12, alreadyAwarded: true }])
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/awards?ruleId=${ruleId}`, s.owner.headers)).body.data.total).toBe(2)
  })

  it("refuses non-members, a missing name, a stray periodKey, another club's rule, and non-managers", async () => {
    const s = await seedClub(host())
    const other = await seedClub(host())
    const stranger = await newAthlete(host())
    const notMember = await host().http.post(`/v2/clubs/${s.club.id}/admin/awards`, { userId: stranger.user.id, name: "Honorary" }, s.owner.headers)
    expect(notMember.status).toBe(400)
    expect(notMember.body.code).toBe("CLUB_AWARD_NOT_A_MEMBER")
    const noName = await host().http.post(`/v2/clubs/${s.club.id}/admin/awards`, { userId: s.member.user.id }, s.owner.headers)
    expect(noName.status).toBe(400)
    expect(noName.body.message).toEqual(["name should not be empty"])
    const stray = await host().http.post(`/v2/clubs/${s.club.id}/admin/awards`, { userId: s.member.user.id, name: "Hero", periodKey: "2026-01" }, s.owner.headers)
    expect(stray.body.message).toEqual(["periodKey is only allowed with ruleId"])
    const otherRule = (await rule(other.club.id, other.owner.headers)).body.data.id
    const foreignRule = await host().http.post(`/v2/clubs/${s.club.id}/admin/awards`, { userId: s.member.user.id, ruleId: otherRule }, s.owner.headers)
    expect(foreignRule.status).toBe(404)
    const bad = await host().http.post(`/v2/clubs/${s.club.id}/admin/awards`, { userId: "someone", name: "x" }, s.owner.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining(["userId must be a UUID"]))
    const otherAward = (await host().http.post(`/v2/clubs/${other.club.id}/admin/awards`, { userId: other.member.user.id, name: "Star" }, other.owner.headers)).body.data.id
    expect((await host().http.delete(`/v2/clubs/${s.club.id}/admin/awards/${otherAward}`, undefined, s.owner.headers)).status).toBe(404)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/awards`, s.moderator.headers)).status).toBe(403)
    expect((await host().http.post(`/v2/clubs/${s.club.id}/admin/awards`, { userId: s.member.user.id, name: "Star" }, s.member.headers)).status).toBe(403)
    expect((await host().http.delete(`/v2/clubs/${other.club.id}/admin/awards/${otherAward}`, undefined, s.owner.headers)).status).toBe(403)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/awards`)).status).toBe(401)
  })
})

describe("audience and member segments", () => {
  it("counts the members each filter matches (count only)", async () => {
    const s = await seedClub(host())
    const extra = await addMember(host(), s.club.id, "MEMBER")
    await points(s.club.id, s.owner.headers, s.member.user.id, 40)
    await points(s.club.id, s.owner.headers, extra.user.id, 10)
    await attendedRun(s.club.id, new Date(Date.now() - 5 * 86_400_000), [s.member.user.id, s.moderator.user.id])
    await attendedRun(s.club.id, new Date(Date.now() - 4 * 86_400_000), [s.member.user.id])
    const tier = await sql((q) => q<{ id: string }>`select gen_random_uuid()::text as id`)
    await sql((q) => q`update clubs.members set tier_id = ${tier[0]!.id} where id = ${extra.memberId}`)
    const count = async (filter: Record<string, unknown>) => {
      const created = await audience(s.club.id, s.owner.headers, { filter })
      expect(created.status).toBe(201)
      const preview = await host().http.get(`/v2/clubs/${s.club.id}/admin/audience-segments/${created.body.data.id}/preview`, s.admin.headers)
      expect(Object.keys(preview.body.data).sort()).toEqual(["count", "evaluatedAt", "segmentId"])
      return preview.body.data.count as number
    }
    expect(await count({})).toBe(5)
    expect(await count({ roles: ["MEMBER"] })).toBe(2)
    expect(await count({ roles: ["OWNER", "ADMIN"] })).toBe(2)
    expect(await count({ minPoints: 20 })).toBe(1)
    expect(await count({ minPoints: 10, roles: ["MEMBER"] })).toBe(2)
    expect(await count({ minAttendedRuns: 1 })).toBe(2)
    expect(await count({ minAttendedRuns: 2 })).toBe(1)
    expect(await count({ tierIds: [tier[0]!.id] })).toBe(1)
    expect(await count({ joinedAfter: new Date(Date.now() + 86_400_000).toISOString() })).toBe(0)
    expect(await count({ joinedBefore: new Date(Date.now() + 86_400_000).toISOString() })).toBe(5)
    await host().run(Effect.flatMap(Clubs.ClubMemberRepo, (r) => r.setStatus(extra.memberId, ["ACTIVE"], "LEFT")))
    expect(await count({ roles: ["MEMBER"] })).toBe(1)
  })

  it("updates, archives and refuses changes to an archived segment", async () => {
    const s = await seedClub(host())
    const created = await audience(s.club.id, s.owner.headers, { description: "Members who show up", filter: { minAttendedRuns: 3 } })
    expect(created.body.data).toMatchObject({ kind: "AUDIENCE", name: "Regulars", description: "Members who show up", status: "ACTIVE", filter: { minAttendedRuns: 3 }, challengeIds: [] })
    const id = created.body.data.id
    const patched = await host().http.patch(`/v2/clubs/${s.club.id}/admin/audience-segments/${id}`, { name: "Core regulars", filter: { roles: ["MEMBER"], joinedAfter: "2025-01-01T00:00:00Z" } }, s.admin.headers)
    expect(patched.status).toBe(200)
    expect(patched.body.data).toMatchObject({ name: "Core regulars", description: "Members who show up", filter: { roles: ["MEMBER"], joinedAfter: "2025-01-01T00:00:00.000Z" } })
    const badRange = await host().http.patch(`/v2/clubs/${s.club.id}/admin/audience-segments/${id}`, { filter: { joinedAfter: "2026-01-01T00:00:00Z", joinedBefore: "2025-01-01T00:00:00Z" } }, s.owner.headers)
    expect(badRange.status).toBe(400)
    expect(badRange.body.message).toEqual(["filter.joinedAfter must be earlier than filter.joinedBefore"])
    const archived = await host().http.post(`/v2/clubs/${s.club.id}/admin/audience-segments/${id}/archive`, {}, s.owner.headers)
    expect(archived.body.data.status).toBe("ARCHIVED")
    const again = await host().http.post(`/v2/clubs/${s.club.id}/admin/audience-segments/${id}/archive`, {}, s.owner.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("CLUB_SEGMENT_ARCHIVED")
    expect((await host().http.patch(`/v2/clubs/${s.club.id}/admin/audience-segments/${id}`, { name: "Later" }, s.owner.headers)).body.code).toBe("CLUB_SEGMENT_ARCHIVED")
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/audience-segments/${id}/preview`, s.owner.headers)).status).toBe(200)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/audience-segments?status=ARCHIVED`, s.owner.headers)).body.data.total).toBe(1)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/audience-segments?status=ACTIVE`, s.owner.headers)).body.data.total).toBe(0)
    const bad = await audience(s.club.id, s.owner.headers, { name: "", filter: { roles: ["CAPTAIN"], minAttendedRuns: -1, tierIds: ["gold"] } })
    expect(bad.status).toBe(400)
    expect(bad.body.message.length).toBeGreaterThanOrEqual(3)
  })

  it("attaches and detaches challenges by UUID reference", async () => {
    const s = await seedClub(host())
    const id = (await audience(s.club.id, s.owner.headers)).body.data.id
    const challengeId = "3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c"
    const attached = await host().http.post(`/v2/clubs/${s.club.id}/admin/audience-segments/${id}/challenges/${challengeId}`, {}, s.owner.headers)
    expect(attached.status).toBe(200)
    expect(attached.body.data.challengeIds).toEqual([challengeId])
    const twice = await host().http.post(`/v2/clubs/${s.club.id}/admin/audience-segments/${id}/challenges/${challengeId}`, {}, s.admin.headers)
    expect(twice.body.data.challengeIds).toEqual([challengeId])
    const badId = await host().http.post(`/v2/clubs/${s.club.id}/admin/audience-segments/${id}/challenges/not-a-challenge`, {}, s.owner.headers)
    expect(badId.status).toBe(400)
    const detached = await host().http.delete(`/v2/clubs/${s.club.id}/admin/audience-segments/${id}/challenges/${challengeId}`, undefined, s.owner.headers)
    expect(detached.status).toBe(200)
    expect(detached.body.data.challengeIds).toEqual([])
    const notAttached = await host().http.delete(`/v2/clubs/${s.club.id}/admin/audience-segments/${id}/challenges/${challengeId}`, undefined, s.owner.headers)
    expect(notAttached.status).toBe(404)
    expect(notAttached.body.code).toBe("CLUB_SEGMENT_CHALLENGE_NOT_ATTACHED")
    await host().http.post(`/v2/clubs/${s.club.id}/admin/audience-segments/${id}/archive`, {}, s.owner.headers)
    const toArchived = await host().http.post(`/v2/clubs/${s.club.id}/admin/audience-segments/${id}/challenges/${challengeId}`, {}, s.owner.headers)
    expect(toArchived.status).toBe(409)
    const actions = await sql((q) => q<{ action: string }>`
      select action from platform.audit_log where subject_id = ${s.club.id} and action like 'club.audience_segment.%' order by seq`)
    expect(actions.map((a) => a.action)).toEqual([
      "club.audience_segment.created",
      "club.audience_segment.challenge_attached",
      "club.audience_segment.challenge_detached",
      "club.audience_segment.archived"
    ])
  })

  it("saves and lists member segments apart from audience segments", async () => {
    const s = await seedClub(host())
    const created = await host().http.post(`/v2/clubs/${s.club.id}/admin/member-segments`, { name: "New joiners", filter: { joinedAfter: "2026-01-01T00:00:00Z" } }, s.admin.headers)
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ kind: "MEMBER", name: "New joiners", status: "ACTIVE" })
    const list = await host().http.get(`/v2/clubs/${s.club.id}/admin/member-segments`, s.owner.headers)
    expect(list.body.data).toMatchObject({ total: 1, items: [expect.objectContaining({ id: created.body.data.id })] })
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/audience-segments`, s.owner.headers)).body.data.total).toBe(0)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/audience-segments/${created.body.data.id}/preview`, s.owner.headers)).status).toBe(404)
    expect((await host().http.post(`/v2/clubs/${s.club.id}/admin/member-segments`, { name: "No filter" }, s.owner.headers)).status).toBe(400)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/member-segments`, s.moderator.headers)).status).toBe(403)
    expect((await host().http.post(`/v2/clubs/${s.club.id}/admin/member-segments`, { name: "Mine", filter: {} }, s.member.headers)).status).toBe(403)
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/member-segments`)).status).toBe(401)
  })

  it("keeps segments inside their club", async () => {
    const s = await seedClub(host())
    const other = await seedClub(host())
    const otherId = (await audience(other.club.id, other.owner.headers)).body.data.id
    expect((await host().http.get(`/v2/clubs/${s.club.id}/admin/audience-segments/${otherId}/preview`, s.owner.headers)).body.code).toBe("CLUB_SEGMENT_NOT_FOUND")
    expect((await host().http.patch(`/v2/clubs/${s.club.id}/admin/audience-segments/${otherId}`, { name: "Taken over" }, s.owner.headers)).status).toBe(404)
    expect((await host().http.post(`/v2/clubs/${s.club.id}/admin/audience-segments/${otherId}/archive`, {}, s.owner.headers)).status).toBe(404)
    expect((await host().http.get(`/v2/clubs/${other.club.id}/admin/audience-segments`, s.owner.headers)).status).toBe(403)
    expect((await host().http.get(`/v2/clubs/${other.club.id}/admin/audience-segments/${otherId}/preview`, s.owner.headers)).status).toBe(403)
    expect((await audience(s.club.id, s.moderator.headers)).status).toBe(403)
    expect((await audience(s.club.id, {})).status).toBe(401)
  })
})
