/**
 * The HTTP host's front door: the `node:http` server the Effect pipeline is served on, with what
 * must happen before a request reaches that pipeline.
 *
 * - Size limits. Node bounds the request line and headers (`maxHeaderBytes`, answered 431 by
 *   Node itself). A request target longer than `maxUrlBytes` is answered 414. A request body other
 *   than multipart (which has its own per-file and per-body limits) larger than
 *   `maxJsonBodyBytes` is answered 413 in the error envelope WITHOUT reading it: a declared
 *   `content-length` is judged before any byte is read; a chunked body is counted as it arrives
 *   and its remainder is dropped (never buffered) once it passes the limit.
 * - Slow clients: Node's `headersTimeout` and `requestTimeout`.
 * - CORS: for an allowed origin every answer carries `access-control-allow-origin` (that origin,
 *   with credentials, so the web-session cookie works) and a preflight is answered here with the
 *   allowed methods and headers. Any other origin gets no CORS header at all (its preflight: 403).
 *
 * Answers given here skip the Effect pipeline, so they cost almost nothing; they carry a request id
 * like every other answer.
 */
import { errorBody } from "@podium/contracts/common"
import type { HttpFrontDoorSettings } from "@podium/host-common"
import { randomUUID } from "node:crypto"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"

/** Defaults when the configuration carries no settings (see @podium/host-common config/http.config.ts). */
export const defaultFrontDoorSettings: HttpFrontDoorSettings = {
  maxJsonBodyBytes: 1024 * 1024,
  maxUrlBytes: 8 * 1024,
  maxHeaderBytes: 16 * 1024,
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 65_000,
  corsOrigins: []
}

export const CorsAllowedMethods = "GET, POST, PUT, PATCH, DELETE, OPTIONS"
export const CorsAllowedHeaders =
  "authorization, content-type, accept, x-organizer-id, x-correlation-id, x-request-id, if-none-match, if-match, x-ops-token"
/** Response headers a browser script may read. */
export const CorsExposedHeaders = "x-request-id, x-correlation-id, etag, retry-after, deprecation, link, content-disposition"
const PreflightMaxAgeSeconds = "600"

const SafeId = /^[A-Za-z0-9._:-]{1,128}$/

/** Whether `origin` is allowed by the configured list (exact, or `scheme://host:*` for any port). */
export const makeOriginPolicy = (allowed: ReadonlyArray<string>) => {
  const exact = new Set(allowed.filter((o) => !o.endsWith(":*")))
  const anyPort = allowed.filter((o) => o.endsWith(":*")).map((o) => o.slice(0, -2))
  return (origin: string): boolean => {
    if (exact.has(origin)) return true
    for (const base of anyPort) {
      if (origin === base) return true
      if (origin.startsWith(base) && origin.charCodeAt(base.length) === 58 /* : */ && /^\d{1,5}$/.test(origin.slice(base.length + 1))) {
        return true
      }
    }
    return false
  }
}

const requestIdOf = (req: IncomingMessage): string => {
  const given = req.headers["x-request-id"]
  return typeof given === "string" && SafeId.test(given) ? given : randomUUID()
}

const answer = (req: IncomingMessage, res: ServerResponse, status: number, message: string, close = false) => {
  const body = JSON.stringify(errorBody(status, message))
  const headers: Record<string, string | number> = {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "x-request-id": requestIdOf(req)
  }
  if (close) headers.connection = "close"
  res.writeHead(status, headers)
  res.end(body)
}

const tooLarge = (limit: number) => `Request body is above the ${limit}-byte limit`

const isMultipart = (req: IncomingMessage) => (req.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/")

/**
 * Counts a chunked body as Node hands it over; past the limit the request is answered 413 here,
 * the body seen so far ends (the pipeline's read completes with what it has, and its own answer is
 * skipped because this one is already written) and the rest is dropped as it arrives.
 */
const capChunkedBody = (req: IncomingMessage, res: ServerResponse, limit: number) => {
  let bytes = 0
  let over = false
  const push = req.push.bind(req)
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (over) return false
    if (chunk === null) return push(null)
    bytes += (chunk as Buffer).length
    if (bytes <= limit) return push(chunk, encoding)
    over = true
    answer(req, res, 413, tooLarge(limit))
    return push(null)
  }
}

/**
 * Judges a request before the pipeline sees it: true when it was answered here (the pipeline
 * must not run), false to pass it on (CORS headers for an allowed origin already set).
 */
export const makeFrontDoor = (settings: HttpFrontDoorSettings) => {
  const originAllowed = makeOriginPolicy(settings.corsOrigins)
  const limit = settings.maxJsonBodyBytes
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const origin = req.headers.origin
    if (origin !== undefined) {
      const allowed = originAllowed(origin)
      if (req.method === "OPTIONS" && req.headers["access-control-request-method"] !== undefined) {
        if (!allowed) {
          answer(req, res, 403, "Origin not allowed")
          return true
        }
        res.writeHead(204, {
          "access-control-allow-origin": origin,
          "access-control-allow-credentials": "true",
          "access-control-allow-methods": CorsAllowedMethods,
          "access-control-allow-headers": CorsAllowedHeaders,
          "access-control-max-age": PreflightMaxAgeSeconds,
          vary: "Origin",
          "x-request-id": requestIdOf(req)
        })
        res.end()
        return true
      }
      if (allowed) {
        res.setHeader("access-control-allow-origin", origin)
        res.setHeader("access-control-allow-credentials", "true")
        res.setHeader("access-control-expose-headers", CorsExposedHeaders)
        res.setHeader("vary", "Origin")
      }
    }
    if ((req.url?.length ?? 0) > settings.maxUrlBytes) {
      answer(req, res, 414, `Request target is above the ${settings.maxUrlBytes}-byte limit`, true)
      return true
    }
    const length = req.headers["content-length"]
    if (length !== undefined) {
      if (Number(length) > limit && !isMultipart(req)) {
        // Node reads and discards the unread body after this answer (no buffering); far larger
        // declared bodies close the connection instead of being drained.
        answer(req, res, 413, tooLarge(limit), Number(length) > limit * 16)
        return true
      }
    } else if (req.headers["transfer-encoding"] !== undefined && !isMultipart(req)) {
      capChunkedBody(req, res, limit)
    }
    return false
  }
}

/** Answers the requests it serves (returns true), leaves the others to the server's listener. */
export interface Dispatch {
  readonly dispatch: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined
}

/**
 * The `node:http` server of the host, with the front door in front of every `request` listener
 * (the Effect server adds its listener later; the front door runs before it is called), then the
 * endpoint dispatcher when one is given and installed (serving/dispatcher.ts).
 */
export const makeNodeServer = (settings: HttpFrontDoorSettings = defaultFrontDoorSettings, endpoints?: Dispatch): Server => {
  const server = createServer({
    maxHeaderSize: settings.maxHeaderBytes,
    headersTimeout: Math.min(settings.headersTimeoutMs, settings.requestTimeoutMs),
    requestTimeout: settings.requestTimeoutMs,
    keepAliveTimeout: settings.keepAliveTimeoutMs
  })
  // Closing waits for every connection to end. By the time the host closes the server its
  // requests have drained, so what is left are idle keep-alive connections and bodies nobody will
  // read: end them now instead of waiting out the keep-alive timeout.
  const close = server.close.bind(server)
  server.close = ((callback?: (error?: Error) => void) => {
    close(callback)
    server.closeAllConnections()
    return server
  }) as Server["close"]
  const frontDoor = makeFrontDoor(settings)
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: Array<unknown>) => boolean
  server.emit = ((event: string | symbol, ...args: Array<unknown>) => {
    if (event === "request") {
      const req = args[0] as IncomingMessage
      const res = args[1] as ServerResponse
      if (frontDoor(req, res) || endpoints?.dispatch?.(req, res) === true) return true
    }
    return emit(event, ...args)
  }) as Server["emit"]
  return server
}
