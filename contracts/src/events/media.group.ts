/**
 * Media delivery (A 4.2): files are served only through a short-lived signed token. `download`
 * (`1`/`true`) answers `Content-Disposition: attachment`, otherwise `inline`. A malformed or
 * forged token answers 404; an expired one 410 (GONE).
 */
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { ErrorWire } from "../common/envelope.js"

/** 410: the media link expired. */
export class Gone extends Schema.TaggedError<Gone>()("Gone", { message: Schema.String }) {}

export const GoneWire = Schema.transform(ErrorWire, Schema.typeSchema(Gone), {
  strict: false,
  decode: (wire) => new Gone({ message: wire.message }),
  encode: (error) => ({ status: 410, statusText: "GONE", message: error.message, data: null })
}).annotations(HttpApiSchema.annotations({ status: 410 }))

export class MediaGroup extends HttpApiGroup.make("media")
  .add(
    HttpApiEndpoint.get("mediaContent", "/v2/media/content/:token")
      .setPath(Schema.Struct({ token: Schema.String }))
      .setUrlParams(Schema.Struct({ download: Schema.String }))
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "application/octet-stream" }))
      .addError(GoneWire)
      .annotate(OpenApi.Summary, "Serve a stored file through a signed, short-lived token")
  )
  .annotate(OpenApi.Title, "Media")
  .annotate(OpenApi.Description, "Signed delivery of stored files")
{}
