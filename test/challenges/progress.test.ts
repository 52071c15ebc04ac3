/**
 * Challenge progress and leaderboards through the real host: progress comes from the joined
 * athletes' eligible activities of the challenge's sport inside its window, so it follows an
 * activity added, edited, deleted, flagged by anti-cheat or marked INVALID by an admin; ties share a
 * rank (1-2-2-4); the paged read answers the viewer's own entry; a revoked athlete leaves the board;
 * multi-sport progress is given sport by sport; an athlete may hide from public leaderboards (keeping
 * their place); analytics for the manager; admin activity verdicts and day-by-day participation detail.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { activeChallenge, challengeBody, challengesCast, day } from "./support.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>, org: SeededOrganizer
beforeAll(async () => void ({ admin, org } = await challengesCast(host, "Progress Org")), 60_000)

type Headers = Record<string, string>
const send = (method: string, path: string, body: unknown, headers: Headers) => host.http.request(method, path, body, headers)
/** A challenge that started ten days ago and runs twenty more. */
const running = (extra: Record<string, unknown> = {}) =>
  challengeBody({
    creatorType: "organizer",
    creatorId: org.id,
    startsAt: new Date(Date.now() - 10 * day).toISOString(),
    endsAt: new Date(Date.now() + 20 * day).toISOString(),
    ...extra
  })
const join = async (challengeId: string, who: { headers: Headers }) =>
  expect((await send("POST", `/v2/challenge-participations/${challengeId}`, undefined, who.headers)).status).toBe(201)
/** Logs an activity `daysAgo` days ago (at a distinct hour per call, so one athlete's never overlap). */
let hour = 0
const log = async (who: { headers: Headers }, daysAgo: number, fields: Record<string, unknown>) => {
  const startedAt = new Date(Date.now() - daysAgo * day + (hour++ % 12) * 3_600_000 - 12 * 3_600_000)
  const res = await send("POST", "/v2/activities", { durationSeconds: 3600, distanceMeters: 0, startedAt: startedAt.toISOString(), ...fields }, who.headers)
  expect(res.status).toBe(201)
  return res.body.data.id as string
}
const board = async (id: string) =>
  ((await host.http.get(`/v2/challenges/${id}/leaderboard`)).body.data.items as Array<{ userId: string; rank: number; value: number }>)
    .map((e) => [e.userId, e.rank, e.value])

describe("challenge leaderboards", () => {
  it("ranks joined athletes by their counted activities with ties 1-2-2-4, and follows edits, deletes, anti-cheat flags and revokes", async () => {
    const challenge = await activeChallenge(host, admin, running({ goalValue: 20_000 }))
    const [a, b, c, d, outsider] = await Promise.all(Array.from({ length: 5 }, () => newAthlete(host)))
    for (const who of [a!, b!, c!, d!]) await join(challenge.id, who)
    await log(a!, 5, { sport: "run", distanceMeters: 12_000 })
    await log(a!, 4, { sport: "run", distanceMeters: 10_000 })
    const bRun = await log(b!, 3, { sport: "run", distanceMeters: 10_000 })
    await log(b!, 30, { sport: "run", distanceMeters: 40_000 }) // before the window
    const cRun = await log(c!, 3, { sport: "run", distanceMeters: 10_000 })
    const dRun = await log(d!, 2, { sport: "run", distanceMeters: 5_000 })
    await log(d!, 1, { sport: "ride", distanceMeters: 50_000 }) // another sport
    await log(outsider!, 2, { sport: "run", distanceMeters: 30_000 }) // not joined

    expect(await board(challenge.id)).toEqual([[a!.user.id, 1, 22_000], [b!.user.id, 2, 10_000], [c!.user.id, 2, 10_000], [d!.user.id, 4, 5_000]])
    const top = (await host.http.get(`/v2/challenges/${challenge.id}/leaderboard?limit=1`)).body.data
    expect(top).toMatchObject({ challengeId: challenge.id, goalType: "DISTANCE", goalValue: 20_000, total: 4 })
    expect(top.items).toEqual([expect.objectContaining({ userId: a!.user.id, percent: 100, completed: true, activityCount: 2, bySport: [{ sport: "run", value: 22_000, activityCount: 2 }] })])

    const paged = await send("GET", `/v2/challenges/${challenge.id}/leaderboard/paged?limit=2&page=2`, undefined, d!.headers)
    expect(paged.status).toBe(200)
    expect(paged.body.data).toMatchObject({ total: 4, page: 2, limit: 2, viewer: { userId: d!.user.id, rank: 4, value: 5_000, percent: 25, completed: false } })
    expect(paged.body.data.items.map((e: { userId: string }) => e.userId)).toEqual([c!.user.id, d!.user.id])
    expect((await host.http.get(`/v2/challenges/${challenge.id}/leaderboard/paged`)).body.data.viewer).toBeNull()
    expect((await send("GET", `/v2/challenges/${challenge.id}/leaderboard/paged`, undefined, outsider!.headers)).body.data.viewer).toBeNull()

    // An edit counts at once; an edit into an impossible speed is flagged by anti-cheat and stops counting.
    expect((await send("PATCH", `/v2/activities/${bRun}`, { distanceMeters: 11_000 }, b!.headers)).status).toBe(200)
    expect((await send("PATCH", `/v2/activities/${cRun}`, { durationSeconds: 600 }, c!.headers)).body.data.eligible).toBe(false)
    expect(await board(challenge.id)).toEqual([[a!.user.id, 1, 22_000], [b!.user.id, 2, 11_000], [d!.user.id, 3, 5_000], [c!.user.id, 4, 0]])
    // Reading again changes nothing (progress is a function of the activities).
    expect(await board(challenge.id)).toEqual([[a!.user.id, 1, 22_000], [b!.user.id, 2, 11_000], [d!.user.id, 3, 5_000], [c!.user.id, 4, 0]])
    expect((await send("DELETE", `/v2/activities/${dRun}`, undefined, d!.headers)).status).toBe(200)
    expect(await board(challenge.id)).toEqual([[a!.user.id, 1, 22_000], [b!.user.id, 2, 11_000], [c!.user.id, 3, 0], [d!.user.id, 3, 0]])

    const participation = (await send("GET", `/v2/admin/challenge-management/participations?challengeId=${challenge.id}&userId=${a!.user.id}`, undefined, admin)).body.data.items[0]
    expect((await send("POST", `/v2/admin/challenge-management/participations/${participation.id}/revoke`, { reason: "Shared account" }, admin)).status).toBe(200)
    expect(await board(challenge.id)).toEqual([[b!.user.id, 1, 11_000], [c!.user.id, 2, 0], [d!.user.id, 2, 0]])

    expect((await host.http.get(`/v2/challenges/${crypto.randomUUID()}/leaderboard`)).status).toBe(404)
    expect((await host.http.get(`/v2/challenges/${challenge.id}/leaderboard?limit=500`)).body.message).toEqual(["limit must be an integer between 1 and 100"])
  })

  it("gives multi-sport progress sport by sport to the athlete, and the challenge's numbers to its manager", async () => {
    const challenge = await activeChallenge(host, admin, running({ activityType: "MULTI_SPORT", goalType: "DURATION", goalValue: 7200 }))
    const [me, other] = await Promise.all([newAthlete(host), newAthlete(host)])
    await join(challenge.id, me)
    await join(challenge.id, other)
    await log(me, 6, { sport: "run", durationSeconds: 3000, distanceMeters: 9_000 })
    await log(me, 5, { sport: "ride", durationSeconds: 3600, distanceMeters: 30_000 })
    await log(me, 4, { sport: "swim", durationSeconds: 1200, distanceMeters: 1_500 })
    await log(other, 4, { sport: "walk", durationSeconds: 1800, distanceMeters: 3_000 })

    const path = `/v2/challenge-participations/${challenge.id}/multi-sport-progress`
    expect((await send("GET", path, undefined, {})).status).toBe(401)
    expect((await send("GET", path, undefined, admin)).status).toBe(403)
    const mine = await send("GET", path, undefined, me.headers)
    expect(mine.status).toBe(200)
    expect(mine.body.data).toMatchObject({ challengeId: challenge.id, activityType: "MULTI_SPORT", goalType: "DURATION", participationStatus: "JOINED", rank: 1 })
    expect(mine.body.data.progress).toMatchObject({ value: 7800, percent: 100, completed: true, activityCount: 3 })
    expect(mine.body.data.progress.bySport).toEqual([
      { sport: "ride", value: 3600, activityCount: 1 },
      { sport: "run", value: 3000, activityCount: 1 },
      { sport: "swim", value: 1200, activityCount: 1 }
    ])
    const stranger = await newAthlete(host)
    expect((await send("GET", path, undefined, stranger.headers)).body.code).toBe("PARTICIPATION_NOT_FOUND")

    const analytics = `/v2/challenges/${challenge.id}/analytics`
    expect((await send("GET", analytics, undefined, {})).status).toBe(401)
    expect((await send("GET", analytics, undefined, stranger.headers)).status).toBe(403)
    const numbers = await send("GET", analytics, undefined, org.owner.headers)
    expect(numbers.status).toBe(200)
    expect(numbers.body.data).toMatchObject({
      participations: { JOINED: 2, LEFT: 0, REVOKED: 0 },
      activeAthletes: 2,
      completed: 1,
      completionRate: 50,
      totalValue: 9600,
      activityCount: 4,
      averagePercent: 62.5
    })
    expect(numbers.body.data.bySport.map((s: { sport: string }) => s.sport)).toEqual(["ride", "run", "walk", "swim"])
  })

  it("counts activities and metres climbed for COUNT and ELEVATION goals", async () => {
    const hikes = await activeChallenge(host, admin, running({ activityType: "HIKE", goalType: "COUNT", goalValue: 2 }))
    const climbs = await activeChallenge(host, admin, running({ activityType: "RIDE", goalType: "ELEVATION", goalValue: 1000 }))
    const me = await newAthlete(host)
    await join(hikes.id, me)
    await join(climbs.id, me)
    await log(me, 3, { sport: "hike", distanceMeters: 8_000, elevationGainMeters: 400 })
    await log(me, 2, { sport: "hike", distanceMeters: 6_000, elevationGainMeters: 300 })
    await log(me, 1, { sport: "ride", distanceMeters: 40_000, elevationGainMeters: 650 })
    expect((await host.http.get(`/v2/challenges/${hikes.id}/leaderboard`)).body.data.items[0]).toMatchObject({ value: 2, completed: true })
    expect((await host.http.get(`/v2/challenges/${climbs.id}/leaderboard`)).body.data.items[0]).toMatchObject({ value: 650, percent: 65, completed: false })
  })
})

describe("leaderboard privacy", () => {
  it("lets a joined athlete hide from public leaderboards: their place stays, their ids go, their own entry still shows them", async () => {
    const challenge = await activeChallenge(host, admin, running({ goalValue: 50_000 }))
    const [shy, open] = await Promise.all([newAthlete(host), newAthlete(host)])
    await join(challenge.id, shy)
    await join(challenge.id, open)
    await log(shy, 3, { sport: "run", distanceMeters: 9_000 })
    await log(open, 3, { sport: "run", distanceMeters: 4_000 })
    const path = `/v2/challenge-participations/${challenge.id}`

    expect((await send("PATCH", path, { leaderboardVisible: false }, {})).status).toBe(401)
    expect((await send("PATCH", path, { leaderboardVisible: "no" }, shy.headers)).body.message).toEqual(["leaderboardVisible must be a boolean value"])
    expect((await send("PATCH", `/v2/challenge-participations/${crypto.randomUUID()}`, { leaderboardVisible: false }, shy.headers)).status).toBe(404)
    expect((await send("PATCH", path, undefined, shy.headers)).body.data).toMatchObject({ leaderboardVisible: true, status: "JOINED" })
    const hidden = await send("PATCH", path, { leaderboardVisible: false }, shy.headers)
    expect(hidden.status).toBe(200)
    expect(hidden.body.data).toMatchObject({ challengeId: challenge.id, userId: shy.user.id, leaderboardVisible: false })

    expect(await board(challenge.id)).toEqual([[null, 1, 9_000], [open.user.id, 2, 4_000]])
    const seenByOther = (await send("GET", `/v2/challenges/${challenge.id}/leaderboard/paged`, undefined, open.headers)).body.data
    expect(seenByOther.items.map((e: { userId: string | null; participationId: string | null }) => [e.userId, e.participationId])).toEqual([
      [null, null],
      [open.user.id, expect.any(String)]
    ])
    const seenBySelf = (await send("GET", `/v2/challenges/${challenge.id}/leaderboard/paged`, undefined, shy.headers)).body.data
    expect(seenBySelf.viewer).toMatchObject({ userId: shy.user.id, rank: 1 })
    expect(seenBySelf.items[0].userId).toBe(shy.user.id)
    const participation = (await send("GET", `/v2/admin/challenge-management/participations?challengeId=${challenge.id}&userId=${shy.user.id}`, undefined, admin)).body.data.items[0]
    expect((await send("GET", `/v2/admin/challenge-management/participations/${participation.id}`, undefined, admin)).body.data.progress.userId).toBe(shy.user.id)

    await send("PATCH", path, { leaderboardVisible: true }, shy.headers)
    expect(await board(challenge.id)).toEqual([[shy.user.id, 1, 9_000], [open.user.id, 2, 4_000]])
  })
})

describe("admin activity verdicts and participation detail", () => {
  it("lists a challenge's counted activities, takes an INVALID one out of progress, and shows day-by-day progress", async () => {
    const challenge = await activeChallenge(host, admin, running({ goalValue: 15_000, timeZone: "Asia/Kolkata" }))
    const me = await newAthlete(host)
    await join(challenge.id, me)
    const first = await log(me, 4, { sport: "run", distanceMeters: 8_000 })
    const second = await log(me, 3, { sport: "run", distanceMeters: 9_000 })
    const base = "/v2/admin/challenge-management/activities"

    expect((await send("GET", `${base}?challengeId=${challenge.id}`, undefined, me.headers)).status).toBe(403)
    expect((await send("GET", base, undefined, admin)).body.message).toEqual(["challengeId should not be empty"])
    const listed = await send("GET", `${base}?challengeId=${challenge.id}`, undefined, admin)
    expect(listed.body.data).toMatchObject({ total: 2, page: 1 })
    expect(listed.body.data.items.map((a: { id: string; validation: { status: string } }) => [a.id, a.validation.status])).toEqual([[second, "PENDING"], [first, "PENDING"]])
    const detail = await send("GET", `${base}/${first}`, undefined, admin)
    expect(detail.body.data).toMatchObject({ id: first, validation: { status: "PENDING" }, challenges: [{ id: challenge.id, goalType: "DISTANCE" }] })
    expect((await send("GET", `${base}/${crypto.randomUUID()}`, undefined, admin)).status).toBe(404)

    expect((await send("PATCH", `${base}/${first}/validation`, { status: "WRONG" }, admin)).body.message).toEqual([
      "status must be one of the following values: PENDING, VALID, INVALID"
    ])
    expect((await send("PATCH", `${base}/${first}/validation`, { status: "INVALID" }, me.headers)).status).toBe(403)
    const judged = await send("PATCH", `${base}/${first}/validation`, { status: "INVALID", note: "Treadmill calibration off" }, admin)
    expect(judged.body.data).toMatchObject({ activityId: first, status: "INVALID", note: "Treadmill calibration off" })
    expect((await host.http.get(`/v2/challenges/${challenge.id}/leaderboard`)).body.data.items[0]).toMatchObject({ userId: me.user.id, value: 9_000 })
    expect((await send("GET", `${base}?challengeId=${challenge.id}&status=INVALID`, undefined, admin)).body.data.items.map((a: { id: string }) => a.id)).toEqual([first])
    await send("PATCH", `${base}/${first}/validation`, { status: "VALID" }, admin)

    const participation = (await send("GET", `/v2/admin/challenge-management/participations?challengeId=${challenge.id}`, undefined, admin)).body.data.items[0]
    const full = await send("GET", `/v2/admin/challenge-management/participations/${participation.id}`, undefined, admin)
    expect(full.status).toBe(200)
    expect(full.body.data).toMatchObject({ id: participation.id, challenge: { id: challenge.id }, rank: 1, progress: { value: 17_000, completed: true } })
    expect(full.body.data.dailyProgress.map((d: { value: number; cumulative: number }) => [d.value, d.cumulative])).toEqual([[8_000, 8_000], [9_000, 17_000]])
    expect(full.body.data.dailyProgress[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect((await send("GET", `/v2/admin/challenge-management/participations/${participation.id}`, undefined, me.headers)).status).toBe(403)
    expect((await send("GET", `/v2/admin/challenge-management/participations/${crypto.randomUUID()}`, undefined, admin)).status).toBe(404)
  })
})
