/**
 * Medals and profile cards through the real host: medals follow published results of public
 * events (ties share the metal), nothing shows before publication; cards are SVG in the declared
 * sizes, five share themes, and user text is escaped.
 */
import { Accounts } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { freshPhone } from "../organizers/support.js"
import { finish, newAthlete, resultsCast } from "./support.js"

const host = realHostOf(import.meta.url)

const podium = async (me: string) => {
  const cast = await resultsCast(host)
  const records = [finish(40, { userId: me }), finish(41), finish(41), finish(45)]
  await cast.ingest(records)
  return { ...cast, records }
}

describe("medals", () => {
  it("appear only once results are published: gold, tied silvers, then finisher", async () => {
    const me = await newAthlete(host)
    const cast = await podium(me.user.id)
    expect((await host.http.get(`/v2/events/${cast.event.eventId}/medals/top`)).body.data.items).toEqual([])
    expect((await host.http.get(`/v2/users/${me.user.id}/medals`)).body.data.items).toEqual([])
    await cast.publish()
    const top = await host.http.get(`/v2/events/${cast.event.eventId}/medals/top`)
    expect(top.status).toBe(200)
    expect(top.body.data.items.map((m: { kind: string; place: number }) => [m.kind, m.place])).toEqual([["gold", 1], ["silver", 2], ["silver", 2]])
    const mine = await host.http.get("/v2/users/me/medals", me.headers)
    expect(mine.body.data.summary).toEqual({ gold: 1, silver: 0, bronze: 0, finisher: 0 })
    expect(mine.body.data.items[0]).toMatchObject({ kind: "gold", eventId: cast.event.eventId, elapsedMs: 40 * 60_000, leaderboardName: "Overall" })
    const last = await host.http.get(`/v2/users/${cast.records[3]!.userId}/medals`)
    expect(last.body.data.items.map((m: { kind: string; place: number }) => [m.kind, m.place])).toEqual([["finisher", 4]])
    expect((await host.http.get("/v2/users/me/medals")).status).toBe(401)
    expect((await host.http.get(`/v2/events/${crypto.randomUUID()}/medals/top`)).status).toBe(404)
    expect((await host.http.get("/v2/users/not-a-uuid/medals")).status).toBe(400)
  })
})

describe("profile cards", () => {
  it("draws the 1200×630 card, the 1080×1920 share card and the 1080×1080 finisher card as SVG, escaping the athlete's name", async () => {
    const user = await host.run(Effect.flatMap(Accounts.UserRepo, (r) => r.create({ phoneNumber: freshPhone(), firstName: "<script>", lastName: "& Co" })))
    const me = { user }
    const cast = await podium(me.user.id)
    await cast.publish()
    const card = await host.http.get(`/v2/u/${me.user.id}/card.png`)
    expect(card.status).toBe(200)
    expect(card.headers.get("content-type")).toContain("image/svg+xml")
    expect(card.text).toContain('width="1200" height="630"')
    expect(card.text).toContain("&lt;script&gt; &amp; Co")
    expect(card.text).not.toContain("<script>")
    expect(card.text).toContain("1 race · 1 gold")
    for (const theme of ["classic", "night", "sunrise", "forest", "mono"]) {
      const share = await host.http.get(`/v2/u/${me.user.id}/share-card.svg?theme=${theme}`)
      expect(share.status).toBe(200)
      expect(share.text).toContain('width="1080" height="1920"')
      expect(share.text).toContain(`data-theme="${theme}"`)
      expect(share.text).not.toContain("<script>")
    }
    expect((await host.http.get(`/v2/u/${me.user.id}/share-card.svg`)).text).toContain('data-theme="classic"')
    const bad = await host.http.get(`/v2/u/${me.user.id}/share-card.svg?theme=neon`)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["theme must be one of the following values: classic, night, sunrise, forest, mono"])
    const finisher = await host.http.get(`/v2/events/${cast.event.eventId}/finisher-card/${me.user.id}.svg`)
    expect(finisher.status).toBe(200)
    expect(finisher.headers.get("content-type")).toContain("image/svg+xml")
    expect(finisher.text).toContain('width="1080" height="1080"')
    expect(finisher.text).toContain("0:40:00")
    expect(finisher.text).toContain("GOLD MEDAL")
    expect(finisher.text).toContain("&lt;script&gt; &amp; Co")
    expect(finisher.text).not.toContain("<script>")
    const noResult = await host.http.get(`/v2/events/${cast.event.eventId}/finisher-card/${crypto.randomUUID()}.svg`)
    expect(noResult.status).toBe(404)
    expect(noResult.body.code).toBe("RESULT_NOT_FOUND")
    const unknown = await host.http.get(`/v2/u/${crypto.randomUUID()}/card.png`)
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe("ATHLETE_NOT_FOUND")
  })
})
