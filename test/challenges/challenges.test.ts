/**
 * Challenges through the real host: who may create and manage them, the life cycle (draft, review,
 * toggle, cancel, delete, force-close, reopen, close at the end date) with its audit trail, and
 * discovery (public by id and slug, discover, explore, featured, the 14-tag taxonomy, calendar.ics
 * read back by a real iCalendar parser).
 */
import { Platform } from "@podium/core"
import ICAL from "ical.js"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { activeChallenge, challengeAdmin, challengeBody, challengesCast, day, draft } from "./support.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>, org: SeededOrganizer
beforeAll(async () => void ({ admin, org } = await challengesCast(host, "Challenge Org")), 60_000)

const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)
const forOrg = (extra: Record<string, unknown> = {}) => challengeBody({ creatorType: "organizer", creatorId: org.id, ...extra })

describe("challenge creation and management rights", () => {
  it("needs a token, an OWNER/ADMIN of the creator, and challenges.manage of admins", async () => {
    expect((await send("POST", "/v2/challenges", forOrg(), {})).status).toBe(401)
    const outsider = await newAthlete(host)
    expect((await send("POST", "/v2/challenges", forOrg(), outsider.headers)).status).toBe(403)
    expect((await send("POST", "/v2/challenges", forOrg(), org.viewer.headers)).status).toBe(403)
    const plainAdmin = await challengeAdmin(host, [])
    expect((await send("POST", "/v2/challenges", forOrg(), plainAdmin.headers)).status).toBe(403)
    expect((await send("POST", "/v2/challenges", challengeBody({ creatorType: "admin" }), org.owner.headers)).status).toBe(403)
    const brand = await send("POST", "/v2/challenges", challengeBody({ creatorType: "brand", creatorId: crypto.randomUUID() }), admin)
    expect(brand.status).toBe(404)
    expect(brand.body.code).toBe("CREATOR_NOT_FOUND")

    const created = await draft(host, org.admin.headers, forOrg())
    expect(created).toMatchObject({ status: "DRAFT", creatorType: "organizer", creatorId: org.id, participantCount: 0 })
    expect((await send("GET", `/v2/challenges/${created.id}`, undefined, org.owner.headers)).body.data.id).toBe(created.id)
    expect((await send("GET", `/v2/challenges/${created.id}`, undefined, outsider.headers)).status).toBe(403)
    expect((await send("PATCH", `/v2/challenges/${created.id}`, { title: "Mine now" }, outsider.headers)).status).toBe(403)
    const listed = await send("GET", `/v2/challenges?creatorType=organizer&creatorId=${org.id}`, undefined, org.owner.headers)
    expect(listed.body.data.items.map((c: { id: string }) => c.id)).toContain(created.id)
    expect((await send("GET", "/v2/challenges", undefined, org.owner.headers)).status).toBe(400)
    expect((await send("GET", "/v2/challenges?limit=100", undefined, admin)).body.data.total).toBeGreaterThanOrEqual(1)
  })

  it("answers bad input in the spec's wording", async () => {
    const invalid = await send("POST", "/v2/challenges", { creatorType: "organizer", creatorId: org.id, title: "x", activityType: "FLY", goalType: "DISTANCE", goalValue: 0, startsAt: "tomorrow", endsAt: new Date().toISOString(), timeZone: "Mars/Olympus" }, org.owner.headers)
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual([
      "title must be longer than or equal to 3 and shorter than or equal to 120 characters",
      "activityType must be one of the following values: RUN, WALK, RIDE, SWIM, HIKE, MULTI_SPORT",
      "goalValue must be an integer between 1 and 100000000",
      "timeZone must be a valid IANA time zone",
      "startsAt must be a valid ISO 8601 date string"
    ])
    const backwards = await send("POST", "/v2/challenges", forOrg({ endsAt: new Date(Date.now() - day).toISOString() }), org.owner.headers)
    expect(backwards.status).toBe(400)
    expect(backwards.body.message).toEqual(["endsAt must be after startsAt"])
    const first = await draft(host, org.owner.headers, forOrg({ slug: `monsoon-${Date.now()}` }))
    const taken = await send("POST", "/v2/challenges", forOrg({ slug: first.slug }), org.owner.headers)
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe("CHALLENGE_SLUG_TAKEN")
  })

  it("lets only admins feature a challenge", async () => {
    const created = await draft(host, org.owner.headers, forOrg())
    expect((await send("PATCH", `/v2/challenges/${created.id}`, { isFeatured: true }, org.owner.headers)).status).toBe(403)
    const featured = await send("PATCH", `/v2/challenges/${created.id}`, { isFeatured: true, goalValue: 50_000 }, admin)
    expect(featured.body.data).toMatchObject({ isFeatured: true, goalValue: 50_000 })
  })
})

describe("challenge life cycle", () => {
  it("goes draft → review → active; a draft is not public; reject needs a note and approve follows it", async () => {
    const created = await draft(host, org.owner.headers, forOrg())
    expect((await host.http.get(`/v2/challenges/${created.id}/public`)).status).toBe(404)
    expect((await send("PATCH", `/v2/challenges/${created.id}/review`, { decision: "APPROVE" }, org.owner.headers)).status).toBe(403)
    expect((await send("PATCH", `/v2/challenges/${created.id}/review`, { decision: "MAYBE" }, admin)).body.message).toEqual([
      "decision must be one of the following values: APPROVE, REJECT"
    ])
    const noNote = await send("PATCH", `/v2/challenges/${created.id}/review`, { decision: "REJECT" }, admin)
    expect(noNote.status).toBe(400)
    expect(noNote.body.message).toEqual(["note should not be empty"])
    const rejected = await send("PATCH", `/v2/challenges/${created.id}/review`, { decision: "REJECT", note: "Add a cover image" }, admin)
    expect(rejected.body.data).toMatchObject({ status: "REJECTED", statusReason: "Add a cover image" })
    const again = await send("PATCH", `/v2/challenges/${created.id}/review`, { decision: "REJECT", note: "Still no image" }, admin)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("CHALLENGE_MOVE_REFUSED")
    await send("PATCH", `/v2/challenges/${created.id}`, { coverImageUrl: "https://cdn.example.com/monsoon.jpg" }, org.owner.headers)
    const approved = await send("PATCH", `/v2/challenges/${created.id}/review`, { decision: "APPROVE" }, admin)
    expect(approved.body.data).toMatchObject({ status: "ACTIVE", statusReason: null, coverImageUrl: "https://cdn.example.com/monsoon.jpg" })
    expect((await host.http.get(`/v2/challenges/${created.slug}/public`)).body.data.id).toBe(created.id)
    expect((await host.http.get(`/v2/challenges/${created.id}/public`)).body.data.status).toBe("ACTIVE")
  })

  it("reads readiness as reasons and refuses to approve a challenge that is not ready", async () => {
    const bare = await draft(host, org.owner.headers, forOrg({ description: "" }))
    expect((await send("GET", `/v2/challenges/${bare.id}/readiness`, undefined, (await newAthlete(host)).headers)).status).toBe(403)
    const readiness = await send("GET", `/v2/challenges/${bare.id}/readiness`, undefined, org.owner.headers)
    expect(readiness.body.data).toEqual({
      challengeId: bare.id,
      status: "DRAFT",
      ready: false,
      reasons: [{ code: "DESCRIPTION_MISSING", message: "Describe the challenge for athletes" }]
    })
    const refused = await send("PATCH", `/v2/challenges/${bare.id}/review`, { decision: "APPROVE" }, admin)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe("CHALLENGE_NOT_READY")
    await send("PATCH", `/v2/challenges/${bare.id}`, { description: "Ten hill repeats a week" }, org.owner.headers)
    expect((await send("GET", `/v2/challenges/${bare.id}/readiness`, undefined, admin)).body.data).toMatchObject({ ready: true, reasons: [] })
    expect((await send("PATCH", `/v2/challenges/${bare.id}/review`, { decision: "APPROVE" }, admin)).body.data.status).toBe("ACTIVE")
    expect((await send("GET", `/v2/challenges/${bare.id}/readiness`, undefined, admin)).body.data.reasons.map((r: { code: string }) => r.code)).toEqual(["NOT_IN_REVIEW"])
  })

  it("toggles ACTIVE ↔ PAUSED, and two concurrent toggles each flip it once or are refused", async () => {
    const active = await activeChallenge(host, admin, forOrg())
    const paused = await send("PATCH", `/v2/challenges/${active.id}/toggle`, undefined, org.owner.headers)
    expect(paused.body.data.status).toBe("PAUSED")
    expect((await send("PATCH", `/v2/challenges/${active.id}/toggle`, undefined, org.owner.headers)).body.data.status).toBe("ACTIVE")
    const both = await Promise.all([
      send("PATCH", `/v2/challenges/${active.id}/toggle`, undefined, org.owner.headers),
      send("PATCH", `/v2/challenges/${active.id}/toggle`, undefined, org.admin.headers)
    ])
    // Overlapping toggles both start from ACTIVE and only one move can win; toggles that happen to
    // run one after the other are two legitimate flips. Either way no flip is lost or doubled: the
    // state is ACTIVE flipped once per success.
    const wins = both.filter((r) => r.status === 200).length
    expect(both.filter((r) => r.status !== 200).map((r) => [r.status, r.body.code])).toEqual(wins === 2 ? [] : [[409, "CHALLENGE_MOVE_REFUSED"]])
    expect(both.filter((r) => r.status === 200).map((r) => r.body.data.status).sort()).toEqual(wins === 2 ? ["ACTIVE", "PAUSED"] : ["PAUSED"])
    expect((await send("GET", `/v2/challenges/${active.id}`, undefined, org.owner.headers)).body.data.status).toBe(wins === 2 ? "ACTIVE" : "PAUSED")
  })

  it("cancels, deletes only what never went live, and refuses changes once cancelled", async () => {
    const active = await activeChallenge(host, admin, forOrg())
    const notDeleted = await send("DELETE", `/v2/challenges/${active.id}`, undefined, org.owner.headers)
    expect(notDeleted.status).toBe(409)
    expect(notDeleted.body.code).toBe("CHALLENGE_NOT_DELETABLE")
    const cancelled = await send("POST", `/v2/challenges/${active.id}/cancel`, { reason: "Venue flooded" }, org.owner.headers)
    expect(cancelled.body.data).toMatchObject({ status: "CANCELLED", statusReason: "Venue flooded" })
    const edit = await send("PATCH", `/v2/challenges/${active.id}`, { title: "Too late" }, org.owner.headers)
    expect(edit.status).toBe(409)
    expect(edit.body.code).toBe("CHALLENGE_NOT_EDITABLE")
    expect((await send("POST", `/v2/challenges/${active.id}/cancel`, {}, org.owner.headers)).body.code).toBe("CHALLENGE_MOVE_REFUSED")

    const created = await draft(host, org.owner.headers, forOrg())
    expect((await send("DELETE", `/v2/challenges/${created.id}`, undefined, org.owner.headers)).body.data).toEqual({ id: created.id, deleted: true })
    expect((await send("GET", `/v2/challenges/${created.id}`, undefined, org.owner.headers)).status).toBe(404)
  })

  it("lets admins force-close and reopen (with a later end date once ended), audited in the history logs", async () => {
    const active = await activeChallenge(host, admin, forOrg())
    expect((await send("POST", `/v2/admin/challenge-management/challenges/${active.id}/close`, {}, org.owner.headers)).status).toBe(403)
    const closed = await send("POST", `/v2/admin/challenge-management/challenges/${active.id}/close`, { reason: "Cheating ring" }, admin)
    expect(closed.body.data).toMatchObject({ status: "CLOSED", statusReason: "Cheating ring" })
    expect((await send("POST", `/v2/admin/challenge-management/challenges/${active.id}/close`, {}, admin)).status).toBe(409)
    const reopened = await send("POST", `/v2/admin/challenge-management/challenges/${active.id}/reopen`, {}, admin)
    expect(reopened.body.data).toMatchObject({ status: "ACTIVE", statusReason: null })
    const history = await send("GET", `/v2/admin/challenge-management/history-logs?challengeId=${active.id}`, undefined, admin)
    expect(history.body.data.map((e: { action: string }) => e.action)).toEqual([
      "challenges.challenge.reopened",
      "challenges.challenge.force_closed",
      "challenges.challenge.approved",
      "challenges.challenge.created"
    ])
    expect(history.body.data[1]).toMatchObject({ challengeId: active.id, reason: "Cheating ring", actorKind: "admin" })
  })

  it("closes a challenge at its end date through the scheduled job; reopening it needs a later endsAt", async () => {
    const soon = await activeChallenge(host, admin, forOrg({ startsAt: new Date(Date.now() - day).toISOString(), endsAt: new Date(Date.now() + 1500).toISOString() }))
    await new Promise((resolve) => setTimeout(resolve, 1600))
    const platformAdmin = await challengeAdmin(host, ["*"])
    const ran = await host.http.post("/v2/admin/scheduler/jobs/challenges.close-ended/run", {}, platformAdmin.headers)
    expect(ran.status).toBe(201)
    const jobId = ran.body.data.job.jobId
    const job = await host.run(Effect.gen(function*() {
      const queue = yield* Platform.JobQueue
      const [claimed] = yield* queue.claim({ workerId: "challenges-test", limit: 1, leaseMs: 30_000, id: jobId })
      if (claimed !== undefined) yield* Platform.runClaimedJob(claimed, { workerId: "challenges-test", leaseMs: 30_000 })
      return yield* queue.get(jobId)
    }))
    expect(job.status).toBe("SUCCEEDED")
    const closed = (await host.http.get(`/v2/challenges/${soon.id}/public`)).body.data
    expect(closed).toMatchObject({ status: "CLOSED", statusReason: "end date reached" })
    const ended = await send("POST", `/v2/admin/challenge-management/challenges/${soon.id}/reopen`, {}, admin)
    expect(ended.status).toBe(409)
    expect(ended.body.code).toBe("CHALLENGE_ENDED")
    const later = new Date(Date.now() + 7 * day).toISOString()
    const reopened = await send("POST", `/v2/admin/challenge-management/challenges/${soon.id}/reopen`, { endsAt: later }, admin)
    expect(reopened.body.data).toMatchObject({ status: "ACTIVE", endsAt: later })
  })

  it("lists every challenge and counts them by status for admins", async () => {
    const created = await draft(host, org.owner.headers, forOrg({ title: `Findable ${Date.now()}` }))
    const found = await send("GET", `/v2/admin/challenge-management/challenges?status=DRAFT&q=${encodeURIComponent(created.slug.split("-")[0]!)}`, undefined, admin)
    expect(found.status).toBe(200)
    expect(found.body.data.items.every((c: { status: string }) => c.status === "DRAFT")).toBe(true)
    const stats = await send("GET", "/v2/admin/challenge-management/stats", undefined, admin)
    expect(stats.body.data.challenges.byStatus.DRAFT).toBeGreaterThanOrEqual(1)
    expect(Object.keys(stats.body.data.challenges.byStatus).sort()).toEqual(["ACTIVE", "CANCELLED", "CLOSED", "DRAFT", "PAUSED", "REJECTED"])
    expect((await send("GET", "/v2/admin/challenge-management/stats", undefined, org.owner.headers)).status).toBe(403)
  })
})

describe("challenge discovery", () => {
  it("has exactly the 14 canonical tags, and PATCH /tags accepts only those", async () => {
    const taxonomy = await host.http.get("/v2/challenges/tags/taxonomy")
    expect(taxonomy.body.data).toHaveLength(14)
    const slugs = taxonomy.body.data.map((t: { slug: string }) => t.slug)
    expect(new Set(slugs).size).toBe(14)
    const active = await activeChallenge(host, admin, forOrg())
    const bad = await send("PATCH", `/v2/challenges/${active.id}/tags`, { tags: ["running", "parkour"] }, org.owner.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([`tags.1 must be one of the following values: ${slugs.join(", ")}`])
    const set = await send("PATCH", `/v2/challenges/${active.id}/tags`, { tags: ["charity", "running", "charity"] }, org.owner.headers)
    expect(set.body.data).toEqual({ challengeId: active.id, tags: [{ slug: "charity", label: "Charity" }, { slug: "running", label: "Running" }] })
    expect((await host.http.get(`/v2/challenges/${active.id}/tags`)).body.data.tags.map((t: { slug: string }) => t.slug)).toEqual(["charity", "running"])
    const tagged = await host.http.get("/v2/challenges/tags/charity/challenges?limit=100")
    expect(tagged.body.data.items.map((c: { id: string }) => c.id)).toContain(active.id)
    const unknown = await host.http.get("/v2/challenges/tags/parkour/challenges")
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe("CHALLENGE_TAG_NOT_FOUND")
  })

  it("discovers joinable challenges, explores by phase and shows featured ones", async () => {
    const tag = "virtual"
    const upcoming = await activeChallenge(host, admin, forOrg({ tags: [tag] }))
    const running = await activeChallenge(host, admin, forOrg({ tags: [tag], startsAt: new Date(Date.now() - day).toISOString() }))
    const full = await activeChallenge(host, admin, forOrg({ tags: [tag], maxParticipants: 1 }))
    const athlete = await newAthlete(host)
    expect((await send("POST", `/v2/challenge-participations/${full.id}`, undefined, athlete.headers)).status).toBe(201)
    const drafted = await draft(host, org.owner.headers, forOrg({ tags: [tag] }))

    const discovered = (await host.http.get(`/v2/challenges/discover?tag=${tag}&limit=100`)).body.data
    const ids = discovered.items.map((c: { id: string }) => c.id)
    expect(ids).toEqual(expect.arrayContaining([upcoming.id, running.id]))
    expect(ids).not.toContain(full.id)
    expect(ids).not.toContain(drafted.id)
    expect(discovered).toMatchObject({ page: 1, limit: 100 })

    const ongoing = (await host.http.get(`/v2/challenges/explore?phase=ongoing&tag=${tag}&limit=100`)).body.data.items.map((c: { id: string }) => c.id)
    expect(ongoing).toContain(running.id)
    expect(ongoing).not.toContain(upcoming.id)
    const popular = (await host.http.get(`/v2/challenges/explore?phase=upcoming&tag=${tag}&limit=100`)).body.data.items.map((c: { id: string }) => c.id)
    expect(popular.indexOf(full.id)).toBeLessThan(popular.indexOf(upcoming.id))
    expect((await host.http.get("/v2/challenges/explore?phase=later")).status).toBe(400)

    await send("PATCH", `/v2/challenges/${upcoming.id}`, { isFeatured: true }, admin)
    const featured = (await host.http.get("/v2/challenges/featured?limit=100")).body.data.items.map((c: { id: string }) => c.id)
    expect(featured).toContain(upcoming.id)
    expect(featured).not.toContain(running.id)
  })

  it("lists an organizer's public challenges", async () => {
    const other = await seedOrganizer(host, "Public Org")
    const shown = await activeChallenge(host, admin, challengeBody({ creatorType: "organizer", creatorId: other.id }))
    await draft(host, other.owner.headers, challengeBody({ creatorType: "organizer", creatorId: other.id }))
    const listed = await host.http.get(`/v2/organizations/${other.id}/challenges`)
    expect(listed.body.data).toMatchObject({ total: 1, items: [{ id: shown.id }] })
  })

  it("serves calendar.ics that a real iCalendar parser reads back in the challenge's time zone", async () => {
    const startsAt = "2027-03-10T06:30:00.000Z"
    const endsAt = "2027-04-10T18:00:00.000Z"
    const active = await activeChallenge(host, admin, forOrg({ title: "Spring, 100K; New York", startsAt, endsAt, timeZone: "America/New_York", tags: ["running"] }))
    const res = await host.http.get(`/v2/challenges/${active.id}/calendar.ics`)
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toContain("text/calendar")
    const calendar = new ICAL.Component(ICAL.parse(res.text))
    for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone)
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!)
    expect(event.summary).toBe("Spring, 100K; New York")
    expect(event.uid).toBe(`challenge-${active.id}@podium`)
    const vevent = calendar.getFirstSubcomponent("vevent")!
    expect(vevent.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("America/New_York")
    // 06:30Z on 10 March 2027 is 01:30 EST (UTC-5); 18:00Z on 10 April is 14:00 EDT (UTC-4), after the DST change.
    expect(event.startDate.toString()).toBe("2027-03-10T01:30:00")
    expect(event.endDate.toString()).toBe("2027-04-10T14:00:00")
    expect(event.startDate.toJSDate().toISOString()).toBe(startsAt)
    expect(event.endDate.toJSDate().toISOString()).toBe(endsAt)
    expect((await host.http.get(`/v2/challenges/${crypto.randomUUID()}/calendar.ics`)).status).toBe(404)
  })
})
