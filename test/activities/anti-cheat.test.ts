/**
 * Anti-cheat, appeals and live tracking through the real host: an impossible run is flagged and
 * leaves the eligible activities at once, the athlete is told why, responds and appeals once, and
 * an upheld appeal restores it; concurrent decisions (one wins, the other 409); governance modes
 * and rules as data; live signals rate-limited; the three live-tracking limits, hashes never
 * listed, and a cancelled share no longer opening for its recipients.
 */
import { Activities, Platform } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { adminWithPermissions } from "../notifications/http-support.js"
import { multipart } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { athlete, gpx, gpxFile, nextStart, straightTrack } from "./support.js"

const host = realHostOf(import.meta.url)
let reviewer: Record<string, string>
beforeAll(async () => {
  reviewer = await adminWithPermissions(host, ["activities.review"])
}, 60_000)

const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) => host.http.request(method, path, body, headers)
const eligibleIds = async (userId: string) =>
  (await host.run(Activities.eligibleActivities({ userIds: [userId], from: new Date(0), to: new Date(Date.UTC(2100, 0)) }))).map((a) => a.id)

/** 10 km in 10 minutes: 16.7 m/s, beyond the run rule's 6.5 m/s. */
const impossibleRun = (me: { headers: Record<string, string> }) =>
  call("POST", "/v2/activities", me.headers, { sport: "run", startedAt: nextStart().toISOString(), durationSeconds: 600, distanceMeters: 10_000 })

describe("anti-cheat flags and appeals", () => {
  it("flags an impossible run, removes it from the eligible activities, tells the athlete why, and restores it when the appeal is upheld", async () => {
    const me = await athlete(host)
    const fair = await call("POST", "/v2/activities", me.headers, { sport: "run", startedAt: nextStart().toISOString(), durationSeconds: 3000, distanceMeters: 10_000 })
    const created = await impossibleRun(me)
    expect(created.status).toBe(201)
    expect(created.body.data.eligible).toBe(false)
    const activityId = created.body.data.id as string
    expect(await eligibleIds(me.id)).toEqual([fair.body.data.id])

    const flags = await call("GET", "/v2/anti-cheat/my-flags", me.headers)
    expect(flags.body.data.total).toBe(1)
    const flag = flags.body.data.items[0]
    expect(flag).toMatchObject({ activityId, ruleKey: "speed.run", status: "OPEN", mode: "enforce", threshold: 6.5, observed: 16.67 })
    expect(flag.reason).toBe("Average speed 16.67 m/s is above the 6.5 m/s possible for a run")
    expect((await call("GET", `/v2/anti-cheat/my-flags/${flag.id}`, me.headers)).body.data.id).toBe(flag.id)
    expect((await call("GET", `/v2/anti-cheat/my-flags/by-activity/${activityId}`, me.headers)).body.data).toHaveLength(1)
    expect((await call("GET", "/v2/anti-cheat/my-status", me.headers)).body.data).toMatchObject({ standing: "under_review", openFlags: 1 })
    const state = await call("GET", `/v2/users/${me.id}/activities/${activityId}/review-state`, me.headers)
    expect(state.body.data).toMatchObject({ activityId, eligible: false, state: "flagged" })
    expect((await call("GET", "/v2/admin/anti-cheat/queue", reviewer)).body.data.items.map((f: { id: string }) => f.id)).toContain(flag.id)

    // Respond once, appeal once.
    const respond = await call("POST", `/v2/anti-cheat/my-flags/${flag.id}/respond`, me.headers, { message: "My watch glitched in a tunnel" })
    expect(respond.status).toBe(201)
    const again = await call("POST", `/v2/anti-cheat/my-flags/${flag.id}/respond`, me.headers, { message: "Really, it did" })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("FLAG_STATE_CONFLICT")
    const shortAppeal = await call("POST", `/v2/users/${me.id}/activities/${activityId}/appeal`, me.headers, { reason: "no" })
    expect(shortAppeal.status).toBe(400)
    expect(shortAppeal.body.message).toEqual(["reason must be longer than or equal to 10 and shorter than or equal to 2000 characters"])
    const appeal = await call("POST", `/v2/users/${me.id}/activities/${activityId}/appeal`, me.headers, { reason: "The distance was entered in metres by mistake" })
    expect(appeal.status).toBe(201)
    expect(appeal.body.data).toMatchObject({ flagId: flag.id, activityId, status: "PENDING" })
    const twice = await call("POST", `/v2/anti-cheat/my-flags/${flag.id}/appeal`, me.headers, { reason: "Please look at this again" })
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("APPEAL_ALREADY_SUBMITTED")
    expect((await call("GET", `/v2/users/${me.id}/activities/${activityId}/review-state`, me.headers)).body.data.state).toBe("under_appeal")
    expect((await call("GET", `/v2/users/${me.id}/activity-appeals`, me.headers)).body.data.total).toBe(1)
    expect((await call("GET", "/v2/anti-cheat/my-appeals", me.headers)).body.data.items[0].id).toBe(appeal.body.data.id)
    expect((await call("GET", `/v2/anti-cheat/my-appeals/${appeal.body.data.id}`, me.headers)).body.data.status).toBe("PENDING")

    // Two admins decide at once: one wins, the other is refused.
    const otherReviewer = await adminWithPermissions(host, ["activities.review"])
    const decisions = await Promise.all([
      call("POST", `/v2/admin/anti-cheat/appeals/${appeal.body.data.id}/decision`, reviewer, { decision: "uphold", reason: "Entry error, speed was plausible" }),
      call("POST", `/v2/admin/anti-cheat/appeals/${appeal.body.data.id}/decision`, otherReviewer, { decision: "uphold", reason: "Agreed, restoring it" })
    ])
    expect(decisions.map((d) => d.status).sort()).toEqual([201, 409])
    expect(decisions.find((d) => d.status === 409)!.body.code).toBe("APPEAL_ALREADY_DECIDED")
    expect(decisions.find((d) => d.status === 201)!.body.data.status).toBe("UPHELD")

    expect(await eligibleIds(me.id)).toEqual(expect.arrayContaining([fair.body.data.id, activityId]))
    const restored = await call("GET", `/v2/users/${me.id}/activities/${activityId}/review-state`, me.headers)
    expect(restored.body.data).toMatchObject({ eligible: true, state: "restored" })
    expect((await call("GET", `/v2/admin/anti-cheat/flags/${flag.id}`, reviewer)).body.data.status).toBe("DISMISSED")
    const responses = await call("GET", `/v2/admin/anti-cheat/flags/${flag.id}/responses`, reviewer)
    expect(responses.body.data.map((r: { authorKind: string }) => r.authorKind)).toEqual(["athlete", "admin"])
    expect((await call("GET", `/v2/anti-cheat/my-flags/${flag.id}/responses`, me.headers)).body.data).toHaveLength(2)
    expect((await call("GET", `/v2/admin/anti-cheat/appeals/${appeal.body.data.id}`, reviewer)).body.data.decisionReason).toBeTypeOf("string")
    expect((await call("GET", "/v2/admin/anti-cheat/appeals?status=UPHELD", reviewer)).body.data.items.map((a: { id: string }) => a.id)).toContain(appeal.body.data.id)
    const audit = await call("GET", `/v2/admin/activities/${activityId}/audit-log`, reviewer)
    expect(audit.body.data.items.map((e: { action: string }) => e.action)).toEqual(["restored", "flagged", "created"])
    const decided = await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: appeal.body.data.id, limit: 10 })))
    expect(decided.map((e) => e.action)).toEqual(["activities.appeal.upheld"])

    // Another athlete sees none of it.
    const other = await athlete(host)
    expect((await call("GET", `/v2/anti-cheat/my-flags/${flag.id}`, other.headers)).status).toBe(404)
    expect((await call("GET", `/v2/users/${me.id}/activity-appeals`, other.headers)).status).toBe(403)
    expect((await call("POST", `/v2/users/${me.id}/activities/${activityId}/appeal`, other.headers, { reason: "Not my activity at all" })).status).toBe(403)
  })

  it("lets an admin confirm or dismiss an undecided flag once, with a reason; a rejected appeal leaves the flag standing", async () => {
    const me = await athlete(host)
    const a = await impossibleRun(me)
    const flag = (await call("GET", `/v2/anti-cheat/my-flags/by-activity/${a.body.data.id}`, me.headers)).body.data[0]
    const noReason = await call("POST", `/v2/admin/anti-cheat/flags/${flag.id}/decision`, reviewer, { decision: "maybe" })
    expect(noReason.status).toBe(400)
    expect(noReason.body.message).toEqual([
      "decision must be one of the following values: confirm, dismiss",
      "reason must be longer than or equal to 3 and shorter than or equal to 1000 characters"
    ])
    expect((await call("POST", `/v2/admin/anti-cheat/flags/${flag.id}/decision`, me.headers, { decision: "dismiss", reason: "self" })).status).toBe(403)
    const confirmed = await call("POST", `/v2/admin/anti-cheat/flags/${flag.id}/decision`, reviewer, { decision: "confirm", reason: "GPS shows a car" })
    expect(confirmed.body.data).toMatchObject({ status: "CONFIRMED", decisionReason: "GPS shows a car" })
    const late = await call("POST", `/v2/admin/anti-cheat/flags/${flag.id}/decision`, reviewer, { decision: "dismiss", reason: "Changed my mind" })
    expect(late.status).toBe(409)
    expect(late.body.code).toBe("FLAG_STATE_CONFLICT")
    expect((await call("GET", "/v2/anti-cheat/my-status", me.headers)).body.data).toMatchObject({ standing: "flagged", confirmedFlags: 1 })
    // A confirmed flag can still be appealed, once; rejected, it stands.
    const appeal = await call("POST", `/v2/anti-cheat/my-flags/${flag.id}/appeal`, me.headers, { reason: "I really ran that fast, honestly" })
    expect(appeal.status).toBe(201)
    const rejected = await call("POST", `/v2/admin/anti-cheat/appeals/${appeal.body.data.id}/decision`, reviewer, { decision: "reject", reason: "No evidence" })
    expect(rejected.body.data.status).toBe("REJECTED")
    expect((await call("GET", `/v2/users/${me.id}/activities/${a.body.data.id}/review-state`, reviewer)).body.data).toMatchObject({ state: "confirmed", eligible: false })
    expect((await call("POST", `/v2/anti-cheat/my-flags/${flag.id}/appeal`, me.headers, { reason: "One more try, please" })).body.code).toBe("APPEAL_ALREADY_SUBMITTED")
    // An activity never flagged has nothing to appeal.
    const fine = await call("POST", "/v2/activities", me.headers, { sport: "walk", startedAt: nextStart().toISOString(), durationSeconds: 3600, distanceMeters: 5000 })
    const nothing = await call("POST", `/v2/users/me/activities/${fine.body.data.id}/appeal`, me.headers, { reason: "Nothing wrong here at all" })
    expect(nothing.status).toBe(409)
    expect(nothing.body.code).toBe("NOTHING_TO_APPEAL")
  })

  it("flags a teleporting GPS track; governance modes and rules are data: shadow records for admins only, off records nothing", async () => {
    const me = await athlete(host)
    const start = nextStart()
    const track = straightTrack(start, 100).map((p, i) => (i === 50 ? { ...p, lat: p.lat + 0.05 } : p))
    const uploaded = await multipart(host, "POST", "/v2/activities", { sport: "ride", file: gpxFile(gpx(track)) }, me.headers)
    expect(uploaded.status).toBe(201)
    const flags = (await call("GET", `/v2/anti-cheat/my-flags/by-activity/${uploaded.body.data.id}`, me.headers)).body.data
    expect(flags.map((f: { ruleKey: string }) => f.ruleKey)).toEqual(["gps.teleport"])

    const governance = await call("GET", "/v2/admin/anti-cheat/governance", reviewer)
    expect(governance.body.data.mode).toBe("enforce")
    expect(governance.body.data.rules.find((r: { key: string }) => r.key === "speed.run")).toMatchObject({ threshold: 6.5, mode: "enforce", sport: "run" })
    const badMode = await call("PATCH", "/v2/admin/anti-cheat/governance/mode", reviewer, { mode: "loud" })
    expect(badMode.body.message).toEqual(["mode must be one of the following values: off, shadow, enforce"])
    expect((await call("PATCH", "/v2/admin/anti-cheat/governance/rules/no.such.rule", reviewer, { threshold: 1 })).status).toBe(404)
    expect((await call("PATCH", "/v2/admin/anti-cheat/governance/mode", me.headers, { mode: "off" })).status).toBe(403)

    try {
      expect((await call("PATCH", "/v2/admin/anti-cheat/governance/mode", reviewer, { mode: "shadow" })).body.data.mode).toBe("shadow")
      const shadowed = await impossibleRun(me)
      expect(shadowed.body.data.eligible).toBe(true)
      expect((await call("GET", `/v2/anti-cheat/my-flags/by-activity/${shadowed.body.data.id}`, me.headers)).body.data).toEqual([])
      expect((await call("GET", `/v2/users/${me.id}/activities/${shadowed.body.data.id}/review-state`, reviewer)).body.data.state).toBe("clear")
      const recorded = await host.run(Effect.flatMap(Activities.AntiCheatRepo, (r) => r.listFlags({ activityId: shadowed.body.data.id, limit: 10, offset: 0 })))
      expect(recorded.items.map((f) => [f.ruleKey, f.mode])).toEqual([["speed.run", "shadow"]])
      expect((await call("GET", `/v2/admin/anti-cheat/flags/${recorded.items[0]!.id}`, reviewer)).body.data.mode).toBe("shadow")

      await call("PATCH", "/v2/admin/anti-cheat/governance/mode", reviewer, { mode: "enforce" })
      const rule = await call("PATCH", "/v2/admin/anti-cheat/governance/rules/speed.walk", reviewer, { mode: "off" })
      expect(rule.body.data).toMatchObject({ key: "speed.walk", mode: "off", threshold: 3 })
      const walk = await call("POST", "/v2/activities", me.headers, { sport: "walk", startedAt: nextStart().toISOString(), durationSeconds: 600, distanceMeters: 10_000 })
      expect(walk.body.data.eligible).toBe(true)
      const raised = await call("PATCH", "/v2/admin/anti-cheat/governance/rules/speed.walk", reviewer, { mode: "enforce", threshold: 2 })
      expect(raised.body.data).toMatchObject({ mode: "enforce", threshold: 2 })
    } finally {
      await call("PATCH", "/v2/admin/anti-cheat/governance/mode", reviewer, { mode: "enforce" })
      await call("PATCH", "/v2/admin/anti-cheat/governance/rules/speed.walk", reviewer, { mode: "enforce", threshold: 3 })
    }
  })

  it("checks live signals against the rules and limits their rate", async () => {
    const me = await athlete(host)
    const start = Date.now()
    const batch = { sport: "run", points: [0, 1, 2].map((i) => ({ lat: 12.97 + i * 0.01, lon: 77.59, at: new Date(start + i * 1000).toISOString() })) }
    const first = await call("POST", "/v2/anti-cheat/live-signals", me.headers, batch)
    expect(first.status).toBe(201)
    expect(first.body.data.accepted).toBe(3)
    expect(first.body.data.signals.map((s: { ruleKey: string }) => s.ruleKey).sort()).toEqual(["gps.teleport", "speed.run"])
    const empty = await call("POST", "/v2/anti-cheat/live-signals", me.headers, { sport: "run", points: [] })
    expect(empty.body.message).toEqual(["points must contain between 1 and 500 points"])
    let limited = 0
    for (let i = 0; i < 30; i++) if ((await call("POST", "/v2/anti-cheat/live-signals", me.headers, batch)).status === 429) limited++
    expect(limited).toBe(1)
  })
})

describe("live tracking", () => {
  const recipients = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Friend ${i}`, email: `friend${i}.${Date.now()}@example.com` }))

  it("holds to 5 recipients per share and 3 active shares, never lists token hashes, and stops a cancelled share for its recipients", async () => {
    const me = await athlete(host)
    expect((await host.http.post("/v2/me/live-tracking-shares", { recipients: recipients(1) })).status).toBe(401)
    const six = await call("POST", "/v2/me/live-tracking-shares", me.headers, { recipients: recipients(6) })
    expect(six.status).toBe(400)
    expect(six.body.message).toEqual(["recipients must contain between 1 and 5 recipients"])
    const neither = await call("POST", "/v2/me/live-tracking-shares", me.headers, { recipients: [{ name: "Nobody" }] })
    expect(neither.body.message).toEqual(["recipients.0 must have exactly one of phone or email"])

    const shares = []
    for (let i = 0; i < 3; i++) {
      const made = await call("POST", "/v2/me/live-tracking-shares", me.headers, { recipients: recipients(i === 0 ? 5 : 1), durationMinutes: 60 })
      expect(made.status).toBe(201)
      shares.push(made.body.data)
    }
    expect(shares[0].recipients).toHaveLength(5)
    expect(shares[0].recipients[0].accessToken).toMatch(/^[\w-]{20,}$/)
    const fourth = await call("POST", "/v2/me/live-tracking-shares", me.headers, { recipients: recipients(1) })
    expect(fourth.status).toBe(409)
    expect(fourth.body.code).toBe("LIVE_SHARE_LIMIT_REACHED")

    const listed = await call("GET", `/v2/me/live-tracking-shares/${shares[0].id}/recipients`, me.headers)
    expect(listed.body.data).toHaveLength(5)
    expect(listed.text).not.toMatch(/hash|accessToken/i)
    expect(listed.text).not.toContain(shares[0].recipients[0].accessToken)
    const active = await call("GET", "/v2/me/live-tracking-shares/active", me.headers)
    expect(active.body.data.map((s: { id: string }) => s.id).sort()).toEqual(shares.map((s) => s.id).sort())
    expect(active.text).not.toMatch(/hash|accessToken/i)

    const token = shares[0].recipients[0].accessToken as string
    expect((await host.run(Activities.openLiveShare(token)))._tag).toBe("Some")
    const cancelled = await call("POST", `/v2/me/live-tracking-shares/${shares[0].id}/cancel`, me.headers)
    expect(cancelled.body.data).toMatchObject({ status: "CANCELLED" })
    // The recipients' tokens are revoked in the cancel's own transaction: the next read sees the stop.
    expect((await host.run(Activities.openLiveShare(token)))._tag).toBe("None")
    expect((await call("GET", `/v2/me/live-tracking-shares/${shares[0].id}/recipients`, me.headers)).body.data[0].revokedAt).not.toBeNull()
    const twice = await call("POST", `/v2/me/live-tracking-shares/${shares[0].id}/cancel`, me.headers)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("LIVE_SHARE_NOT_ACTIVE")
    const other = await athlete(host)
    expect((await call("POST", `/v2/me/live-tracking-shares/${shares[1].id}/cancel`, other.headers)).status).toBe(404)
    expect((await call("POST", "/v2/me/live-tracking-shares", me.headers, { recipients: recipients(1) })).status).toBe(201)
  })

  it("allows at most 20 invites in 24 hours", async () => {
    const me = await athlete(host)
    let sent = 0
    for (let i = 0; i < 4; i++) {
      const made = await call("POST", "/v2/me/live-tracking-shares", me.headers, { recipients: recipients(5) })
      expect(made.status).toBe(201)
      sent += 5
      await call("POST", `/v2/me/live-tracking-shares/${made.body.data.id}/cancel`, me.headers)
    }
    expect(sent).toBe(20)
    const over = await call("POST", "/v2/me/live-tracking-shares", me.headers, { recipients: recipients(1) })
    expect(over.status).toBe(429)
    expect(over.body.code).toBe("LIVE_SHARE_INVITE_LIMIT")
  })
})
