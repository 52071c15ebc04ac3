/**
 * C "Athlete / OCR": a signed-in athlete's photo of a checkpoint (multipart `image`: PNG, JPG or
 * WebP, 5 MB) read for the bib number and the checkpoint's code, with the reader's confidence; a
 * photo with nothing legible answers nulls and confidence 0; 503 OCR_PROVIDER_NOT_CONFIGURED when
 * no reader is configured.
 */
import { HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import { Form, Optional, says } from "@podium/kernel"
import { Option, Schema } from "effect"
import { Authenticated, op, Requires, Role } from "../common/index.js"

const OcrLimits = { maxFileSize: Option.some(10 * 1024 * 1024), maxParts: Option.some(5), maxFieldSize: 64 * 1024 }
export const CheckpointPhotoForm = HttpApiSchema.Multipart(Form({ image: Optional(Multipart.SingleFileSchema.annotations(says("must be a single file"))) }), OcrLimits)
export const CheckpointReading = Schema.Struct({
  bibNumber: Schema.NullOr(Schema.String),
  checkpointCode: Schema.NullOr(Schema.String),
  confidence: Schema.Number
}).annotations({ identifier: "CheckpointReading" })

export class OcrGroup extends HttpApiGroup.make("ocr")
  .add(op.post("ocrCheckpoint", "/v2/ocr/checkpoint", { body: CheckpointPhotoForm, ok: CheckpointReading, summary: "Read a checkpoint photo: bib number, checkpoint code, confidence 0–1 (503 OCR_PROVIDER_NOT_CONFIGURED)" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("user"))
  .annotate(OpenApi.Title, "Athlete: OCR")
  .annotate(OpenApi.Description, "Reading checkpoint photos")
{}
