/**
 * The challenge attestation through the real host: a 1080×1920 SVG of the caller's participation
 * and progress read from the challenges context (the same numbers as its progress read), only for
 * the caller's own participation, refused once revoked, with the athlete's name escaped.
 */
import { Accounts } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { activeChallenge, challengeBody, challengesCast, day } from "../challenges/support.js"
import { freshPhone, newAthlete, type SeededOrganizer, tokenFor } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>, org: SeededOrganizer
beforeAll(async () => void ({ admin, org } = await challengesCast(host, "Attestation Org")), 60_000)

const running = () =>
  challengeBody({
    creatorType: "organizer",
    creatorId: org.id,
    title: "Monsoon <b>100K</b>",
    goalValue: 20_000,
    startsAt: new Date(Date.now() - 10 * day).toISOString(),
    endsAt: new Date(Date.now() + 20 * day).toISOString()
  })
const attestation = (challengeId: string, headers: Record<string, string> = {}) => host.http.get(`/v2/me/challenges/${challengeId}/attestation.svg`, headers)

describe("challenge attestation", () => {
  it("attests the caller's participation and progress as a 1080×1920 SVG, escaping their name and the title", async () => {
    const challenge = await activeChallenge(host, admin, running())
    const user = await host.run(Effect.flatMap(Accounts.UserRepo, (r) => r.create({ phoneNumber: freshPhone(), firstName: "<script>", lastName: "& Co" })))
    const me = { user, headers: await tokenFor(host, "user", user.id) }
    expect((await host.http.post(`/v2/challenge-participations/${challenge.id}`, undefined, me.headers)).status).toBe(201)
    const run = await host.http.post("/v2/activities", { sport: "run", durationSeconds: 9000, distanceMeters: 25_000, startedAt: new Date(Date.now() - 2 * day).toISOString() }, me.headers)
    expect(run.status).toBe(201)

    const res = await attestation(challenge.id, me.headers)
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toContain("image/svg+xml")
    expect(res.text).toContain('width="1080" height="1920"')
    expect(res.text).toContain("&lt;script&gt; &amp; Co")
    expect(res.text).toContain("Monsoon &lt;b&gt;100K&lt;/b&gt;")
    expect(res.text).not.toContain("<script>")
    expect(res.text).not.toContain("<b>")
    expect(res.text).toContain("Goal: 20 km")
    expect(res.text).toContain("25 km")
    expect(res.text).toContain("100% of the goal · 1 activity")
    expect(res.text).toContain("Rank #1")
    expect(res.text).toContain("Completed on")
  })

  it("is the caller's own: 401 without a session, 404 for a challenge they did not join, 400 for a malformed id, 409 once revoked", async () => {
    const challenge = await activeChallenge(host, admin, running())
    const [joined, stranger] = await Promise.all([newAthlete(host), newAthlete(host)])
    expect((await host.http.post(`/v2/challenge-participations/${challenge.id}`, undefined, joined.headers)).status).toBe(201)
    expect((await attestation(challenge.id)).status).toBe(401)
    const notJoined = await attestation(challenge.id, stranger.headers)
    expect(notJoined.status).toBe(404)
    expect(notJoined.body.code).toBe("PARTICIPATION_NOT_FOUND")
    expect((await attestation(crypto.randomUUID(), joined.headers)).status).toBe(404)
    expect((await attestation("not-a-uuid", joined.headers)).status).toBe(400)
    const before = await attestation(challenge.id, joined.headers)
    expect(before.status).toBe(200)
    expect(before.text).toContain("0% of the goal · 0 activities")
    expect(before.text).toContain("Taking part")

    const participation = (await host.http.get(`/v2/admin/challenge-management/participations?challengeId=${challenge.id}&userId=${joined.user.id}`, admin)).body.data.items[0]
    expect((await host.http.post(`/v2/admin/challenge-management/participations/${participation.id}/revoke`, { reason: "Shared account" }, admin)).status).toBe(200)
    const revoked = await attestation(challenge.id, joined.headers)
    expect(revoked.status).toBe(409)
    expect(revoked.body.code).toBe("PARTICIPATION_REVOKED")
  })
})
