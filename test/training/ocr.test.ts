/**
 * OCR of checkpoint photos: through the real host on the local reader (a fixture PNG carrying its
 * answer in a `podium-ocr` text chunk), the image checks with the spec's wording, normalisation of
 * what a reader says, 503 OCR_PROVIDER_NOT_CONFIGURED without a reader, and the HTTP adapter
 * against a local server speaking the OCR service's protocol.
 */
import { Training } from "@podium/core"
import { OcrHttp } from "@podium/providers"
import { Effect, Redacted } from "effect"
import { createServer } from "node:http"
import { crc32 } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { multipart, newAthlete, PngBytes, pngOfSize } from "../organizers/support.js"
import { type RealHost, startRealHost } from "../support/real-host.js"

let host: RealHost
let bare: RealHost
beforeAll(async () => {
  host = await startRealHost(import.meta.url)
  bare = await startRealHost(`${import.meta.url}#bare`, { OCR_PROVIDER: "none" })
}, 60_000)
afterAll(async () => {
  await host?.close()
  await bare?.close()
})

/** The test PNG with a `tEXt` chunk `podium-ocr` = `text` after its header chunk. */
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

const read = (on: RealHost, fields: Parameters<typeof multipart>[3], headers: Record<string, string>) => multipart(on, "POST", "/v2/ocr/checkpoint", fields, headers)

describe("OCR checkpoint", () => {
  it("reads the bib and checkpoint a fixture carries, normalised; a photo without text reads as nothing", async () => {
    const athlete = await newAthlete(host)
    const res = await read(host, { image: { bytes: fixture("bib= #a 1234;checkpoint=cp-3;confidence=0.97531"), name: "cp.png", type: "image/png" } }, athlete.headers)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ bibNumber: "A1234", checkpointCode: "CP-3", confidence: 0.975 })
    const noisy = await read(host, { image: { bytes: fixture("bib=<script>;checkpoint=;confidence=7"), name: "cp.png" } }, athlete.headers)
    expect(noisy.body.data).toEqual({ bibNumber: null, checkpointCode: null, confidence: 1 })
    const plain = await read(host, { image: { bytes: PngBytes, name: "plain.png" } }, athlete.headers)
    expect(plain.body.data).toEqual({ bibNumber: null, checkpointCode: null, confidence: 0 })
  })

  it("answers 401 without a token and 400 with the spec's wording for a missing, wrong or oversized image", async () => {
    const athlete = await newAthlete(host)
    expect((await read(host, { image: { bytes: PngBytes, name: "a.png" } }, {})).status).toBe(401)
    const missing = await read(host, { note: "x" }, athlete.headers)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(["image should not be empty"])
    const wrong = await read(host, { image: { bytes: new TextEncoder().encode("%PDF-1.4"), name: "a.pdf" } }, athlete.headers)
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toEqual(["image must be a file of type PNG, JPG, WEBP"])
    const big = await read(host, { image: { bytes: pngOfSize(5 * 1024 * 1024 + 1), name: "big.png" } }, athlete.headers)
    expect(big.body.message).toEqual(["image must be at most 5 MB"])
  })

  it("answers 503 OCR_PROVIDER_NOT_CONFIGURED without a reader", async () => {
    const athlete = await newAthlete(bare)
    const res = await read(bare, { image: { bytes: PngBytes, name: "a.png" } }, athlete.headers)
    expect(res.status).toBe(503)
    expect(res.body.code).toBe("OCR_PROVIDER_NOT_CONFIGURED")
  })
})

describe("OCR HTTP adapter", () => {
  it("posts the image as base64 with the bearer key and maps the answer; a failing service is 503", async () => {
    const seen: Array<{ path: string; auth: string | undefined; body: { image: string; contentType: string } }> = []
    let fail = false
    const server = createServer((req, res) => {
      let text = ""
      req.on("data", (c) => (text += c))
      req.on("end", () => {
        seen.push({ path: req.url ?? "", auth: req.headers.authorization, body: JSON.parse(text) })
        res.writeHead(fail ? 500 : 200, { "content-type": "application/json" })
        res.end(JSON.stringify(fail ? { error: "down" } : { bibNumber: 812, checkpointCode: "CP7", confidence: 0.91 }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const { port } = server.address() as { port: number }
    const layer = OcrHttp({ url: `http://127.0.0.1:${port}/`, apiKey: Redacted.make("ocr-key") })
    const readWith = Effect.flatMap(Training.Ocr, (ocr) => ocr.readCheckpoint({ bytes: PngBytes, contentType: "image/png" })).pipe(Effect.provide(layer))
    try {
      expect(await Effect.runPromise(readWith)).toEqual({ bibNumber: "812", checkpointCode: "CP7", confidence: 0.91 })
      expect(seen[0]).toMatchObject({ path: "/v1/checkpoint", auth: "Bearer ocr-key", body: { contentType: "image/png" } })
      expect(Buffer.from(seen[0]!.body.image, "base64")).toEqual(Buffer.from(PngBytes))
      fail = true
      const failed = await Effect.runPromise(Effect.flip(readWith))
      expect(failed).toMatchObject({ _tag: "OcrUnavailable", reason: "the OCR service answered 500" })
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
