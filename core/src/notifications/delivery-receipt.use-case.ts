import { Effect } from "effect"
import type { Channel } from "./channels.port.js"
import type { DeliveryReceipt } from "./notification-log.model.js"
import { NotificationLogRepo } from "./outbox.port.js"

/**
 * Applies the delivery receipts of one verified webhook call to the log rows of `channels`
 * (found by provider message id). Receipts for unknown ids are counted but change nothing; a
 * replayed call changes nothing either (receipts only move a row forward).
 */
export const applyDeliveryReceipts = Effect.fn("notifications.receipts.apply")(function*(
  receipts: ReadonlyArray<DeliveryReceipt>,
  channels: ReadonlyArray<Channel>
) {
  const logs = yield* NotificationLogRepo
  let updated = 0
  for (const receipt of receipts) updated += yield* logs.applyReceipt(receipt, channels)
  return { received: receipts.length, updated }
})
