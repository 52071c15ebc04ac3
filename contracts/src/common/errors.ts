/**
 * Public errors: the only failures an endpoint declares. Each is a tagged class whose wire form is
 * the error envelope of A 2.1 with its status; domain errors are mapped to these once per context.
 */
import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { ErrorWire, errorBody } from "./envelope.js"

const fields = { message: Schema.String, code: Schema.optional(Schema.String) }

const onWire = <Self extends { readonly message: string; readonly code?: string | undefined }, Encoded>(
  cls: Schema.Schema<Self, Encoded, never> &
    (new(args: { message: string; code?: string }) => Self),
  status: number
) =>
  Schema.transform(ErrorWire, Schema.typeSchema(cls), {
    strict: false,
    decode: (wire) => new cls(wire.code === undefined ? { message: wire.message } : { message: wire.message, code: wire.code }),
    encode: (error) => errorBody(status, error.message, error.code)
  }).annotations(HttpApiSchema.annotations({ status }))

/** 400: an unmet precondition that is not a schema failure. */
export class BadRequest extends Schema.TaggedError<BadRequest>()("BadRequest", fields) {
  static readonly wire = onWire(BadRequest, 400)
}
/** 401: token missing, expired or invalid. */
export class Unauthorized extends Schema.TaggedError<Unauthorized>()("Unauthorized", fields) {
  static readonly wire = onWire(Unauthorized, 401)
}
/** 403: a valid caller without the right. */
export class Forbidden extends Schema.TaggedError<Forbidden>()("Forbidden", fields) {
  static readonly wire = onWire(Forbidden, 403)
}
/** 404: no such resource visible to the caller. */
export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", fields) {
  static readonly wire = onWire(NotFound, 404)
}
/** 409: the resource's state forbids the operation. */
export class Conflict extends Schema.TaggedError<Conflict>()("Conflict", fields) {
  static readonly wire = onWire(Conflict, 409)
}
/** 429: a rate limit or quota was hit. */
export class TooManyRequests extends Schema.TaggedError<TooManyRequests>()("TooManyRequests", fields) {
  static readonly wire = onWire(TooManyRequests, 429)
}
/** 503: a dependency is not configured or not healthy. */
export class ServiceUnavailable extends Schema.TaggedError<ServiceUnavailable>()("ServiceUnavailable", fields) {
  static readonly wire = onWire(ServiceUnavailable, 503)
}

/** Every public error class, for groups that may answer any of them. */
export const AllPublicErrors = [
  BadRequest.wire,
  Unauthorized.wire,
  Forbidden.wire,
  NotFound.wire,
  Conflict.wire,
  TooManyRequests.wire,
  ServiceUnavailable.wire
] as const
