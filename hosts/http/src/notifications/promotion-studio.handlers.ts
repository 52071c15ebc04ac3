/**
 * Handlers of the promotion studio. The workspace is in the path, so the handler checks the
 * caller's team role there itself (the tenancy middleware reads organizer ids from other
 * parameters): OWNER or ADMIN to estimate and send; any member, or a platform admin, to read.
 */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal, Forbidden, NotFound } from "@podium/contracts/common"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications, Organizers, type Platform } from "@podium/core"
import { Effect, type Layer } from "effect"
import { batchView } from "./organizer-notification-sending.handlers.js"
import { audited } from "./notifications.audit.js"
import type { NotificationHandlerServices } from "./notifications.views.js"
import { estimatePromotionFor, promotionTemplatesForOrganizers, sendPromotionFor } from "./promotion.views.js"
import { apiGroup } from "../serving/served-groups.js"

const workspace = (workspaceId: string, write: boolean) =>
  Effect.gen(function*() {
    const principal = yield* CurrentPrincipal
    const grant = yield* Organizers.requireOrganizerRole(principal, workspaceId, write ? ["OWNER", "ADMIN"] : ["OWNER", "ADMIN", "VIEWER"], {
      platformAdmin: !write
    }).pipe(Effect.catchTags({
      OrganizerAccessDenied: () => Effect.fail(new Forbidden({ message: "Access Denied" })),
      OrganizerSuspended: (e) => Effect.fail(new Forbidden({ code: "ORGANIZER_SUSPENDED", message: e.message })),
      OrganizerNotFound: (e) => Effect.fail(new NotFound({ message: e.message }))
    }))
    return grant.organizerId
  })

export const PromotionStudioHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "promotionStudio">,
  never,
  NotificationHandlerServices | Platform.AuditLog | Effect.Effect.Context<ReturnType<typeof Organizers.requireOrganizerRole>>
> = apiGroup(NotificationsApi, "promotionStudio", (handlers) =>
  handlers
    .handle("studioEstimate", ({ path, payload }) =>
      Effect.flatMap(workspace(path.workspaceId, true), (organizerId) => estimatePromotionFor(organizerId, payload)))
    .handle("studioSend", ({ path, payload }) =>
      Effect.flatMap(workspace(path.workspaceId, true), (organizerId) => sendPromotionFor(organizerId, payload)).pipe(
        audited("notifications.promotion.send", "notification-batch", (r) => r.batch.id, (r) => ({ organizerId: r.batch.organizerId }))
      ))
    .handle("studioHistory", ({ path, urlParams }) =>
      Effect.gen(function*() {
        const organizerId = yield* workspace(path.workspaceId, false)
        const page = urlParams.page ?? 1
        const limit = urlParams.limit ?? 20
        const result = yield* (yield* Notifications.OrganizerNotificationRepo).listBatches(organizerId, { limit, offset: (page - 1) * limit })
        return { items: result.items.map(batchView), total: result.total, page, limit, hasMore: page * limit < result.total }
      }))
    .handle("studioTemplates", ({ path }) => Effect.zipRight(workspace(path.workspaceId, false), promotionTemplatesForOrganizers))
)
