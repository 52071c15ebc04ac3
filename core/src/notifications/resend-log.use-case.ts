import { Effect } from "effect"
import { NotificationLogNotFailed, PushResendUnsupported } from "./notification-log.model.js"
import { NotificationLogRepo, OutboxRepo, RetryPolicyRepo } from "./outbox.port.js"

/**
 * Resends a FAILED log row: queues a new message with the same step, channel, recipient, template
 * and variables (`resendOf` = the log id); its delivery writes a NEW log row and the original stays
 * unchanged. Non-FAILED rows fail with NotificationLogNotFailed (409), PUSH with PushResendUnsupported (400).
 */
export const resendNotificationLog = Effect.fn("notifications.logs.resend")(function*(logId: string) {
  const logs = yield* NotificationLogRepo
  const outbox = yield* OutboxRepo
  const log = yield* logs.get(logId)
  if (log.channel === "PUSH") {
    return yield* new PushResendUnsupported({
      id: log.id,
      code: "PUSH_RESEND_UNSUPPORTED",
      message: "PUSH notifications cannot be resent"
    })
  }
  if (log.status !== "FAILED") {
    return yield* new NotificationLogNotFailed({
      id: log.id,
      status: log.status,
      code: "NOTIFICATION_LOG_NOT_FAILED",
      message: `Only FAILED logs can be resent; this one is ${log.status}`
    })
  }
  // Literal (template-less) messages keep their text on the original outbox row.
  const original = yield* outbox.get(log.outboxId).pipe(Effect.option)
  const policy = yield* (yield* RetryPolicyRepo).get(log.channel)
  return yield* outbox.enqueue({
    channel: log.channel,
    recipient: log.recipient,
    userId: log.userId,
    templateKey: log.templateKey,
    variables: log.variables,
    subject: log.templateKey === null && original._tag === "Some" ? original.value.subject : null,
    body: log.templateKey === null && original._tag === "Some" ? original.value.body : null,
    category: log.category,
    step: log.step,
    producer: `log.resend:${log.id}`,
    resendOf: log.id,
    maxAttempts: policy.maxAttempts
  })
})
