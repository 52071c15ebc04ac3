/** Area API "notifications": outbox, logs, templates, categories, journeys, preferences. Groups are added as their capabilities are built. */
import { AreaApi } from "../common/index.js"
import { NotificationDeliveryGroup } from "./notification-delivery.group.js"
import { NotificationLogsGroup } from "./notification-logs.group.js"
import { NotificationOutboxGroup } from "./notification-outbox.group.js"
import { NotificationWebhooksGroup } from "./notification-webhooks.group.js"
import { RetryPoliciesGroup } from "./retry-policies.group.js"
import { NotificationInboxGroup } from "./inbox.group.js"
import { NotificationPreferencesGroup } from "./preferences.group.js"
import { NotificationWalletsAdminGroup } from "./wallet-admin.group.js"
import { OrganizerNotificationWalletGroup } from "./organizer-notification-wallet.group.js"
import { WalletTopUpWebhookGroup } from "./wallet-topup-webhook.group.js"
import { OrganizerNotificationSendingGroup } from "./organizer-notification-sending.group.js"
import { NotificationCategoriesGroup } from "./categories.group.js"
import { NotificationMappingsGroup } from "./mappings.group.js"
import { NotificationJourneysGroup, NotificationStepsGroup } from "./journeys.group.js"
import { ChatappTemplatesGroup, EmailTemplatesGroup, PushTemplatesGroup, SmsTemplatesGroup } from "./templates.group.js"
import { SystemNotificationsGroup } from "./system-notifications.group.js"
import { PromotionTemplatesGroup } from "./promotion-templates.group.js"
import { TemplateRecordsGroup } from "./template-records.group.js"
import { NotificationReportsGroup } from "./notification-reports.group.js"
import { NotificationPreferenceTypesGroup } from "./preference-types.group.js"
import { OrganizerPromotionsGroup } from "./organizer-promotions.group.js"
import { PromotionStudioGroup } from "./promotion-studio.group.js"

export * from "./notifications.dto.js"
export * from "./notification-outbox.group.js"
export * from "./notification-delivery.group.js"
export * from "./notification-logs.group.js"
export * from "./retry-policies.group.js"
export * from "./notification-webhooks.group.js"
export * from "./notification-dev.group.js"
export * from "./dev-inbox.group.js"
export * from "./inbox.group.js"
export * from "./preferences.group.js"
export * from "./wallet.dto.js"
export * from "./wallet-admin.group.js"
export * from "./organizer-notification-wallet.group.js"
export * from "./wallet-topup-webhook.group.js"
export * from "./organizer-notification-sending.group.js"
export * from "./templates.group.js"
export * from "./categories.group.js"
export * from "./mappings.group.js"
export * from "./journeys.group.js"
export * from "./system-notifications.group.js"
export * from "./promotion-templates.group.js"
export * from "./template-records.group.js"
export * from "./notification-reports.group.js"
export * from "./preference-types.group.js"
export * from "./organizer-promotions.group.js"
export * from "./promotion-studio.group.js"

export class NotificationsApi extends AreaApi
  .add(NotificationOutboxGroup)
  .add(NotificationDeliveryGroup)
  .add(NotificationLogsGroup)
  .add(RetryPoliciesGroup)
  .add(NotificationWebhooksGroup)
  .add(NotificationInboxGroup)
  .add(NotificationPreferencesGroup)
  .add(NotificationWalletsAdminGroup)
  .add(OrganizerNotificationWalletGroup)
  .add(WalletTopUpWebhookGroup)
  .add(OrganizerNotificationSendingGroup)
  .add(EmailTemplatesGroup)
  .add(PushTemplatesGroup)
  .add(SmsTemplatesGroup)
  .add(ChatappTemplatesGroup)
  .add(NotificationCategoriesGroup)
  .add(NotificationMappingsGroup)
  .add(NotificationJourneysGroup)
  .add(NotificationStepsGroup)
  .add(NotificationReportsGroup)
  .add(SystemNotificationsGroup)
  .add(PromotionTemplatesGroup)
  .add(TemplateRecordsGroup)
  .add(NotificationPreferenceTypesGroup)
  .add(OrganizerPromotionsGroup)
  .add(PromotionStudioGroup) {}
