/**
 * Media delivery (A 4.2): files are served only through a short-lived signed token. `download`
 * (`1`/`true`) answers `Content-Disposition: attachment`, otherwise `inline`. A malformed or
 * forged token answers 404; an expired one 410 (GONE).
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { ErrorWire, op } from "../common/index.js"

/** 410: the media link expired. */
export class Gone extends Schema.TaggedError<Gone>()("Gone", { message: Schema.String }) {}

export const GoneWire = Schema.transform(ErrorWire, Schema.typeSchema(Gone), {
  strict: false,
  decode: (wire) => new Gone({ message: wire.message }),
  encode: (error) => ({ status: 410, statusText: "GONE", message: error.message, data: null })
}).annotations(HttpApiSchema.annotations({ status: 410 }))

export class MediaGroup extends HttpApiGroup.make("media")
  .add(op.get("mediaContent", "/v2/media/content/:token", { path: Schema.Struct({ token: Schema.String }), query: Schema.Struct({ download: Schema.String }), success: HttpApiSchema.Uint8Array({ contentType: "application/octet-stream" }), summary: "Serve a stored file through a signed, short-lived token" }).addError(GoneWire))
  .annotate(OpenApi.Title, "Media")
  .annotate(OpenApi.Description, "Signed delivery of stored files")
{}
