/**
 * Public errors: the only failures an endpoint declares. Each is a tagged class whose wire form is
 * the error envelope of A 2.1 with its status; domain errors are mapped to these once per context.
 */
import { type HttpApi, type HttpApiGroup, HttpApiSchema } from "@effect/platform"
import {
  DomainError,
  type DomainErrorAny,
  ErrorKind,
  ErrorKinds,
  isDomainError,
  kindOf,
  publicFailureOf,
  statusOfKind
} from "@podium/kernel"
import { Schema } from "effect"
import { ErrorWire, errorBody, ValidationWire, validationBody } from "./envelope.js"

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

/** 422: the request is well-formed but the domain refuses its content. */
export class Unprocessable extends Schema.TaggedError<Unprocessable>()("Unprocessable", fields) {
  static readonly wire = onWire(Unprocessable, 422)
}

/** A domain error read back from the wire (clients of the contract); servers never construct it. */
class RemoteDomainError extends DomainError<RemoteDomainError>()("RemoteDomainError", {
  kind: (e) => e.kind,
  code: (e) => e.code
}, { kind: ErrorKind, message: Schema.String, code: Schema.optional(Schema.String) }) {}

/**
 * Any domain error of one kind, on the wire as the error envelope with that kind's status (or, for
 * `invalid` errors that list field messages, the validation shape). Declared once per area API,
 * so handlers fail with domain errors directly and no context keeps a mapping table.
 */
const domainErrorWire = (kind: ErrorKind) => {
  const status = statusOfKind[kind]
  const Declared = Schema.declare(
    (u): u is DomainErrorAny => isDomainError(u) && kindOf(u) === kind,
    { identifier: `DomainError(${kind})` }
  )
  const Wire = kind === "invalid" ? Schema.Union(ErrorWire, ValidationWire) : ErrorWire
  return Schema.transform(Wire, Declared, {
    strict: false,
    decode: (wire) =>
      new RemoteDomainError({
        kind,
        message: Array.isArray(wire.message) ? wire.message.join("; ") : (wire.message as string),
        ...("code" in wire && wire.code !== undefined ? { code: wire.code } : {})
      }),
    encode: (error) => {
      const failure = publicFailureOf(error)
      return failure.messages === undefined ? errorBody(status, failure.message, failure.code) : validationBody(failure.messages)
    }
  }).annotations(HttpApiSchema.annotations({ status }))
}

/** The domain-error wires of every kind, in status order. */
export const DomainErrorWires = ErrorKinds.map(domainErrorWire)

/**
 * Declares, once for a whole area API, every standard public error and every domain error kind.
 * Endpoints and groups add nothing: an area's handlers may fail with any of them.
 */
export const withStandardErrors = <Id extends string, Groups extends HttpApiGroup.HttpApiGroup.Any, E, R>(
  api: HttpApi.HttpApi<Id, Groups, E, R>
): HttpApi.HttpApi<
  Id,
  Groups,
  E | BadRequest | Unauthorized | Forbidden | NotFound | Conflict | Unprocessable | TooManyRequests | ServiceUnavailable | DomainErrorAny,
  R
> => {
  // biome-ignore lint/suspicious/noExplicitAny: the chain's intermediate types are the declared result
  let out: any = api
  for (const wire of [...AllPublicErrors, Unprocessable.wire, ...DomainErrorWires]) out = out.addError(wire)
  return out
}
