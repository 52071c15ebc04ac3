/**
 * The admin read of an event's badge through the real host: derived from the badges mapped to the
 * challenges attached to the event (the first active one is the event's badge), events.manage only,
 * 404 for an unknown event, null for an event no badge is earned through.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { activeChallenge, challengeBody, challengesCast } from "../challenges/support.js"
import type { SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { eventsCast, publishedEvent } from "./support.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer, reviewer: Record<string, string>, manager: Record<string, string>, challengesAdmin: Record<string, string>
beforeAll(async () => {
  ;({ org, reviewer, manager } = await eventsCast(host, "Event Badge Org"))
  challengesAdmin = (await challengesCast(host, "Event Badge Challenges")).admin
}, 60_000)

const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)
let n = 0
const badge = async (active = true) => {
  const res = await send("POST", "/v2/badges", {
    name: `Event Finisher ${++n} ${Date.now()}`,
    description: "Finished the event's challenge",
    imageUrl: "https://cdn.example.com/badges/finisher.png",
    criteria: "Complete the challenge attached to the event",
    isActive: active
  }, challengesAdmin)
  expect(res.status).toBe(201)
  return res.body.data as { id: string; code: string; isActive: boolean }
}

describe("an event's badge (admin)", () => {
  it("needs events.manage; an unknown event is 404", async () => {
    const event = await publishedEvent(host, org, reviewer)
    expect((await send("GET", `/v2/admin/events/${event.id}/badge`, undefined, {})).status).toBe(401)
    expect((await send("GET", `/v2/admin/events/${event.id}/badge`, undefined, reviewer)).status).toBe(403)
    expect((await send("GET", `/v2/admin/events/${event.id}/badge`, undefined, org.owner.headers)).status).toBe(403)
    expect((await send("GET", `/v2/admin/events/${crypto.randomUUID()}/badge`, undefined, manager)).status).toBe(404)
    expect((await send("GET", "/v2/admin/events/not-a-uuid/badge", undefined, manager)).status).toBe(404)
  })

  it("is null for an event no badge is earned through, then the first active badge of the challenges attached to it", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const none = await send("GET", `/v2/admin/events/${event.id}/badge`, undefined, manager)
    expect(none.status).toBe(200)
    expect(none.body.data).toEqual({ eventId: event.id, badge: null, badges: [] })
    const challenge = await activeChallenge(host, challengesAdmin, challengeBody({ creatorType: "organizer", creatorId: org.id }))
    expect((await send("POST", `/v2/challenges/${challenge.id}/attach-to-event/${event.id}`, undefined, org.owner.headers)).status).toBe(200)
    const retired = await badge(false)
    const current = await badge()
    for (const b of [retired, current]) {
      expect((await send("POST", `/v2/badges/${b.id}/map-challenge`, { challengeId: challenge.id }, challengesAdmin)).status).toBe(200)
    }
    // A badge of a challenge not attached to the event is not the event's.
    const elsewhere = await activeChallenge(host, challengesAdmin, challengeBody({ creatorType: "organizer", creatorId: org.id }))
    const unrelated = await badge()
    expect((await send("POST", `/v2/badges/${unrelated.id}/map-challenge`, { challengeId: elsewhere.id }, challengesAdmin)).status).toBe(200)
    const res = await send("GET", `/v2/admin/events/${event.id}/badge`, undefined, manager)
    expect(res.status).toBe(200)
    expect(res.body.data.badge).toMatchObject({ id: current.id, isActive: true })
    expect(res.body.data.badges).toEqual([
      expect.objectContaining({ badge: expect.objectContaining({ id: retired.id, isActive: false }), challengeIds: [challenge.id], awarded: 0 }),
      expect.objectContaining({ badge: expect.objectContaining({ id: current.id }), challengeIds: [challenge.id], awarded: 0 })
    ])
  })
})
