/**
 * Publication of an event's results through the real host: the organizer's managers publish and
 * withdraw them (viewers read the state), each move is audited, publishing nothing or twice is a
 * coded 409, and of concurrent publishes exactly one wins.
 */
import { Platform } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { finish, seedOrganizer, resultsCast } from "./support.js"

const host = realHostOf(import.meta.url)

describe("event results: who may call", () => {
  it("answers 401 without a token, 403 to a viewer publishing, 404 for another organizer's event; viewers read the state", async () => {
    const cast = await resultsCast(host)
    await cast.ingest([finish(40)])
    expect((await cast.publish({})).status).toBe(401)
    expect((await cast.publish(cast.org.viewer.headers)).status).toBe(403)
    const other = await seedOrganizer(host, "Other")
    expect((await cast.publish(other.owner.headers)).status).toBe(404)
    expect((await host.http.get(`/v2/events/${cast.event.eventId}/results/state`, other.owner.headers)).status).toBe(404)
    const state = await host.http.get(`/v2/events/${cast.event.eventId}/results/state`, cast.org.viewer.headers)
    expect(state.status).toBe(200)
    expect(state.body.data).toMatchObject({ eventId: cast.event.eventId, status: "unpublished", publishedAt: null, leaderboards: 1, finishers: 1 })
    expect((await host.http.post("/v2/events/nope/results/unpublish", undefined, cast.org.owner.headers)).status).toBe(400)
  })
})

describe("event results: publish and unpublish", () => {
  it("refuses to publish nothing (409 RESULTS_EMPTY); publishes once (409 RESULTS_STATUS_CONFLICT again); unpublishes; both audited", async () => {
    const cast = await resultsCast(host)
    const empty = await cast.publish()
    expect(empty.status).toBe(409)
    expect(empty.body.code).toBe("RESULTS_EMPTY")
    await cast.ingest([finish(40), finish(41)])
    const published = await cast.publish(cast.org.admin.headers)
    expect(published.status).toBe(200)
    expect(published.body.data).toMatchObject({ status: "published", changedBy: `organizer:${cast.org.admin.memberId}`, finishers: 2 })
    expect(published.body.data.publishedAt).not.toBeNull()
    const again = await cast.publish()
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("RESULTS_STATUS_CONFLICT")
    const withdrawn = await host.http.post(`/v2/events/${cast.event.eventId}/results/unpublish`, undefined, cast.org.owner.headers)
    expect(withdrawn.status).toBe(200)
    expect(withdrawn.body.data).toMatchObject({ status: "unpublished", changedBy: `organizer:${cast.org.owner.memberId}` })
    const twice = await host.http.post(`/v2/events/${cast.event.eventId}/results/unpublish`, undefined, cast.org.owner.headers)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("RESULTS_STATUS_CONFLICT")
    const audit = await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectKind: "event", subjectId: cast.event.eventId, limit: 10 })))
    expect(audit.map((a) => a.action)).toEqual(["results.unpublished", "results.published"])
  })

  it("8 concurrent publishes, then 8 concurrent unpublishes: exactly one of each wins, the others are 409 RESULTS_STATUS_CONFLICT", async () => {
    const cast = await resultsCast(host)
    await cast.ingest([finish(40)])
    const answers = await Promise.all(Array.from({ length: 8 }, () =>
      host.http.post(`/v2/events/${cast.event.eventId}/results/publish`, undefined, cast.org.owner.headers)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409 && a.body.code === "RESULTS_STATUS_CONFLICT")).toHaveLength(7)
    const audit = await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ action: "results.published", subjectId: cast.event.eventId, limit: 10 })))
    expect(audit).toHaveLength(1)
    const withdrawals = await Promise.all(Array.from({ length: 8 }, () =>
      host.http.post(`/v2/events/${cast.event.eventId}/results/unpublish`, undefined, cast.org.owner.headers)))
    expect(withdrawals.filter((a) => a.status === 200)).toHaveLength(1)
    expect(withdrawals.filter((a) => a.status === 409 && a.body.code === "RESULTS_STATUS_CONFLICT")).toHaveLength(7)
  })
})
