/**
 * Blob storage for uploaded files (logos, banners, KYC documents…). Keys are server-chosen paths
 * (`o/<random>.png`, short so media tokens stay short); files are never served by key, only through a short-lived
 * signed media token (media-token.model.ts). Adapters: local disk under DATA_DIR, S3-compatible.
 */
import { Context, type Effect, type Option } from "effect"

export interface Blob {
  readonly bytes: Uint8Array
  readonly contentType: string
}

/** Stores and reads file bytes by key. */
export class BlobStore extends Context.Tag("@podium/core/media/BlobStore")<BlobStore, {
  /** Which adapter this is (`local`, `s3`), for the start-up summary. */
  readonly kind: string
  readonly put: (key: string, bytes: Uint8Array, contentType: string) => Effect.Effect<void>
  readonly get: (key: string) => Effect.Effect<Option.Option<Blob>>
  readonly remove: (key: string) => Effect.Effect<void>
}>() {}

/** A blob key must be a relative path of safe segments (no `..`, no leading slash). */
export const isSafeBlobKey = (key: string): boolean =>
  key.length > 0 && key.length <= 512 && /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(key) && !key.split("/").includes("..")
