/**
 * Challenge video uploads through the real host: signed-in users (admins with challenges.manage), the file's presence, type
 * (by its bytes) and size checked with the spec's wording, stored and served back through a private
 * media URL; the cleanup (admins with challenges.manage) removes unclaimed uploads older than a day
 * and keeps fresher ones, and two cleanups at once remove each orphan exactly once.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { multipart, newAthlete } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { challengeAdmin } from "./support.js"

const host = useRealHost(import.meta.url)

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))
const Mp4Bytes = new Uint8Array([0, 0, 0, 0x18, ...ascii("ftypisom"), 0, 0, 2, 0, ...ascii("isomiso2mp41")])
const MovBytes = new Uint8Array([0, 0, 0, 0x14, ...ascii("ftypqt  "), 0, 0, 2, 0, ...ascii("qt  ")])
const WebmBytes = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01])
const mp4OfSize = (n: number) => {
  const bytes = new Uint8Array(n)
  bytes.set(Mp4Bytes)
  return bytes
}
const path = "/v2/challenges/video-uploads"
const upload = (fields: Parameters<typeof multipart>[3], headers: Record<string, string>) => multipart(host(), "POST", path, fields, headers)
const cleanup = (headers: Record<string, string>) => host().http.post(`${path}/cleanup`, undefined, headers)
/** Moves an upload's creation `hours` into the past. */
const age = (id: string, hours: number) =>
  host().run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`update media.video_uploads set created_at = created_at - make_interval(hours => ${hours}) where id = ${id}`))

describe("challenge video uploads", () => {
  it("answers 401 without a token, 403 to an admin without challenges.manage, and 400 for a missing, wrong or oversized file", async () => {
    const athlete = await newAthlete(host())
    expect((await upload({ file: { bytes: Mp4Bytes, name: "v.mp4" } }, {})).status).toBe(401)
    expect((await upload({ file: { bytes: Mp4Bytes, name: "v.mp4" } }, (await challengeAdmin(host(), [])).headers)).status).toBe(403)
    expect((await upload({ file: { bytes: Mp4Bytes, name: "v.mp4" } }, (await challengeAdmin(host())).headers)).status).toBe(201)
    const missing = await upload({ note: "x" }, athlete.headers)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(["file should not be empty"])
    const wrongType = await upload({ file: { bytes: new TextEncoder().encode("<html>"), name: "v.mp4", type: "video/mp4" } }, athlete.headers)
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.message).toEqual(["file must be a file of type MP4, MOV, WEBM"])
    const tooBig = await upload({ file: { bytes: mp4OfSize(50 * 1024 * 1024 + 1), name: "big.mp4" } }, athlete.headers)
    expect(tooBig.status).toBe(400)
    expect(tooBig.body.message).toEqual(["file must be at most 50 MB"])
  })

  it("stores MP4, MOV and WEBM videos by their bytes and serves them back through a private media URL", async () => {
    const athlete = await newAthlete(host())
    for (const [bytes, contentType] of [[Mp4Bytes, "video/mp4"], [MovBytes, "video/quicktime"], [WebmBytes, "video/webm"]] as const) {
      const done = await upload({ file: { bytes, name: "my <clip>", type: "application/octet-stream" } }, athlete.headers)
      expect(done.status).toBe(201)
      expect(done.body.data).toMatchObject({ userId: athlete.user.id, contentType, fileName: "my _clip_", size: bytes.length, claimedAt: null })
      const served = await host().http.get(done.body.data.url)
      expect(served.status).toBe(200)
      expect(served.headers.get("content-type")).toContain(contentType)
    }
  })

  it("lets only admins with challenges.manage clean up, removing unclaimed uploads older than a day and keeping fresher ones", async () => {
    const athlete = await newAthlete(host())
    const ops = await challengeAdmin(host())
    expect((await cleanup({})).status).toBe(401)
    expect((await cleanup(athlete.headers)).status).toBe(403)
    expect((await cleanup((await challengeAdmin(host(), [])).headers)).status).toBe(403)
    const old = (await upload({ file: { bytes: Mp4Bytes, name: "old.mp4" } }, athlete.headers)).body.data
    const recent = (await upload({ file: { bytes: WebmBytes, name: "recent.webm" } }, athlete.headers)).body.data
    await age(old.id, 25)
    await age(recent.id, 23)
    const done = await cleanup(ops.headers)
    expect(done.status).toBe(200)
    expect(done.body.data.removed).toBe(1)
    expect((await host().http.get(old.url)).status).toBe(404)
    expect((await host().http.get(recent.url)).status).toBe(200)
    expect((await cleanup(ops.headers)).body.data.removed).toBe(0)
  })

  it("removes each orphan exactly once when two cleanups run at once", async () => {
    const athlete = await newAthlete(host())
    const ops = await challengeAdmin(host())
    const orphans = await Promise.all([1, 2, 3, 4].map(async (i) => (await upload({ file: { bytes: Mp4Bytes, name: `o${i}.mp4` } }, athlete.headers)).body.data))
    for (const o of orphans) await age(o.id, 48)
    const answers = await Promise.all([cleanup(ops.headers), cleanup(ops.headers)])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    expect(answers[0]!.body.data.removed + answers[1]!.body.data.removed).toBe(4)
    for (const o of orphans) expect((await host().http.get(o.url)).status).toBe(404)
  })
})
