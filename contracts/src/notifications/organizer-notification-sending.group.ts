/**
 * Organizer sending (C "Organizer notifications"). Recipients are athlete user ids; the audience
 * preview counts them after the unsubscribe (marketing preference switched off), channel-preference
 * and address filters. Send renders a template visible to organizers (with its variables) for every
 * eligible recipient and, in ONE transaction, writes the batch, debits the wallet price × recipients
 * (409 INSUFFICIENT_BALANCE when short) and queues the outbox rows (not before `scheduledAt` when
 * given: the batch is SCHEDULED). Hourly and daily recipient quotas (fixed UTC windows) answer 429
 * QUOTA_EXCEEDED. The organizer is chosen by `x-organizer-id` or the caller.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, IntFromText, NotificationBatch, Optional, Query, says, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { op, OrganizerManagers, OrganizerReaders } from "../common/index.js"
import { IsoInstant, PublicChannel, PublicChannels } from "./notifications.dto.js"

const UserIds = Schema.Array(UuidStr).pipe(
  Schema.filter((a) => a.length >= 1 && a.length <= 5000),
  Schema.annotations(says("must be a list of 1 to 5000 user ids"))
)
const Variables = Schema.Record({ key: Schema.String, value: Schema.String }).annotations(says("must be an object of string values"))

export const AudiencePreviewBody = Body({ channel: PublicChannel, userIds: UserIds })
export const AudienceCountsView = Schema.Struct({
  requested: Schema.Int,
  unknown: Schema.Int.annotations({ description: "Ids that are no athlete" }),
  unsubscribed: Schema.Int.annotations({ description: "Marketing notifications switched off" }),
  channelDisabled: Schema.Int,
  noAddress: Schema.Int.annotations({ description: "No phone, e-mail or active device token for the channel" }),
  eligible: Schema.Int
}).annotations({ identifier: "AudienceCounts" })

export const OrganizerSendBody = Body({
  channel: PublicChannel,
  templateId: StrLength(1, 100),
  userIds: UserIds,
  variables: Optional(Variables),
  scheduledAt: Optional(IsoInstant)
})

export const NotificationBatchView = Schema.Struct({ ...NotificationBatch.fields, channel: Schema.Literal(...PublicChannels) }).annotations({ identifier: "NotificationBatch" })

const Window = Schema.Struct({ limit: Schema.Int, used: Schema.Int, remaining: Schema.Int, resetsAt: Schema.Date })
export const QuotaView = Schema.Struct({ hourly: Window, daily: Window }).annotations({ identifier: "NotificationQuota" })

export class OrganizerNotificationSendingGroup extends HttpApiGroup.make("organizerNotificationSending")
  .add(op.post("previewOrganizerAudience", "/v2/organizer/notifications/audience/preview", { body: AudiencePreviewBody, ok: AudienceCountsView, status: 201, summary: "Count the recipients left after unsubscribe and marketing-preference filters (count only)" }).middleware(OrganizerReaders))
  .add(op.post("sendOrganizerNotification", "/v2/organizer/notifications/send", { body: OrganizerSendBody, ok: NotificationBatchView, status: 201, summary: "Send a template to athletes: debits the wallet at the template's price; 409 INSUFFICIENT_BALANCE, 429 QUOTA_EXCEEDED" }).middleware(OrganizerManagers))
  .add(op.get("organizerNotificationQuota", "/v2/organizer/notifications/quota", { ok: QuotaView, summary: "Hourly and daily recipient usage with their reset timestamps" }).middleware(OrganizerReaders))
  .add(op.get("listOrganizerNotificationBatches", "/v2/organizer/notifications/batches", { query: Query({ page: Optional(IntFromText(1, 1_000_000)), limit: Optional(IntFromText(1, 100)) }), ok: Schema.Struct({
        items: Schema.Array(NotificationBatchView),
        total: Schema.Int,
        page: Schema.Int,
        limit: Schema.Int,
        hasMore: Schema.Boolean
      }), summary: "The organizer's send batches, newest first" }).middleware(OrganizerReaders))
  .add(op.get("getOrganizerNotificationBatch", "/v2/organizer/notifications/batches/:id", { path: Schema.Struct({ id: Schema.String }), ok: NotificationBatchView, summary: "One of the organizer's batches" }).middleware(OrganizerReaders))
  .add(op.post("cancelOrganizerNotificationBatch", "/v2/organizer/notifications/batches/:id/cancel", { path: Schema.Struct({ id: Schema.String }), ok: NotificationBatchView, status: 201, summary: "Cancel a SCHEDULED batch before its time (409 BATCH_NOT_CANCELLABLE otherwise); refunds its unsent messages" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Organizer notifications")
  .annotate(OpenApi.Description, "Audience preview, paid sends, batches and quota")
{}
