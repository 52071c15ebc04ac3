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

/** Wraps a request's answer in the pipeline (the app reads the request from its context). */
export type Pipeline = (app: Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, HttpServerRequest.HttpServerRequest>) => Effect.Effect<HttpServerResponse.HttpServerResponse, never, HttpServerRequest.HttpServerRequest>

/**
 * The pipeline as a function of the app it wraps: the router's global middleware (every route it
 * serves, and unknown routes) and the endpoint dispatcher (serving/dispatcher.ts) wrap their apps
 * in the same one, so both paths answer alike.
 */
export const makePipeline = (
  lifecycle: LifecycleShape,
  options: { readonly accessLog: boolean; readonly observer?: RequestObserver }
): Pipeline => {
  const log = options.accessLog ? accessLog() : undefined
  return (app) =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
      const given = request.headers["x-request-id"]
      const requestId = given !== undefined && SafeId.test(given) ? given : randomUUID()
      const correlation = request.headers["x-correlation-id"]
      const correlationId = correlation !== undefined && SafeId.test(correlation) ? correlation : undefined
      const started = performance.now()
      lifecycle.enter()
      let matched = true
      let path: string | undefined
      const pathOf = () => (path ??= request.url.split("?")[0]!)
      // Bodies are read as objects (no body is {}), so the operation's schema words every failure.
      const routed = HttpMethod.hasBody(request.method) ? Effect.provideService(app, HttpServerRequest.HttpServerRequest, withObjectBody(request)) : app
      return routed.pipe(
        Effect.catchAllCause((cause) => {
          const failure = Cause.failureOption(cause)
          if (Option.isSome(failure) && HttpServerError.isServerError(failure.value) && failure.value._tag === "RouteNotFound") matched = false
          return failureResponse(cause, request).pipe(Effect.tap((response) => {
            if (response.status === 500 && options.observer !== undefined) {
              options.observer.defect({
                requestId, correlationId: correlationId ?? null, method: request.method, path: pathOf(),
                status: 500, message: Cause.pretty(cause), occurredAt: new Date()
              })
            }
          }))
        }),
        Effect.map(rewriteDecodeError),
        // One step for the observer, the access log line and the id headers (each pipeline step
        // is a runtime step per request). The line goes to a buffered writer (access-log.ts).
        Effect.map((response) => {
          const durationMs = performance.now() - started
          options.observer?.request({ method: request.method, path: pathOf(), matched, status: response.status, durationMs })
          if (log !== undefined) {
            log.write({ method: request.method, path: pathOf(), status: response.status, durationMs: Math.round(durationMs * 100) / 100, requestId, correlationId })
          }
          const withId = HttpServerResponse.setHeader(response, "x-request-id", requestId)
          return correlationId === undefined ? withId : HttpServerResponse.setHeader(withId, "x-correlation-id", correlationId)
        }),
        Effect.annotateLogs(correlationId === undefined ? { requestId } : { requestId, correlationId }),
        Effect.ensuring(Effect.sync(lifecycle.leave))
      )
    })
}

/** Installs the pipeline as global router middleware (it also sees unknown routes). */
export const requestPipeline = (
  lifecycle: LifecycleShape,
  options: { readonly accessLog: boolean; readonly observer?: RequestObserver }
): Layer.Layer<never, never, HttpLayerRouter.HttpRouter> => {
  const pipeline = makePipeline(lifecycle, options)
  // The router's typing wants its "unhandled" marker in the result's error type; this middleware
  // handles every error, so the function is cast and the layer typed by hand.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  return HttpLayerRouter.middleware<{ handles: unknown }>()(pipeline as any, { global: true }) as Layer.Layer<never, never, HttpLayerRouter.HttpRouter>
}
