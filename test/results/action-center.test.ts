/**
 * The athlete's action center through the real host: pending proofs are the caller's confirmed
 * registrations of virtual editions in their proof window without a live proof; submit takes
 * exactly one of an activity and an evidence link (the spec's 400 wording), once per participation
 * (also under concurrency); rewards are claimed once: RC lands in the wallet exactly once whatever
 * the number of concurrent claims, a badge is acknowledged.
 */
import { describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { adminWithPermissions, editionOf, effort, newAthlete, rcBalance, registeredAthlete, submitted, virtualCast } from "./virtual-support.js"

const host = realHostOf(import.meta.url)
const hour = 3_600_000
const submit = (participationId: string, body: unknown, headers: Record<string, string>) =>
  host.http.post(`/v2/users/me/pending-proofs/${participationId}/submit`, body, headers)

/** An athlete whose approved proof left a finisher RC reward and a badge to claim. */
const withRewards = async () => {
  const cast = await virtualCast(host)
  const athlete = await registeredAthlete(host, cast.edition.id)
  const proof = await submitted(host, athlete)
  expect((await host.http.post(`/v2/admin/proofs/${proof.id}/resolve`, { decision: "approve" }, cast.admin)).status).toBe(200)
  const items = (await host.http.get("/v2/users/me/claimable-rewards", athlete.headers)).body.data.items as Array<{ id: string; kind: string }>
  return { ...cast, athlete, rc: items.find((r) => r.kind === "rc")!, badge: items.find((r) => r.kind === "badge")! }
}

describe("action center: who may call", () => {
  it("answers 401 without a token and 403 to an admin (athletes only)", async () => {
    const admin = await adminWithPermissions(host, ["events.manage"])
    const id = crypto.randomUUID()
    for (const [headers, status] of [[{}, 401], [admin, 403]] as const) {
      expect((await host.http.get("/v2/users/me/claimable-rewards", headers)).status).toBe(status)
      expect((await host.http.post(`/v2/users/me/claimable-rewards/${id}/claim`, undefined, headers)).status).toBe(status)
      expect((await host.http.get("/v2/users/me/pending-proofs", headers)).status).toBe(status)
      expect((await submit(id, effort(), headers)).status).toBe(status)
    }
  })
})

describe("pending proofs and submit", () => {
  it("lists the running virtual editions the caller must still prove, not in-person ones, and drops one once a proof is submitted", async () => {
    const cast = await virtualCast(host)
    const athlete = await registeredAthlete(host, cast.edition.id)
    const inPerson = await editionOf(host, cast.org, cast.event.eventId, { mode: "in_person" })
    expect((await host.http.post(`/v2/editions/${inPerson.id}/register`, undefined, athlete.headers)).status).toBe(201)
    const before = await host.http.get("/v2/users/me/pending-proofs", athlete.headers)
    expect(before.status).toBe(200)
    expect(before.body.data.items).toEqual([expect.objectContaining({ participationId: athlete.participationId, edition: expect.objectContaining({ id: cast.edition.id }), lastRejection: null })])
    await submitted(host, athlete)
    expect((await host.http.get("/v2/users/me/pending-proofs", athlete.headers)).body.data.items).toEqual([])
  })

  it("a rejected proof puts the participation back with the rejection's reason, and a new proof may be submitted", async () => {
    const cast = await virtualCast(host)
    const athlete = await registeredAthlete(host, cast.edition.id)
    const proof = await submitted(host, athlete)
    await host.http.post(`/v2/admin/proofs/${proof.id}/resolve`, { decision: "reject", reason: "The link is private" }, cast.admin)
    const pending = await host.http.get("/v2/users/me/pending-proofs", athlete.headers)
    expect(pending.body.data.items[0].lastRejection).toMatchObject({ proofId: proof.id, reason: "The link is private" })
    await submitted(host, athlete, { evidenceUrl: "https://example.com/run/public" })
  })

  it("takes the caller's own activity started in the window as the effort: its start is the effort's start", async () => {
    const cast = await virtualCast(host)
    const athlete = await registeredAthlete(host, cast.edition.id)
    const startedAt = new Date(Date.now() - hour)
    const activity = await host.http.post("/v2/activities", { sport: "run", title: "Virtual 10K", startedAt: startedAt.toISOString(), durationSeconds: 2_900, distanceMeters: 10_000 }, athlete.headers)
    expect(activity.status).toBe(201)
    const stranger = await registeredAthlete(host, cast.edition.id)
    const stolen = await submit(stranger.participationId, { activityId: activity.body.data.id, elapsedSeconds: 2_900 }, stranger.headers)
    expect(stolen.body.message).toEqual(["activityId must be one of your activities started within the proof window"])
    const proof = await submit(athlete.participationId, { activityId: activity.body.data.id, elapsedSeconds: 2_900 }, athlete.headers)
    expect(proof.status).toBe(201)
    expect(proof.body.data).toMatchObject({ activityId: activity.body.data.id, evidenceUrl: null, elapsedSeconds: 2_900, startedAt: startedAt.toISOString(), status: "pending" })
  })

  it("answers 400 in the spec's wording for bad efforts", async () => {
    const cast = await virtualCast(host)
    const athlete = await registeredAthlete(host, cast.edition.id)
    const neither = await submit(athlete.participationId, { elapsedSeconds: 100 }, athlete.headers)
    expect(neither.status).toBe(400)
    expect(neither.body.message).toEqual(["exactly one of activityId, evidenceUrl must be given"])
    const both = await submit(athlete.participationId, effort({ activityId: crypto.randomUUID() }), athlete.headers)
    expect(both.body.message).toEqual(["exactly one of activityId, evidenceUrl must be given"])
    const bad = await submit(athlete.participationId, { evidenceUrl: "not a link", elapsedSeconds: 0 }, athlete.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining(["evidenceUrl must be a URL address", "elapsedSeconds must be an integer between 1 and 604800"]))
    const strange = await submit(athlete.participationId, { activityId: crypto.randomUUID(), elapsedSeconds: 100 }, athlete.headers)
    expect(strange.status).toBe(400)
    expect(strange.body.message).toEqual(["activityId must be one of your activities started within the proof window"])
    const future = await submit(athlete.participationId, effort({ startedAt: new Date(Date.now() + hour).toISOString() }), athlete.headers)
    expect(future.body.message).toEqual(["startedAt plus elapsedSeconds must not be in the future"])
  })

  it("refuses another athlete's participation (404), an in-person edition and a window not open yet (409 PROOF_NOT_ACCEPTED)", async () => {
    const cast = await virtualCast(host)
    const athlete = await registeredAthlete(host, cast.edition.id)
    const stranger = await newAthlete(host)
    expect((await submit(athlete.participationId, effort(), stranger.headers)).status).toBe(404)
    const inPerson = await editionOf(host, cast.org, cast.event.eventId, { mode: "in_person" })
    const seat = await registeredAthlete(host, inPerson.id)
    const refused = await submit(seat.participationId, effort(), seat.headers)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ code: "PROOF_NOT_ACCEPTED" })
    const later = await editionOf(host, cast.org, cast.event.eventId, { startsAt: new Date(Date.now() + 24 * hour).toISOString(), endsAt: new Date(Date.now() + 48 * hour).toISOString() })
    const early = await registeredAthlete(host, later.id)
    expect((await submit(early.participationId, effort(), early.headers)).body.code).toBe("PROOF_NOT_ACCEPTED")
  })

  it("of concurrent submissions for one participation exactly one is recorded (409 PROOF_ALREADY_SUBMITTED)", async () => {
    const cast = await virtualCast(host)
    const athlete = await registeredAthlete(host, cast.edition.id)
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => submit(athlete.participationId, effort({ elapsedSeconds: 3_000 + i }), athlete.headers)))
    expect(answers.filter((a) => a.status === 201).length).toBe(1)
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(["PROOF_ALREADY_SUBMITTED", "PROOF_ALREADY_SUBMITTED", "PROOF_ALREADY_SUBMITTED"])
    const queue = await host.http.get(`/v2/admin/proofs/review-queue?editionId=${cast.edition.id}`, cast.admin)
    expect(queue.body.data.total).toBe(1)
  })
})

describe("claimable rewards", () => {
  it("credits the RC once whatever the number of concurrent claims; the rest are 409 REWARD_NOT_CLAIMABLE", async () => {
    const cast = await withRewards()
    const answers = await Promise.all(Array.from({ length: 5 }, () => host.http.post(`/v2/users/me/claimable-rewards/${cast.rc.id}/claim`, undefined, cast.athlete.headers)))
    const won = answers.filter((a) => a.status === 200)
    expect(won.length).toBe(1)
    expect(won[0]!.body.data).toMatchObject({ reward: { id: cast.rc.id, status: "claimed" }, balance: 100 })
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === "REWARD_NOT_CLAIMABLE")).toBe(true)
    expect(await rcBalance(host, cast.athlete.user.id)).toBe(100)
    const claimed = await host.http.get("/v2/users/me/claimable-rewards?status=claimed", cast.athlete.headers)
    expect(claimed.body.data.items.map((r: { id: string }) => r.id)).toEqual([cast.rc.id])
  })

  it("acknowledges a badge without moving RC; another athlete's reward is 404", async () => {
    const cast = await withRewards()
    const stranger = await newAthlete(host)
    expect((await host.http.post(`/v2/users/me/claimable-rewards/${cast.badge.id}/claim`, undefined, stranger.headers)).status).toBe(404)
    const ack = await host.http.post(`/v2/users/me/claimable-rewards/${cast.badge.id}/claim`, undefined, cast.athlete.headers)
    expect(ack.status).toBe(200)
    expect(ack.body.data).toMatchObject({ reward: { kind: "badge", badge: "finisher", status: "claimed" }, balance: 0 })
    const waiting = await host.http.get("/v2/users/me/claimable-rewards", cast.athlete.headers)
    expect(waiting.body.data.items.map((r: { id: string }) => r.id)).toEqual([cast.rc.id])
  })
})
