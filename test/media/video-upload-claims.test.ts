/**
 * Challenge video uploads claimed by promo stories through the real host: a story created with
 * `videoUploadId` shows the uploader's video and claims it (a second claim is 409, someone else's
 * upload 404), a claimed upload survives the cleanup, and deleting the story lets the upload go
 * with its blob.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { activeChallenge, challengeBody, challengesCast } from "../challenges/support.js"
import { multipart, PngBytes, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>, org: SeededOrganizer
beforeAll(async () => {
  ;({ admin, org } = await challengesCast(host, "Video Story Org"))
}, 60_000)

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))
const Mp4Bytes = new Uint8Array([0, 0, 0, 0x18, ...ascii("ftypisom"), 0, 0, 2, 0, ...ascii("isomiso2mp41")])
const uploadVideo = async (headers: Record<string, string>) =>
  (await multipart(host, "POST", "/v2/challenges/video-uploads", { file: { bytes: Mp4Bytes, name: "clip.mp4" } }, headers)).body.data
const age = (id: string, hours: number) =>
  host.run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`update media.video_uploads set created_at = created_at - make_interval(hours => ${hours}) where id = ${id}`))

describe("promo stories claiming video uploads", () => {
  it("posts a video story from the caller's upload, claims it once, keeps it through the cleanup and lets it go with the story", async () => {
    const challenge = await activeChallenge(host, admin, challengeBody({ creatorType: "organizer", creatorId: org.id }))
    const post = (fields: Parameters<typeof multipart>[3], headers = org.owner.headers) => multipart(host, "POST", `/v2/challenges/${challenge.id}/promo-story`, fields, headers)
    const video = await uploadVideo(org.owner.headers)
    expect(video).toMatchObject({ scope: "challenge", eventId: null, claimedAt: null })

    const none = await post({ caption: "nothing" })
    expect(none.status).toBe(400)
    expect(none.body.message).toEqual(["media should not be empty"])
    const both = await post({ videoUploadId: video.id, media: { bytes: PngBytes, name: "s.png" } })
    expect(both.body.message).toEqual(["media and videoUploadId must not both be given"])
    const notMine = await post({ videoUploadId: video.id }, org.admin.headers)
    expect(notMine.status).toBe(404)
    expect(notMine.body.code).toBe("VIDEO_UPLOAD_NOT_FOUND")

    const story = await post({ videoUploadId: video.id, caption: "Race day" })
    expect(story.status).toBe(201)
    expect(story.body.data).toMatchObject({ mediaKey: video.key, mediaContentType: "video/mp4", caption: "Race day" })
    const again = await post({ videoUploadId: video.id })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("VIDEO_UPLOAD_ALREADY_CLAIMED")

    await age(video.id, 48)
    expect((await host.http.post("/v2/challenges/video-uploads/cleanup", undefined, admin)).status).toBe(200)
    expect((await host.http.get(story.body.data.mediaUrl)).status).toBe(200)

    const deleted = await host.http.request("DELETE", `/v2/challenges/${challenge.id}/promo-stories/${story.body.data.id}`, undefined, org.owner.headers)
    expect(deleted.status).toBe(200)
    expect((await host.http.get(story.body.data.mediaUrl)).status).toBe(404)
    const left = await host.run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`select id from media.video_uploads where id = ${video.id}`))
    expect(left).toHaveLength(0)
  })

  it("lets one of two stories racing for one upload claim it; the other is 409 and leaves no story", async () => {
    const challenge = await activeChallenge(host, admin, challengeBody({ creatorType: "organizer", creatorId: org.id }))
    const video = await uploadVideo(org.owner.headers)
    const answers = await Promise.all([1, 2].map(() => multipart(host, "POST", "/v2/challenges/promo-stories", { challengeId: challenge.id, videoUploadId: video.id }, org.owner.headers)))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    expect((await host.http.get(`/v2/challenges/${challenge.id}/promo-stories`)).body.data).toHaveLength(1)
  })
})
