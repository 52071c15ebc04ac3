/**
 * The HTTP host's routes and server, assembled from the area APIs and their handler layers. The
 * infrastructure (configuration, database, Redis ports, probes) is provided by the caller, and is
 * built before the port opens so early requests never hang on a half-started process.
 */
import type { Etag, FileSystem, HttpApi, HttpPlatform, Path } from "@effect/platform"
import { HttpLayerRouter, HttpMiddleware, type HttpServer } from "@effect/platform"
import type { ServeError } from "@effect/platform/HttpServerError"
import { NodeHttpServer } from "@effect/platform-node"
import { EventsApi } from "@podium/contracts/events"
import { IdentityApi } from "@podium/contracts/identity"
import { NotificationsApi, NotificationsDevApi } from "@podium/contracts/notifications"
import { PlatformApi } from "@podium/contracts/platform"
import type { HealthProbes, IdentityServices, NotificationsInfrastructure, OrganizersInfrastructure } from "@podium/host-common"
import { AppConfig } from "@podium/host-common"
import { Effect, Layer } from "effect"
import { createServer } from "node:http"
import { AdminsHandlers } from "./accounts/admins.handlers.js"
import { AdminAccountsHandlers } from "./accounts/admin-accounts.handlers.js"
import { AdminPermissionsHandlers } from "./accounts/admin-permissions.handlers.js"
import { ImpersonationHandlers } from "./identity/impersonation.handlers.js"
import { AreaApis } from "./api.js"
import { DocsRoutesLive } from "./docs/docs.routes.js"
import { Lifecycle, type LifecycleShape } from "./lifecycle.js"
import { requestPipeline } from "./middleware.js"
import { AuthHandlers } from "./identity/auth.handlers.js"
import { AuthGuardsLive } from "./identity/auth.middleware.js"
import { CrewAuthHandlers } from "./identity/crew-auth.handlers.js"
import { OrganizerSignInHandlers } from "./identity/organizer-sign-in.handlers.js"
import { SessionsHandlers } from "./identity/sessions.handlers.js"
import { AdminTotpHandlers } from "./identity/admin-totp.handlers.js"
import { PasskeysHandlers } from "./identity/passkeys.handlers.js"
import { StepUpHandlers } from "./identity/step-up.handlers.js"
import { TotpHandlers } from "./identity/totp.handlers.js"
import { IdentityProvidersHandlers } from "./identity/identity-providers.handlers.js"
import { IdentitiesHandlers } from "./identity/identities.handlers.js"
import { HealthHandlers } from "./platform/health.handlers.js"
import { MemoryHandlers } from "./platform/memory.handlers.js"
import { NotificationDeliveryHandlers } from "./notifications/notification-delivery.handlers.js"
import { NotificationDevHandlers } from "./notifications/notification-dev.handlers.js"
import { NotificationLogsHandlers } from "./notifications/notification-logs.handlers.js"
import { NotificationOutboxHandlers } from "./notifications/notification-outbox.handlers.js"
import { NotificationWebhooksHandlers } from "./notifications/notification-webhooks.handlers.js"
import { RetryPoliciesHandlers } from "./notifications/retry-policies.handlers.js"
import { MediaHandlers } from "./media/media.handlers.js"
import { OrganizationsHandlers, OrganizersHandlers } from "./organizers/organizers.handlers.js"
import { OrganizerTeamHandlers } from "./organizers/team.handlers.js"
import { OrganizerTenancyLive } from "./organizers/tenancy.middleware.js"

/** What routes may require of the router: the services `HttpLayerRouter.addHttpApi` also uses. */
export type RouterServices = HttpLayerRouter.HttpRouter | Etag.Generator | FileSystem.FileSystem | HttpPlatform.HttpPlatform | Path.Path

/** Services the routes need from the host's composition root. */
export type HttpInfrastructure = AppConfig | HealthProbes | IdentityServices | NotificationsInfrastructure | OrganizersInfrastructure

/** Every route of the host: the area APIs with their handlers, and the discovery paths. */
export const ApiRoutes: Layer.Layer<never, never, RouterServices | HttpInfrastructure | Lifecycle> = Layer.mergeAll(
  HttpLayerRouter.addHttpApi(PlatformApi).pipe(Layer.provide([HealthHandlers, MemoryHandlers])),
  HttpLayerRouter.addHttpApi(IdentityApi).pipe(
    Layer.provide([AuthHandlers, SessionsHandlers, CrewAuthHandlers, AdminsHandlers, OrganizerSignInHandlers, IdentityProvidersHandlers, IdentitiesHandlers, AdminAccountsHandlers, AdminPermissionsHandlers, ImpersonationHandlers, TotpHandlers, PasskeysHandlers, StepUpHandlers, AdminTotpHandlers]),
    Layer.provide(AuthGuardsLive)
  ),
  HttpLayerRouter.addHttpApi(NotificationsApi).pipe(
    Layer.provide([
      NotificationOutboxHandlers,
      NotificationDeliveryHandlers,
      NotificationLogsHandlers,
      RetryPoliciesHandlers,
      NotificationWebhooksHandlers
    ]),
    Layer.provide(AuthGuardsLive)
  ),
  // Organizers, teams and media delivery (issue 4); organizer-scoped groups use the tenancy guards.
  HttpLayerRouter.addHttpApi(EventsApi).pipe(
    Layer.provide([MediaHandlers, OrganizersHandlers, OrganizationsHandlers, OrganizerTeamHandlers]),
    Layer.provide([AuthGuardsLive, OrganizerTenancyLive])
  ),
  // Development-only inspection of the local recording provider: not routed in production.
  Layer.unwrapEffect(Effect.map(AppConfig, (config) =>
    config.appEnv === "production"
      ? Layer.empty
      : HttpLayerRouter.addHttpApi(NotificationsDevApi).pipe(Layer.provide(NotificationDevHandlers), Layer.provide(AuthGuardsLive)))),
  // Areas still without groups. When an area gains groups, give it its own line above with its
  // handler layers, so the compiler checks that every group has handlers.
  ...AreaApis.filter((api) => api !== PlatformApi && api !== IdentityApi && api !== NotificationsApi && api !== NotificationsDevApi && api !== EventsApi).map((api) => HttpLayerRouter.addHttpApi(api as HttpApi.HttpApi<"podium", never>)),
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
