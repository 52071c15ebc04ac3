/**
 * In-app notifications (the athlete inbox of C "Athlete / Notifications") and the device tokens that
 * make a user a PUSH recipient. An inbox record is written by a producer (the admin "send to all",
 * later other use cases); `seenAt` is set once by its owner ("mark seen").
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

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

/** A push device token of a user; only one is active per user (enable deactivates the prior ones). */
export const DeviceToken = Schema.Struct({
  userId: Schema.String,
  token: Schema.String,
  platform: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  createdAt: Schema.DateTimeUtcFromDate,
  deactivatedAt: Schema.NullOr(Schema.DateTimeUtcFromDate)
})
export interface DeviceToken extends Schema.Schema.Type<typeof DeviceToken> {}

/** The inbox record does not exist or belongs to someone else (both answer 404). */
export class InboxNotificationNotFound extends DomainError<InboxNotificationNotFound>()("InboxNotificationNotFound", { kind: "not-found" }, {
  id: Schema.String
}) {
  override get message() {
    return `No notification ${this.id}`
  }
}
