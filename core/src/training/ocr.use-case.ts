/**
 * OCR of a checkpoint photo: the athlete's photo (PNG, JPG or WebP up to 5 MB, recognised by its
 * bytes) goes to the configured reader; what comes back is normalised here whatever the provider
 * said: a bib of 1–12 letters and digits (upper case, spaces and a leading `#` dropped), a
 * checkpoint code of the same shape, a confidence clamped to 0–1 with three decimals; anything
 * else reads as nothing (null), so a client never shows a provider's noise as a bib.
 */
import { InputInvalid } from "@podium/kernel"
import { Effect, } from "effect"
import { ContentTypes, checkUpload, ImageRule, type Upload } from "../media/file-type.model.js"
import { type CheckpointReading, Ocr } from "./ocr.port.js"

export class OcrImageInvalid extends InputInvalid<OcrImageInvalid>()("OcrImageInvalid") {}

const code = (text: string | null) => {
  const cleaned = text?.replace(/^#/, "").replace(/\s+/g, "").toUpperCase() ?? ""
  return /^[A-Z0-9-]{1,12}$/.test(cleaned) ? cleaned : null
}

export const normaliseReading = (raw: CheckpointReading): CheckpointReading => ({
  bibNumber: code(raw.bibNumber),
  checkpointCode: code(raw.checkpointCode),
  confidence: Number.isFinite(raw.confidence) ? Math.round(Math.min(1, Math.max(0, raw.confidence)) * 1000) / 1000 : 0
})

export const readCheckpointPhoto = Effect.fn("training.readCheckpointPhoto")(function*(image: Upload | undefined) {
  if (image === undefined) return yield* new OcrImageInvalid({ messages: ["image should not be empty"] })
  const checked = checkUpload("image", image, ImageRule)
  if ("error" in checked) return yield* new OcrImageInvalid({ messages: [checked.error] })
  const reading = yield* Effect.flatMap(Ocr, (ocr) => ocr.readCheckpoint({ bytes: image.bytes, contentType: ContentTypes[checked.kind] }))
  return normaliseReading(reading)
})
