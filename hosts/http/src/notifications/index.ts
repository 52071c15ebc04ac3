/** The notifications context's HTTP handlers (outbox, delivery, logs, templates, journeys, preferences, wallets, promotions): the layers the host's area list provides. */
import { NotificationDeliveryHandlers } from "./notification-delivery.handlers.js"
import { DevInboxHandlers } from "./dev-inbox.handlers.js"
import { NotificationDevHandlers } from "./notification-dev.handlers.js"
import { NotificationLogsHandlers } from "./notification-logs.handlers.js"
import { NotificationOutboxHandlers } from "./notification-outbox.handlers.js"
import { NotificationWebhooksHandlers } from "./notification-webhooks.handlers.js"
import { RetryPoliciesHandlers } from "./retry-policies.handlers.js"
import { NotificationInboxHandlers } from "./inbox.handlers.js"
import { NotificationPreferencesHandlers } from "./preferences.handlers.js"
import { NotificationWalletsAdminHandlers } from "./wallet-admin.handlers.js"
import { OrganizerNotificationWalletHandlers } from "./organizer-notification-wallet.handlers.js"
import { WalletTopUpWebhookHandlers } from "./wallet-topup-webhook.handlers.js"
import { OrganizerNotificationSendingHandlers } from "./organizer-notification-sending.handlers.js"
// biome-ignore lint/correctness/noUnusedImports: the declaration emitter names the list's port types through these namespaces
import type { Accounts, Identity, Notifications, Organizers, Platform } from "@podium/core"
import { NotificationCategoriesHandlers } from "./categories.handlers.js"
import { NotificationMappingsHandlers } from "./mappings.handlers.js"
import { NotificationJourneysHandlers, NotificationStepsHandlers } from "./journeys.handlers.js"
import { ChatappTemplatesHandlers, EmailTemplatesHandlers, PushTemplatesHandlers, SmsTemplatesHandlers } from "./templates.handlers.js"
import { SystemNotificationsHandlers } from "./system-notifications.handlers.js"
import { PromotionTemplatesHandlers } from "./promotion-templates.handlers.js"
import { TemplateRecordsHandlers } from "./template-records.handlers.js"
import { NotificationReportsHandlers } from "./notification-reports.handlers.js"
import { NotificationPreferenceTypesHandlers } from "./preference-types.handlers.js"
import { OrganizerPromotionsHandlers } from "./organizer-promotions.handlers.js"
import { PromotionStudioHandlers } from "./promotion-studio.handlers.js"

export const handlers = [
  NotificationDeliveryHandlers,
  NotificationLogsHandlers,
  NotificationOutboxHandlers,
  NotificationWebhooksHandlers,
  RetryPoliciesHandlers,
  NotificationInboxHandlers,
  NotificationPreferencesHandlers,
  NotificationWalletsAdminHandlers,
  OrganizerNotificationWalletHandlers,
  WalletTopUpWebhookHandlers,
  OrganizerNotificationSendingHandlers,
  NotificationCategoriesHandlers,
  NotificationMappingsHandlers,
  NotificationJourneysHandlers,
  NotificationStepsHandlers,
  ChatappTemplatesHandlers,
  EmailTemplatesHandlers,
  PushTemplatesHandlers,
  SmsTemplatesHandlers,
  SystemNotificationsHandlers,
  PromotionTemplatesHandlers,
  TemplateRecordsHandlers,
  NotificationReportsHandlers,
  NotificationPreferenceTypesHandlers,
  OrganizerPromotionsHandlers,
  PromotionStudioHandlers
] as const

/** Development-only inspection of the local recording provider (not routed in production). */
export const devHandlers = [DevInboxHandlers, NotificationDevHandlers] as const
