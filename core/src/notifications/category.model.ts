/**
 * Notification categories (B "Notifications / Categories"): admin-managed groups of messages
 * (`challenges`, `events`, `activity`…) that preferences switch on and off and templates name.
 * Key unique; audience says whose messages they are; userControllable says whether a user may
 * switch it off (transactional categories may not). A plain collection on the generic CRUD piece.
 */
import { Context, } from "effect"
import type { CrudRepo, CrudResource } from "../platform/crud.port.js"
import { NotificationCategory, type CategoryAudience } from "@podium/kernel"
/** Records shared with the contracts are declared in the kernel. */
export { CategoryAudiences, NotificationCategory, type CategoryAudience } from "@podium/kernel"

export interface NewNotificationCategory {
  readonly key: string
  readonly name: string
  readonly description?: string
  readonly audience?: CategoryAudience
  readonly userControllable?: boolean
  readonly enabled?: boolean
}

export type NotificationCategoryPatch = Partial<Omit<NewNotificationCategory, "key">>

export const NotificationCategoryResource: CrudResource = {
  name: "notification category",
  maxBulk: 100,
  alwaysSelected: ["id"],
  list: {
    fields: {
      id: "uuid",
      key: "string",
      name: "string",
      description: "string",
      audience: "string",
      userControllable: "boolean",
      enabled: "boolean",
      createdAt: "date",
      updatedAt: "date"
    },
    defaultSort: [{ field: "key", order: "ASC" }],
    searchable: ["key", "name"]
  }
}

export class NotificationCategoryRepo extends Context.Tag("@podium/core/notifications/NotificationCategoryRepo")<
  NotificationCategoryRepo,
  CrudRepo<NotificationCategory, NewNotificationCategory, NotificationCategoryPatch>
>() {}
