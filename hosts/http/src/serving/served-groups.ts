/**
 * Handler groups as the endpoint dispatcher (dispatcher.ts) sees them. `apiGroup` is
 * `HttpApiBuilder.group` with one addition: once its handlers are built, the group, its handlers
 * and the context they were built in are recorded in the `ServedGroups` of the server being built
 * (when there is one). The group still registers its routes with the router exactly as before, so
 * the router can serve everything the dispatcher does not.
 */
import { HttpApiBuilder, type HttpApi, type HttpApiEndpoint, type HttpApiGroup, HttpLayerRouter } from "@effect/platform"
import type { IncomingMessage, ServerResponse } from "node:http"
import { Context, Effect, Layer, Option } from "effect"

/** One handler as `HttpApiBuilder.group` keeps it. */
export interface ServedHandler {
  readonly endpoint: HttpApiEndpoint.HttpApiEndpoint.AnyWithProps
  readonly handler: (request: never) => Effect.Effect<unknown, unknown, unknown>
  /** `handleRaw`: the handler reads the body itself. */
  readonly withFullRequest: boolean
  readonly uninterruptible: boolean
}

export interface ServedGroup {
  readonly api: HttpApi.HttpApi.Any
  readonly group: HttpApiGroup.HttpApiGroup.AnyWithProps
  readonly handlers: ReadonlyArray<ServedHandler>
  /** The context the group's handlers were built in: what they read when they run. */
  readonly context: Context.Context<never>
}

export interface ServedGroupsShape {
  readonly add: (group: ServedGroup) => void
  readonly all: () => ReadonlyArray<ServedGroup>
  /** Every (method, path) added to the router, API routes or not (see `RecordingRouter`). */
  readonly routes: Array<readonly [method: string, path: string]>
  /** Set once the dispatcher is built: answers a request it serves and returns true, else false. */
  dispatch: ((request: IncomingMessage, response: ServerResponse) => boolean) | undefined
}

export class ServedGroups extends Context.Tag("@podium/http/ServedGroups")<ServedGroups, ServedGroupsShape>() {}

/** A fresh registry per server build (the layer is shared by reference within one build). */
export const ServedGroupsLive = (): Layer.Layer<ServedGroups> =>
  Layer.sync(ServedGroups, () => {
    const groups: Array<ServedGroup> = []
    return { add: (group) => groups.push(group), all: () => groups, routes: [], dispatch: undefined }
  })

/**
 * The router as the routes see it, recording the (method, path) of every route added, so the
 * dispatcher can leave to the router whatever the router would have matched otherwise (a static
 * documentation path beside a parametric API path, say) and both pick the same route.
 */
export const RecordingRouter: Layer.Layer<HttpLayerRouter.HttpRouter, never, HttpLayerRouter.HttpRouter | ServedGroups> = Layer.effect(
  HttpLayerRouter.HttpRouter,
  Effect.gen(function*() {
    const router = yield* HttpLayerRouter.HttpRouter
    const served = yield* ServedGroups
    return HttpLayerRouter.HttpRouter.of({
      ...router,
      add: (method, path, handler, options) => {
        served.routes.push([method, path])
        return router.add(method, path, handler, options)
      },
      addAll: (routes) => {
        for (const route of routes) served.routes.push([route.method, route.path])
        return router.addAll(routes)
      }
    })
  })
)

interface BuiltHandlers {
  readonly group: HttpApiGroup.HttpApiGroup.AnyWithProps
  readonly handlers: Iterable<ServedHandler>
}

/** `HttpApiBuilder.group`, recording the built group in `ServedGroups` (see the module comment). */
export const apiGroup: typeof HttpApiBuilder.group = ((api: HttpApi.HttpApi.Any, groupName: string, build: (handlers: unknown) => unknown) =>
  // biome-ignore lint/suspicious/noExplicitAny: the wrapper keeps HttpApiBuilder.group's own signature (typeof above)
  (HttpApiBuilder.group as any)(api, groupName, (handlers: unknown) => {
    const result = build(handlers)
    return Effect.gen(function*() {
      const built = (Effect.isEffect(result) ? yield* (result as Effect.Effect<BuiltHandlers>) : result) as BuiltHandlers
      const served = yield* Effect.serviceOption(ServedGroups)
      if (Option.isSome(served)) {
        served.value.add({ api, group: built.group, handlers: [...built.handlers], context: yield* Effect.context<never>() })
      }
      return built
    })
  })) as unknown as typeof HttpApiBuilder.group
