/**
 * Reading a checkpoint photo (C "Athlete / OCR"): the bib number and the checkpoint's code printed
 * on its marker, with the reader's confidence (0–1). Adapters: `http` (an OCR service over HTTP),
 * `local` (reads the answer a test fixture carries in its PNG `podium-ocr` text chunk, offline) and
 * `unconfigured` (OcrUnavailable → 503 OCR_PROVIDER_NOT_CONFIGURED).
 */
import { DomainError } from "@podium/kernel"
import { Context, type Effect, Schema } from "effect"

export interface CheckpointReading {
  /** Null when no bib number could be read. */
  readonly bibNumber: string | null
  readonly checkpointCode: string | null
  readonly confidence: number
}

export class OcrUnavailable extends DomainError<OcrUnavailable>()("OcrUnavailable", { kind: "unavailable", code: "OCR_PROVIDER_NOT_CONFIGURED" }, { reason: Schema.String }) {
  override get message() {
    return `Reading photos is not available: ${this.reason}`
  }
}

export class Ocr extends Context.Tag("@podium/core/training/Ocr")<Ocr, {
  readonly provider: string
  readonly readCheckpoint: (image: { readonly bytes: Uint8Array; readonly contentType: string }) => Effect.Effect<CheckpointReading, OcrUnavailable>
}>() {}
