/** Area API "notifications": outbox, logs, templates, categories, journeys, preferences. Groups are added as their capabilities are built. */
import { HttpApi } from "@effect/platform"
import { ApiId } from "../common/index.js"
import { NotificationDeliveryGroup } from "./notification-delivery.group.js"
import { NotificationLogsGroup } from "./notification-logs.group.js"
import { NotificationOutboxGroup } from "./notification-outbox.group.js"
import { NotificationWebhooksGroup } from "./notification-webhooks.group.js"
import { RetryPoliciesGroup } from "./retry-policies.group.js"

export * from "./notifications.dto.js"
export * from "./notification-outbox.group.js"
export * from "./notification-delivery.group.js"
export * from "./notification-logs.group.js"
export * from "./retry-policies.group.js"
export * from "./notification-webhooks.group.js"
export * from "./notification-dev.group.js"

export class NotificationsApi extends HttpApi.make(ApiId)
  .add(NotificationOutboxGroup)
  .add(NotificationDeliveryGroup)
  .add(NotificationLogsGroup)
  .add(RetryPoliciesGroup)
  .add(NotificationWebhooksGroup) {}
