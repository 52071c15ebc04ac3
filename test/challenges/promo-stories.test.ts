/**
 * Challenge promo stories through the real host: the challenge's manager posts an image story
 * (checked by its bytes, 400 in the spec's wording) and deletes it (its image goes with it, a
 * concurrent double delete finds it once); the public reads a public challenge's stories, newest
 * first, and never a draft's.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { multipart, newAthlete, PdfBytes, PngBytes, type SeededOrganizer, seedOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { activeChallenge, challengeBody, challengesCast, draft } from "./support.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>, org: SeededOrganizer, rival: SeededOrganizer
beforeAll(async () => {
  ;({ admin, org } = await challengesCast(host, "Promo Story Org"))
  rival = await seedOrganizer(host, "Rival Promo Org")
}, 60_000)

const png = { bytes: PngBytes, name: "story.png", type: "image/png" }

describe("challenge promo stories", () => {
  it("lets only the challenge's manager post, in the spec's wording for a bad file or caption", async () => {
    const challenge = await activeChallenge(host, admin, challengeBody({ creatorType: "organizer", creatorId: org.id }))
    const post = (fields: Parameters<typeof multipart>[3], headers?: Record<string, string>) =>
      multipart(host, "POST", `/v2/challenges/${challenge.id}/promo-story`, fields, headers)

    expect((await post({ media: png })).status).toBe(401)
    expect((await post({ media: png }, (await newAthlete(host)).headers)).status).toBe(403)
    expect((await post({ media: png }, rival.owner.headers)).status).toBe(403)
    const pdf = await post({ media: { bytes: PdfBytes, name: "x.pdf" } }, org.owner.headers)
    expect(pdf.status).toBe(400)
    expect(pdf.body.message).toEqual(["media must be a file of type PNG, JPG, WEBP"])
    const long = await post({ media: png, caption: "x".repeat(281) }, org.owner.headers)
    expect(long.status).toBe(400)
    expect((await post({ caption: "no image" }, org.owner.headers)).status).toBe(400)
    expect((await multipart(host, "POST", `/v2/challenges/${crypto.randomUUID()}/promo-story`, { media: png }, admin)).status).toBe(404)
  })

  it("stores the image, lists the stories newest first with a working URL, and deletes a story with its image once", async () => {
    const challenge = await activeChallenge(host, admin, challengeBody({ creatorType: "organizer", creatorId: org.id }))
    const first = await multipart(host, "POST", `/v2/challenges/${challenge.id}/promo-story`, { media: png, caption: "  Week one  " }, org.owner.headers)
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({ challengeId: challenge.id, caption: "Week one", mediaContentType: "image/png", mediaSize: PngBytes.length })
    expect(first.body.data.mediaUrl).toMatch(/^\/v2\/media\/content\//)
    expect((await host.http.get(first.body.data.mediaUrl)).status).toBe(200)
    const second = await multipart(host, "POST", `/v2/challenges/${challenge.id}/promo-story`, { media: png }, admin)
    expect(second.body.data.caption).toBeNull()

    const listed = await host.http.get(`/v2/challenges/${challenge.id}/promo-stories`)
    expect(listed.status).toBe(200)
    expect(listed.body.data.map((s: { id: string }) => s.id)).toEqual([second.body.data.id, first.body.data.id])

    const del = (storyId: string, headers: Record<string, string>) => host.http.request("DELETE", `/v2/challenges/${challenge.id}/promo-stories/${storyId}`, undefined, headers)
    expect((await del(first.body.data.id, {})).status).toBe(401)
    expect((await del(first.body.data.id, rival.owner.headers)).status).toBe(403)
    expect((await del("not-a-uuid", org.owner.headers)).body.code).toBe("PROMO_STORY_NOT_FOUND")
    const racing = await Promise.all([del(first.body.data.id, org.owner.headers), del(first.body.data.id, org.admin.headers)])
    expect(racing.map((r) => r.status).sort()).toEqual([200, 404])
    expect(racing.find((r) => r.status === 404)!.body.code).toBe("PROMO_STORY_NOT_FOUND")
    expect((await host.http.get(first.body.data.mediaUrl)).status).toBe(404)
    expect((await host.http.get(`/v2/challenges/${challenge.id}/promo-stories`)).body.data.map((s: { id: string }) => s.id)).toEqual([second.body.data.id])
  })

  it("hides the stories of a challenge the public may not see", async () => {
    const drafted = await draft(host, org.owner.headers, challengeBody({ creatorType: "organizer", creatorId: org.id }))
    const posted = await multipart(host, "POST", `/v2/challenges/${drafted.id}/promo-story`, { media: png }, org.owner.headers)
    expect(posted.status).toBe(201)
    const listed = await host.http.get(`/v2/challenges/${drafted.id}/promo-stories`)
    expect(listed.status).toBe(404)
    expect(listed.body.code).toBe("CHALLENGE_NOT_FOUND")
  })
})

describe("the caller's promo stories", () => {
  it("posts for a challenge the caller manages, lists only the caller's stories, and deletes only the caller's own once", async () => {
    const challenge = await activeChallenge(host, admin, challengeBody({ creatorType: "organizer", creatorId: org.id }))
    const post = (fields: Parameters<typeof multipart>[3], headers?: Record<string, string>) => multipart(host, "POST", "/v2/challenges/promo-stories", fields, headers)

    expect((await post({ challengeId: challenge.id, media: png })).status).toBe(401)
    expect((await post({ challengeId: challenge.id, media: png }, rival.owner.headers)).status).toBe(403)
    const bad = await post({ challengeId: "x", media: png }, org.owner.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["challengeId must be a UUID"])
    const mine = await post({ challengeId: challenge.id, media: png, caption: "Join us" }, org.owner.headers)
    expect(mine.status).toBe(201)
    expect(mine.body.data).toMatchObject({ challengeId: challenge.id, caption: "Join us" })
    const theirs = await multipart(host, "POST", `/v2/challenges/${challenge.id}/promo-story`, { media: png }, org.admin.headers)
    expect(theirs.status).toBe(201)

    expect((await host.http.get("/v2/challenges/promo-stories")).status).toBe(401)
    const listed = await host.http.request("GET", "/v2/challenges/promo-stories", undefined, org.owner.headers)
    expect(listed.status).toBe(200)
    const ids = listed.body.data.map((s: { id: string }) => s.id)
    expect(ids[0]).toBe(mine.body.data.id)
    expect(ids).not.toContain(theirs.body.data.id)

    const del = (id: string, headers: Record<string, string>) => host.http.request("DELETE", `/v2/challenges/promo-stories/${id}`, undefined, headers)
    expect((await del(mine.body.data.id, {})).status).toBe(401)
    expect((await del(theirs.body.data.id, org.owner.headers)).body.code).toBe("PROMO_STORY_NOT_FOUND")
    const racing = await Promise.all([del(mine.body.data.id, org.owner.headers), del(mine.body.data.id, org.owner.headers)])
    expect(racing.map((r) => r.status).sort()).toEqual([200, 404])
    expect((await host.http.get(mine.body.data.mediaUrl)).status).toBe(404)
    expect((await host.http.get(`/v2/challenges/${challenge.id}/promo-stories`)).body.data.map((s: { id: string }) => s.id)).toEqual([theirs.body.data.id])
  })
})
