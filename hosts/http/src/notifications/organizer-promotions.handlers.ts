/** Handlers of organizer promotions (tenancy-guarded): templates, promotion templates, recipient upload, promotion-send. */
import { type HttpApiGroup } from "@effect/platform"
import { OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications, type Platform } from "@podium/core"
import { DateTime, Effect, type Layer } from "effect"
import { readFile } from "node:fs/promises"
import { auditedForOrganizer } from "./notifications.audit.js"
import { coreChannel, type NotificationHandlerServices, publicChannel } from "./notifications.views.js"
import { promotionTemplatesForOrganizers, sendPromotionFor } from "./promotion.views.js"
import { apiGroup } from "../serving/served-groups.js"

export const recipientListView = (l: Notifications.RecipientList) => ({
  id: l.id,
  name: l.name,
  recipients: l.userIds.length,
  report: l.report,
  createdAt: DateTime.toDate(l.createdAt)
})

export const OrganizerPromotionsHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "organizerPromotions">,
  never,
  NotificationHandlerServices | OrganizerReaders | OrganizerManagers | Platform.AuditLog
> = apiGroup(NotificationsApi, "organizerPromotions", (handlers) =>
  handlers
    .handle("organizerNotificationTemplates", ({ urlParams }) =>
      Effect.gen(function*() {
        yield* OrganizerAccess
        const catalog = yield* Notifications.TemplateCatalogRepo
        const channels = urlParams.channel === undefined ? Notifications.Channels : [coreChannel(urlParams.channel)]
        const out = []
        for (const channel of channels) {
          const page = yield* catalog.list(channel, { page: 1, limit: 500, visibility: "ORGANIZERS" })
          for (const t of page.items) {
            if (t.activeVersion === null) continue
            out.push({
              id: t.id,
              channel: publicChannel(t.channel),
              key: t.key,
              name: t.name,
              description: t.description,
              category: t.category,
              priceMinor: t.priceMinor,
              currency: t.currency,
              activeVersion: t.activeVersion,
              subject: t.subject,
              body: t.body,
              variables: t.variables
            })
          }
        }
        return out
      }))
    .handle("organizerPromotionTemplates", () => Effect.zipRight(OrganizerAccess, promotionTemplatesForOrganizers))
    .handle("uploadNotificationRecipients", ({ payload }) =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        const bytes = yield* Effect.promise(() => readFile(payload.file.path))
        const list = yield* Notifications.uploadRecipients({
          organizerId: access.organizerId,
          name: payload.name ?? payload.file.name,
          csv: new TextDecoder("utf-8").decode(bytes)
        })
        return recipientListView(list)
      }).pipe(auditedForOrganizer("notifications.recipients.upload", "recipient-list", (r) => r.id)))
    .handle("sendPromotion", ({ payload }) =>
      Effect.flatMap(OrganizerAccess, (access) => sendPromotionFor(access.organizerId, payload)).pipe(
        auditedForOrganizer("notifications.promotion.send", "notification-batch", (r) => r.batch.id)
      ))
)
