/**
 * Organizer promotions (C "Organizer notifications" promotion-send / upload-recipients /
 * promotion-templates / templates, and the promotion studio): an organizer sends an enabled
 * promotion template to athletes (given by id or by an uploaded recipient list) at the promotion
 * template's price per eligible recipient, through the same paid-send path as organizer send
 * (`dispatchBatch`: audience filters, quota, one transaction for batch + wallet debit + outbox,
 * refused when the balance is short). The estimate answers the same numbers without sending.
 *
 * Decision (spec silent): the notification wallet holds INR; a promotion template priced in another
 * currency is refused at send (409) rather than converted.
 */
import { DomainError } from "@podium/kernel"
import { type DateTime, Effect, Either, Option, Schema } from "effect"
import { countAudience, DefaultQuota, OrganizerTemplateUnavailable } from "./organizer-notification.model.js"
import { OrganizerNotificationRepo } from "./organizer-notification.port.js"
import { dispatchBatch } from "./organizer-notification.use-case.js"
import type { Variables } from "./outbox.model.js"
import { parseListQuery } from "../platform/list-query.model.js"
import { type PromotionTemplate, PromotionTemplateRepo, PromotionTemplateResource } from "./promotion-template.model.js"
import { buildRecipientReport, parseRecipientCsv, RecipientFileInvalid } from "./recipient-list.model.js"
import { RecipientListRepo } from "./recipient-list.port.js"
import type { CatalogTemplate } from "./template-catalog.model.js"
import { TemplateCatalogRepo } from "./template-catalog.port.js"
import { NotificationWalletRepo } from "./wallet.port.js"

export const WalletCurrency = "INR"

/** The promotion template is priced in a currency the wallet does not hold (409). */
export class PromotionCurrencyMismatch extends DomainError<PromotionCurrencyMismatch>()("PromotionCurrencyMismatch", { kind: "conflict", code: "CURRENCY_MISMATCH" }, {
  currency: Schema.String
}) {
  override get message() {
    return `The promotion is priced in ${this.currency}; the notification wallet holds ${WalletCurrency}`
  }
}

/** Recipients: athlete ids, or a recipient list the organizer uploaded. */
export type Recipients = { readonly userIds: ReadonlyArray<string> } | { readonly recipientListId: string }

/** An enabled promotion template and its sendable channel template. */
export const usablePromotion = Effect.fn("notifications.usablePromotion")(function*(promotionTemplateId: string) {
  const found = yield* (yield* PromotionTemplateRepo).get(promotionTemplateId)
  if (Option.isNone(found) || !found.value.enabled) {
    return yield* new OrganizerTemplateUnavailable({ templateId: promotionTemplateId, reason: Option.isNone(found) ? "not found" : "is disabled" })
  }
  const promotion = found.value
  const template = yield* (yield* TemplateCatalogRepo).findByKey(promotion.channel, promotion.templateKey)
  if (Option.isNone(template) || template.value.activeVersion === null) {
    return yield* new OrganizerTemplateUnavailable({ templateId: promotionTemplateId, reason: "has no active channel template" })
  }
  return { promotion, template: template.value }
})

const recipientIds = (organizerId: string, recipients: Recipients) =>
  "userIds" in recipients
    ? Effect.succeed(recipients.userIds)
    : Effect.map(Effect.flatMap(RecipientListRepo, (r) => r.get(organizerId, recipients.recipientListId)), (l) => l.userIds)

export interface PromotionSendInput {
  readonly organizerId: string
  readonly promotionTemplateId: string
  readonly recipients: Recipients
  readonly variables: Variables
  readonly scheduledAt: DateTime.Utc | null
}

/** Sends a promotion: debits the wallet at the promotion's price × eligible recipients. */
export const sendPromotion = Effect.fn("notifications.sendPromotion")(function*(input: PromotionSendInput) {
  const { promotion, template } = yield* usablePromotion(input.promotionTemplateId)
  if (promotion.currency !== WalletCurrency) return yield* new PromotionCurrencyMismatch({ currency: promotion.currency })
  const userIds = yield* recipientIds(input.organizerId, input.recipients)
  const batch = yield* dispatchBatch({
    organizerId: input.organizerId,
    channel: promotion.channel,
    template,
    unitPrice: promotion.priceMinor,
    userIds,
    variables: input.variables,
    scheduledAt: input.scheduledAt,
    kind: `promotion ${promotion.id}`
  })
  return { batch, promotion }
})

/** What a promotion would cost now: audience counts, price, balance, whether it can be sent. */
export const estimatePromotion = Effect.fn("notifications.estimatePromotion")(function*(input: {
  readonly organizerId: string
  readonly promotionTemplateId: string
  readonly recipients: Recipients
  readonly variables: Variables | undefined
}) {
  const { promotion, template } = yield* usablePromotion(input.promotionTemplateId)
  const userIds = [...new Set(yield* recipientIds(input.organizerId, input.recipients))]
  const audience = countAudience(userIds, yield* (yield* OrganizerNotificationRepo).resolveAudience(promotion.channel, userIds))
  const balance = (yield* (yield* NotificationWalletRepo).summary(input.organizerId)).balance
  const quota = yield* (yield* OrganizerNotificationRepo).usage(input.organizerId, DefaultQuota)
  const cost = audience.eligible * promotion.priceMinor
  const missingVariables = input.variables === undefined ? [] : missingOf(template, input.variables)
  return {
    promotion,
    audience,
    unitPrice: promotion.priceMinor,
    currency: promotion.currency,
    cost,
    balance,
    sufficientBalance: balance >= cost,
    withinQuota: audience.eligible <= quota.hourly.remaining && audience.eligible <= quota.daily.remaining,
    missingVariables
  }
})

const missingOf = (template: CatalogTemplate, variables: Variables) =>
  template.variables.filter((v) => typeof variables[v] !== "string")

/** The promotion templates organizers may use (enabled, with a sendable channel template). */
export const organizerPromotionTemplates = Effect.fn("notifications.organizerPromotionTemplates")(function*() {
  const repo = yield* PromotionTemplateRepo
  const catalog = yield* TemplateCatalogRepo
  const query = Either.getOrThrow(parseListQuery({ ...PromotionTemplateResource.list, maxLimit: 500 }, { filter: ["enabled||$eq||true"], limit: 500 }))
  const page = yield* repo.list(query)
  const out: Array<{ readonly promotion: PromotionTemplate; readonly template: CatalogTemplate }> = []
  for (const promotion of page.data) {
    const template = yield* catalog.findByKey(promotion.channel, promotion.templateKey)
    if (Option.isSome(template) && template.value.activeVersion !== null) out.push({ promotion, template: template.value })
  }
  return out
})

/** Parses, validates row by row, resolves and stores an uploaded recipient CSV; answers the list with its report. */
export const uploadRecipients = Effect.fn("notifications.uploadRecipients")(function*(input: {
  readonly organizerId: string
  readonly name: string
  readonly csv: string
}) {
  const parsed = parseRecipientCsv(input.csv)
  if (parsed instanceof RecipientFileInvalid) return yield* parsed
  const valid = parsed.rows.filter((r) => r.errors.length === 0)
  const repo = yield* RecipientListRepo
  const contacts = yield* repo.resolveContacts({
    userIds: valid.flatMap((r) => (r.userId === null ? [] : [r.userId])),
    phones: valid.flatMap((r) => (r.phone === null ? [] : [r.phone])),
    emails: valid.flatMap((r) => (r.email === null ? [] : [r.email]))
  })
  const { report, userIds } = buildRecipientReport(parsed.rows, contacts)
  return yield* repo.create({ organizerId: input.organizerId, name: input.name, userIds, report })
})
