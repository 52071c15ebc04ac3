/**
 * Photo checks of a hybrid race through HTTP: init during a running attempt issues a challenge and
 * the upload target; the photo's OCR reading decides (PASSED only on the exact challenge code with
 * enough confidence); a FAILED check is appealed once, concurrently too; nobody reads or appeals
 * another athlete's check.
 */
import { crc32 } from "node:zlib"
import { beforeAll, describe, expect, it } from "vitest"
import { eventsCast, publishedEvent } from "../events/support.js"
import { multipart, newAthlete, PngBytes, type SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { step } from "./support.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer, reviewer: Record<string, string>
beforeAll(async () => void ({ org, reviewer } = await eventsCast(host, "Hybrid Photo Org")), 60_000)

/** The test PNG with a `tEXt` chunk `podium-ocr` = `text` (what the local reader reads). */
const fixture = (text: string) => {
  const data = Buffer.concat([Buffer.from("podium-ocr", "latin1"), Buffer.from([0]), Buffer.from(text, "latin1")])
  const typeAndData = Buffer.concat([Buffer.from("tEXt", "latin1"), data])
  const chunk = Buffer.alloc(12 + data.length)
  chunk.writeUInt32BE(data.length, 0)
  typeAndData.copy(chunk, 4)
  chunk.writeUInt32BE(crc32(typeAndData) >>> 0, 8 + data.length)
  const png = Buffer.from(PngBytes)
  const ihdrEnd = 8 + 12 + png.readUInt32BE(8)
  return new Uint8Array(Buffer.concat([png.subarray(0, ihdrEnd), chunk, png.subarray(ihdrEnd)]))
}

const init = (eventId: string, headers: Record<string, string>, checkpointIndex = 1) =>
  host.http.post(`/v2/hybrid-race/${eventId}/photo-check/init`, { checkpointIndex }, headers)
const photo = (url: string, text: string | null, headers: Record<string, string>) =>
  multipart(host, "POST", url, { photo: { bytes: text === null ? PngBytes : fixture(text), name: "cp.png", type: "image/png" } }, headers)

describe("hybrid race photo check", () => {
  it("passes only a photo showing the exact challenge code, and answers its state", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const athlete = await newAthlete(host)
    const early = await init(event.id, athlete.headers)
    expect(early.status).toBe(409)
    expect(early.body.code).toBe("HYBRID_RACE_OUT_OF_ORDER")
    const none = await host.http.get(`/v2/hybrid-race/${event.id}/photo-check/state`, athlete.headers)
    expect(none.status).toBe(404)
    expect(none.body.code).toBe("PHOTO_CHECK_NOT_FOUND")
    await step(host, event.id, "start", athlete.headers, undefined, 201)
    expect((await init(event.id, athlete.headers, 2)).status).toBe(409)
    const started = await host.http.post(`/v2/hybrid-race/${event.id}/photo-check/init`, { checkpointIndex: 1 }, athlete.headers)
    expect(started.status).toBe(201)
    const check = started.body.data
    expect(check).toMatchObject({ eventId: event.id, athleteId: athlete.user.id, checkpointIndex: 1, status: "PENDING", readCode: null })
    expect(check.challengeCode).toMatch(/^PC-\d{6}$/)
    expect(check.upload).toMatchObject({ method: "POST", url: `/v2/hybrid-race/${event.id}/photo-check/${check.id}/photo`, field: "photo" })
    expect(new Date(check.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000)
    const pending = await host.http.get(`/v2/hybrid-race/${event.id}/photo-check/state`, athlete.headers)
    expect(pending.body.data).toMatchObject({ id: check.id, status: "PENDING" })

    const passed = await photo(`/v2/hybrid-race/${event.id}/photo-check/${check.id}/photo`, `checkpoint=${check.challengeCode};confidence=0.93`, athlete.headers)
    expect(passed.status).toBe(200)
    expect(passed.body.data).toMatchObject({ status: "PASSED", readCode: check.challengeCode, readConfidence: 0.93, reason: null, upload: null })
    expect(passed.body.data.photoKey).toEqual(expect.any(String))
    expect((await host.http.get(`/v2/hybrid-race/${event.id}/photo-check/state`, athlete.headers)).body.data.status).toBe("PASSED")
    const again = await photo(check.upload.url, `checkpoint=${check.challengeCode};confidence=0.93`, athlete.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("PHOTO_CHECK_STATUS_CONFLICT")
    const appealPass = await host.http.post(`/v2/hybrid-race/${event.id}/photo-check/${check.id}/appeal`, { reason: "why not" }, athlete.headers)
    expect(appealPass.status).toBe(409)
    expect(appealPass.body.code).toBe("PHOTO_CHECK_STATUS_CONFLICT")
  })

  it("fails a wrong code, an unsure reading or a photo without text, with the reason", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const athlete = await newAthlete(host)
    await step(host, event.id, "start", athlete.headers, undefined, 201)
    const cases: Array<[(code: string) => string | null, RegExp]> = [
      [() => "checkpoint=PC-000000;confidence=0.99", /shows PC-000000, not the challenge code/],
      [(code) => `checkpoint=${code};confidence=0.5`, /confidence 0.5, under 0.8/],
      [() => null, /No code could be read/]
    ]
    for (const [text, reason] of cases) {
      const check = (await init(event.id, athlete.headers)).body.data
      const failed = await photo(check.upload.url, text(check.challengeCode), athlete.headers)
      expect(failed.status).toBe(200)
      expect(failed.body.data.status).toBe("FAILED")
      expect(failed.body.data.reason).toMatch(reason)
    }
  })

  it("takes one appeal of a failed check, even from concurrent calls; nobody else's check is reachable", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const athlete = await newAthlete(host)
    const other = await newAthlete(host)
    await step(host, event.id, "start", athlete.headers, undefined, 201)
    const check = (await init(event.id, athlete.headers)).body.data
    const pendingAppeal = await host.http.post(`/v2/hybrid-race/${event.id}/photo-check/${check.id}/appeal`, { reason: "the light was bad" }, athlete.headers)
    expect(pendingAppeal.status).toBe(409)
    await photo(check.upload.url, "checkpoint=WRONG;confidence=0.99", athlete.headers)
    expect((await host.http.post(`/v2/hybrid-race/${event.id}/photo-check/${check.id}/appeal`, { reason: "mine" }, other.headers)).status).toBe(404)
    expect((await photo(check.upload.url, "checkpoint=X;confidence=1", other.headers)).status).toBe(404)
    const appeals = await Promise.all(Array.from({ length: 4 }, () =>
      host.http.post(`/v2/hybrid-race/${event.id}/photo-check/${check.id}/appeal`, { reason: "the light was bad" }, athlete.headers)))
    expect(appeals.map((a) => a.status).sort()).toEqual([200, 409, 409, 409])
    const state = await host.http.get(`/v2/hybrid-race/${event.id}/photo-check/state`, athlete.headers)
    expect(state.body.data).toMatchObject({ id: check.id, status: "APPEALED", appealReason: "the light was bad" })
    expect(state.body.data.appealedAt).not.toBeNull()
    expect((await host.http.get(`/v2/hybrid-race/${event.id}/photo-check/state`, other.headers)).status).toBe(404)
  })

  it("answers 401 without a token and 400 for a bad checkpoint, reason or photo", async () => {
    const event = await publishedEvent(host, org, reviewer)
    const athlete = await newAthlete(host)
    const id = crypto.randomUUID()
    expect((await init(event.id, {})).status).toBe(401)
    expect((await host.http.get(`/v2/hybrid-race/${event.id}/photo-check/state`)).status).toBe(401)
    expect((await host.http.post(`/v2/hybrid-race/${event.id}/photo-check/${id}/appeal`, { reason: "x" })).status).toBe(401)
    await step(host, event.id, "start", athlete.headers, undefined, 201)
    for (const checkpointIndex of [0, 1.5, "1"]) expect((await host.http.post(`/v2/hybrid-race/${event.id}/photo-check/init`, { checkpointIndex }, athlete.headers)).status).toBe(400)
    const check = (await init(event.id, athlete.headers)).body.data
    const empty = await host.http.post(`/v2/hybrid-race/${event.id}/photo-check/${check.id}/appeal`, { reason: "" }, athlete.headers)
    expect(empty.status).toBe(400)
    const notImage = await multipart(host, "POST", check.upload.url, { photo: { bytes: new TextEncoder().encode("%PDF-1.4"), name: "a.pdf" } }, athlete.headers)
    expect(notImage.status).toBe(400)
    const missing = await multipart(host, "POST", check.upload.url, {}, athlete.headers)
    expect(missing.status).toBe(400)
    expect((await host.http.get(`/v2/hybrid-race/${event.id}/photo-check/state`, athlete.headers)).body.data.status).toBe("PENDING")
  })
})
