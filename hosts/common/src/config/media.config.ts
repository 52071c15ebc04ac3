/**
 * Blob storage: BLOB_STORE=local (files under DATA_DIR/blobs) or s3 (an S3-compatible
 * store: S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, all required).
 */
import { Config, ConfigError, Effect, Redacted } from "effect"

export type BlobStoreSettings =
  | { readonly kind: "local" }
  | {
    readonly kind: "s3"
    readonly endpoint: string
    readonly bucket: string
    readonly region: string
    readonly accessKeyId: string
    readonly secretAccessKey: Redacted.Redacted<string>
  }

export const loadBlobStoreSettings: Effect.Effect<BlobStoreSettings, ConfigError.ConfigError> = Effect.gen(function*() {
  const kind = yield* Config.literal("local", "s3")("BLOB_STORE").pipe(Config.withDefault("local" as const))
  if (kind === "local") return { kind: "local" } as const
  const required = (name: string) =>
    Config.string(name).pipe(
      Config.validate({ message: `Expected a value (required when BLOB_STORE=s3)`, validation: (v) => v.trim().length > 0 })
    )
  const endpoint = yield* required("S3_ENDPOINT")
  if (!/^https?:\/\//.test(endpoint)) return yield* Effect.fail(ConfigError.InvalidData(["S3_ENDPOINT"], "Expected an http:// or https:// URL"))
  return {
    kind: "s3",
    endpoint,
    bucket: yield* required("S3_BUCKET"),
    region: yield* Config.string("S3_REGION").pipe(Config.withDefault("us-east-1")),
    accessKeyId: yield* required("S3_ACCESS_KEY_ID"),
    secretAccessKey: yield* Config.redacted("S3_SECRET_ACCESS_KEY")
  } as const
})
