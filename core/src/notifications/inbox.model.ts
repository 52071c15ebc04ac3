/**
 * In-app notifications (the athlete inbox of C "Athlete / Notifications") and the device tokens that
 * make a user a PUSH recipient. An inbox record is written by a producer (the admin "send to all",
 * later other use cases); `seenAt` is set once by its owner ("mark seen").
 */
import { type DateTime, Schema } from "effect"

export interface InboxNotification {
  readonly id: string
  readonly userId: string
  readonly title: string
  readonly body: string
  /** Preference category (`challenges`, `events`, `activity`, …); null: transactional. */
  readonly category: string | null
  readonly seenAt: DateTime.Utc | null
  readonly createdAt: DateTime.Utc
}

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
export interface DeviceToken {
  readonly userId: string
  readonly token: string
  readonly platform: string | null
  readonly active: boolean
  readonly createdAt: DateTime.Utc
  readonly deactivatedAt: DateTime.Utc | null
}

/** The inbox record does not exist or belongs to someone else (both answer 404). */
export class InboxNotificationNotFound extends Schema.TaggedError<InboxNotificationNotFound>()("InboxNotificationNotFound", {
  id: Schema.String
}) {}
