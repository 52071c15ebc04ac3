/**
 * Edition leaderboards through the real host (Postgres and Redis): an edition ranks the series'
 * published results that started within its dates, by standard competition ranking (1-2-2-4), paged
 * from a board rebuilt when the results change; `/me` answers the caller's place and neighbours;
 * no published results is an empty board, a draft edition is 404.
 */
import { describe, expect, it } from "vitest"
import { newAthlete } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { eventsCast, inDays, publishedEvent } from "./support.js"

const host = realHostOf(import.meta.url)

const minute = 60_000
/** A timing record starting at `start` (ISO) and taking `minutes`. */
const run = (userId: string, start: string, minutes: number, over: Record<string, unknown> = {}) => ({
  userId,
  gender: "female",
  startedAt: start,
  finishedAt: new Date(Date.parse(start) + minutes * minute).toISOString(),
  ...over
})

/**
 * A public series with two past editions (last year's and this year's), four athletes in this
 * year's (two tied) and a faster one in last year's; results ingested but not yet published.
 */
const seriesWithResults = async () => {
  const { org, manager, reviewer } = await eventsCast(host, "Edition Boards Org")
  const event = await publishedEvent(host, org, reviewer)
  const edition = async (year: number, startsAt: string, endsAt: string, status = "published") => {
    const res = await host.http.request("PATCH", `/v2/organizers/events/${event.id}/edition`, { year, startsAt, endsAt, capacity: 100, status }, org.owner.headers)
    expect(res.status).toBe(200)
    return res.body.data as { id: string; slug: string; startsAt: string }
  }
  const lastYear = await edition(2040, inDays(-30), inDays(-29.5))
  const thisYear = await edition(2041, inDays(-10), inDays(-9.5))
  const athletes = await Promise.all(Array.from({ length: 5 }, () => newAthlete(host)))
  const [a, b, c, d, e] = athletes.map((x) => x.user.id as string)
  const gun = new Date(Date.parse(thisYear.startsAt) + minute).toISOString()
  const lastGun = new Date(Date.parse(lastYear.startsAt) + minute).toISOString()
  const records = [run(a!, gun, 40), run(b!, gun, 45), run(c!, gun, 45), run(d!, gun, 50), run(e!, lastGun, 30)]
  const ingest = (rs: ReadonlyArray<Record<string, unknown>>) => host.http.post("/v2/leaderboards/admin/ingest", { eventId: event.id, records: rs }, manager)
  expect((await ingest(records)).status).toBe(200)
  const publish = () => host.http.post(`/v2/events/${event.id}/results/publish`, undefined, org.owner.headers)
  return { org, manager, event, lastYear, thisYear, athletes, ids: { a: a!, b: b!, c: c!, d: d!, e: e! }, gun, ingest, publish, edition }
}

describe("an edition's leaderboard", () => {
  it("is empty (200) until the series' results are published, then ranks the edition's runners 1-2-2-4", async () => {
    const s = await seriesWithResults()
    const before = await host.http.get(`/v2/editions/${s.thisYear.slug}/leaderboard`)
    expect(before.status).toBe(200)
    expect(before.body.data).toMatchObject({ edition: { id: s.thisYear.id, year: 2041 }, leaderboard: null, items: [], total: 0 })
    expect((await s.publish()).status).toBe(200)
    const res = await host.http.get(`/v2/editions/${s.thisYear.slug}/leaderboard`)
    expect(res.status).toBe(200)
    expect(res.body.data.total).toBe(4)
    expect(res.body.data.leaderboard).toMatchObject({ eventId: s.event.id, name: "Overall" })
    const rows = res.body.data.items.map((i: { userId: string; place: number; boardPlace: number }) => [i.userId, i.place, i.boardPlace])
    // Last year's faster runner is 1st on the series board but not in this edition.
    const tied = [s.ids.b, s.ids.c].sort()
    expect(rows).toEqual([[s.ids.a, 1, 2], [tied[0], 2, 3], [tied[1], 2, 3], [s.ids.d, 4, 5]])
    const past = await host.http.get(`/v2/editions/${s.lastYear.id}/leaderboard`)
    expect(past.body.data.items.map((i: { userId: string; place: number }) => [i.userId, i.place])).toEqual([[s.ids.e, 1]])
  })

  it("pages, names another board of the series, and answers 400 in the spec's wording for a bad page", async () => {
    const s = await seriesWithResults()
    await s.publish()
    const second = await host.http.get(`/v2/editions/${s.thisYear.id}/leaderboard?page=2&limit=2`)
    expect(second.body.data).toMatchObject({ page: 2, limit: 2, total: 4 })
    expect(second.body.data.items.map((i: { place: number }) => i.place)).toEqual([2, 4])
    const other = await host.http.get(`/v2/editions/${s.thisYear.id}/leaderboard?leaderboard=Half%20Marathon`)
    expect(other.body.data).toMatchObject({ leaderboard: null, items: [], total: 0 })
    const bad = await host.http.get(`/v2/editions/${s.thisYear.id}/leaderboard?limit=0`)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["limit must be an integer between 1 and 100"])
  })

  it("follows a corrected ingest: the board is rebuilt with the new places", async () => {
    const s = await seriesWithResults()
    await s.publish()
    expect((await host.http.get(`/v2/editions/${s.thisYear.id}/leaderboard`)).body.data.items[0].userId).toBe(s.ids.a)
    expect((await s.ingest([run(s.ids.d, s.gun, 35)])).status).toBe(200)
    const after = await host.http.get(`/v2/editions/${s.thisYear.id}/leaderboard`)
    expect(after.body.data.items.map((i: { userId: string; place: number }) => [i.userId, i.place]).slice(0, 2)).toEqual([[s.ids.d, 1], [s.ids.a, 2]])
  })

  it("is 404 for a draft edition, an unknown one, and once the event is hidden", async () => {
    const s = await seriesWithResults()
    await s.publish()
    const draft = await s.edition(2042, inDays(50), inDays(50.5), "draft")
    expect((await host.http.get(`/v2/editions/${draft.id}/leaderboard`)).status).toBe(404)
    expect((await host.http.get("/v2/editions/no-such-edition/leaderboard")).status).toBe(404)
    expect((await host.http.request("PATCH", `/v2/events/${s.event.id}/unpublish`, undefined, s.org.owner.headers)).status).toBe(200)
    expect((await host.http.get(`/v2/editions/${s.thisYear.id}/leaderboard`)).status).toBe(404)
  })
})

describe("the caller's place in an edition", () => {
  it("is for signed-in athletes: 401 without a token, 403 for an admin, 400 for a bad `around`", async () => {
    const s = await seriesWithResults()
    expect((await host.http.get(`/v2/editions/${s.thisYear.id}/leaderboard/me`)).status).toBe(401)
    expect((await host.http.request("GET", `/v2/editions/${s.thisYear.id}/leaderboard/me`, undefined, s.manager)).status).toBe(403)
    const bad = await host.http.request("GET", `/v2/editions/${s.thisYear.id}/leaderboard/me?around=99`, undefined, s.athletes[0]!.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["around must be an integer between 0 and 25"])
  })

  it("answers the caller's shared place with one neighbour each side, and me: null when not ranked", async () => {
    const s = await seriesWithResults()
    await s.publish()
    const tiedLast = [s.ids.b, s.ids.c].sort()[1]!
    const caller = s.athletes[Object.values(s.ids).indexOf(tiedLast)]!
    const mine = await host.http.request("GET", `/v2/editions/${s.thisYear.slug}/leaderboard/me?around=1`, undefined, caller.headers)
    expect(mine.status).toBe(200)
    expect(mine.body.data.me).toMatchObject({ userId: tiedLast, place: 2 })
    expect(mine.body.data.neighbours.map((n: { place: number }) => n.place)).toEqual([2, 2, 4])
    expect(mine.body.data.total).toBe(4)
    // Last year's runner has no result in this edition.
    const absent = await host.http.request("GET", `/v2/editions/${s.thisYear.id}/leaderboard/me`, undefined, s.athletes[4]!.headers)
    expect(absent.body.data).toMatchObject({ me: null, neighbours: [], total: 4 })
  })
})
