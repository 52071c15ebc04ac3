/**
 * The HTTP host's routes and server, assembled from the area APIs and the handler layers each
 * context exports (`./<context>/index.ts`). The infrastructure (configuration, database, Redis
 * ports, probes) is provided by the caller, and is built before the port opens so early requests
 * never hang on a half-started process.
 */
import type { Etag, FileSystem, HttpPlatform, Path } from "@effect/platform"
import { HttpLayerRouter, HttpMiddleware, type HttpServer } from "@effect/platform"
import type { ServeError } from "@effect/platform/HttpServerError"
import { NodeHttpServer } from "@effect/platform-node"
import { ActivitiesApi } from "@podium/contracts/activities"
import { AthletesApi } from "@podium/contracts/athletes"
import { ClubsApi } from "@podium/contracts/clubs"
import { ComplianceApi } from "@podium/contracts/compliance"
import { EventsApi } from "@podium/contracts/events"
import { IdentityApi } from "@podium/contracts/identity"
import { MoneyApi } from "@podium/contracts/money"
import { NotificationsApi, NotificationsDevApi } from "@podium/contracts/notifications"
import { PlatformApi } from "@podium/contracts/platform"
import { RegistrationsApi } from "@podium/contracts/registrations"
import { ResultsApi } from "@podium/contracts/results"
import { TrainingApi } from "@podium/contracts/training"
import type { Platform } from "@podium/core"
import { AppConfig, type ContextServices, type HealthProbes } from "@podium/host-common"
import { Effect, Layer } from "effect"
import * as Accounts from "./accounts/index.js"
import * as Activities from "./activities/index.js"
import * as Challenges from "./challenges/index.js"
import * as Sponsors from "./sponsors/index.js"
import * as Promotions from "./promotions/index.js"
import * as Configuration from "./configuration/index.js"
import * as Clubs from "./clubs/index.js"
import * as Compliance from "./compliance/index.js"
import * as Content from "./content/index.js"
import * as Events from "./events/index.js"
import { DocsRoutesLive } from "./docs/docs.routes.js"
import { defaultFrontDoorSettings, makeNodeServer } from "./front-door.js"
import * as Identity from "./identity/index.js"
import { AuthGuardsLive } from "./identity/auth.middleware.js"
import { Lifecycle, type LifecycleShape } from "./lifecycle.js"
import * as Media from "./media/index.js"
import { makePipelineSteps, requestPipeline } from "./middleware.js"
import * as Notifications from "./notifications/index.js"
import * as Organizers from "./organizers/index.js"
import * as Partners from "./partners/index.js"
import * as Payments from "./payments/index.js"
import * as Registrations from "./registrations/index.js"
import * as Results from "./results/index.js"
import * as Training from "./training/index.js"
import * as HybridRace from "./hybrid-race/index.js"
import * as PlatformHttp from "./platform/index.js"
import { installDispatcher } from "./serving/dispatcher.js"
import { RecordingRouter, ServedGroups, ServedGroupsLive } from "./serving/served-groups.js"
import { requestMetrics } from "./platform/request-metrics.js"
import * as Wallets from "./wallets/index.js"

/** What routes may require of the router: the services `HttpLayerRouter.addHttpApi` also uses. */
export type RouterServices = HttpLayerRouter.HttpRouter | Etag.Generator | FileSystem.FileSystem | HttpPlatform.HttpPlatform | Path.Path

/** Services the routes need from the host's composition root: the base and every listed context's. */
export type HttpInfrastructure = AppConfig | HealthProbes | Platform.RedisPorts | Platform.JobQueue | ContextServices

type Routes = Layer.Layer<never, never, RouterServices | HttpInfrastructure | Lifecycle>

/** The platform area (health, memory, audit, scheduler, observability, rate limits, search...). */
export const PlatformRoutes: Routes = HttpLayerRouter.addHttpApi(PlatformApi).pipe(
  Layer.provide([...PlatformHttp.handlers, ...Partners.handlers, ...Content.handlers, ...Configuration.handlers]),
  Layer.provide(AuthGuardsLive)
)

/** The identity area (sign-in, sessions, admins, second factors, impersonation). */
export const IdentityRoutes: Routes = HttpLayerRouter.addHttpApi(IdentityApi).pipe(
  Layer.provide([...Identity.handlers, ...Accounts.handlers]),
  Layer.provide(AuthGuardsLive)
)

/**
 * Every route of the host: each area API with the handler layers of the contexts it serves (the
 * compiler checks that every group of an area has handlers), and the discovery paths. A new
 * context adds its handlers to its area's line; a new area adds one line.
 */
export const ApiRoutes: Routes = Layer.mergeAll(
  PlatformRoutes,
  IdentityRoutes,
  HttpLayerRouter.addHttpApi(NotificationsApi).pipe(Layer.provide(Notifications.handlers), Layer.provide([AuthGuardsLive, Organizers.guards])),
  HttpLayerRouter.addHttpApi(EventsApi).pipe(Layer.provide([...Events.handlers, ...Organizers.handlers, ...Media.handlers, ...HybridRace.handlers, ...Promotions.handlers]), Layer.provide([AuthGuardsLive, Organizers.guards])),
  HttpLayerRouter.addHttpApi(AthletesApi).pipe(Layer.provide([...Challenges.handlers, ...Sponsors.handlers]), Layer.provide([AuthGuardsLive, Clubs.guards, Organizers.guards, Sponsors.guards])),
  HttpLayerRouter.addHttpApi(ActivitiesApi).pipe(Layer.provide(Activities.handlers), Layer.provide(AuthGuardsLive)),
  HttpLayerRouter.addHttpApi(TrainingApi).pipe(Layer.provide(Training.handlers), Layer.provide([AuthGuardsLive, Organizers.guards])),
  HttpLayerRouter.addHttpApi(ComplianceApi).pipe(Layer.provide(Compliance.handlers), Layer.provide(AuthGuardsLive)),
  HttpLayerRouter.addHttpApi(ClubsApi).pipe(Layer.provide(Clubs.handlers), Layer.provide([AuthGuardsLive, Clubs.guards, Organizers.guards])),
  HttpLayerRouter.addHttpApi(MoneyApi).pipe(Layer.provide([...Wallets.handlers, ...Payments.handlers]), Layer.provide([AuthGuardsLive, Organizers.guards])),
  HttpLayerRouter.addHttpApi(RegistrationsApi).pipe(Layer.provide(Registrations.handlers), Layer.provide([AuthGuardsLive, Organizers.guards])),
  HttpLayerRouter.addHttpApi(ResultsApi).pipe(Layer.provide(Results.handlers), Layer.provide([AuthGuardsLive, Organizers.guards])),
  // Development-only inspection of the local recording provider: not routed in production.
  Layer.unwrapEffect(Effect.map(AppConfig, (config) =>
    config.appEnv === "production"
      ? Layer.empty
      : HttpLayerRouter.addHttpApi(NotificationsDevApi).pipe(Layer.provide(Notifications.devHandlers), Layer.provide(AuthGuardsLive)))),
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
  /** Replaces ApiRoutes (the bench's one-context variant serves a subset of the areas). */
  readonly routes?: Layer.Layer<never, never, RouterServices | HttpInfrastructure | Lifecycle>
}

/** The listening server; its port opens only after `infrastructure` is built. */
export const httpServerLayer = <E, R>(
  infrastructure: Layer.Layer<HttpInfrastructure, E, R>,
  options: HttpServerOptions
): Layer.Layer<HttpServer.HttpServer, E | ServeError, R> => {
  // One registry per server build, shared by the handler groups (which record themselves), the
  // dispatcher built from them and the node server that calls it (one build: shared by reference).
  const served = ServedGroupsLive()
  const steps = makePipelineSteps(options.lifecycle, { accessLog: options.accessLog, observer: requestMetrics })
  const routes = Layer.mergeAll(options.routes ?? ApiRoutes, options.extraRoutes ?? Layer.empty).pipe(
    // The infrastructure goes to the routes (their handlers capture it when they are built), not
    // to the server: the router and the dispatcher copy the server's context on every request, so
    // that context holds only the HTTP services and the copy does not grow with the host's services.
    Layer.provide(Layer.succeed(Lifecycle, options.lifecycle)),
    Layer.provide(infrastructure),
    Layer.provide(RecordingRouter),
    Layer.provide(served)
    // The same infrastructure value goes to the node server below (one build: layers are shared
    // by reference), which carries its E and R into the result; HttpLayerRouter.serve's typing
    // cannot see through a generic R here.
  ) as Layer.Layer<never, never, RouterServices>
  // The API's endpoints are answered by the dispatcher (serving/dispatcher.ts), built once every
  // route is; the router answers the rest (documentation, probes, unknown routes, HEAD).
  const dispatcher = Layer.effectDiscard(installDispatcher(steps)).pipe(
    Layer.provide(routes),
    Layer.provide(served)
  )
  return HttpLayerRouter.serve(
    Layer.mergeAll(dispatcher, requestPipeline(steps)),
    { disableLogger: true, disableListenLog: true }
  ).pipe(
    // No tracer is exported yet, so per-request spans would cost ~20% throughput for nothing.
    HttpMiddleware.withTracerDisabledWhen(() => true),
    // The node:http server behind the front door (limits, timeouts, CORS: front-door.ts).
    Layer.provideMerge(Layer.unwrapEffect(Effect.map(Effect.all([AppConfig, ServedGroups]), ([config, endpoints]) =>
      NodeHttpServer.layer(() => makeNodeServer(config.http ?? defaultFrontDoorSettings, endpoints), { port: options.port, host: options.host }))).pipe(
        Layer.provide(infrastructure),
        Layer.provide(served)
      ))
  )
}
