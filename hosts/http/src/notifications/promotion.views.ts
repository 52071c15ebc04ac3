/**
 * Shared pieces of the organizer promotion routes and the promotion studio: the request's
 * recipients (exactly one of userIds / recipientListId), the answers' shapes and the paid-send
 * error mapping (wallet, quota, template and audience outcomes).
 */
import { BadRequest } from "@podium/contracts/common"
import type { PromotionEstimateBody, PromotionSendBody } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import { DateTime, Effect } from "effect"
import { batchView } from "./organizer-notification-sending.handlers.js"
import { publicChannel } from "./notifications.views.js"

/** The recipients of a promotion request, or 400 when not exactly one form is given. */
export const recipientsOf = (payload: typeof PromotionEstimateBody.Type): Effect.Effect<Notifications.Recipients, BadRequest> => {
  if (payload.userIds !== undefined && payload.recipientListId === undefined) return Effect.succeed({ userIds: payload.userIds })
  if (payload.recipientListId !== undefined && payload.userIds === undefined) return Effect.succeed({ recipientListId: payload.recipientListId })
  return Effect.fail(new BadRequest({ message: "exactly one of userIds or recipientListId must be given" }))
}

/** `scheduledAt` within (now, now + 30 days], as organizer send requires. */
export const scheduleOf = (scheduledAt: Date | undefined): Effect.Effect<DateTime.Utc | null, BadRequest> => {
  if (scheduledAt === undefined) return Effect.succeed(null)
  const now = Date.now()
  const at = scheduledAt.getTime()
  if (at <= now) return Effect.fail(new BadRequest({ message: "scheduledAt must be in the future" }))
  if (at > now + 30 * 86_400_000) return Effect.fail(new BadRequest({ message: "scheduledAt must be within 30 days" }))
  return Effect.succeed(DateTime.unsafeFromDate(scheduledAt))
}

export const promotionForOrganizers = (p: { readonly promotion: Notifications.PromotionTemplate; readonly template: Notifications.CatalogTemplate }) => ({
  id: p.promotion.id,
  name: p.promotion.name,
  description: p.promotion.description,
  channel: publicChannel(p.promotion.channel),
  templateKey: p.promotion.templateKey,
  priceMinor: p.promotion.priceMinor,
  currency: p.promotion.currency,
  subject: p.template.subject,
  body: p.template.body,
  variables: p.template.variables
})

/** Sends a promotion for `organizerId` from a send body; answers the public shape. */
export const sendPromotionFor = (organizerId: string, payload: typeof PromotionSendBody.Type) =>
  Effect.gen(function*() {
    const recipients = yield* recipientsOf(payload)
    const scheduledAt = yield* scheduleOf(payload.scheduledAt)
    const { batch, promotion } = yield* Notifications.sendPromotion({
      organizerId,
      promotionTemplateId: payload.promotionTemplateId,
      recipients,
      variables: payload.variables ?? {},
      scheduledAt
    })
    return { batch: batchView(batch), promotionTemplateId: promotion.id, currency: promotion.currency }
  })

/** Estimates a promotion for `organizerId`; answers the public shape. */
export const estimatePromotionFor = (organizerId: string, payload: typeof PromotionEstimateBody.Type) =>
  Effect.gen(function*() {
    const recipients = yield* recipientsOf(payload)
    const e = yield* Notifications.estimatePromotion({
      organizerId,
      promotionTemplateId: payload.promotionTemplateId,
      recipients,
      variables: payload.variables
    })
    return {
      promotionTemplateId: e.promotion.id,
      channel: publicChannel(e.promotion.channel),
      audience: e.audience,
      unitPrice: e.unitPrice,
      currency: e.currency,
      cost: e.cost,
      balance: e.balance,
      sufficientBalance: e.sufficientBalance,
      withinQuota: e.withinQuota,
      missingVariables: e.missingVariables
    }
  })

export const promotionTemplatesForOrganizers = Effect.map(Notifications.organizerPromotionTemplates(), (list) => list.map(promotionForOrganizers))
