/**
 * The HTTP host's routes and server, assembled from the area APIs and their handler layers. The
 * infrastructure (configuration, database, Redis ports, probes) is provided by the caller, and is
 * built before the port opens so early requests never hang on a half-started process.
 */
import type { Etag, FileSystem, HttpApi, HttpPlatform, Path } from "@effect/platform"
import { HttpLayerRouter, HttpMiddleware, type HttpServer } from "@effect/platform"
import type { ServeError } from "@effect/platform/HttpServerError"
import { NodeHttpServer } from "@effect/platform-node"
import { AthletesApi } from "@podium/contracts/athletes"
import { EventsApi } from "@podium/contracts/events"
import { IdentityApi } from "@podium/contracts/identity"
import { NotificationsApi, NotificationsDevApi } from "@podium/contracts/notifications"
import { PlatformApi } from "@podium/contracts/platform"
import type { HealthProbes, IdentityServices, PlatformOperations, NotificationsInfrastructure, OrganizersInfrastructure } from "@podium/host-common"
import type { ChallengesInfrastructure } from "@podium/host-common"
import { AppConfig } from "@podium/host-common"
import { Effect, Layer } from "effect"
import { defaultFrontDoorSettings, makeNodeServer } from "./front-door.js"
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
import { AuditLogHandlers } from "./platform/audit-log.handlers.js"
import { SchedulerHandlers } from "./platform/scheduler.handlers.js"
import { ObservabilityHandlers, PlatformHealthHandlers, PublicObservabilityHandlers } from "./platform/observability.handlers.js"
import { requestMetrics } from "./platform/request-metrics.js"
import { RateLimitsHandlers } from "./platform/rate-limits.handlers.js"
import { RiskRegisterHandlers } from "./platform/risk-register.handlers.js"
import { SearchHandlers } from "./platform/search.handlers.js"
import { IntegrationsHandlers } from "./platform/integrations.handlers.js"
import { NotificationDeliveryHandlers } from "./notifications/notification-delivery.handlers.js"
import { DevInboxHandlers } from "./notifications/dev-inbox.handlers.js"
import { NotificationDevHandlers } from "./notifications/notification-dev.handlers.js"
import { NotificationLogsHandlers } from "./notifications/notification-logs.handlers.js"
import { NotificationOutboxHandlers } from "./notifications/notification-outbox.handlers.js"
import { NotificationWebhooksHandlers } from "./notifications/notification-webhooks.handlers.js"
import { RetryPoliciesHandlers } from "./notifications/retry-policies.handlers.js"
import { NotificationInboxHandlers } from "./notifications/inbox.handlers.js"
import { NotificationPreferencesHandlers } from "./notifications/preferences.handlers.js"
import { NotificationWalletsAdminHandlers } from "./notifications/wallet-admin.handlers.js"
import { OrganizerNotificationWalletHandlers } from "./notifications/organizer-notification-wallet.handlers.js"
import { WalletTopUpWebhookHandlers } from "./notifications/wallet-topup-webhook.handlers.js"
import { OrganizerNotificationSendingHandlers } from "./notifications/organizer-notification-sending.handlers.js"
import { NotificationCategoriesHandlers } from "./notifications/categories.handlers.js"
import { NotificationMappingsHandlers } from "./notifications/mappings.handlers.js"
import { NotificationJourneysHandlers, NotificationStepsHandlers } from "./notifications/journeys.handlers.js"
import { ChatappTemplatesHandlers, EmailTemplatesHandlers, PushTemplatesHandlers, SmsTemplatesHandlers } from "./notifications/templates.handlers.js"
import { SystemNotificationsHandlers } from "./notifications/system-notifications.handlers.js"
import { PromotionTemplatesHandlers } from "./notifications/promotion-templates.handlers.js"
import { TemplateRecordsHandlers } from "./notifications/template-records.handlers.js"
import { NotificationReportsHandlers } from "./notifications/notification-reports.handlers.js"
import { NotificationPreferenceTypesHandlers } from "./notifications/preference-types.handlers.js"
import { OrganizerPromotionsHandlers } from "./notifications/organizer-promotions.handlers.js"
import { PromotionStudioHandlers } from "./notifications/promotion-studio.handlers.js"
import { MediaHandlers } from "./media/media.handlers.js"
import { OrganizationsHandlers, OrganizersHandlers } from "./organizers/organizers.handlers.js"
import { OrganizerTeamHandlers } from "./organizers/team.handlers.js"
import { OrganizerStaffTasksHandlers } from "./organizers/staff-tasks.handlers.js"
import { OrganizerShippingHandlers } from "./organizers/shipping.handlers.js"
import { AdminChallengeBadgeRequestsHandlers, ChallengeBadgeRequestsHandlers } from "./challenges/badge-requests.handlers.js"
import { DeclarationFormHandlers, DeclarationTemplatesHandlers } from "./organizers/declarations.handlers.js"
import { GstDeclarationHandlers, GstDeclarationsAdminHandlers, GstTemplatesHandlers } from "./organizers/gst.handlers.js"
import { CrewJoinCodesHandlers, CrewJoinHandlers } from "./organizers/crew-join-codes.handlers.js"
import { OrganizerKycHandlers } from "./organizers/kyc.handlers.js"
import { OrganizerOversightHandlers } from "./organizers/oversight.handlers.js"
import { OrganizerVerificationHandlers } from "./organizers/verification.handlers.js"
import { OrganizerTenancyLive } from "./organizers/tenancy.middleware.js"
import { ComplianceApi } from "@podium/contracts/compliance"
import type { ComplianceInfrastructure } from "@podium/host-common"
import { AdminComplianceHandlers } from "./compliance/admin-compliance.handlers.js"
import { ClubsApi } from "@podium/contracts/clubs"
import type { Platform } from "@podium/core"
import type { ClubsInfrastructure, IntegrationsInfrastructure } from "@podium/host-common"
import { ClubsHandlers } from "./clubs/clubs.handlers.js"
import { AdminClubRcGrantsHandlers, ClubRcGrantsHandlers } from "./clubs/rc-grants.handlers.js"
import { AdminPayoutRequestsHandlers, ClubSettlementsHandlers } from "./clubs/settlements.handlers.js"
import { AdminClubOnboardingHandlers, ClubOnboardingHandlers } from "./clubs/onboarding.handlers.js"
import { ClubTenancyLive } from "./clubs/tenancy.middleware.js"
import { ClubCommissionHandlers, ClubTierPromosHandlers, ClubTiersHandlers } from "./clubs/club-tiers.handlers.js"
import { AdminClubsHandlers, AdminClubVerificationHandlers, ClubInvitesHandlers, ClubMembershipHandlers, ClubOrganizerAccountsHandlers } from "./clubs/community.handlers.js"
import { AdminClubKycHandlers, ClubKycHandlers } from "./clubs/club-kyc.handlers.js"
import { AdminClubRunsHandlers, ClubRunsHandlers } from "./clubs/runs.handlers.js"
import { AdminClubAnnouncementsHandlers, ClubContentHandlers } from "./clubs/content.handlers.js"
import { ClubGamificationHandlers } from "./clubs/gamification.handlers.js"
import { ClubAdminHandlers } from "./clubs/club-admin.handlers.js"
import { AdminClubChatHandlers, ClubChatHandlers } from "./clubs/chat.handlers.js"
import { DataExportHandlers, DataRightsHandlers } from "./compliance/data-rights.handlers.js"

/** What routes may require of the router: the services `HttpLayerRouter.addHttpApi` also uses. */
export type RouterServices = HttpLayerRouter.HttpRouter | Etag.Generator | FileSystem.FileSystem | HttpPlatform.HttpPlatform | Path.Path

/** Services the routes need from the host's composition root. */
export type HttpInfrastructure = AppConfig | HealthProbes | IdentityServices | NotificationsInfrastructure | OrganizersInfrastructure | PlatformOperations | ChallengesInfrastructure | ComplianceInfrastructure | ClubsInfrastructure | WalletsInfrastructure | PaymentsInfrastructure | Platform.Transactor | IntegrationsInfrastructure

/** The platform area (health, memory, audit, scheduler, observability, rate limits, search...). */
export const PlatformRoutes: Layer.Layer<never, never, RouterServices | HttpInfrastructure | Lifecycle> = HttpLayerRouter.addHttpApi(PlatformApi).pipe(
  Layer.provide([HealthHandlers, MemoryHandlers, AuditLogHandlers, SchedulerHandlers, ObservabilityHandlers, PublicObservabilityHandlers, PlatformHealthHandlers, RateLimitsHandlers, RiskRegisterHandlers, SearchHandlers, IntegrationsHandlers]),
  Layer.provide(AuthGuardsLive)
)

/** The identity area (sign-in, sessions, admins, second factors, impersonation). */
export const IdentityRoutes: Layer.Layer<never, never, RouterServices | HttpInfrastructure | Lifecycle> = HttpLayerRouter.addHttpApi(IdentityApi).pipe(
  Layer.provide([AuthHandlers, SessionsHandlers, CrewAuthHandlers, AdminsHandlers, OrganizerSignInHandlers, IdentityProvidersHandlers, IdentitiesHandlers, AdminAccountsHandlers, AdminPermissionsHandlers, ImpersonationHandlers, TotpHandlers, PasskeysHandlers, StepUpHandlers, AdminTotpHandlers]),
  Layer.provide(AuthGuardsLive)
)

/** Every route of the host: the area APIs with their handlers, and the discovery paths. */
export const ApiRoutes: Layer.Layer<never, never, RouterServices | HttpInfrastructure | Lifecycle> = Layer.mergeAll(
  PlatformRoutes,
  IdentityRoutes,
  HttpLayerRouter.addHttpApi(NotificationsApi).pipe(
    Layer.provide([
      NotificationOutboxHandlers,
      NotificationDeliveryHandlers,
      NotificationLogsHandlers,
      RetryPoliciesHandlers,
      NotificationWebhooksHandlers,
      NotificationInboxHandlers,
      NotificationPreferencesHandlers,
      NotificationWalletsAdminHandlers,
      OrganizerNotificationWalletHandlers,
      WalletTopUpWebhookHandlers,
      OrganizerNotificationSendingHandlers,
      EmailTemplatesHandlers,
      PushTemplatesHandlers,
      SmsTemplatesHandlers,
      ChatappTemplatesHandlers,
      NotificationCategoriesHandlers,
      NotificationMappingsHandlers,
      NotificationJourneysHandlers,
      NotificationStepsHandlers,
      NotificationReportsHandlers,
      SystemNotificationsHandlers,
      PromotionTemplatesHandlers,
      TemplateRecordsHandlers,
      NotificationPreferenceTypesHandlers,
      OrganizerPromotionsHandlers,
      PromotionStudioHandlers
    ]),
    Layer.provide([AuthGuardsLive, OrganizerTenancyLive])
  ),
  // Organizers, teams and media delivery; organizer-scoped groups use the tenancy guards.
  HttpLayerRouter.addHttpApi(EventsApi).pipe(
    Layer.provide([MediaHandlers, OrganizersHandlers, OrganizationsHandlers, OrganizerTeamHandlers, OrganizerStaffTasksHandlers, OrganizerShippingHandlers, DeclarationTemplatesHandlers, DeclarationFormHandlers, GstTemplatesHandlers, GstDeclarationsAdminHandlers, GstDeclarationHandlers, CrewJoinCodesHandlers, CrewJoinHandlers, OrganizerKycHandlers, OrganizerOversightHandlers, OrganizerVerificationHandlers]),
    Layer.provide([AuthGuardsLive, OrganizerTenancyLive])
  ),
  // Challenge badge requests: creator side and admin side.
  HttpLayerRouter.addHttpApi(AthletesApi).pipe(
    Layer.provide([ChallengeBadgeRequestsHandlers, AdminChallengeBadgeRequestsHandlers]),
    Layer.provide(AuthGuardsLive)
  ),
  // Data rights and admin compliance: consent, erasure, export, account merge.
  HttpLayerRouter.addHttpApi(ComplianceApi).pipe(
    Layer.provide([DataRightsHandlers, DataExportHandlers, AdminComplianceHandlers]),
    Layer.provide(AuthGuardsLive)
  ),
  // Clubs: club-scoped groups use the club tenancy guards.
  HttpLayerRouter.addHttpApi(ClubsApi).pipe(
    Layer.provide([ClubsHandlers, ClubOnboardingHandlers, AdminClubOnboardingHandlers, ClubRcGrantsHandlers, AdminClubRcGrantsHandlers, ClubSettlementsHandlers, AdminPayoutRequestsHandlers, ClubMembershipHandlers, ClubInvitesHandlers, ClubOrganizerAccountsHandlers, AdminClubsHandlers, AdminClubVerificationHandlers, ClubKycHandlers, AdminClubKycHandlers, ClubRunsHandlers, AdminClubRunsHandlers, ClubContentHandlers, AdminClubAnnouncementsHandlers, ClubGamificationHandlers, ClubAdminHandlers, ClubChatHandlers, AdminClubChatHandlers, ClubTiersHandlers, ClubTierPromosHandlers, ClubCommissionHandlers]),
    Layer.provide([AuthGuardsLive, ClubTenancyLive])
  ),
  // Money: creator wallets on the double-entry ledger; later money groups add their handler layers here.
  HttpLayerRouter.addHttpApi(MoneyApi).pipe(
    Layer.provide([CreatorWalletsHandlers, AdminPaymentsHandlers, BankVerificationHandlers]),
    Layer.provide([AuthGuardsLive, OrganizerTenancyLive])
  ),
  // Development-only inspection of the local recording provider: not routed in production.
  Layer.unwrapEffect(Effect.map(AppConfig, (config) =>
    config.appEnv === "production"
      ? Layer.empty
      : HttpLayerRouter.addHttpApi(NotificationsDevApi).pipe(Layer.provide([NotificationDevHandlers, DevInboxHandlers]), Layer.provide(AuthGuardsLive)))),
  // Areas still without groups. When an area gains groups, give it its own line above with its
  // handler layers, so the compiler checks that every group has handlers.
  ...AreaApis.filter((api) => api !== PlatformApi && api !== IdentityApi && api !== NotificationsApi && api !== NotificationsDevApi && api !== EventsApi && api !== AthletesApi && api !== ComplianceApi && api !== ClubsApi && api !== MoneyApi).map((api) => HttpLayerRouter.addHttpApi(api as HttpApi.HttpApi<"podium", never>)),
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
): Layer.Layer<HttpServer.HttpServer, E | ServeError, R> =>
  HttpLayerRouter.serve(
    Layer.mergeAll(
      options.routes ?? ApiRoutes,
      options.extraRoutes ?? Layer.empty,
      requestPipeline(options.lifecycle, { accessLog: options.accessLog, observer: requestMetrics })
    ).pipe(
      // The infrastructure goes to the routes (their handlers capture it when they are built), not
      // to the server: the router copies the server's context on every request, so that context
      // holds only the HTTP services and the copy does not grow with the host's services.
      Layer.provide(Layer.succeed(Lifecycle, options.lifecycle)),
      Layer.provide(infrastructure)
      // The same infrastructure value goes to the node server below (one build: layers are shared
      // by reference), which carries its E and R into the result; HttpLayerRouter.serve's typing
      // cannot see through a generic R here.
    ) as Layer.Layer<never, never, RouterServices>,
    { disableLogger: true, disableListenLog: true }
  ).pipe(
    // No tracer is exported yet, so per-request spans would cost ~20% throughput for nothing.
    HttpMiddleware.withTracerDisabledWhen(() => true),
    // The node:http server behind the front door (limits, timeouts, CORS: front-door.ts).
    Layer.provideMerge(Layer.unwrapEffect(Effect.map(AppConfig, (config) =>
      NodeHttpServer.layer(() => makeNodeServer(config.http ?? defaultFrontDoorSettings), { port: options.port, host: options.host }))).pipe(
        Layer.provide(infrastructure)
      ))
  )

// Wallets: the creator-wallet reads of the money area.
import { MoneyApi } from "@podium/contracts/money"
import type { WalletsInfrastructure } from "@podium/host-common"
import { CreatorWalletsHandlers } from "./wallets/creator-wallets.handlers.js"

// Payments: the payment webhook inbox, providers and orders (admin), bank verification.
import type { PaymentsInfrastructure } from "@podium/host-common"
import { AdminPaymentsHandlers } from "./payments/admin-payments.handlers.js"
import { BankVerificationHandlers } from "./payments/bank-verification.handlers.js"
