/**
 * Hybrid race results through HTTP: the event leaderboard (1-2-2-4 on equal times, public while the
 * event is), a result's public page, certificate data the verify route accepts, the certificate PDF,
 * the finisher card with user text escaped, and this week's results.
 */
import { HybridRace } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { eventsCast, publishedEvent } from "../events/support.js"
import { newAthlete, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { namedAthlete, raceThrough, step } from "./support.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer, reviewer: Record<string, string>
beforeAll(async () => void ({ org, reviewer } = await eventsCast(host, "Hybrid Results Org")), 60_000)

describe("hybrid race leaderboard", () => {
  it("ranks submitted attempts by time, equal times sharing a place (1-2-2-4), public and paginated", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const [a, b, c, d, running] = await Promise.all([newAthlete(host), newAthlete(host), newAthlete(host), newAthlete(host), newAthlete(host)])
    await raceThrough(host, event.id, a.headers, { checkpoints: 0 })
    // Exact times (a minute, a minute, a minute and a half) need exact instants: seeded through the repository.
    const seeded = (athleteId: string, seconds: number) =>
      host.run(Effect.flatMap(HybridRace.HybridRaceRepo, (r) => {
        const startedAt = new Date(Date.now() - 3_600_000)
        return r.start(event.id, athleteId, startedAt).pipe(
          Effect.zipRight(r.move(event.id, athleteId, "finish", new Date(startedAt.getTime() + seconds * 1000))),
          Effect.zipRight(r.move(event.id, athleteId, "submit", new Date(startedAt.getTime() + seconds * 1000 + 5000)))
        )
      }))
    await seeded(b.user.id, 60)
    await seeded(c.user.id, 60)
    await seeded(d.user.id, 90)
    await step(host, event.id, "start", running.headers, undefined, 201)

    const board = await host.http.get(`/v2/hybrid-race/${event.id}/leaderboard`)
    expect(board.status).toBe(200)
    expect(board.body.data.total).toBe(4)
    const rows = board.body.data.items.map((r: { athleteId: string; rank: number; elapsedSeconds: number }) => [r.athleteId, r.rank, r.elapsedSeconds])
    expect(rows[0].slice(0, 2)).toEqual([a.user.id, 1])
    expect(rows[0][2]).toBeLessThan(60)
    expect(rows.slice(1, 3).map((r: Array<unknown>) => r.slice(1))).toEqual([[2, 60], [2, 60]])
    expect(new Set(rows.slice(1, 3).map((r: Array<unknown>) => r[0]))).toEqual(new Set([b.user.id, c.user.id]))
    expect(rows[3]).toEqual([d.user.id, 4, 90])
    expect(rows.map((r: Array<unknown>) => r[0])).not.toContain(running.user.id)
    const second = await host.http.get(`/v2/hybrid-race/${event.id}/leaderboard?page=2&limit=2`)
    expect(second.body.data).toMatchObject({ total: 4, page: 2, limit: 2 })
    expect(second.body.data.items.map((r: { rank: number }) => r.rank)).toEqual([2, 4])
    expect((await host.http.get(`/v2/hybrid-race/${event.id}/leaderboard?limit=0`)).status).toBe(400)
    expect((await host.http.get(`/v2/hybrid-race/${crypto.randomUUID()}/leaderboard`)).status).toBe(404)
  })
})

describe("hybrid race results (public)", () => {
  it("shows a submitted result with its place; a running or finished-only attempt is not a result", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const athlete = await namedAthlete(host, "Asha", "Rao")
    const unsubmitted = await newAthlete(host)
    await step(host, event.id, "start", unsubmitted.headers, undefined, 201)
    const result = await raceThrough(host, event.id, athlete.headers, { checkpoints: 2 })
    const page = await host.http.get(`/v2/race/results/${result.id}/public`)
    expect(page.status).toBe(200)
    expect(page.body.data).toMatchObject({
      id: result.id, eventId: event.id, athleteId: athlete.user.id, athleteName: "Asha Rao",
      checkpointsPassed: 2, checkpointsSkipped: 0, rank: 1, finishers: 1, elapsedSeconds: result.elapsedSeconds
    })
    const running = (await host.http.request("POST", `/v2/hybrid-race/${event.id}/finish`, undefined, unsubmitted.headers)).body.data
    for (const id of [running.id, crypto.randomUUID()]) {
      const missing = await host.http.get(`/v2/race/results/${id}/public`)
      expect(missing.status).toBe(404)
      expect(missing.body.code).toBe("HYBRID_RESULT_NOT_FOUND")
      expect((await host.http.get(`/v2/race/results/${id}/certificate`)).status).toBe(404)
      expect((await host.http.get(`/v2/race/results/${id}/certificate.pdf`)).status).toBe(404)
      expect((await host.http.get(`/v2/race/results/${id}/finisher-card.svg`)).status).toBe(404)
    }
    expect((await host.http.get("/v2/race/results/not-a-uuid/public")).status).toBe(400)
  })

  it("issues certificate data whose code the public verify route accepts, and refuses a forged code", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const athlete = await namedAthlete(host, "Vikram", "Seth")
    const result = await raceThrough(host, event.id, athlete.headers)
    const cert = await host.http.get(`/v2/race/results/${result.id}/certificate`)
    expect(cert.status).toBe(200)
    expect(cert.body.data).toMatchObject({ resultId: result.id, eventId: event.id, athleteName: "Vikram Seth", rank: 1, finishers: 1, finishTime: expect.stringMatching(/^\d+:\d{2}:\d{2}$/) })
    expect(cert.body.data.code).toMatch(/^[0-9A-F]{5}(-[0-9A-F]{5}){3}$/)
    expect(cert.body.data.verificationUrl).toBe(`/v2/race/results/${result.id}/verify?code=${cert.body.data.code}`)
    const verified = await host.http.get(cert.body.data.verificationUrl)
    expect(verified.status).toBe(200)
    expect(verified.body.data).toMatchObject({ valid: true, certificateId: result.id, status: "ISSUED", published: true, recipientName: "Vikram Seth", eventId: event.id })
    const forged = await host.http.get(`/v2/race/results/${result.id}/verify?code=AAAAA-AAAAA-AAAAA-AAAAA`)
    expect(forged.status).toBe(404)
    expect(forged.body.code).toBe("CERTIFICATE_NOT_VERIFIED")
  })

  it("renders the certificate as a real PDF and the finisher card as SVG with the athlete's name escaped", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const athlete = await namedAthlete(host, "<script>", "& Co")
    const result = await raceThrough(host, event.id, athlete.headers)
    const pdf = await host.http.get(`/v2/race/results/${result.id}/certificate.pdf`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get("content-type")).toContain("application/pdf")
    expect(pdf.text.startsWith("%PDF")).toBe(true)
    const card = await host.http.get(`/v2/race/results/${result.id}/finisher-card.svg`)
    expect(card.status).toBe(200)
    expect(card.headers.get("content-type")).toContain("image/svg+xml")
    expect(card.text).toContain('width="1080" height="1080"')
    expect(card.text).toContain("&lt;script&gt; &amp; Co")
    expect(card.text).not.toContain("<script>")
  })

  it("lists this week's results newest first, paginated", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const first = await raceThrough(host, event.id, (await newAthlete(host)).headers)
    const second = await raceThrough(host, event.id, (await newAthlete(host)).headers)
    const list = await host.http.get("/v2/race/results/this-week/list?limit=100")
    expect(list.status).toBe(200)
    const ids = list.body.data.items.map((r: { id: string }) => r.id)
    expect(ids).toContain(first.id)
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id))
    const monday = new Date(list.body.data.weekStartsAt)
    expect(monday.getUTCDay()).toBe(1)
    expect(Date.now() - monday.getTime()).toBeLessThan(7 * 86_400_000)
    expect(list.body.data.items.every((r: { submittedAt: string }) => new Date(r.submittedAt) >= monday)).toBe(true)
    const one = await host.http.get("/v2/race/results/this-week/list?limit=1")
    expect(one.body.data.items).toHaveLength(1)
    expect(one.body.data.total).toBeGreaterThanOrEqual(2)
    expect((await host.http.get("/v2/race/results/this-week/list?page=0")).status).toBe(400)
  })
})
