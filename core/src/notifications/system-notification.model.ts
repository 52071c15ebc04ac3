/**
 * System notifications (B "Notifications / System notifications"): which channel template a
 * platform system event sends (`registration.confirmed` on EMAIL → template
 * `registration-confirmed`). One per event and channel (409); the event must be one the platform
 * raises (`SystemEvents`, listed by GET /events with the channels configured for each) and the
 * template must exist in the channel's catalog (400). Generic CRUD storage; writes go through
 * `checkSystemNotification` first.
 *
 * Decision (spec silent): the event catalog is code, not data — an event nobody raises would be a
 * rule that never fires, so an admin can only bind events the platform actually produces.
 */
import { DomainError, SystemNotification } from "@podium/kernel"
import { Context, Effect, Option, Schema } from "effect"
import type { CrudRepo, CrudResource } from "../platform/crud.port.js"
import { type Channel, } from "./channels.port.js"
import { TemplateCatalogRepo } from "./template-catalog.port.js"
/** Records shared with the contracts are declared in the kernel. */
export { SystemNotification } from "@podium/kernel"

/** The platform events a system notification can be bound to. */
export const SystemEvents = [
  { key: "auth.otp", description: "A one-time sign-in code was requested" },
  { key: "account.created", description: "An athlete account was created" },
  { key: "account.deletion-scheduled", description: "An account erasure was scheduled" },
  { key: "organizer.approved", description: "An organizer was approved by the platform" },
  { key: "organizer.kyc-rejected", description: "An organizer's KYC was rejected" },
  { key: "registration.confirmed", description: "An event registration was confirmed" },
  { key: "registration.cancelled", description: "An event registration was cancelled" },
  { key: "payment.succeeded", description: "A payment succeeded" },
  { key: "payment.refunded", description: "A refund was issued" },
  { key: "challenge.completed", description: "A challenge was completed" },
  { key: "result.published", description: "Results of an event were published" },
  { key: "wallet.topup-completed", description: "An organizer's notification wallet was topped up" }
] as const
export type SystemEventKey = (typeof SystemEvents)[number]["key"]
export const SystemEventKeys: ReadonlyArray<string> = SystemEvents.map((e) => e.key)

export interface NewSystemNotification {
  readonly event: string
  readonly channel: Channel
  readonly templateKey: string
  readonly name: string
  readonly description?: string | null
  readonly enabled?: boolean
}

export type SystemNotificationPatch = Partial<NewSystemNotification>

export const SystemNotificationResource: CrudResource = {
  name: "system notification",
  maxBulk: 100,
  alwaysSelected: ["id"],
  list: {
    fields: {
      id: "uuid",
      event: "string",
      channel: "string",
      templateKey: "string",
      name: "string",
      description: "string",
      enabled: "boolean",
      createdAt: "date",
      updatedAt: "date"
    },
    defaultSort: [{ field: "event", order: "ASC" }, { field: "channel", order: "ASC" }],
    searchable: ["event", "name", "templateKey"]
  }
}

export class SystemNotificationRepo extends Context.Tag("@podium/core/notifications/SystemNotificationRepo")<
  SystemNotificationRepo,
  CrudRepo<SystemNotification, NewSystemNotification, SystemNotificationPatch>
>() {}

/** The event or template a system notification names does not exist (400, every problem listed). */
export class SystemNotificationInvalid extends DomainError<SystemNotificationInvalid>()("SystemNotificationInvalid", { kind: "invalid", code: "SYSTEM_NOTIFICATION_INVALID" }, {
  problems: Schema.Array(Schema.String)
}) {
  override get message() {
    return this.problems.join("; ")
  }
}

/** Checks the event is known and the template exists on the channel. */
export const checkSystemNotification = (input: { readonly event: string; readonly channel: Channel; readonly templateKey: string }) =>
  Effect.gen(function*() {
    const problems: Array<string> = []
    if (!SystemEventKeys.includes(input.event)) problems.push(`event must be one of ${SystemEventKeys.join(", ")}`)
    if (Option.isNone(yield* (yield* TemplateCatalogRepo).findByKey(input.channel, input.templateKey))) {
      problems.push(`templateKey must name a ${input.channel.toLowerCase()} template (no ${input.templateKey})`)
    }
    if (problems.length > 0) return yield* new SystemNotificationInvalid({ problems })
  })

/** The event catalog with the channels configured for each (enabled ones flagged). */
export const systemEventCatalog = (configured: ReadonlyArray<SystemNotification>) =>
  SystemEvents.map((e) => {
    const bound = configured.filter((n) => n.event === e.key)
    return {
      key: e.key,
      description: e.description,
      channels: bound.map((n) => ({ channel: n.channel, templateKey: n.templateKey, enabled: n.enabled, id: n.id }))
    }
  })
