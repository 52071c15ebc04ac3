/**
 * The notification engine's infrastructure: the Postgres repositories (outbox, logs,
 * templates, preferences, retry policies) and the channel senders chosen by `providers.ts`.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { Notifications } from "@podium/core"
import { InboxMemory, NotificationsMemory, type RecordedDeliveries, WalletMemory, OrganizerNotificationMemory, TemplateCatalogMemory, NotificationCategoryMemory, NotificationMappingMemory, JourneyStepMemory, SystemNotificationMemory, PromotionTemplateMemory, TemplateRecordMemory, RecipientListMemory, NotificationReportMemory, TemplateCatalogExtrasMemory } from "@podium/core/testing"
import { NotificationsInboxPg, NotificationsPg, NotificationWalletsPg, OrganizerNotificationsPg, TemplateCatalogRepoPg, NotificationCategoryRepoPg, NotificationMappingRepoPg, JourneyStepRepoPg, NotificationExtrasPg } from "@podium/postgres"
import { Effect, Layer, Option } from "effect"
import type { AppConfig, AppConfigShape } from "./config.js"
import { hostContext } from "./host-context.js"
import { HealthProbes } from "./health.js"
import {
  type ChannelSenders,
  describeChannelProviders,
  NotificationProviders,
  notificationProviderProbes,
  notificationSendersFrom,
  NotificationSendersLive
} from "./providers.js"

/** What the notification block adds to a host. */
export type NotificationsInfrastructure =
  | Notifications.NotificationRepos
  | ChannelSenders
  | RecordedDeliveries
  | NotificationProviders
  | Notifications.InboxRepo
  | Notifications.DeviceTokenRepo
  | Notifications.NotificationWalletRepo
  | Notifications.NotificationSettlementRepo
  | Notifications.WebhookInboxRepo
  | Notifications.OrganizerNotificationRepo
  | Notifications.TemplateCatalogRepo
  | Notifications.NotificationCategoryRepo
  | Notifications.NotificationMappingRepo
  | Notifications.JourneyStepRepo
  | NotificationExtras

/** The extras of migration 0022: system notifications, promotion templates, template records, recipient lists, reports, catalog extras. */
export type NotificationExtras =
  | Notifications.SystemNotificationRepo
  | Notifications.PromotionTemplateRepo
  | Notifications.TemplateRecordRepo
  | Notifications.RecipientListRepo
  | Notifications.NotificationReportRepo
  | Notifications.TemplateCatalogExtrasRepo

/** Repositories on the host's database plus the configured senders. */
export const NotificationsLive: Layer.Layer<NotificationsInfrastructure, never, SqlClient.SqlClient | AppConfig> = Layer.mergeAll(
  NotificationsPg,
  NotificationsInboxPg,
  NotificationWalletsPg,
  OrganizerNotificationsPg,
  TemplateCatalogRepoPg,
  NotificationCategoryRepoPg,
  NotificationMappingRepoPg,
  JourneyStepRepoPg,
  NotificationExtrasPg,
  NotificationSendersLive
)

/** Appends the configured providers' probes to the host's HealthProbes. */
export const NotificationHealthProbesLive: Layer.Layer<HealthProbes, never, HealthProbes | NotificationProviders> = Layer.effect(
  HealthProbes,
  Effect.gen(function*() {
    const base = yield* HealthProbes
    return [...base, ...(yield* notificationProviderProbes)]
  })
)

/**
 * The notification engine: its repositories and senders (these senders replace identity's
 * recorders listed before it) and the provider health probes.
 */
export const notificationsContext = hostContext<NotificationsInfrastructure>({
  name: "notifications",
  live: () => NotificationHealthProbesLive.pipe(Layer.provideMerge(NotificationsLive)),
  memory: (config) => notificationsMemory(config),
  describe: (config) => [["providers", describeChannelProviders(config)]]
})

/** Webhook signature helpers of the providers package, for the hosts' inbound delivery-receipt routes. */
export { signPayload, verifyHmacSignature } from "@podium/providers"

/**
 * The notification block on memory twins with the senders chosen for `config` (local recorders
 * outside production), for hosts and tests that run without a database.
 */
export const notificationsMemory = (config: AppConfigShape): Layer.Layer<NotificationsInfrastructure> =>
  Layer.mergeAll(
    NotificationsMemory,
    InboxMemory,
    WalletMemory,
    OrganizerNotificationMemory,
    TemplateCatalogMemory,
    NotificationCategoryMemory,
    NotificationMappingMemory,
    JourneyStepMemory,
    SystemNotificationMemory,
    PromotionTemplateMemory,
    TemplateRecordMemory,
    RecipientListMemory,
    NotificationReportMemory.pipe(Layer.provide(NotificationsMemory)),
    TemplateCatalogExtrasMemory.pipe(Layer.provide(TemplateCatalogMemory)),
    notificationSendersFrom(config, { email: Option.none(), sms: Option.none(), push: Option.none(), chat: Option.none(), webhookSecret: Option.none() })
  )
