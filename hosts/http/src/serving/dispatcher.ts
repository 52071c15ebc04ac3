/**
 * The endpoint dispatcher: serves the HttpApi endpoints whose handler groups were built with
 * `apiGroup` (served-groups.ts) straight from the node:http server, doing per request what
 * @effect/platform's HttpApiBuilder + HttpLayerRouter do, with the per-route work done once here.
 *
 * Why: the router path copies the whole context map of the host several times per request (the
 * router's copy, the API's merge, the group's merge, one per middleware that provides a service)
 * and compares contexts of equal size entry by entry when it restores them; each copy is
 * O(services in the host), so every request paid for the size of the application. Here a request
 * holds only its own services (the request, route, query, scope and what its middleware provide),
 * laid over the server's services for its middleware and over its group's for its handler without
 * copying either (layered-services.ts): starting a request costs what it adds, not what the host holds.
 *
 * What is kept identical: routing (the router's own find-my-way matcher and configuration), the
 * middleware chain and its order (API middleware and error encoding first through
 * `HttpApiBuilder.buildMiddleware`, then the endpoint's middleware, then the group's, each seeing
 * what the previous ones provided), decoding of path, payload, headers and query in that order with
 * failures as `HttpApiDecodeError`, response encoding by the success schema, interruptibility, the
 * request pipeline (ids, access log, metrics, error envelope: middleware.ts) and the writing of the
 * response (`NodeHttpServer.makeHandler`). HEAD requests and every path no served endpoint matches
 * (documentation, test probes, unknown routes) go to the router as before.
 */
import {
  Cookies,
  type HttpApi,
  HttpApiBuilder,
  HttpApiError,
  type HttpApiGroup,
  HttpApiMiddleware,
  HttpApiSchema,
  HttpApp,
  HttpLayerRouter,
  HttpMethod,
  HttpRouter,
  HttpServerError,
  HttpServerRequest,
  HttpServerResponse,
  Multipart,
  UrlParams
} from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Chunk, Context, Effect, FiberRef, FiberRefs, HashMap, Option, ParseResult, Runtime, Schema, type SchemaAST as AST, Scope, Stream } from "effect"
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http"
import { pipeline } from "node:stream/promises"
import type { PipelineSteps } from "../middleware.js"
import { LayeredServices } from "./layered-services.js"
import { type ServedGroup, type ServedHandler, ServedGroups } from "./served-groups.js"

type Response = HttpServerResponse.HttpServerResponse
/** A middleware or decoder effect; what it requires is in the context it runs in. */
type AnyEffect = Effect.Effect<unknown, unknown>

/** What a matched request runs: the request's context in, the answer out. */
interface Endpoint {
  /** Whether the request needs a scope of its own (multipart files on disk live as long as it). */
  readonly needsScope: boolean
  /** The answer; `services` is this request's own services (the endpoint adds its route services to them). */
  readonly run: (
    services: Map<string, unknown>,
    request: HttpServerRequest.HttpServerRequest,
    params: Readonly<Record<string, string | undefined>>,
    searchParams: Readonly<Record<string, string | Array<string>>>
  ) => Effect.Effect<Response, unknown>
}

/** A route the router answers (documentation, probes): the dispatcher declines it. */
const LeftToRouter: Endpoint = { needsScope: false, run: () => Effect.die("answered by the router") }

// ---- middleware (HttpApiBuilder's applyMiddleware, as a list run in order) ----

interface Guard {
  readonly effect: AnyEffect
  readonly optional: boolean
  readonly provides: Context.Tag<unknown, unknown> | undefined
}

type MiddlewareTag = HttpApiMiddleware.TagClassAny & { readonly key: string }

/** The endpoint's middleware in the order they run: the endpoint's own last-declared first, then the group's. */
const guardsOf = (group: ServedGroup, handler: ServedHandler): ReadonlyArray<Guard> => {
  // A map keyed like HttpApiBuilder's: group entries first, an endpoint entry replacing a group one.
  const entries = new Map<string, MiddlewareTag>()
  for (const tag of group.group.middlewares as ReadonlySet<MiddlewareTag>) entries.set(tag.key, tag)
  for (const tag of handler.endpoint.middlewares as ReadonlySet<MiddlewareTag>) entries.set(tag.key, tag)
  // applyMiddleware wraps in map order, so the last entry is the outermost and runs first.
  return [...entries.values()].reverse().map((tag): Guard => {
    const implementation = Context.unsafeGet(group.context, tag as unknown as Context.Tag<never, AnyEffect & Record<string, (credential: unknown) => AnyEffect>>)
    return {
      effect: HttpApiMiddleware.SecurityTypeId in tag ? securityEffect(tag as HttpApiMiddleware.TagClassSecurityAny, implementation) : implementation,
      optional: tag.optional,
      provides: tag.provides as Context.Tag<unknown, unknown> | undefined
    }
  })
}

/** A security middleware: each scheme's credential decoded and handed to its handler, the next tried on failure. */
const securityEffect = (tag: HttpApiMiddleware.TagClassSecurityAny, implementation: Record<string, (credential: unknown) => AnyEffect>): AnyEffect => {
  let effect: AnyEffect | undefined
  for (const [key, security] of Object.entries(tag.security)) {
    const middleware = Effect.flatMap(HttpApiBuilder.securityDecode(security) as unknown as AnyEffect, implementation[key]!)
    effect = effect === undefined ? middleware : Effect.catchAll(effect, () => middleware)
  }
  return effect ?? Effect.void
}

// ---- request decoding and response encoding (HttpApiBuilder's handlerToRoute) ----

/** Whether a query parameter is declared as one string (else a single value is wrapped in an array). */
const isSingleStringType = (ast: AST.AST, key?: PropertyKey): boolean => {
  switch (ast._tag) {
    case "StringKeyword":
    case "Literal":
    case "TemplateLiteral":
    case "Enums":
      return true
    case "TypeLiteral": {
      if (key !== undefined) {
        const ps = ast.propertySignatures.find((ps) => ps.name === key)
        return ps !== undefined
          ? isSingleStringType(ps.type, key)
          : ast.indexSignatures.some((is) => Schema.is(Schema.make(is.parameter))(key) && isSingleStringType(is.type))
      }
      return false
    }
    case "Union":
      return ast.types.some((type) => isSingleStringType(type, key))
    case "Suspend":
      return isSingleStringType(ast.f(), key)
    case "Refinement":
    case "Transformation":
      return isSingleStringType(ast.from, key)
  }
  return false
}

const normalizeUrlParams = (params: Readonly<Record<string, string | Array<string>>>, ast: AST.AST) => {
  const out: Record<string, string | Array<string>> = {}
  for (const key in params) {
    const value = params[key]!
    out[key] = Array.isArray(value) || isSingleStringType(ast, key) ? value : [value]
  }
  return out
}

/** The request body as the payload schema reads it, by content type (no body on GET and friends: the query). */
const requestPayload = (
  request: HttpServerRequest.HttpServerRequest,
  urlParams: Readonly<Record<string, string | Array<string>>>,
  multipartLimits: Option.Option<Multipart.withLimits.Options>
) => {
  if (!HttpMethod.hasBody(request.method)) return Effect.succeed(urlParams)
  const contentType = request.headers["content-type"] ? request.headers["content-type"].toLowerCase().trim() : "application/json"
  if (contentType.includes("application/json")) return Effect.orDie(request.json)
  if (contentType.includes("multipart/form-data")) {
    return Effect.orDie(Option.match(multipartLimits, {
      onNone: () => request.multipart,
      onSome: (limits) => Multipart.withLimits(request.multipart, limits)
    }))
  }
  if (contentType.includes("x-www-form-urlencoded")) return Effect.map(Effect.orDie(request.urlParamsBody), UrlParams.toRecord)
  if (contentType.startsWith("text/")) return Effect.orDie(request.text)
  return Effect.map(Effect.orDie(request.arrayBuffer), (buffer) => new Uint8Array(buffer))
}

const responseSchema = Schema.declare(HttpServerResponse.isServerResponse)

const decodeForbidden = <A>(value: A, _: AST.ParseOptions, ast: AST.Transformation) =>
  ParseResult.fail(new ParseResult.Forbidden(ast, value, "Encode only schema"))

/** A success value as the response its schema declares (status, encoding, empty for void). */
const toResponse = (data: unknown, _: AST.ParseOptions, ast: AST.Transformation): Effect.Effect<Response, ParseResult.ParseIssue> => {
  const status = HttpApiSchema.getStatusSuccessAST(ast.to)
  if (HttpApiSchema.isVoid(ast.to)) return Effect.succeed(HttpServerResponse.empty({ status }))
  const encoding = HttpApiSchema.getEncoding(ast.to)
  switch (encoding.kind) {
    case "Json":
      // HttpServerResponse.json without its Effect.try: the same body, or the same failure.
      try {
        return Effect.succeed(HttpServerResponse.unsafeJson(data, { status, contentType: encoding.contentType }))
      } catch (error) {
        return Effect.fail(new ParseResult.Type(ast, error, "Could not encode to JSON"))
      }
    case "Text":
      return Effect.succeed(HttpServerResponse.text(data as string, { status, contentType: encoding.contentType }))
    case "Uint8Array":
      return Effect.succeed(HttpServerResponse.uint8Array(data as Uint8Array, { status, contentType: encoding.contentType }))
    case "UrlParams":
      return Effect.succeed(HttpServerResponse.urlParams(data as UrlParams.Input, { status, contentType: encoding.contentType }))
  }
}

/**
 * The success schema as a schema to a response: each member of the success union with its own
 * status. Nearly every endpoint declares one success, which is encoded by its own schema and
 * answered with its status and encoding worked out here once (no union to search per request).
 */
const successEncoder = (schema: Schema.Schema.Any): (data: unknown) => Effect.Effect<Response, ParseResult.ParseError> => {
  const members = new Set<Schema.Schema.Any>()
  HttpApiSchema.deunionize(members, schema)
  const responses = [...members].map((member) => Schema.transformOrFail(responseSchema, member, { decode: decodeForbidden, encode: toResponse }))
  if (responses.length !== 1) return Schema.encode(Schema.Union(...responses) as unknown as Schema.Schema<unknown, Response>)
  const transformation = responses[0]!.ast as AST.Transformation
  const encode = Schema.encodeUnknown(responses[0]!.to as Schema.Schema<unknown, unknown>)
  const parseError = (issue: ParseResult.ParseIssue) => new ParseResult.ParseError({ issue })
  return (data) => Effect.flatMap(encode(data), (encoded) => Effect.mapError(toResponse(encoded, {}, transformation), parseError))
}

/** One endpoint, compiled once: its decoders, encoder, middleware chain and the context it runs in. */
const compileEndpoint = (
  group: ServedGroup,
  handler: ServedHandler,
  apiMiddleware: (effect: Effect.Effect<Response, unknown>) => Effect.Effect<Response, unknown>,
  serverServices: ReadonlyMap<string, unknown>,
  handlerServices: ReadonlyMap<string, unknown>
): Endpoint => {
  const endpoint = handler.endpoint
  const isMultipartStream = Option.match(endpoint.payloadSchema, { onNone: () => false, onSome: ({ ast }) => HttpApiSchema.getMultipartStream(ast) !== undefined })
  const multipartLimits = Option.flatMapNullable(endpoint.payloadSchema, ({ ast }) => HttpApiSchema.getMultipart(ast) ?? HttpApiSchema.getMultipartStream(ast))
  const decodePath = Option.getOrUndefined(Option.map(endpoint.pathSchema, (schema) => Schema.decodeUnknown(schema)))
  const decodePayload = handler.withFullRequest || isMultipartStream ? undefined : Option.getOrUndefined(Option.map(endpoint.payloadSchema, (schema) => Schema.decodeUnknown(schema)))
  const decodeHeaders = Option.getOrUndefined(Option.map(endpoint.headersSchema, (schema) => Schema.decodeUnknown(schema)))
  const urlParamsSchema = Option.getOrUndefined(endpoint.urlParamsSchema)
  const decodeUrlParams = urlParamsSchema === undefined ? undefined : Schema.decodeUnknown(urlParamsSchema)
  const encodeSuccess = successEncoder(endpoint.successSchema)
  const guards = guardsOf(group, handler)
  const route = HttpLayerRouter.route(endpoint.method as Exclude<HttpMethod.HttpMethod, "HEAD">, endpoint.path as HttpLayerRouter.PathInput, Effect.die("served by the dispatcher"))

  // Path, payload, headers and query in that order, each step only when the endpoint declares it.
  type Input = Record<string, unknown>
  type Step = (input: Input, request: HttpServerRequest.HttpServerRequest, params: Readonly<Record<string, string | undefined>>, urlParams: Readonly<Record<string, string | Array<string>>>) => Effect.Effect<Input, unknown, unknown>
  const steps: Array<Step> = []
  const put = (input: Input, key: string) => (value: unknown) => {
    input[key] = value
    return input
  }
  if (decodePath !== undefined) steps.push((input, _, params) => Effect.map(decodePath(params), put(input, "path")))
  if (decodePayload !== undefined) {
    steps.push((input, request, _, urlParams) =>
      Effect.map(Effect.flatMap(requestPayload(request, urlParams, multipartLimits), decodePayload), put(input, "payload")))
  } else if (isMultipartStream) {
    steps.push((input, request) => {
      input.payload = Option.match(multipartLimits, {
        onNone: () => request.multipartStream,
        onSome: (limits) => Multipart.withLimitsStream(request.multipartStream, limits)
      })
      return Effect.succeed(input)
    })
  }
  if (decodeHeaders !== undefined) steps.push((input, request) => Effect.map(decodeHeaders(request.headers), put(input, "headers")))
  if (decodeUrlParams !== undefined) {
    steps.push((input, _, __, urlParams) => Effect.map(decodeUrlParams(normalizeUrlParams(urlParams, urlParamsSchema!.ast)), put(input, "urlParams")))
  }
  const handle = (input: Input) =>
    Effect.flatMap(handler.handler(input as never) as Effect.Effect<unknown, unknown>, (response) =>
      HttpServerResponse.isServerResponse(response) ? Effect.succeed(response) : encodeSuccess(response))

  const decodeAndHandle = (
    request: HttpServerRequest.HttpServerRequest,
    params: Readonly<Record<string, string | undefined>>,
    urlParams: Readonly<Record<string, string | Array<string>>>
  ): Effect.Effect<Response, unknown> => {
    let input: Effect.Effect<Input, unknown, unknown> = Effect.succeed({ request })
    for (const step of steps) input = Effect.flatMap(input, (value) => step(value, request, params, urlParams))
    return Effect.catchIf(Effect.flatMap(input, handle), ParseResult.isParseError, HttpApiError.HttpApiDecodeError.refailParseError) as Effect.Effect<Response, unknown>
  }

  /** A context of `base` with the request's own services laid on top (theirs win, as in a merge); nothing is copied. */
  const over = (base: ReadonlyMap<string, unknown>, request: Map<string, unknown>) =>
    Context.unsafeMake(new LayeredServices(base, request)) as Context.Context<never>

  /**
   * Runs guard `i` over the server's services and the request's so far, then the next with what
   * it provided; the handler runs over its group's services (and the server's) with the request's.
   */
  const guarded = (i: number, request: Map<string, unknown>, handle: Effect.Effect<Response, unknown>): Effect.Effect<Response, unknown> => {
    if (i === guards.length) return Effect.locally(handle, FiberRef.currentContext, over(handlerServices, request))
    const guard = guards[i]!
    const next = (value: unknown) => guarded(i + 1, guard.provides === undefined ? request : new Map(request).set(guard.provides.key, value), handle)
    const run = Effect.locally(guard.effect as Effect.Effect<unknown, unknown>, FiberRef.currentContext, over(serverServices, request))
    return guard.optional ? Effect.matchEffect(run, { onFailure: () => guarded(i + 1, request, handle), onSuccess: next }) : Effect.flatMap(run, next)
  }

  // A multipart body is written to disk in files that live as long as the request's scope.
  const needsScope = handler.withFullRequest || Option.isSome(multipartLimits)
  return {
    needsScope,
    run: (services, request, params, searchParams) => {
      services.set(HttpRouter.RouteContext.key, { [HttpRouter.RouteContextTypeId]: HttpRouter.RouteContextTypeId, route, params })
      services.set(HttpServerRequest.ParsedSearchParams.key, searchParams)
      const answer = apiMiddleware(guarded(0, services, decodeAndHandle(request, params, searchParams)))
      return handler.uninterruptible ? answer : Effect.interruptible(answer)
    }
  }
}

// ---- the request's fiber and the writing of its answer ----

/** The server's log annotations with the request's (its ids) added. */
const annotated = (base: HashMap.HashMap<string, unknown>, annotations: Readonly<Record<string, string>>) => {
  let all = base
  for (const key in annotations) all = HashMap.set(all, key, annotations[key])
  return all
}

/**
 * The platform's request over node's (`ServerRequestImpl` of @effect/platform-node: body readers,
 * cookies, multipart, limits). The package does not export the class, so it is taken from the one
 * request its own handler builds here, answered at once and never sent anywhere.
 */
const nodeServerRequest = Effect.gen(function*() {
  let make: ((request: IncomingMessage, response: ServerResponse) => HttpServerRequest.HttpServerRequest) | undefined
  const probe = yield* NodeHttpServer.makeHandler(Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
    const Class = request.constructor as new(request: IncomingMessage, response: ServerResponse) => HttpServerRequest.HttpServerRequest
    make = (req, res) => new Class(req, res)
    return HttpServerResponse.empty()
  }))
  const ended = { writableEnded: true, headersSent: true, on: () => ended } as unknown as ServerResponse
  probe({ method: "GET", url: "/", headers: {} } as IncomingMessage, ended)
  if (make === undefined) return yield* Effect.dieMessage("@effect/platform-node did not build its request synchronously")
  return make
})

/** Writes a stream body as @effect/platform-node does: chunk by chunk, waiting for drain. */
const writeStream = (res: ServerResponse, stream: Stream.Stream<Uint8Array, unknown>): Effect.Effect<void> => {
  const drained = Effect.unsafeMakeLatch()
  res.on("drain", () => drained.unsafeOpen())
  return stream.pipe(
    Stream.orDie,
    Stream.runForEachChunk((chunk) => {
      let waiting = false
      for (const part of Chunk.toReadonlyArray(chunk)) {
        if (!res.write(part) && !waiting) {
          waiting = true
          drained.unsafeClose()
        }
      }
      return waiting ? drained.await : Effect.void
    }),
    Effect.interruptible,
    Effect.ensuring(Effect.sync(() => res.end()))
  )
}

/**
 * Writes `response` to node's response: at once for the bodies nearly every answer has (JSON
 * bytes, text, nothing), so the fiber neither waits for the socket nor takes another step; streams
 * and form data as the platform writes them.
 */
const write = (res: ServerResponse, response: Response): Effect.Effect<void> => {
  if (res.writableEnded) return Effect.void
  let headers = response.headers as OutgoingHttpHeaders
  if (!Cookies.isEmpty(response.cookies)) {
    const cookies = Cookies.toSetCookieHeaders(response.cookies)
    const given = headers["set-cookie"]
    headers = { ...headers, "set-cookie": given === undefined ? cookies : [...cookies, ...(Array.isArray(given) ? given : [String(given)])] }
  }
  const body = response.body
  switch (body._tag) {
    case "Empty":
      res.writeHead(response.status, headers)
      res.end()
      return Effect.void
    case "Uint8Array":
      res.writeHead(response.status, headers)
      res.end(body.body)
      return Effect.void
    case "Raw": {
      res.writeHead(response.status, headers)
      const raw = body.body as { pipe?: unknown }
      if (typeof raw === "object" && raw !== null && typeof raw.pipe === "function") {
        return Effect.orDie(Effect.tryPromise((signal) => pipeline(raw as NodeJS.ReadableStream, res, { signal, end: true })))
      }
      res.end(body.body)
      return Effect.void
    }
    case "FormData": {
      const web = new globalThis.Response(body.formData)
      res.writeHead(response.status, { ...headers, ...Object.fromEntries(web.headers) })
      return writeStream(res, Stream.fromReadableStream({ evaluate: () => web.body!, onError: (error) => error }).pipe(Stream.orDie))
    }
    case "Stream":
      res.writeHead(response.status, headers)
      return writeStream(res, body.stream)
  }
}

/**
 * Builds the dispatcher for every group recorded in `ServedGroups` and installs it there, where
 * the front door (front-door.ts) looks for it. Built after the routes, in the server's context.
 *
 * A request served here is one fiber started straight from the node request: the pipeline's steps
 * (ids, in-flight count, access log, metrics, error envelope: middleware.ts) run as plain calls
 * around it, its log annotations are set when it starts instead of by a step, and its answer is
 * written as soon as it is known. What @effect/platform's handler adds per request and this one
 * does not: a span (tracing is off in this host), a scope for requests that cannot use one (only
 * multipart bodies need one, and get it) and a wait for the socket to take the last byte.
 */
export const installDispatcher = (steps: PipelineSteps) =>
  Effect.gen(function*() {
    const served = yield* ServedGroups
    const router = HttpLayerRouter.FindMyWay.make<Endpoint>(yield* HttpLayerRouter.RouterConfig)
    const runtime = yield* Effect.runtime<never>()
    // Request fibers start over the server's services laid out as a layer, so what they provide to
    // themselves (the error encoding below, spans) extends that layer instead of copying it.
    const runFork = Runtime.runFork(Runtime.make({ ...runtime, context: Context.unsafeMake(new LayeredServices(runtime.context.unsafeMap)) }))
    const serverServices = runtime.context.unsafeMap
    // What a group's handlers see besides the request's own services: the group's services with
    // the server's on top (as the router path merges them), built once per group, not per request.
    const handlerServices = new Map<Context.Context<never>, ReadonlyMap<string, unknown>>()
    const handlerServicesOf = (group: ServedGroup) => {
      let services = handlerServices.get(group.context)
      if (services === undefined) {
        services = new Map([...group.context.unsafeMap, ...serverServices])
        handlerServices.set(group.context, services)
      }
      return services
    }
    const routed = new Set<string>()
    // Only endpoints the router holds are served here (an API added with HttpLayerRouter.addHttpApi).
    const inRouter = new Set(served.routes.map(([method, path]) => `${method} ${path}`))
    const apiMiddleware = new Map<unknown, (effect: Effect.Effect<Response, unknown>) => Effect.Effect<Response, unknown>>()
    for (const group of served.all()) {
      let forApi = apiMiddleware.get(group.api)
      if (forApi === undefined) {
        // API-level middleware and the encoding of every declared error, as HttpLayerRouter.addHttpApi builds them.
        // It provides the context it is built in to every error it encodes, so it gets only what it
        // reads: the implementations of the API's own middleware (a merge of it costs its size).
        const api = group.api as HttpApi.HttpApi<string, HttpApiGroup.HttpApiGroup.Any>
        const middlewareKeys = [...(api.middlewares as ReadonlySet<MiddlewareTag>)].map((tag) => tag.key)
        forApi = yield* Effect.provide(HttpApiBuilder.buildMiddleware(api), Context.unsafeMake(new Map(middlewareKeys.map((key) => [key, group.context.unsafeMap.get(key)]))))
        apiMiddleware.set(group.api, forApi)
      }
      for (const handler of group.handlers) {
        const { method, path } = handler.endpoint
        // Each route once (find-my-way refuses a second registration; the router holds each route once too).
        if (!inRouter.has(`${method} ${path}`) || routed.has(`${method} ${path}`)) continue
        routed.add(`${method} ${path}`)
        router.on(method, path as HttpLayerRouter.PathInput, compileEndpoint(group, handler, forApi, serverServices, handlerServicesOf(group)))
      }
    }
    // Every other route the router holds is marked here too, so a path matches the same route in
    // both and the dispatcher only answers where the router would have run an endpoint it serves.
    for (const [method, path] of served.routes) {
      if (routed.has(`${method} ${path}`)) continue
      routed.add(`${method} ${path}`)
      if (method === "*") router.all(path as HttpLayerRouter.PathInput, LeftToRouter)
      else router.on(method, path as HttpLayerRouter.PathInput, LeftToRouter)
    }

    const makeRequest = yield* nodeServerRequest

    /** Pre-response handlers the request added (cookies, Retry-After), then the write. */
    const respond = (request: HttpServerRequest.HttpServerRequest, res: ServerResponse, response: Response) =>
      Effect.withFiberRuntime<void>((fiber) => {
        const handlers = fiber.getFiberRef(HttpApp.currentPreResponseHandlers)
        return handlers._tag === "None"
          ? write(res, response)
          : Effect.flatMap(Effect.orDie(handlers.value(request, response)), (final) => write(res, final))
      })

    served.dispatch = (req, res) => {
      if (req.method === "HEAD") return false
      const found = router.find(req.method!, req.url!)
      if (found === undefined || found.handler === LeftToRouter) return false
      const endpoint = found.handler
      const request = makeRequest(req, res)
      const record = steps.enter(request)
      const routedRequest = steps.requestFor(request)
      // The request's own services only: the server's and the group's are read through, not copied.
      const services = new Map<string, unknown>()
      services.set(HttpServerRequest.HttpServerRequest.key, routedRequest)
      const scope = endpoint.needsScope ? Effect.runSync(Scope.make()) : undefined
      if (scope !== undefined) services.set(Scope.Scope.key, scope)
      const answer = endpoint.run(services, routedRequest, found.params, found.searchParams).pipe(
        Effect.catchAllCause(steps.recover(record, request)),
        Effect.flatMap((response) => respond(request, res, steps.answered(record, request, response))),
        Effect.uninterruptible
      )
      const fiber = runFork(answer, {
        updateRefs: (refs, id) =>
          FiberRefs.updateAs(refs, {
            fiberId: id,
            fiberRef: FiberRef.currentLogAnnotations,
            value: annotated(FiberRefs.getOrDefault(refs, FiberRef.currentLogAnnotations), record.annotations)
          })
      })
      fiber.addObserver((exit) => {
        steps.leave()
        if (scope !== undefined) Effect.runFork(Scope.close(scope, exit))
      })
      res.on("close", () => {
        if (!res.writableEnded) fiber.unsafeInterruptAsFork(HttpServerError.clientAbortFiberId)
      })
      return true
    }
  })
