/**
 * An operator's direct send (`POST /v2/admin/notifications/send`): one outbox row per recipient,
 * written in one statement, rendered and delivered later by the worker. A template is checked
 * when it is used: it must exist and be active for the channel, and every variable it needs must
 * be given, so a half-filled message is refused here (400) instead of going DEAD in the worker.
 */
import { DomainError } from "@podium/kernel"
import { Effect, Either, Option, Schema } from "effect"
import type { Channel } from "./channels.port.js"
import type { Variables } from "./outbox.model.js"
import { OutboxRepo, RetryPolicyRepo, TemplateRepo } from "./outbox.port.js"
import { renderTemplate, TemplateNotFound } from "./template.model.js"

/** Recipients per admin send call. */
export const AdminSendRecipientsCap = 100

/** A literal message lacks a part the channel needs (text; a subject for email and push). */
export class NotificationContentMissing extends DomainError<NotificationContentMissing>()("NotificationContentMissing", { kind: "invalid" }, {
  message: Schema.String
}) {}

export interface AdminSendInput {
  readonly channel: Channel
  /** Already validated for the channel and de-duplicated by the caller. */
  readonly recipients: ReadonlyArray<string>
  readonly templateKey?: string
  readonly variables?: Variables
  readonly subject?: string
  readonly text?: string
  /** `admin.send:<adminId>`. */
  readonly producer: string
}

/** Queues the message for every recipient; answers the new outbox row ids in recipient order. */
export const sendAdminNotification = Effect.fn("notifications.admin.send")(function*(input: AdminSendInput) {
  const variables = input.variables ?? {}
  let category: string | null = null
  if (input.templateKey !== undefined) {
    const template = yield* (yield* TemplateRepo).findActive(input.channel, input.templateKey)
    if (Option.isNone(template)) {
      return yield* new TemplateNotFound({
        channel: input.channel,
        key: input.templateKey,
        message: `No active ${input.channel} template "${input.templateKey}"`
      })
    }
    const rendered = renderTemplate(template.value, variables)
    if (Either.isLeft(rendered)) return yield* rendered.left
    category = template.value.category
  } else {
    if (input.text === undefined || input.text.trim() === "") {
      return yield* new NotificationContentMissing({ message: "text should not be empty when no templateId is given" })
    }
    if ((input.channel === "EMAIL" || input.channel === "PUSH") && (input.subject === undefined || input.subject.trim() === "")) {
      return yield* new NotificationContentMissing({
        message: `subject should not be empty for ${input.channel === "EMAIL" ? "email" : "push"} without a templateId`
      })
    }
  }
  const policy = yield* (yield* RetryPolicyRepo).get(input.channel)
  const rows = yield* (yield* OutboxRepo).enqueueMany(input.recipients.map((recipient) => ({
    channel: input.channel,
    recipient,
    templateKey: input.templateKey ?? null,
    variables,
    subject: input.templateKey === undefined ? input.subject ?? null : null,
    body: input.templateKey === undefined ? input.text ?? null : null,
    category,
    producer: input.producer,
    maxAttempts: policy.maxAttempts
  })))
  return rows.map((r) => r.id)
})
