/** Organizer send: template at its price, audience filters, quota, atomic debit + outbox rows. */
import { type DateTime, Effect, Either, Option } from "effect"
import type { Channel } from "./channels.port.js"
import { countAudience, DefaultQuota, eligibleMembers, NoEligibleRecipients, OrganizerTemplateUnavailable } from "./organizer-notification.model.js"
import { OrganizerNotificationRepo } from "./organizer-notification.port.js"
import type { Variables } from "./outbox.model.js"
import { OutboxRepo, RetryPolicyRepo } from "./outbox.port.js"
import type { CatalogTemplate } from "./template-catalog.model.js"
import { TemplateCatalogRepo } from "./template-catalog.port.js"
import { renderTemplate } from "./template.model.js"
import { CounterAccounts } from "./wallet.model.js"
import { NotificationWalletRepo } from "./wallet.port.js"

export const previewAudience = Effect.fn("notifications.previewAudience")(function*(channel: Channel, userIds: ReadonlyArray<string>) {
  const unique = [...new Set(userIds)]
  return countAudience(unique, yield* (yield* OrganizerNotificationRepo).resolveAudience(channel, unique))
})

export interface OrganizerSendInput {
  readonly organizerId: string
  readonly channel: Channel
  readonly templateId: string
  readonly userIds: ReadonlyArray<string>
  readonly variables: Variables
  readonly scheduledAt: DateTime.Utc | null
}

export const sendOrganizerNotification = Effect.fn("notifications.sendOrganizerNotification")(function*(input: OrganizerSendInput) {
  const found = yield* (yield* TemplateCatalogRepo).get(input.channel, input.templateId)
  if (Option.isNone(found)) return yield* new OrganizerTemplateUnavailable({ templateId: input.templateId, reason: "not found" })
  const template = found.value
  if (template.visibility !== "ORGANIZERS") {
    return yield* new OrganizerTemplateUnavailable({ templateId: input.templateId, reason: "not available to organizers" })
  }
  if (template.activeVersion === null) return yield* new OrganizerTemplateUnavailable({ templateId: input.templateId, reason: "has no active version" })
  return yield* dispatchBatch({ ...input, template, unitPrice: template.priceMinor, kind: "send" })
})

/** What a paid organizer batch sends: a catalog template at a unit price to athletes. */
export interface BatchDispatch {
  readonly organizerId: string
  readonly channel: Channel
  readonly template: CatalogTemplate
  readonly unitPrice: number
  readonly userIds: ReadonlyArray<string>
  readonly variables: Variables
  readonly scheduledAt: DateTime.Utc | null
  /** Written in the wallet entry's reason (`send`, `promotion`). */
  readonly kind: string
}

/**
 * The shared paid-send path of organizer send, promotion-send and the promotion studio: renders
 * the template with the variables (400 naming each missing one), filters the audience, then in
 * ONE transaction writes the batch (quota checked), debits price × recipients (refused when the
 * balance is short) and queues one marketing outbox row per recipient.
 */
export const dispatchBatch = Effect.fn("notifications.dispatchBatch")(function*(input: BatchDispatch) {
  const template = input.template
  const rendered = renderTemplate(template, input.variables)
  if (Either.isLeft(rendered)) return yield* rendered.left
  const unique = [...new Set(input.userIds)]
  const repo = yield* OrganizerNotificationRepo
  const recipients = eligibleMembers(yield* repo.resolveAudience(input.channel, unique))
  if (recipients.length === 0) return yield* new NoEligibleRecipients()
  const outbox = yield* OutboxRepo
  const policy = yield* (yield* RetryPolicyRepo).get(input.channel)
  const wallet = yield* NotificationWalletRepo
  return yield* repo.createBatch(
    {
      organizerId: input.organizerId,
      channel: input.channel,
      templateId: template.id,
      templateKey: template.key,
      unitPrice: input.unitPrice,
      recipients: recipients.length,
      scheduledAt: input.scheduledAt
    },
    DefaultQuota,
    (batch) =>
      Effect.gen(function*() {
        if (batch.cost > 0) {
          yield* wallet.post({
            organizerId: input.organizerId,
            amount: -batch.cost,
            reason: `${input.kind}: batch ${batch.id} (${recipients.length} × ${input.unitPrice})`,
            counterAccount: CounterAccounts.revenue,
            idempotencyKey: `batch:${batch.id}`
          })
        }
        yield* outbox.enqueueMany(recipients.map((r) => ({
          channel: input.channel,
          recipient: r.address,
          userId: r.userId,
          subject: rendered.right.subject,
          body: rendered.right.body,
          category: "marketing",
          producer: `organizer:${input.organizerId}:batch:${batch.id}`,
          maxAttempts: policy.maxAttempts,
          ...(input.scheduledAt === null ? {} : { notBefore: input.scheduledAt })
        })))
      })
  )
})

/** Cancels a SCHEDULED batch and refunds the price of the messages that will not go out. */
export const cancelOrganizerBatch = Effect.fn("notifications.cancelOrganizerBatch")(function*(organizerId: string, batchId: string) {
  const wallet = yield* NotificationWalletRepo
  return yield* (yield* OrganizerNotificationRepo).cancelBatch(organizerId, batchId, (batch, removed) =>
    removed * batch.unitPrice > 0
      ? wallet.post({
        organizerId,
        amount: removed * batch.unitPrice,
        reason: `refund: cancelled batch ${batch.id} (${removed} × ${batch.unitPrice})`,
        counterAccount: CounterAccounts.revenue,
        idempotencyKey: `batch-cancel:${batch.id}`
      })
      : Effect.void)
})
