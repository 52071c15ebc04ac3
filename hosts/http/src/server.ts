/**
 * The HTTP host's routes and server, assembled from the area APIs and their handler layers. The
 * infrastructure (configuration, database, Redis ports, probes) is provided by the caller, and is
 * built before the port opens so early requests never hang on a half-started process.
 */
import type { Etag, FileSystem, HttpApi, HttpPlatform, Path } from "@effect/platform"
import { HttpLayerRouter, HttpMiddleware, type HttpServer } from "@effect/platform"
import type { ServeError } from "@effect/platform/HttpServerError"
import { NodeHttpServer } from "@effect/platform-node"
import { IdentityApi } from "@podium/contracts/identity"
import { PlatformApi } from "@podium/contracts/platform"
import type { AppConfig, HealthProbes, IdentityServices } from "@podium/host-common"
import { Layer } from "effect"
import { createServer } from "node:http"
import { AdminsHandlers } from "./accounts/admins.handlers.js"
import { AreaApis } from "./api.js"
import { DocsRoutesLive } from "./docs/docs.routes.js"
import { Lifecycle, type LifecycleShape } from "./lifecycle.js"
import { requestPipeline } from "./middleware.js"
import { AuthHandlers } from "./identity/auth.handlers.js"
import { AuthGuardsLive } from "./identity/auth.middleware.js"
import { CrewAuthHandlers } from "./identity/crew-auth.handlers.js"
import { OrganizerSignInHandlers } from "./identity/organizer-sign-in.handlers.js"
import { SessionsHandlers } from "./identity/sessions.handlers.js"
import { HealthHandlers } from "./platform/health.handlers.js"
import { MemoryHandlers } from "./platform/memory.handlers.js"

/** What routes may require of the router: the services `HttpLayerRouter.addHttpApi` also uses. */
export type RouterServices = HttpLayerRouter.HttpRouter | Etag.Generator | FileSystem.FileSystem | HttpPlatform.HttpPlatform | Path.Path

/** Services the routes need from the host's composition root. */
export type HttpInfrastructure = AppConfig | HealthProbes | IdentityServices

/** Every route of the host: the area APIs with their handlers, and the discovery paths. */
export const ApiRoutes = Layer.mergeAll(
  HttpLayerRouter.addHttpApi(PlatformApi).pipe(Layer.provide([HealthHandlers, MemoryHandlers])),
  HttpLayerRouter.addHttpApi(IdentityApi).pipe(
    Layer.provide([AuthHandlers, SessionsHandlers, CrewAuthHandlers, AdminsHandlers, OrganizerSignInHandlers]),
    Layer.provide(AuthGuardsLive)
  ),
  // Areas still without groups. When an area gains groups, give it its own line above with its
  // handler layers, so the compiler checks that every group has handlers.
  ...AreaApis.filter((api) => api !== PlatformApi && api !== IdentityApi).map((api) => HttpLayerRouter.addHttpApi(api as HttpApi.HttpApi<"podium", never>)),
  DocsRoutesLive
)

export interface HttpServerOptions {
  readonly port: number
  readonly host: string
  readonly lifecycle: LifecycleShape
  readonly accessLog: boolean
  /** Further routes served behind the same pipeline (tests mount probes of the pipeline here); their
   *  requirements are the router services the served API already provides. */
  readonly extraRoutes?: Layer.Layer<never, never, RouterServices>
}

/** The listening server; its port opens only after `infrastructure` is built. */
export const httpServerLayer = <E, R>(
  infrastructure: Layer.Layer<HttpInfrastructure, E, R>,
  options: HttpServerOptions
): Layer.Layer<HttpServer.HttpServer, E | ServeError, R> =>
  HttpLayerRouter.serve(
    Layer.mergeAll(
      ApiRoutes,
      options.extraRoutes ?? Layer.empty,
      requestPipeline(options.lifecycle, { accessLog: options.accessLog })
    ),
    { disableLogger: true, disableListenLog: true }
  ).pipe(
    // No tracer is exported yet, so per-request spans would cost ~20% throughput for nothing.
    HttpMiddleware.withTracerDisabledWhen(() => true),
    Layer.provideMerge(NodeHttpServer.layer(createServer, { port: options.port, host: options.host })),
    Layer.provide(Layer.succeed(Lifecycle, options.lifecycle)),
    Layer.provide(infrastructure)
  )
