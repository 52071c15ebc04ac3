/**
 * Badges through the real host: admins with challenges.manage create, change, duplicate, preview,
 * map and delete them; the public reads active ones by code and a challenge's badges; the
 * retroactive award is a durable job that awards completers of mapped challenges once (running it
 * twice, even at once, awards nobody twice); a revoked participation loses the badge it earned.
 */
import { Platform } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { activeChallenge, challengeAdmin, challengeBody, challengesCast, day } from "./support.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>, org: SeededOrganizer
beforeAll(async () => void ({ admin, org } = await challengesCast(host, "Badge Org")), 60_000)

type Headers = Record<string, string>
const send = (method: string, path: string, body: unknown, headers: Headers) => host.http.request(method, path, body, headers)
const badgeBody = (extra: Record<string, unknown> = {}) => ({
  name: "Monsoon Finisher",
  description: "Ran 20 km in the rains",
  imageUrl: "https://cdn.example.com/badges/monsoon.png",
  criteria: "Complete the Monsoon challenge",
  ...extra
})
const create = async (extra: Record<string, unknown> = {}) => {
  const res = await send("POST", "/v2/badges", badgeBody(extra), admin)
  expect(res.status).toBe(201)
  return res.body.data as { id: string; code: string; isActive: boolean }
}

const runJob = (jobId: string) =>
  host.run(Effect.gen(function*() {
    const queue = yield* Platform.JobQueue
    const [claimed] = yield* queue.claim({ workerId: "badge-test-worker", limit: 1, leaseMs: 30_000, id: jobId as never })
    if (claimed !== undefined) yield* Platform.runClaimedJob(claimed, { workerId: "badge-test-worker", leaseMs: 30_000 })
    return yield* queue.get(jobId as never)
  }))

let hour = 0
const run = async (who: { headers: Headers }, daysAgo: number, distanceMeters: number) => {
  const startedAt = new Date(Date.now() - daysAgo * day - (hour++ % 12) * 3_600_000)
  const res = await send("POST", "/v2/activities", { sport: "run", startedAt: startedAt.toISOString(), durationSeconds: 3600, distanceMeters }, who.headers)
  expect(res.status).toBe(201)
}

describe("badges", () => {
  it("lets admins with challenges.manage create, read, change, duplicate, preview and delete badges", async () => {
    expect((await send("POST", "/v2/badges", badgeBody(), {})).status).toBe(401)
    expect((await send("POST", "/v2/badges", badgeBody(), org.owner.headers)).status).toBe(403)
    expect((await send("POST", "/v2/badges", badgeBody(), (await challengeAdmin(host, [])).headers)).status).toBe(403)
    const invalid = await send("POST", "/v2/badges", { name: "x", imageUrl: "ftp://nope", code: "lower case" }, admin)
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual([
      "name must be longer than or equal to 2 and shorter than or equal to 120 characters",
      "code must be 3 to 40 upper-case letters, digits and dashes",
      "imageUrl must be an https URL"
    ])

    const badge = await create({ code: `MONSOON-${Date.now()}` })
    expect(badge).toMatchObject({ name: "Monsoon Finisher", isActive: true, requestId: null })
    const generated = await create({ name: "Hill Climber" })
    expect(generated.code).toMatch(/^HILL-CLIMBER-[A-Z0-9]{6}$/)
    const taken = await send("POST", "/v2/badges", badgeBody({ code: badge.code }), admin)
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe("BADGE_CODE_TAKEN")

    expect((await send("GET", `/v2/badges/${badge.id}`, undefined, admin)).body.data.code).toBe(badge.code)
    expect((await send("GET", `/v2/badges/${crypto.randomUUID()}`, undefined, admin)).body.code).toBe("BADGE_NOT_FOUND")
    const listed = await send("GET", `/v2/badges?q=${badge.code}`, undefined, admin)
    expect(listed.body.data).toMatchObject({ total: 1, items: [{ id: badge.id }] })

    const patched = await send("PATCH", `/v2/badges/${badge.id}`, { description: "Ran 20 km in the monsoon" }, admin)
    expect(patched.body.data).toMatchObject({ description: "Ran 20 km in the monsoon", name: "Monsoon Finisher" })

    const copy = await send("POST", `/v2/badges/${badge.id}/duplicate`, undefined, admin)
    expect(copy.status).toBe(201)
    expect(copy.body.data).toMatchObject({ name: "Monsoon Finisher (copy)", isActive: false, description: "Ran 20 km in the monsoon" })
    expect(copy.body.data.code).not.toBe(badge.code)
    expect((await host.http.get(`/v2/badges/${copy.body.data.code}/public`)).status).toBe(404)
    expect((await send("GET", "/v2/badges?isActive=false&limit=100", undefined, admin)).body.data.items.map((b: { id: string }) => b.id)).toContain(copy.body.data.id)

    const preview = await send("POST", `/v2/badges/${badge.id}/preview`, { athleteName: "Asha <R>" }, admin)
    expect(preview.body.data).toMatchObject({ badgeId: badge.id, code: badge.code, contentType: "image/svg+xml" })
    expect(preview.body.data.svg).toContain("Awarded to Asha &lt;R&gt;")
    expect(preview.body.data.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)

    const pub = await host.http.get(`/v2/badges/${badge.code}/public`)
    expect(pub.body.data).toEqual({
      code: badge.code,
      name: "Monsoon Finisher",
      description: "Ran 20 km in the monsoon",
      imageUrl: "https://cdn.example.com/badges/monsoon.png",
      criteria: "Complete the Monsoon challenge",
      awardedCount: 0
    })

    expect((await send("DELETE", `/v2/badges/${copy.body.data.id}`, undefined, admin)).body.data).toEqual({ id: copy.body.data.id, deleted: true })
    expect((await send("DELETE", `/v2/badges/${copy.body.data.id}`, undefined, admin)).status).toBe(404)
  })

  it("maps badges to challenges and awards completers retroactively once, even when the job runs twice at once", async () => {
    const challenge = await activeChallenge(host, admin, challengeBody({
      creatorType: "organizer",
      creatorId: org.id,
      goalValue: 10_000,
      startsAt: new Date(Date.now() - 10 * day).toISOString(),
      endsAt: new Date(Date.now() + 20 * day).toISOString()
    }))
    const badge = await create()
    const [done, halfway, late] = await Promise.all([newAthlete(host), newAthlete(host), newAthlete(host)])
    for (const who of [done, halfway, late]) expect((await send("POST", `/v2/challenge-participations/${challenge.id}`, undefined, who.headers)).status).toBe(201)
    await run(done, 3, 6_000)
    await run(done, 2, 5_000)
    await run(halfway, 2, 4_000)

    expect((await send("POST", `/v2/badges/${badge.id}/map-challenge`, { challengeId: "nope" }, admin)).body.message).toEqual(["challengeId must be a UUID"])
    expect((await send("POST", `/v2/badges/${badge.id}/map-challenge`, { challengeId: crypto.randomUUID() }, admin)).body.code).toBe("CHALLENGE_NOT_FOUND")
    const mapped = await send("POST", `/v2/badges/${badge.id}/map-challenge`, { challengeId: challenge.id }, admin)
    expect(mapped.body.data).toEqual({ badgeId: badge.id, challengeIds: [challenge.id] })
    expect((await send("POST", `/v2/badges/${badge.id}/map-challenge`, { challengeId: challenge.id }, admin)).body.data.challengeIds).toEqual([challenge.id])
    expect((await host.http.get(`/v2/challenges/${challenge.id}/badges`)).body.data.map((b: { id: string }) => b.id)).toEqual([badge.id])

    expect((await send("POST", `/v2/badges/${badge.id}/retroactive-award`, undefined, done.headers)).status).toBe(403)
    const queued = await Promise.all([1, 2].map(() => send("POST", `/v2/badges/${badge.id}/retroactive-award`, undefined, admin)))
    expect(queued.map((q) => q.status)).toEqual([202, 202])
    expect(queued[0]!.body.data).toMatchObject({ badgeId: badge.id, job: { status: "PENDING", attempts: 0 } })
    const finished = await Promise.all(queued.map((q) => runJob(q.body.data.job.jobId)))
    expect(finished.map((j) => j.status)).toEqual(["SUCCEEDED", "SUCCEEDED"])
    expect(finished[0]!.progress).toMatchObject({ done: 1, total: 1 })

    const stats = await send("GET", `/v2/badges/${badge.id}/stats`, undefined, admin)
    expect(stats.body.data).toMatchObject({ badgeId: badge.id, mappedChallengeIds: [challenge.id], awarded: 1, byChallenge: [{ challengeId: challenge.id, awarded: 1 }] })
    const mine = await send("GET", "/v2/challenge-participations/badges/all", undefined, done.headers)
    expect(mine.body.data).toEqual([expect.objectContaining({ badgeId: badge.id, challengeId: challenge.id, source: "RETROACTIVE", badge: expect.objectContaining({ code: badge.code }) })])
    expect((await send("GET", "/v2/challenge-participations/badges/all", undefined, halfway.headers)).body.data).toEqual([])
    expect((await send("GET", "/v2/challenge-participations/badges/all", undefined, {})).status).toBe(401)

    // A later completer is awarded by the next run; the first one is not awarded again.
    await run(late, 1, 12_000)
    const again = await send("POST", `/v2/badges/${badge.id}/retroactive-award`, undefined, admin)
    expect((await runJob(again.body.data.job.jobId)).progress).toMatchObject({ message: "1 athlete(s) awarded" })
    expect((await send("GET", `/v2/badges/${badge.id}/stats`, undefined, admin)).body.data.awarded).toBe(2)
    expect((await host.http.get(`/v2/badges/${badge.code}/public`)).body.data.awardedCount).toBe(2)

    const held = await send("DELETE", `/v2/badges/${badge.id}`, undefined, admin)
    expect(held.status).toBe(409)
    expect(held.body.code).toBe("BADGE_ALREADY_AWARDED")

    // Revoking a participation takes back the badge its challenge earned.
    const participation = (await send("GET", `/v2/admin/challenge-management/participations?challengeId=${challenge.id}&userId=${late.user.id}`, undefined, admin)).body.data.items[0]
    await send("POST", `/v2/admin/challenge-management/participations/${participation.id}/revoke`, { reason: "Borrowed a bike" }, admin)
    expect((await send("GET", "/v2/challenge-participations/badges/all", undefined, late.headers)).body.data).toEqual([])
    expect((await send("GET", `/v2/badges/${badge.id}/stats`, undefined, admin)).body.data.awarded).toBe(1)

    expect((await send("DELETE", `/v2/badges/${badge.id}/map-challenge?challengeId=${challenge.id}`, undefined, admin)).body.data.challengeIds).toEqual([])
    const notMapped = await send("DELETE", `/v2/badges/${badge.id}/map-challenge?challengeId=${challenge.id}`, undefined, admin)
    expect(notMapped.status).toBe(404)
    expect(notMapped.body.code).toBe("BADGE_NOT_MAPPED")
    expect((await host.http.get(`/v2/challenges/${challenge.id}/badges`)).body.data).toEqual([])

    await send("PATCH", `/v2/badges/${badge.id}`, { isActive: false }, admin)
    const inactive = await send("POST", `/v2/badges/${badge.id}/retroactive-award`, undefined, admin)
    expect(inactive.status).toBe(409)
    expect(inactive.body.code).toBe("BADGE_INACTIVE")
  })
})
