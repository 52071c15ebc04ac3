/**
 * The one request pipeline every route passes through: request and correlation ids, the access
 * log line, the in-flight count for graceful shutdown, and the error envelope for everything the
 * routes themselves do not answer (schema failures, unknown routes, defects).
 */
import { HttpLayerRouter, HttpMethod, HttpServerError, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { errorBody, validationBody } from "@podium/contracts/common"
import { Cause, Effect, type Layer, Option } from "effect"
import { randomUUID } from "node:crypto"
import { accessLog } from "./access-log.js"
import type { LifecycleShape } from "./lifecycle.js"
import { issueMessages, withObjectBody } from "./validation.js"

const SafeId = /^[A-Za-z0-9._:-]{1,128}$/

const json = (body: unknown, status: number) => HttpServerResponse.unsafeJson(body, { status })

const decoder = new TextDecoder()

/** Rewrites the framework's schema-failure body into the spec's validation 400 (A 2.1, A 7). */
const rewriteDecodeError = (response: HttpServerResponse.HttpServerResponse) => {
  if (response.status !== 400 || response.body._tag !== "Uint8Array") return response
  try {
    const body = JSON.parse(decoder.decode(response.body.body)) as { _tag?: string; issues?: ReadonlyArray<{ path: Array<PropertyKey>; message: string }> }
    if (body._tag !== "HttpApiDecodeError") return response
    return json(validationBody(issueMessages(body.issues ?? [])), 400)
  } catch {
    return response
  }
}

/** Answers a failure no route handled: 404 for unknown routes, 400 for unreadable bodies, else 500. */
const failureResponse = (cause: Cause.Cause<unknown>, request: HttpServerRequest.HttpServerRequest) => {
  // The framework raises unreadable bodies as defects, so look at the squashed cause too.
  const error = Option.getOrElse(Cause.failureOption(cause), () => Cause.squash(cause))
  if (HttpServerError.isServerError(error)) {
    if (error._tag === "RouteNotFound") {
      return Effect.succeed(json(errorBody(404, `Cannot ${request.method} ${request.url.split("?")[0]}`), 404))
    }
    if (error._tag === "RequestError" && error.reason === "Decode") {
      return Effect.succeed(json(validationBody(["request body could not be read as the declared content type"]), 400))
    }
  }
  // Multipart limits (organizers issue): the parser's limit failures are defects too; answer 413.
  if (typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "MultipartError") {
    // A limit hit while a file is written to disk arrives wrapped as InternalError around the limit error.
    // (the parser's raw `{_tag: "ReachedLimit", limit}`).
    const inner = (error as { cause?: { _tag?: unknown; reason?: unknown; limit?: unknown } }).cause
    const reason = String((error as { reason?: unknown }).reason)
    if (
      reason === "FileTooLarge" || reason === "FieldTooLarge" || reason === "BodyTooLarge" || reason === "TooManyParts" ||
      inner?._tag === "ReachedLimit"
    ) {
      // The rest of the body is not read: close the connection so the client does not reuse it.
      return Effect.succeed(HttpServerResponse.setHeader(
        json(errorBody(413, "Upload refused: a file, field or the body is above the size limit"), 413),
        "connection",
        "close"
      ))
    }
    return Effect.succeed(json(validationBody(["request body could not be read as multipart/form-data"]), 400))
  }
  if (Cause.isInterruptedOnly(cause)) {
    return Effect.succeed(json(errorBody(503, "Request interrupted"), 503))
  }
  return Effect.logError("unhandled defect", Cause.pretty(cause)).pipe(
    Effect.as(json(errorBody(500, "Internal server error"), 500))
  )
}

/** Receives every answered request and every defect (observability); must not throw. */
export interface RequestObserver {
  readonly request: (o: { readonly method: string; readonly path: string; readonly matched: boolean; readonly status: number; readonly durationMs: number }) => void
  readonly defect: (d: { readonly requestId: string; readonly correlationId: string | null; readonly method: string; readonly path: string; readonly status: number; readonly message: string; readonly occurredAt: Date }) => void
}

/** One request's bookkeeping, from its first step to its last. */
export interface RequestRecord {
  readonly requestId: string
  readonly correlationId: string | undefined
  /** The log annotations of everything logged while the request runs. */
  readonly annotations: Readonly<Record<string, string>>
  readonly started: number
  matched: boolean
  path: string | undefined
}

/**
 * The pipeline's steps as plain functions, so both paths run the same ones: the router's global
 * middleware (makePipeline, in Effect) and the endpoint dispatcher (serving/dispatcher.ts, which
 * calls them around its own fiber and costs no Effect step for them).
 */
export interface PipelineSteps {
  /** Ids and the in-flight count; `leave` must follow exactly once. */
  readonly enter: (request: HttpServerRequest.HttpServerRequest) => RequestRecord
  /** Bodies are read as objects (no body is {}), so the operation's schema words every failure. */
  readonly requestFor: (request: HttpServerRequest.HttpServerRequest) => HttpServerRequest.HttpServerRequest
  /** The answer to a failure no route handled (404, 400, 413, 503, else 500 reported as a defect). */
  readonly recover: (record: RequestRecord, request: HttpServerRequest.HttpServerRequest) => (cause: Cause.Cause<unknown>) => Effect.Effect<HttpServerResponse.HttpServerResponse>
  /** The observer, the access log line and the id headers, once the answer is known. */
  readonly answered: (record: RequestRecord, request: HttpServerRequest.HttpServerRequest, response: HttpServerResponse.HttpServerResponse) => HttpServerResponse.HttpServerResponse
  readonly leave: () => void
}

export const makePipelineSteps = (
  lifecycle: LifecycleShape,
  options: { readonly accessLog: boolean; readonly observer?: RequestObserver }
): PipelineSteps => {
  const log = options.accessLog ? accessLog() : undefined
  const pathOf = (record: RequestRecord, request: HttpServerRequest.HttpServerRequest) => (record.path ??= request.url.split("?")[0]!)
  return {
    enter: (request) => {
      const given = request.headers["x-request-id"]
      const requestId = given !== undefined && SafeId.test(given) ? given : randomUUID()
      const correlation = request.headers["x-correlation-id"]
      const correlationId = correlation !== undefined && SafeId.test(correlation) ? correlation : undefined
      lifecycle.enter()
      return {
        requestId,
        correlationId,
        annotations: correlationId === undefined ? { requestId } : { requestId, correlationId },
        started: performance.now(),
        matched: true,
        path: undefined
      }
    },
    requestFor: (request) => HttpMethod.hasBody(request.method) ? withObjectBody(request) : request,
    recover: (record, request) => (cause) => {
      const failure = Cause.failureOption(cause)
      if (Option.isSome(failure) && HttpServerError.isServerError(failure.value) && failure.value._tag === "RouteNotFound") record.matched = false
      return Effect.map(failureResponse(cause, request), (response) => {
        if (response.status === 500 && options.observer !== undefined) {
          options.observer.defect({
            requestId: record.requestId, correlationId: record.correlationId ?? null, method: request.method, path: pathOf(record, request),
            status: 500, message: Cause.pretty(cause), occurredAt: new Date()
          })
        }
        return response
      })
    },
    answered: (record, request, answer) => {
      const response = rewriteDecodeError(answer)
      const durationMs = performance.now() - record.started
      options.observer?.request({ method: request.method, path: pathOf(record, request), matched: record.matched, status: response.status, durationMs })
      if (log !== undefined) {
        log.write({
          method: request.method, path: pathOf(record, request), status: response.status, durationMs: Math.round(durationMs * 100) / 100,
          requestId: record.requestId, correlationId: record.correlationId
        })
      }
      return HttpServerResponse.setHeaders(
        response,
        record.correlationId === undefined ? { "x-request-id": record.requestId } : { "x-request-id": record.requestId, "x-correlation-id": record.correlationId }
      )
    },
    leave: lifecycle.leave
  }
}

/** Wraps a request's answer in the pipeline (the app reads the request from its context). */
export type Pipeline = (app: Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, HttpServerRequest.HttpServerRequest>) => Effect.Effect<HttpServerResponse.HttpServerResponse, never, HttpServerRequest.HttpServerRequest>

/** The pipeline as router middleware: every route the router serves, and unknown routes. */
export const makePipeline = (steps: PipelineSteps): Pipeline => (app) =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
    const record = steps.enter(request)
    const routed = steps.requestFor(request)
    return (routed === request ? app : Effect.provideService(app, HttpServerRequest.HttpServerRequest, routed)).pipe(
      Effect.catchAllCause(steps.recover(record, request)),
      Effect.map((response) => steps.answered(record, request, response)),
      Effect.annotateLogs(record.annotations),
      Effect.ensuring(Effect.sync(steps.leave))
    )
  })

/** Installs the pipeline as global router middleware (it also sees unknown routes). */
export const requestPipeline = (steps: PipelineSteps): Layer.Layer<never, never, HttpLayerRouter.HttpRouter> => {
  const pipeline = makePipeline(steps)
  // The router's typing wants its "unhandled" marker in the result's error type; this middleware
  // handles every error, so the function is cast and the layer typed by hand.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  return HttpLayerRouter.middleware<{ handles: unknown }>()(pipeline as any, { global: true }) as Layer.Layer<never, never, HttpLayerRouter.HttpRouter>
}
