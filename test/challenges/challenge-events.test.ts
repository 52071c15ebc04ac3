/**
 * Challenges attached to events through the real host: the challenge's manager attaches it to the
 * organizer's own events (idempotent) and detaches it; another organizer's or a draft challenge's
 * outsider is refused; the public sees only publicly visible events of a public challenge.
 * Audiences narrow who may join to the ACTIVE members of some clubs.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { addMember, clubIn } from "../clubs/support.js"
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

describe("challenge audiences", () => {
  it("opens a challenge to some clubs' members only; anyone may join again once no audience is left", async () => {
    const challenge = await activeChallenge(host, admin, challengeBody({ creatorType: "organizer", creatorId: org.id }))
    const { club } = await clubIn(host, "ACTIVE")
    const member = await addMember(host, club.id, "MEMBER")
    const [outsider, later] = await Promise.all([newAthlete(host), newAthlete(host)])
    const base = `/v2/challenges/${challenge.id}/audiences`

    expect((await send("POST", base, { kind: "CLUB", refId: club.id }, {})).status).toBe(401)
    expect((await send("POST", base, { kind: "CLUB", refId: club.id }, outsider.headers)).status).toBe(403)
    expect((await send("POST", base, { kind: "CITY", refId: "pune" }, org.owner.headers)).body.message).toEqual([
      "kind must be one of the following values: CLUB",
      "refId must be a UUID"
    ])
    expect((await send("POST", base, { kind: "CLUB", refId: crypto.randomUUID() }, org.owner.headers)).body.code).toBe("CLUB_NOT_FOUND")
    const racing = await Promise.all(Array.from({ length: 4 }, () => send("POST", base, { kind: "CLUB", refId: club.id }, org.owner.headers)))
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409, 409])
    const added = racing.find((r) => r.status === 201)!
    expect(added.body.data).toMatchObject({ challengeId: challenge.id, kind: "CLUB", refId: club.id })
    const twice = await send("POST", base, { kind: "CLUB", refId: club.id }, org.owner.headers)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("AUDIENCE_ALREADY_ADDED")
    expect((await send("GET", base, undefined, org.viewer.headers)).status).toBe(403)
    expect((await send("GET", base, undefined, admin)).body.data.map((a: { id: string }) => a.id)).toEqual([added.body.data.id])

    const refused = await send("POST", `/v2/challenge-participations/${challenge.id}`, undefined, outsider.headers)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe("NOT_IN_CHALLENGE_AUDIENCE")
    expect((await send("POST", `/v2/challenge-participations/${challenge.id}`, undefined, member.headers)).status).toBe(201)

    expect((await send("DELETE", `${base}/${crypto.randomUUID()}`, undefined, org.owner.headers)).body.code).toBe("AUDIENCE_NOT_FOUND")
    expect((await send("DELETE", `${base}/${added.body.data.id}`, undefined, org.owner.headers)).body.data).toEqual({ id: added.body.data.id, deleted: true })
    expect((await send("GET", base, undefined, org.owner.headers)).body.data).toEqual([])
    expect((await send("POST", `/v2/challenge-participations/${challenge.id}`, undefined, later.headers)).status).toBe(201)
  })
})
