/**
 * In-app notifications (the athlete inbox of C "Athlete / Notifications") and the device tokens that
 * make a user a PUSH recipient. An inbox record is written by a producer (the admin "send to all",
 * later other use cases); `seenAt` is set once by its owner ("mark seen").
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"
/** Records shared with the contracts are declared in the kernel. */
export { DeviceToken } from "@podium/kernel"

export const InboxNotification = Schema.Struct({
  id: Schema.String,
  userId: Schema.String,
  title: Schema.String,
  body: Schema.String,
  /** Preference category (`challenges`, `events`, `activity`, …); null: transactional. */
  category: Schema.NullOr(Schema.String),
  seenAt: Schema.NullOr(Schema.DateTimeUtcFromDate),
  createdAt: Schema.DateTimeUtcFromDate
})
export interface InboxNotification extends Schema.Schema.Type<typeof InboxNotification> {}

export interface InboxFilter {
  readonly userId?: string
  readonly seen?: boolean
  readonly limit: number
  readonly offset: number
}

export interface InboxPage {
  readonly items: ReadonlyArray<InboxNotification>
  readonly total: number
}

/** The inbox record does not exist or belongs to someone else (both answer 404). */
export class InboxNotificationNotFound extends DomainError<InboxNotificationNotFound>()("InboxNotificationNotFound", { kind: "not-found" }, {
  id: Schema.String
}) {
  override get message() {
    return `No notification ${this.id}`
  }
}
