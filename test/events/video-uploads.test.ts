/**
 * Event video uploads through the real host: the OWNER or ADMIN of the event's organizer uploads a
 * video for that event (401/403 before anything is read, 400 in the spec's wording, 404 for another
 * organizer's event); a gallery item of the same event claims it (once: a second claim is 409), the
 * cleanup (admins with events.manage) removes only unclaimed uploads older than a day, and a claim
 * racing the cleanup leaves either a claimed upload with its blob or a removed one, never a mix.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { challengeAdmin } from "../challenges/support.js"
import { multipart, newAthlete, type SeededOrganizer, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { seedEvent } from "./event-config-support.js"

const host = useRealHost(import.meta.url)

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))
const Mp4Bytes = new Uint8Array([0, 0, 0, 0x18, ...ascii("ftypisom"), 0, 0, 2, 0, ...ascii("isomiso2mp41")])
const mp4 = { bytes: Mp4Bytes, name: "teaser.mp4", type: "video/mp4" }
const path = "/v2/events/video-uploads"

let org: SeededOrganizer
let other: SeededOrganizer
let eventId: string
beforeAll(async () => {
  org = await seedOrganizer(host(), "Video Org")
  other = await seedOrganizer(host(), "Other Video Org")
  eventId = (await seedEvent(host(), org.id, "Video Marathon")).id
})

const upload = (fields: Parameters<typeof multipart>[3], headers: Record<string, string> = org.owner.headers) => multipart(host(), "POST", path, fields, headers)
const cleanup = (headers: Record<string, string>) => host().http.post(`${path}/cleanup`, undefined, headers)
const addToGallery = (videoUploadId: string, headers: Record<string, string> = org.owner.headers) =>
  multipart(host(), "POST", `/v2/organizers/events/${eventId}/gallery`, { videoUploadId, caption: "Teaser" }, headers)
/** Moves an upload's creation `hours` into the past. */
const age = (id: string, hours: number) =>
  host().run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`update media.video_uploads set created_at = created_at - make_interval(hours => ${hours}) where id = ${id}`))
const eventsAdmin = async () => (await challengeAdmin(host(), ["events.manage"])).headers

describe("event video uploads", () => {
  it("answers 401 without a token, 403 to a viewer or an outsider, 404 for another organizer's event and 400 for a missing or wrong file", async () => {
    expect((await upload({ eventId, file: mp4 }, {})).status).toBe(401)
    expect((await upload({ eventId, file: mp4 }, org.viewer.headers)).status).toBe(403)
    expect((await upload({ eventId, file: mp4 }, (await newAthlete(host())).headers)).status).toBe(403)
    const foreign = await upload({ eventId, file: mp4 }, other.owner.headers)
    expect(foreign.status).toBe(404)
    const missing = await upload({ eventId })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(["file should not be empty"])
    const wrong = await upload({ eventId, file: { bytes: new TextEncoder().encode("<html>"), name: "v.mp4", type: "video/mp4" } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toEqual(["file must be a file of type MP4, MOV, WEBM"])
    const noEvent = await upload({ file: mp4 })
    expect(noEvent.status).toBe(400)
  })

  it("stores the video for the event, and a gallery item of that event claims it once", async () => {
    const done = await upload({ eventId, file: mp4 }, org.admin.headers)
    expect(done.status).toBe(201)
    expect(done.body.data).toMatchObject({ scope: "event", eventId, contentType: "video/mp4", claimedAt: null, claimedBy: null })
    expect((await host().http.get(done.body.data.url)).status).toBe(200)

    const item = await addToGallery(done.body.data.id)
    expect(item.status).toBe(201)
    expect(item.body.data).toMatchObject({ eventId, contentType: "video/mp4", key: done.body.data.key, caption: "Teaser" })
    expect((await host().http.get(item.body.data.url)).status).toBe(200)
    const again = await addToGallery(done.body.data.id)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("VIDEO_UPLOAD_ALREADY_CLAIMED")
    expect((await addToGallery(crypto.randomUUID())).body.code).toBe("VIDEO_UPLOAD_NOT_FOUND")
    const both = await multipart(host(), "POST", `/v2/organizers/events/${eventId}/gallery`, { videoUploadId: done.body.data.id, image: mp4 }, org.owner.headers)
    expect(both.status).toBe(400)
    expect(both.body.message).toEqual(["image and videoUploadId must not both be given"])

    // A claimed upload survives the cleanup however old it is; deleting the item lets it go with its blob.
    await age(done.body.data.id, 48)
    expect((await cleanup(await eventsAdmin())).status).toBe(200)
    expect((await host().http.get(item.body.data.url)).status).toBe(200)
    const deleted = await host().http.request("DELETE", `/v2/organizers/events/${eventId}/gallery/${item.body.data.id}`, undefined, org.owner.headers)
    expect(deleted.status).toBe(200)
    expect((await host().http.get(item.body.data.url)).status).toBe(404)
    const left = await host().run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`select id from media.video_uploads where id = ${done.body.data.id}`))
    expect(left).toHaveLength(0)
  })

  it("keeps one event's video out of another event's gallery", async () => {
    const second = await seedEvent(host(), org.id, "Second Video Race")
    const done = await upload({ eventId: second.id, file: mp4 })
    expect((await addToGallery(done.body.data.id)).body.code).toBe("VIDEO_UPLOAD_NOT_FOUND")
  })

  it("lets only admins with events.manage clean up, removing unclaimed uploads older than a day and keeping fresher ones", async () => {
    expect((await cleanup({})).status).toBe(401)
    expect((await cleanup(org.owner.headers)).status).toBe(403)
    expect((await cleanup((await challengeAdmin(host(), [])).headers)).status).toBe(403)
    const old = (await upload({ eventId, file: mp4 })).body.data
    const fresh = (await upload({ eventId, file: mp4 })).body.data
    await age(old.id, 25)
    await age(fresh.id, 23)
    const admin = await eventsAdmin()
    const done = await cleanup(admin)
    expect(done.status).toBe(200)
    expect(done.body.data.removed).toBeGreaterThanOrEqual(1)
    expect((await host().http.get(old.url)).status).toBe(404)
    expect((await host().http.get(fresh.url)).status).toBe(200)
    expect((await cleanup(admin)).body.data.removed).toBe(0)
  })

  it("lets one of two gallery items racing for one upload claim it; the other is 409", async () => {
    const done = (await upload({ eventId, file: mp4 })).body.data
    const answers = await Promise.all([addToGallery(done.id), addToGallery(done.id, org.admin.headers)])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
  })

  it("never leaves a claimed upload without its blob when a claim races the cleanup", async () => {
    const admin = await eventsAdmin()
    for (let i = 0; i < 3; i++) {
      const done = (await upload({ eventId, file: mp4 })).body.data
      await age(done.id, 30)
      const [claim] = await Promise.all([addToGallery(done.id), cleanup(admin)])
      if (claim.status === 201) {
        expect((await host().http.get(claim.body.data.url)).status).toBe(200)
        await host().http.request("DELETE", `/v2/organizers/events/${eventId}/gallery/${claim.body.data.id}`, undefined, org.owner.headers)
      } else {
        expect(claim.body.code).toBe("VIDEO_UPLOAD_NOT_FOUND")
        expect((await host().http.get(done.url)).status).toBe(404)
      }
    }
  })
})
