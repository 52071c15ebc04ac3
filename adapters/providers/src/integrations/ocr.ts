/**
 * Checkpoint photo readers: `OcrHttp` (an OCR service: `POST <url>/v1/checkpoint` with the image as
 * base64 JSON and a bearer key, answering `{ bibNumber, checkpointCode, confidence }`), `OcrLocal`
 * (offline: reads the answer a fixture image carries in a PNG `tEXt` chunk named `podium-ocr`, e.g.
 * `bib=1234;checkpoint=CP3;confidence=0.97`; any other image reads as nothing) and `OcrUnconfigured`
 * (503 OCR_PROVIDER_NOT_CONFIGURED).
 */
import { Training } from "@podium/core"
import { Effect, Layer, Redacted } from "effect"
import { request } from "undici"

export const OcrHttp = (settings: { readonly url: string; readonly apiKey: Redacted.Redacted<string> }) =>
  Layer.succeed(Training.Ocr, Training.Ocr.of({
    provider: "http",
    readCheckpoint: (image) =>
      Effect.tryPromise({
        try: async () => {
          const res = await request(`${settings.url.replace(/\/$/, "")}/v1/checkpoint`, {
            method: "POST",
            headers: { authorization: `Bearer ${Redacted.value(settings.apiKey)}`, "content-type": "application/json", accept: "application/json" },
            body: JSON.stringify({ image: Buffer.from(image.bytes).toString("base64"), contentType: image.contentType }),
            headersTimeout: 15_000,
            bodyTimeout: 15_000
          })
          const text = await res.body.text()
          if (res.statusCode !== 200) throw new Error(`the OCR service answered ${res.statusCode}`)
          const json = JSON.parse(text) as { bibNumber?: unknown; checkpointCode?: unknown; confidence?: unknown }
          return {
            bibNumber: typeof json.bibNumber === "string" || typeof json.bibNumber === "number" ? String(json.bibNumber) : null,
            checkpointCode: typeof json.checkpointCode === "string" ? json.checkpointCode : null,
            confidence: typeof json.confidence === "number" ? json.confidence : 0
          }
        },
        catch: (e) => new Training.OcrUnavailable({ reason: e instanceof Error ? e.message : String(e) })
      })
  }))

/** The text of the PNG `tEXt` chunk named `keyword`, if any (chunks walked by their lengths; IEND stops). */
const pngText = (bytes: Uint8Array, keyword: string): string | undefined => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = 8
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at)
    const type = new TextDecoder("latin1").decode(bytes.subarray(at + 4, at + 8))
    if (type === "IEND" || at + 12 + length > bytes.length) return undefined
    if (type === "tEXt") {
      const data = bytes.subarray(at + 8, at + 8 + length)
      const nul = data.indexOf(0)
      if (nul > 0 && new TextDecoder("latin1").decode(data.subarray(0, nul)) === keyword) return new TextDecoder("latin1").decode(data.subarray(nul + 1))
    }
    at += 12 + length
  }
  return undefined
}

export const OcrLocal = Layer.succeed(Training.Ocr, Training.Ocr.of({
  provider: "local",
  readCheckpoint: (image) =>
    Effect.sync(() => {
      const text = image.contentType === "image/png" ? pngText(image.bytes, "podium-ocr") : undefined
      if (text === undefined) return { bibNumber: null, checkpointCode: null, confidence: 0 }
      const fields = new Map(text.split(";").map((pair) => pair.split("=").map((s) => s.trim()) as [string, string]))
      return { bibNumber: fields.get("bib") ?? null, checkpointCode: fields.get("checkpoint") ?? null, confidence: Number(fields.get("confidence") ?? "1") }
    })
}))

export const OcrUnconfigured = Layer.succeed(Training.Ocr, Training.Ocr.of({
  provider: "none",
  readCheckpoint: () => Effect.fail(new Training.OcrUnavailable({ reason: "set OCR_PROVIDER=http (OCR_URL, OCR_API_KEY)" }))
}))
