/**
 * Sponsors' prize contributions through the real host: the manager lists them with whether the
 * challenge has rank slabs, accepts one only when a slab covers its rank (the spec's 400 wording
 * otherwise) and only while PENDING (409; of concurrent decisions one wins), rejects one; an
 * accepted goodie becomes a MERCH reward for the athletes at its rank; the organizer's team reads
 * its challenge's goodies. The sponsors context is not served here yet, so offers are recorded
 * through the core use case it will call.
 */
import { Challenges } from "@podium/core"
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete, type SeededOrganizer, seedOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { close, rankedChallenge } from "./rewards-support.js"
import { challengesCast } from "./support.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>, org: SeededOrganizer
beforeAll(async () => void ({ admin, org } = await challengesCast(host, "Goodies Org")), 60_000)

const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)
const offer = (challengeId: string, rank: number, productName = "Energy bar box") =>
  host.run(Challenges.offerPrizeContribution({ challengeId, sponsorName: "FuelCo", sponsorId: null, rank, productName, description: "A box of 12 bars", imageUrl: null }))

describe("challenge prize contributions", () => {
  it("are listed to the managers with hasRankSlabs; accept is refused without a covering slab", async () => {
    const ch = await rankedChallenge(host, admin, org)
    const goodie = await offer(ch.id, 1)
    const list = `/v2/challenges/${ch.id}/prizes/contributions`
    expect((await send("GET", list, undefined, {})).status).toBe(401)
    expect((await send("GET", list, undefined, (await newAthlete(host)).headers)).status).toBe(403)
    const listed = await send("GET", list, undefined, org.owner.headers)
    expect(listed.body.data).toMatchObject({ hasRankSlabs: false, items: [{ id: goodie.id, status: "PENDING", rank: 1, sponsorName: "FuelCo" }] })
    const refused = await send("POST", `${list}/${goodie.id}/accept`, {}, org.owner.headers)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe("no prize slab covers rank 1")
    expect((await send("POST", `${list}/${goodie.id}/accept`, { note: "" }, org.owner.headers)).body.message).toEqual([
      "note must be longer than or equal to 1 and shorter than or equal to 1000 characters"
    ])
    expect((await send("POST", `${list}/${crypto.randomUUID()}/reject`, {}, org.owner.headers)).body.code).toBe("PRIZE_CONTRIBUTION_NOT_FOUND")
  })

  it("accepts a PENDING contribution a slab covers once (409 after; one of concurrent wins), rejects another, and the accepted one becomes MERCH at distribution", async () => {
    const ch = await rankedChallenge(host, admin, org, () => [{ rankFrom: 1, rankTo: 2, rewardType: "CASH", amount: 10_000 }])
    const [covered, uncovered, declined] = [await offer(ch.id, 2, "Running socks"), await offer(ch.id, 4), await offer(ch.id, 1)]
    const base = `/v2/challenges/${ch.id}/prizes/contributions`
    expect((await send("GET", base, undefined, admin)).body.data.hasRankSlabs).toBe(true)
    expect((await send("POST", `${base}/${uncovered.id}/accept`, {}, org.owner.headers)).body.message).toBe("no prize slab covers rank 4")
    const accepts = await Promise.all([1, 2, 3].map(() => send("POST", `${base}/${covered.id}/accept`, { note: "Thanks FuelCo" }, org.owner.headers)))
    expect(accepts.map((r) => r.status).sort()).toEqual([200, 409, 409])
    expect(accepts.find((r) => r.status === 409)!.body.code).toBe("PRIZE_CONTRIBUTION_MOVE_REFUSED")
    expect(accepts.find((r) => r.status === 200)!.body.data).toMatchObject({ status: "ACCEPTED", decisionNote: "Thanks FuelCo", decidedBy: expect.any(String) })
    const rejected = await send("POST", `${base}/${declined.id}/reject`, {}, org.owner.headers)
    expect(rejected.body.data.status).toBe("REJECTED")
    expect((await send("POST", `${base}/${declined.id}/accept`, {}, org.owner.headers)).status).toBe(409)

    await close(host, admin, ch.id)
    await send("POST", `/v2/challenges/${ch.id}/rewards/distribute-all`, undefined, org.owner.headers)
    const rewards = (await send("GET", `/v2/challenges/${ch.id}/rewards`, undefined, org.owner.headers)).body.data as Array<{ userId: string; rewardType: string; contributionId: string | null; productName: string | null; status: string }>
    const goodies = rewards.filter((r) => r.contributionId === covered.id)
    expect(goodies.map((r) => r.userId).sort()).toEqual([ch.b.user.id, ch.c.user.id].sort())
    expect(goodies.every((r) => r.rewardType === "MERCH" && r.productName === "Running socks" && r.status === "PENDING_ADDRESS")).toBe(true)

    // The organizer's team reads the goodies of its own challenge only.
    const goodiesPath = `/v2/organizers/challenges/${ch.id}/goodies`
    const read = await send("GET", goodiesPath, undefined, { ...org.viewer.headers, "x-organizer-id": org.id })
    expect(read.status).toBe(200)
    expect(read.body.data.contributions.map((c: { id: string }) => c.id)).toEqual([covered.id])
    expect(read.body.data.rewards).toHaveLength(2)
    const stranger = await seedOrganizer(host, "Stranger Goodies Org")
    expect((await send("GET", goodiesPath, undefined, { ...stranger.owner.headers, "x-organizer-id": stranger.id })).status).toBe(404)
    expect((await send("GET", goodiesPath, undefined, { ...stranger.owner.headers, "x-organizer-id": org.id })).status).toBe(403)
    expect((await send("GET", goodiesPath, undefined, {})).status).toBe(401)
  })
})
