/**
 * What athletes do with a promo story, through the real host: they view, react (one reaction each,
 * replaced by a new one, taken back) and reply; the challenge's managers and the story's author
 * read the insights, reactions and replies, newest first; nobody else does, and a story of a
 * challenge that is not public takes nothing.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { multipart, newAthlete, PngBytes, type SeededOrganizer, seedOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { activeChallenge, challengeBody, challengesCast, draft } from "./support.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>, org: SeededOrganizer, rival: SeededOrganizer
beforeAll(async () => {
  ;({ admin, org } = await challengesCast(host, "Story Engagement Org"))
  rival = await seedOrganizer(host, "Rival Engagement Org")
}, 60_000)

const png = { bytes: PngBytes, name: "story.png", type: "image/png" }
const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)

/** A story the organizer's OWNER posted on a fresh active challenge. */
const story = async () => {
  const challenge = await activeChallenge(host, admin, challengeBody({ creatorType: "organizer", creatorId: org.id }))
  const posted = await multipart(host, "POST", "/v2/challenges/promo-stories", { challengeId: challenge.id, media: png }, org.owner.headers)
  expect(posted.status).toBe(201)
  return { challengeId: challenge.id, storyId: posted.body.data.id as string }
}

describe("promo story engagement", () => {
  it("lets signed-in athletes view, react and reply, in the spec's wording for a bad body", async () => {
    const { storyId } = await story()
    const athlete = await newAthlete(host)
    expect((await send("POST", `/v2/challenges/promo-stories/${storyId}/views`, undefined, {})).status).toBe(401)
    expect((await send("POST", `/v2/challenges/promo-stories/${storyId}/reactions`, { reaction: "LIKE" }, {})).status).toBe(401)
    const badKind = await send("POST", `/v2/challenges/promo-stories/${storyId}/reactions`, { reaction: "MEH" }, athlete.headers)
    expect(badKind.status).toBe(400)
    expect(badKind.body.message).toEqual(["reaction must be one of the following values: LIKE, LOVE, FIRE, CLAP, STRONG"])
    expect((await send("POST", `/v2/challenges/promo-stories/${storyId}/replies`, { text: "x".repeat(501) }, athlete.headers)).status).toBe(400)
    const blank = await send("POST", `/v2/challenges/promo-stories/${storyId}/replies`, { text: "   " }, athlete.headers)
    expect(blank.status).toBe(400)
    expect(blank.body.message).toEqual(["text should not be empty"])

    expect((await send("POST", `/v2/challenges/promo-stories/${storyId}/views`, undefined, athlete.headers)).body.data).toEqual({ storyId, viewed: true })
    const liked = await send("POST", `/v2/challenges/promo-stories/${storyId}/reactions`, { reaction: "LIKE" }, athlete.headers)
    expect(liked.body.data).toMatchObject({ storyId, userId: athlete.user.id, reaction: "LIKE" })
    const replied = await send("POST", `/v2/challenges/promo-stories/${storyId}/replies`, { text: "  See you at the start!  " }, athlete.headers)
    expect(replied.status).toBe(201)
    expect(replied.body.data).toMatchObject({ storyId, userId: athlete.user.id, text: "See you at the start!" })
    expect((await send("DELETE", `/v2/challenges/promo-stories/${storyId}/reactions`, undefined, athlete.headers)).body.data).toEqual({ storyId, removed: true })
    expect((await send("DELETE", `/v2/challenges/promo-stories/${storyId}/reactions`, undefined, athlete.headers)).body.data).toEqual({ storyId, removed: false })
  })

  it("gives the managers and the author insights, reactions and replies newest first; others are refused", async () => {
    const { challengeId, storyId } = await story()
    const [a, b, c] = await Promise.all([newAthlete(host), newAthlete(host), newAthlete(host)])
    // Concurrent views by one athlete count every view and make one viewer.
    await Promise.all(Array.from({ length: 3 }, () => send("POST", `/v2/challenges/promo-stories/${storyId}/views`, undefined, a.headers)))
    await send("POST", `/v2/challenges/promo-stories/${storyId}/views`, undefined, b.headers)
    await send("POST", `/v2/challenges/promo-stories/${storyId}/views`, undefined, c.headers)
    await send("POST", `/v2/challenges/promo-stories/${storyId}/reactions`, { reaction: "LIKE" }, a.headers)
    await send("POST", `/v2/challenges/promo-stories/${storyId}/reactions`, { reaction: "FIRE" }, a.headers)
    await send("POST", `/v2/challenges/promo-stories/${storyId}/reactions`, { reaction: "CLAP" }, b.headers)
    await send("POST", `/v2/challenges/promo-stories/${storyId}/replies`, { text: "First!" }, b.headers)
    await send("POST", `/v2/challenges/promo-stories/${storyId}/replies`, { text: "Count me in" }, b.headers)

    const expected = {
      storyId,
      challengeId,
      views: 5,
      uniqueViewers: 3,
      reactions: { total: 2, byReaction: { LIKE: 0, LOVE: 0, FIRE: 1, CLAP: 1, STRONG: 0 } },
      replies: 2,
      engagementRate: 66.7
    }
    expect((await send("GET", `/v2/challenges/${challengeId}/promo-stories/${storyId}/insights`, undefined, org.admin.headers)).body.data).toEqual(expected)
    expect((await send("GET", `/v2/challenges/promo-stories/${storyId}/insights`, undefined, org.owner.headers)).body.data).toEqual(expected)

    const reactions = await send("GET", `/v2/challenges/${challengeId}/promo-stories/${storyId}/reactions?limit=1`, undefined, org.owner.headers)
    expect(reactions.body.data).toMatchObject({ total: 2, page: 1, limit: 1, items: [{ userId: b.user.id, reaction: "CLAP" }] })
    const mine = await send("GET", `/v2/challenges/promo-stories/${storyId}/reactions`, undefined, org.owner.headers)
    expect(mine.body.data.items.map((r: { reaction: string }) => r.reaction)).toEqual(["CLAP", "FIRE"])
    const replies = await send("GET", `/v2/challenges/promo-stories/${storyId}/replies`, undefined, org.owner.headers)
    expect(replies.body.data.items.map((r: { text: string }) => r.text)).toEqual(["Count me in", "First!"])
    expect((await send("GET", `/v2/challenges/promo-stories/${storyId}/replies?page=3&limit=1`, undefined, org.owner.headers)).body.data).toMatchObject({ total: 2, items: [] })

    // The managers' path needs the challenge's manager; the author's path needs the author.
    expect((await send("GET", `/v2/challenges/${challengeId}/promo-stories/${storyId}/insights`, undefined, {})).status).toBe(401)
    expect((await send("GET", `/v2/challenges/${challengeId}/promo-stories/${storyId}/insights`, undefined, rival.owner.headers)).status).toBe(403)
    expect((await send("GET", `/v2/challenges/${challengeId}/promo-stories/${storyId}/replies`, undefined, a.headers)).status).toBe(403)
    expect((await send("GET", `/v2/challenges/promo-stories/${storyId}/insights`, undefined, org.admin.headers)).body.code).toBe("PROMO_STORY_NOT_FOUND")
    const other = await story()
    expect((await send("GET", `/v2/challenges/${challengeId}/promo-stories/${other.storyId}/insights`, undefined, org.owner.headers)).body.code)
      .toBe("PROMO_STORY_NOT_FOUND")
  })

  it("takes nothing on a story of a challenge that is not public", async () => {
    const hidden = await draft(host, org.owner.headers, challengeBody({ creatorType: "organizer", creatorId: org.id }))
    const posted = await multipart(host, "POST", `/v2/challenges/${hidden.id}/promo-story`, { media: png }, org.owner.headers)
    const athlete = await newAthlete(host)
    const res = await send("POST", `/v2/challenges/promo-stories/${posted.body.data.id}/reactions`, { reaction: "LOVE" }, athlete.headers)
    expect(res.status).toBe(404)
    expect(res.body.code).toBe("PROMO_STORY_NOT_FOUND")
    expect((await send("POST", `/v2/challenges/promo-stories/${crypto.randomUUID()}/views`, undefined, athlete.headers)).status).toBe(404)
  })
})
