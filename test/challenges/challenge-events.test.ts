/**
 * Challenges attached to events through the real host: the challenge's manager attaches it to the
 * organizer's own events (idempotent) and detaches it; another organizer's or a draft challenge's
 * outsider is refused; the public sees only publicly visible events of a public challenge.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { adminWithPermissions } from "../notifications/http-support.js"
import { newAthlete, seedOrganizer, type SeededOrganizer } from "../organizers/support.js"
import { publishedEvent, readyDraft } from "../events/support.js"
import { realHostOf } from "../support/real-host.js"
import { activeChallenge, challengeBody, challengesCast } from "./support.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>, org: SeededOrganizer, rival: SeededOrganizer, reviewer: Record<string, string>
beforeAll(async () => {
  ;({ admin, org } = await challengesCast(host, "Event Challenge Org"))
  rival = await seedOrganizer(host, "Rival Event Org")
  reviewer = await adminWithPermissions(host, ["events.review"])
}, 60_000)

const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)

describe("challenges attached to events", () => {
  it("attaches a challenge to its organizer's events, lists the public ones, and detaches it", async () => {
    const challenge = await activeChallenge(host, admin, challengeBody({ creatorType: "organizer", creatorId: org.id }))
    const published = await publishedEvent(host, org, reviewer)
    const draft = await readyDraft(host, org)
    const rivals = await publishedEvent(host, rival, reviewer)
    const attach = (eventId: string, headers: Record<string, string>) => send("POST", `/v2/challenges/${challenge.id}/attach-to-event/${eventId}`, undefined, headers)

    expect((await attach(published.id, {})).status).toBe(401)
    expect((await attach(published.id, (await newAthlete(host)).headers)).status).toBe(403)
    expect((await attach(published.id, rival.owner.headers)).status).toBe(403)
    const attached = await attach(published.id, org.owner.headers)
    expect(attached.status).toBe(200)
    expect(attached.body.data).toMatchObject({ challengeId: challenge.id, events: [{ eventId: published.id, status: "published" }] })
    expect((await attach(published.id, org.admin.headers)).body.data.events).toHaveLength(1)
    expect((await attach(draft.id, org.owner.headers)).body.data.events.map((e: { eventId: string }) => e.eventId)).toEqual([published.id, draft.id])
    const foreign = await attach(rivals.id, org.owner.headers)
    expect(foreign.status).toBe(409)
    expect(foreign.body.code).toBe("EVENT_NOT_ATTACHABLE")
    expect((await attach(crypto.randomUUID(), org.owner.headers)).status).toBe(404)

    const publicList = await host.http.get(`/v2/challenges/${challenge.id}/events`)
    expect(publicList.body.data.map((e: { eventId: string }) => e.eventId)).toEqual([published.id])

    const detach = (eventId: string) => send("DELETE", `/v2/challenges/${challenge.id}/attach-to-event/${eventId}`, undefined, org.owner.headers)
    expect((await detach(published.id)).body.data.events.map((e: { eventId: string }) => e.eventId)).toEqual([draft.id])
    const again = await detach(published.id)
    expect(again.status).toBe(404)
    expect(again.body.code).toBe("CHALLENGE_EVENT_NOT_ATTACHED")
    expect((await host.http.get(`/v2/challenges/${challenge.id}/events`)).body.data).toEqual([])

    // The platform's own challenge may be attached to any organizer's event, by an admin.
    const platform = await activeChallenge(host, admin, challengeBody({ creatorType: "admin" }))
    expect((await send("POST", `/v2/challenges/${platform.id}/attach-to-event/${rivals.id}`, undefined, admin)).status).toBe(200)
    expect((await host.http.get(`/v2/challenges/${platform.id}/events`)).body.data.map((e: { eventId: string }) => e.eventId)).toEqual([rivals.id])
  })
})
