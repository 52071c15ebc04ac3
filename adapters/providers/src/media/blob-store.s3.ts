/**
 * BlobStore on an S3-compatible object store (path-style URLs `<endpoint>/<bucket>/<key>`), over
 * undici with AWS Signature V4. Failures of the store are defects (the request answers 500).
 */
import { Media } from "@podium/core"
import { Clock, Effect, Layer, Option, Redacted } from "effect"
import { request } from "undici"
import { signRequest, uriEncode } from "./sigv4.js"

export interface S3Settings {
  readonly endpoint: string
  readonly bucket: string
  readonly region: string
  readonly accessKeyId: string
  readonly secretAccessKey: Redacted.Redacted<string>
}

export const BlobStoreS3 = (settings: S3Settings): Layer.Layer<Media.BlobStore> => {
  const credentials = () => ({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: Redacted.value(settings.secretAccessKey),
    region: settings.region,
    service: "s3"
  })
  const urlOf = (key: string) =>
    new URL(`${settings.endpoint.replace(/\/+$/, "")}/${uriEncode(settings.bucket, false)}/${uriEncode(key, true)}`)
  const call = (method: "PUT" | "GET" | "DELETE", key: string, body?: Uint8Array, contentType?: string) =>
    Effect.gen(function*() {
      const url = urlOf(key)
      const now = new Date(yield* Clock.currentTimeMillis)
      const headers = signRequest({
        method,
        url,
        credentials: credentials(),
        now,
        ...(contentType === undefined ? {} : { headers: { "content-type": contentType } }),
        ...(body === undefined ? {} : { body })
      })
      const { host: _host, ...sendHeaders } = headers
      return yield* Effect.tryPromise(async () => {
        const res = await request(url, { method, headers: sendHeaders, ...(body === undefined ? {} : { body }) })
        const bytes = new Uint8Array(await res.body.arrayBuffer())
        return { status: res.statusCode, headers: res.headers, bytes }
      })
    }).pipe(Effect.orDie)
  const failed = (what: string, status: number) => Effect.die(new Error(`object store ${what} answered ${status}`))
  return Layer.succeed(Media.BlobStore, Media.BlobStore.of({
    kind: "s3",
    put: (key, bytes, contentType) =>
      Effect.flatMap(call("PUT", key, bytes, contentType), (r) => (r.status < 300 ? Effect.void : failed("PUT", r.status))),
    get: (key) =>
      Effect.flatMap(call("GET", key), (r) => {
        if (r.status === 404) return Effect.succeed(Option.none())
        if (r.status >= 300) return failed("GET", r.status)
        const type = r.headers["content-type"]
        return Effect.succeed(Option.some({
          bytes: r.bytes,
          contentType: (Array.isArray(type) ? type[0] : type) ?? "application/octet-stream"
        }))
      }),
    remove: (key) =>
      Effect.flatMap(call("DELETE", key), (r) => (r.status < 300 || r.status === 404 ? Effect.void : failed("DELETE", r.status)))
  }))
}
