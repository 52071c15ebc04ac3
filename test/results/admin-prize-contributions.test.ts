/**
 * The admin's view of sponsor prize contributions through the real host: both lanes (event prizes
 * and challenge prizes) in one list, newest first, narrowed by lane, behind events.manage. Offers
 * are recorded through the core use cases the sponsors context will call.
 */
import { Challenges, Results } from "@podium/core"
import { beforeAll, describe, expect, it } from "vitest"
import { challengeAdmin, challengeBody, draft } from "../challenges/support.js"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { seedEvent } from "../registrations/support.js"
import { realHostOf } from "../support/real-host.js"

const host = realHostOf(import.meta.url)
const path = "/v2/admin/prize-contributions"
let reviewer: Record<string, string>
beforeAll(async () => void (reviewer = (await challengeAdmin(host, ["events.manage"])).headers), 60_000)

/** An event offer, then a challenge offer, then another event offer (each later than the one before). */
const offers = async () => {
  const org = await seedOrganizer(host, "Goodies Lanes Org")
  const event = await seedEvent(host, org.id)
  const challenge = await draft(host, org.owner.headers, challengeBody({ creatorType: "organizer", creatorId: org.id }))
  const onEvent = (title: string) =>
    host.run(Results.offerPrizeContribution({ eventId: event.eventId, sponsorName: "Acme Shoes", brandId: null, title, description: null, quantity: 1, segmentName: null, rank: 1 }))
  const first = await onEvent("Trail shoes")
  const second = await host.run(Challenges.offerPrizeContribution({ challengeId: challenge.id, sponsorName: "FuelCo", sponsorId: null, rank: 2, productName: "Energy bar box", description: "", imageUrl: null }))
  const third = await onEvent("Race socks")
  return { event, challenge, first, second, third }
}

describe("admin prize contributions", () => {
  it("lists both lanes newest first, each saying its lane and what it was offered for", async () => {
    const { event, challenge, first, second, third } = await offers()
    const all = await host.http.request("GET", `${path}?limit=100`, undefined, reviewer)
    expect(all.status).toBe(200)
    const mine = all.body.data.items.filter((c: { id: string }) => [first.id, second.id, third.id].includes(c.id))
    expect(mine).toMatchObject([
      { lane: "event", id: third.id, targetId: event.eventId, sponsorName: "Acme Shoes", title: "Race socks", rank: 1, status: "PENDING" },
      { lane: "challenge", id: second.id, targetId: challenge.id, sponsorName: "FuelCo", title: "Energy bar box", rank: 2, status: "PENDING" },
      { lane: "event", id: first.id, targetId: event.eventId, title: "Trail shoes" }
    ])
    expect(all.body.data.total).toBeGreaterThanOrEqual(3)

    const challengesOnly = await host.http.request("GET", `${path}?lane=challenge&limit=100`, undefined, reviewer)
    expect(challengesOnly.body.data.items.every((c: { lane: string }) => c.lane === "challenge")).toBe(true)
    expect(challengesOnly.body.data.items.map((c: { id: string }) => c.id)).toContain(second.id)

    const firstPage = await host.http.request("GET", `${path}?page=1&limit=1`, undefined, reviewer)
    const secondPage = await host.http.request("GET", `${path}?page=2&limit=1`, undefined, reviewer)
    expect(firstPage.body.data).toMatchObject({ page: 1, limit: 1 })
    expect(firstPage.body.data.items[0].id).not.toBe(secondPage.body.data.items[0].id)
  })

  it("needs events.manage, and answers 400 in the spec's wording for a bad lane", async () => {
    expect((await host.http.request("GET", path, undefined, {})).status).toBe(401)
    expect((await host.http.request("GET", path, undefined, (await newAthlete(host)).headers)).status).toBe(403)
    expect((await host.http.request("GET", path, undefined, (await challengeAdmin(host, ["challenges.manage"])).headers)).status).toBe(403)
    const bad = await host.http.request("GET", `${path}?lane=brand`, undefined, reviewer)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["lane must be one of the following values: event, challenge"])
  })
})
