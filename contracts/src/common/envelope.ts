/**
 * The response envelope of document A section 2.1, applied in the schema of every endpoint so the
 * handlers return plain DTOs and the OpenAPI document shows the envelope on the wire.
 */
import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

/** Upper-case reason phrases used as `statusText` (A 2.1: e.g. `NOT_FOUND`, `FORBIDDEN`). */
export const statusTextOf = (status: number): string => StatusTexts[status] ?? (status >= 500 ? "INTERNAL_SERVER_ERROR" : "ERROR")

const StatusTexts: Record<number, string> = {
  200: "OK",
  201: "CREATED",
  202: "ACCEPTED",
  204: "NO_CONTENT",
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  414: "URI_TOO_LONG",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_ENTITY",
  429: "TOO_MANY_REQUESTS",
  500: "INTERNAL_SERVER_ERROR",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
  504: "GATEWAY_TIMEOUT"
}

/** Human default messages per status, used when an operation names none. */
export const defaultMessageOf = (status: number): string =>
  DefaultMessages[status] ?? (status >= 500 ? "Internal server error" : "Request failed")

const DefaultMessages: Record<number, string> = {
  200: "Success",
  201: "Created",
  202: "Accepted",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  429: "Too Many Requests",
  500: "Internal server error",
  503: "Service Unavailable"
}

/**
 * Wraps a DTO schema in the success envelope `{status, statusText, message, data}`.
 * The handler returns the DTO; encoding adds the envelope with the given status and message.
 */
export const Ok = <A, I, R>(
  data: Schema.Schema<A, I, R>,
  options?: { readonly status?: 200 | 201 | 202; readonly message?: string }
) => {
  const status = options?.status ?? 200
  const message = options?.message ?? defaultMessageOf(status)
  const statusText = statusTextOf(status)
  const Wire = Schema.Struct({
    status: Schema.Int,
    statusText: Schema.String,
    message: Schema.String,
    data: Schema.encodedSchema(data)
  })
  return Schema.transform(Wire, Schema.encodedSchema(data), {
    strict: true,
    decode: (wire) => wire.data,
    encode: (dto) => ({ status, statusText, message, data: dto })
  }).pipe(
    Schema.compose(data, { strict: false }),
    Schema.annotations(HttpApiSchema.annotations({ status }))
  ) as unknown as Schema.Schema<A, { readonly status: number; readonly statusText: string; readonly message: string; readonly data: I }, R>
}

/** The error envelope's wire shape: `data` is always null; `code` carries the spec's coded errors. */
export const ErrorWire = Schema.Struct({
  status: Schema.Int,
  statusText: Schema.String,
  message: Schema.String,
  code: Schema.optional(Schema.String),
  data: Schema.Null
}).annotations({ identifier: "ErrorEnvelope" })

/**
 * The 400 shape for validation failures. A 2.1 shows two forms (the envelope, and
 * `{message: [..], error, statusCode}`); we answer both at once: the envelope's keys with
 * `message` as the list of every failing field's message, plus `error` and `statusCode`.
 */
export const ValidationWire = Schema.Struct({
  status: Schema.Literal(400),
  statusText: Schema.Literal("BAD_REQUEST"),
  message: Schema.Array(Schema.String),
  error: Schema.Literal("Bad Request"),
  statusCode: Schema.Literal(400),
  data: Schema.Null
}).annotations({ identifier: "ValidationErrorEnvelope" })
export type ValidationWire = typeof ValidationWire.Type

/** Builds the validation 400 body from a list of messages. */
export const validationBody = (messages: ReadonlyArray<string>): ValidationWire => ({
  status: 400,
  statusText: "BAD_REQUEST",
  message: messages,
  error: "Bad Request",
  statusCode: 400,
  data: null
})

/** Builds an error envelope body. */
export const errorBody = (status: number, message?: string, code?: string): typeof ErrorWire.Type => ({
  status,
  statusText: statusTextOf(status),
  message: message ?? defaultMessageOf(status),
  ...(code === undefined ? {} : { code }),
  data: null
})
