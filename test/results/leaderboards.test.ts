/**
 * Leaderboards through the real host (Postgres and Redis): admin ingest is idempotent and
 * recomputes places only when a record changed; places follow standard competition ranking
 * (1-2-2-4) overall, per gender and per age group; boards are public only once the event's results
 * are published and the event is public; `for-me` answers the caller's place and neighbours;
 * with wave starts places are provisional until the event has ended.
 */
import { Events } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { completeEvent, finish, newAthlete, resultsCast } from "./support.js"

const host = realHostOf(import.meta.url)

/** A published board: four finishers, two of them tied, across two genders and two age groups. */
const publishedBoard = async () => {
  const cast = await resultsCast(host)
  const records = [
    finish(50, { gender: "male", ageGroup: "M40" }),
    finish(45, { gender: "female", ageGroup: "F30" }),
    finish(45, { gender: "male", ageGroup: "M40" }),
    finish(40, { gender: "female", ageGroup: "F30" })
  ]
  const ingested = await cast.ingest(records)
  expect(ingested.status).toBe(200)
  expect((await cast.publish()).status).toBe(200)
  return { ...cast, records, id: ingested.body.data.leaderboardId as string }
}

const placesOf = (items: ReadonlyArray<{ userId: string; place: number }>) => items.map((e) => [e.userId, e.place])

describe("leaderboard ingest: who may call and what it refuses", () => {
  it("answers 401 without a token, 403 to an athlete and to an admin without events.manage", async () => {
    const cast = await resultsCast(host)
    expect((await cast.ingest([finish(40)], {}, {})).status).toBe(401)
    expect((await cast.ingest([finish(40)], {}, (await newAthlete(host)).headers)).status).toBe(403)
    const { adminWithPermissions } = await import("../notifications/http-support.js")
    expect((await cast.ingest([finish(40)], {}, await adminWithPermissions(host, ["events.review"]))).status).toBe(403)
  })

  it("answers 400 in the house's wording for bad batches and 404 for an unknown event", async () => {
    const cast = await resultsCast(host)
    const empty = await cast.ingest([])
    expect(empty.status).toBe(400)
    expect(empty.body.message).toEqual(["records must contain between 1 and 5000 elements"])
    const badGender = await cast.ingest([finish(40, { gender: "x" })])
    expect(badGender.status).toBe(400)
    expect(badGender.body.message).toEqual(["records.0.gender must be one of the following values: male, female, other"])
    const backwards = await cast.ingest([finish(-5)])
    expect(backwards.status).toBe(400)
    expect(backwards.body.message).toEqual(["records.0.finishedAt must be after startedAt"])
    const twice = finish(40)
    const duplicate = await cast.ingest([twice, { ...twice }])
    expect(duplicate.status).toBe(400)
    expect(duplicate.body.message).toEqual([`records.1.userId ${twice.userId} appears more than once in the batch`])
    const unknown = await host.http.post("/v2/leaderboards/admin/ingest", { eventId: crypto.randomUUID(), records: [finish(40)] }, cast.admin)
    expect(unknown.status).toBe(404)
  })
})

describe("leaderboard ingest is idempotent", () => {
  it("the same batch twice changes nothing; a changed record recomputes the places", async () => {
    const cast = await resultsCast(host)
    const records = [finish(40), finish(42), finish(44)]
    const first = await cast.ingest(records)
    expect(first.body.data).toMatchObject({ received: 3, inserted: 3, updated: 0, unchanged: 0, revision: 1, name: "Overall" })
    const again = await cast.ingest(records)
    expect(again.body.data).toMatchObject({ leaderboardId: first.body.data.leaderboardId, inserted: 0, updated: 0, unchanged: 3, revision: 1 })
    expect((await cast.publish()).status).toBe(200)
    const id = first.body.data.leaderboardId
    const before = await host.http.get(`/v2/leaderboards/${id}/entries`)
    expect(placesOf(before.body.data.items)).toEqual([[records[0]!.userId, 1], [records[1]!.userId, 2], [records[2]!.userId, 3]])
    const corrected = await cast.ingest([{ ...records[2]!, finishedAt: new Date(Date.parse(records[2]!.startedAt) + 39 * 60_000).toISOString() }])
    expect(corrected.body.data).toMatchObject({ inserted: 0, updated: 1, unchanged: 0, revision: 2 })
    const after = await host.http.get(`/v2/leaderboards/${id}/entries`)
    expect(after.body.data.leaderboard.revision).toBe(2)
    expect(placesOf(after.body.data.items)).toEqual([[records[2]!.userId, 1], [records[0]!.userId, 2], [records[1]!.userId, 3]])
  })

  it("8 concurrent ingests of one batch store each record once: one call inserts, the others change nothing", async () => {
    const cast = await resultsCast(host)
    const records = Array.from({ length: 20 }, (_, i) => finish(40 + i))
    const answers = await Promise.all(Array.from({ length: 8 }, () => cast.ingest(records)))
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200))
    expect(answers.filter((a) => a.body.data.inserted === 20)).toHaveLength(1)
    expect(answers.filter((a) => a.body.data.unchanged === 20)).toHaveLength(7)
    expect(new Set(answers.map((a) => a.body.data.leaderboardId)).size).toBe(1)
    expect((await host.http.get(`/v2/events/${cast.event.eventId}/results/state`, cast.org.owner.headers)).body.data).toMatchObject({ leaderboards: 1, finishers: 20 })
  })
})

describe("leaderboard places", () => {
  it("ranks equal times with the same place and skips the next (1-2-2-4), overall, per gender and per age group", async () => {
    const { id, records } = await publishedBoard()
    const [m50, f45, m45, f40] = records.map((r) => r.userId)
    const overall = await host.http.get(`/v2/leaderboards/${id}/entries`)
    expect(overall.status).toBe(200)
    expect(overall.body.data.total).toBe(4)
    expect(overall.body.data.items.map((e: { place: number }) => e.place)).toEqual([1, 2, 2, 4])
    expect(overall.body.data.items[0]).toMatchObject({ userId: f40, elapsedMs: 40 * 60_000, place: 1, genderPlace: 1, ageGroupPlace: 1 })
    expect(overall.body.data.items[3]).toMatchObject({ userId: m50, place: 4, genderPlace: 2, ageGroupPlace: 2 })
    expect(new Set(overall.body.data.items.slice(1, 3).map((e: { userId: string }) => e.userId))).toEqual(new Set([f45, m45]))
    const men = await host.http.get(`/v2/leaderboards/${id}/entries/filtered?gender=male`)
    expect(men.body.data.items.map((e: { userId: string; genderPlace: number }) => [e.userId, e.genderPlace])).toEqual([[m45, 1], [m50, 2]])
    expect(men.body.data.total).toBe(2)
    const f30 = await host.http.get(`/v2/leaderboards/${id}/entries/filtered?ageGroup=F30`)
    expect(f30.body.data.items.map((e: { userId: string; ageGroupPlace: number }) => [e.userId, e.ageGroupPlace])).toEqual([[f40, 1], [f45, 2]])
    const paged = await host.http.get(`/v2/leaderboards/${id}/entries?page=2&limit=3`)
    expect(paged.body.data).toMatchObject({ total: 4, page: 2, limit: 3 })
    expect(paged.body.data.items.map((e: { userId: string }) => e.userId)).toEqual([m50])
  })

  it("filtered takes exactly one of gender and ageGroup (400 otherwise, and for a bad gender)", async () => {
    const { id } = await publishedBoard()
    for (const query of ["", "?gender=male&ageGroup=M40"]) {
      const answer = await host.http.get(`/v2/leaderboards/${id}/entries/filtered${query}`)
      expect(answer.status).toBe(400)
      expect(answer.body.message).toEqual(["exactly one of gender, ageGroup must be given"])
    }
    const bad = await host.http.get(`/v2/leaderboards/${id}/entries/filtered?gender=robot`)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["gender must be one of the following values: male, female, other"])
  })

  it("one athlete's result, 404 RESULT_NOT_FOUND for someone without one", async () => {
    const { id, records } = await publishedBoard()
    const one = await host.http.get(`/v2/leaderboards/${id}/user/${records[0]!.userId}`)
    expect(one.status).toBe(200)
    expect(one.body.data).toMatchObject({ userId: records[0]!.userId, place: 4, gender: "male", ageGroup: "M40" })
    const none = await host.http.get(`/v2/leaderboards/${id}/user/${crypto.randomUUID()}`)
    expect(none.status).toBe(404)
    expect(none.body.code).toBe("RESULT_NOT_FOUND")
  })
})

describe("leaderboard visibility", () => {
  it("is 404 until the results are published, listed once they are, and 404 again for a private event", async () => {
    const cast = await resultsCast(host)
    const id = (await cast.ingest([finish(40)])).body.data.leaderboardId
    const hidden = await host.http.get(`/v2/leaderboards/${id}/entries`)
    expect(hidden.status).toBe(404)
    expect(hidden.body.code).toBe("LEADERBOARD_NOT_FOUND")
    expect((await host.http.get(`/v2/leaderboards?eventId=${cast.event.eventId}`)).body.data).toMatchObject({ items: [], total: 0 })
    await cast.publish()
    const listed = await host.http.get(`/v2/leaderboards?eventId=${cast.event.eventId}`)
    expect(listed.body.data.total).toBe(1)
    expect(listed.body.data.items[0]).toMatchObject({ id, eventId: cast.event.eventId, name: "Overall", entryCount: 1 })
    expect((await host.http.get("/v2/leaderboards?limit=100")).body.data.items.some((l: { id: string }) => l.id === id)).toBe(true)
    await host.run(Effect.flatMap(Events.EventRepo, (r) => r.update(cast.event.eventId, { visibility: "private" })))
    expect((await host.http.get(`/v2/leaderboards/${id}/entries`)).status).toBe(404)
    expect((await host.http.get(`/v2/leaderboards?eventId=${cast.event.eventId}`)).body.data.total).toBe(0)
    expect((await host.http.get("/v2/leaderboards/not-a-uuid/entries")).status).toBe(400)
  })
})

describe("leaderboard for me", () => {
  it("answers 401 without a token; the caller's place with neighbours on each side; me null when not ranked", async () => {
    const cast = await resultsCast(host)
    const me = await newAthlete(host)
    const others = Array.from({ length: 8 }, (_, i) => finish(40 + i))
    const mine = finish(43.5, { userId: me.user.id })
    const id = (await cast.ingest([...others, mine])).body.data.leaderboardId
    await cast.publish()
    expect((await host.http.get(`/v2/leaderboards/${id}/entries/for-me`)).status).toBe(401)
    const answer = await host.http.get(`/v2/leaderboards/${id}/entries/for-me?around=2`, me.headers)
    expect(answer.status).toBe(200)
    expect(answer.body.data.me).toMatchObject({ userId: me.user.id, place: 5 })
    expect(answer.body.data.neighbours.map((e: { place: number }) => e.place)).toEqual([3, 4, 5, 6, 7])
    expect(answer.body.data.total).toBe(9)
    const top = await host.http.get(`/v2/leaderboards/${id}/entries/for-me?around=10`, me.headers)
    expect(top.body.data.neighbours).toHaveLength(9)
    const stranger = await newAthlete(host)
    const unranked = await host.http.get(`/v2/leaderboards/${id}/entries/for-me`, stranger.headers)
    expect(unranked.body.data).toMatchObject({ me: null, neighbours: [], total: 9 })
    const bad = await host.http.get(`/v2/leaderboards/${id}/entries/for-me?around=99`, me.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["around must be an integer between 0 and 25"])
  })
})

describe("provisional places with wave starts", () => {
  it("a single start is final at once; wave starts are provisional (pages, filtered, for-me) until the event has ended", async () => {
    const single = await publishedBoard()
    expect((await host.http.get(`/v2/leaderboards/${single.id}/entries`)).body.data.provisional).toBe(false)

    const cast = await resultsCast(host)
    const me = await newAthlete(host)
    const wave2 = (minutes: number, over: Record<string, unknown> = {}) => {
      const record = finish(minutes, over)
      const shift = (at: string) => new Date(Date.parse(at) + 20 * 60_000).toISOString()
      return { ...record, startedAt: shift(record.startedAt), finishedAt: shift(record.finishedAt) }
    }
    const ingested = await cast.ingest([finish(50), finish(45, { gender: "male" }), wave2(42, { userId: me.user.id })])
    expect(ingested.status).toBe(200)
    expect((await cast.publish()).status).toBe(200)
    const id = ingested.body.data.leaderboardId as string
    const running = await host.http.get(`/v2/leaderboards/${id}/entries`)
    expect(running.status).toBe(200)
    expect(running.body.data.provisional).toBe(true)
    expect(running.body.data.items[0]).toMatchObject({ userId: me.user.id, place: 1 })
    expect((await host.http.get(`/v2/leaderboards/${id}/entries/filtered?gender=male`)).body.data.provisional).toBe(true)
    expect((await host.http.get(`/v2/leaderboards/${id}/entries/for-me`, me.headers)).body.data).toMatchObject({ provisional: true, me: { place: 1 } })

    await completeEvent(host, cast.event.eventId)
    const final = await host.http.get(`/v2/leaderboards/${id}/entries`)
    expect(final.body.data.provisional).toBe(false)
    expect(final.body.data.items.map((e: { place: number }) => e.place)).toEqual([1, 2, 3])
    expect((await host.http.get(`/v2/leaderboards/${id}/entries/for-me`, me.headers)).body.data.provisional).toBe(false)
  })
})
