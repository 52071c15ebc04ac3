/**
 * Organizer promotions (C "Organizer notifications"): GET /templates (channel templates visible to
 * organizers, with an active version, at their price), GET /promotion-templates (enabled promotion
 * templates), POST /upload-recipients (a CSV of userId / phone / email columns, validated row by
 * row; answers the stored recipient list and its report), POST /promotion-send (a promotion to
 * `userIds` or a `recipientListId`, debiting the notification wallet at the promotion template's
 * price × eligible recipients; 409 INSUFFICIENT_BALANCE when short, 429 QUOTA_EXCEEDED). The
 * organizer is chosen by `x-organizer-id` or the caller.
 */
import { HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import { Body, Form, Optional, Query, says, StrLength, UuidStr } from "@podium/kernel"
import { Option, Schema } from "effect"
import { op, OrganizerManagers, OrganizerReaders } from "../common/index.js"
import { IsoInstant, PublicChannel, PublicChannels } from "./notifications.dto.js"
import { AudienceCountsView, NotificationBatchView } from "./organizer-notification-sending.group.js"

const UserIds = Schema.Array(UuidStr).pipe(
  Schema.filter((a) => a.length >= 1 && a.length <= 5000),
  Schema.annotations(says("must be a list of 1 to 5000 user ids"))
)
const Variables = Schema.Record({ key: Schema.String, value: Schema.String }).annotations(says("must be an object of string values"))

/** Who receives a promotion: athlete ids or an uploaded recipient list (exactly one). */
export const PromotionRecipientsFields = {
  promotionTemplateId: UuidStr,
  userIds: Optional(UserIds),
  recipientListId: Optional(UuidStr),
  variables: Optional(Variables)
}

export const PromotionSendBody = Body({ ...PromotionRecipientsFields, scheduledAt: Optional(IsoInstant) })
export const PromotionEstimateBody = Body(PromotionRecipientsFields)

export const OrganizerPromotionTemplateView = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  channel: Schema.Literal(...PublicChannels),
  templateKey: Schema.String,
  priceMinor: Schema.Int,
  currency: Schema.String,
  subject: Schema.NullOr(Schema.String),
  body: Schema.String,
  variables: Schema.Array(Schema.String)
}).annotations({ identifier: "OrganizerPromotionTemplate" })

export const OrganizerTemplateView = Schema.Struct({
  id: Schema.String,
  channel: Schema.Literal(...PublicChannels),
  key: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  category: Schema.NullOr(Schema.String),
  priceMinor: Schema.Int,
  currency: Schema.String,
  activeVersion: Schema.Int,
  subject: Schema.NullOr(Schema.String),
  body: Schema.String,
  variables: Schema.Array(Schema.String)
}).annotations({ identifier: "OrganizerNotificationTemplate" })

export const PromotionSendView = Schema.Struct({
  batch: NotificationBatchView,
  promotionTemplateId: Schema.String,
  currency: Schema.String
}).annotations({ identifier: "PromotionSend" })

export const PromotionEstimateView = Schema.Struct({
  promotionTemplateId: Schema.String,
  channel: Schema.Literal(...PublicChannels),
  audience: AudienceCountsView,
  unitPrice: Schema.Int,
  currency: Schema.String,
  cost: Schema.Int,
  balance: Schema.Number,
  sufficientBalance: Schema.Boolean,
  withinQuota: Schema.Boolean,
  missingVariables: Schema.Array(Schema.String).annotations({ description: "Template variables the given variables lack (empty when none were given)" })
}).annotations({ identifier: "PromotionEstimate" })

const RowReport = Schema.Struct({
  row: Schema.Int,
  status: Schema.Literal("INVALID", "UNKNOWN", "DUPLICATE", "ACCEPTED"),
  userId: Schema.NullOr(Schema.String),
  errors: Schema.Array(Schema.String)
})
export const RecipientListView = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  recipients: Schema.Int,
  report: Schema.Struct({
    totalRows: Schema.Int,
    accepted: Schema.Int,
    invalid: Schema.Int,
    unknown: Schema.Int,
    duplicates: Schema.Int,
    rejected: Schema.Array(RowReport)
  }),
  createdAt: Schema.Date
}).annotations({ identifier: "NotificationRecipientList" })

export const UploadRecipientsForm = HttpApiSchema.Multipart(
  Form({
    file: Multipart.SingleFileSchema.annotations(says("must be a single CSV file")),
    name: Optional(StrLength(1, 200))
  }),
  { maxFileSize: Option.some(1_000_000), maxParts: Option.some(5), maxFieldSize: 16 * 1024 }
)

export const OrganizerTemplatesParams = Query({ channel: Optional(PublicChannel) })

export class OrganizerPromotionsGroup extends HttpApiGroup.make("organizerPromotions")
  .add(op.get("organizerNotificationTemplates", "/v2/organizer/notifications/templates", { query: OrganizerTemplatesParams, ok: Schema.Array(OrganizerTemplateView), summary: "Channel templates organizers may send (visibility ORGANIZERS, active version) with their price" }).middleware(OrganizerReaders))
  .add(op.get("organizerPromotionTemplates", "/v2/organizer/notifications/promotion-templates", { ok: Schema.Array(OrganizerPromotionTemplateView), summary: "Enabled promotion templates with their content, variables and price per recipient" }).middleware(OrganizerReaders))
  .add(op.post("uploadNotificationRecipients", "/v2/organizer/notifications/upload-recipients", { body: UploadRecipientsForm, ok: RecipientListView, status: 201, summary: "Upload a CSV (userId, phone or email columns): validated row by row; answers the recipient list and its report" }).middleware(OrganizerManagers))
  .add(op.post("sendPromotion", "/v2/organizer/notifications/promotion-send", { body: PromotionSendBody, ok: PromotionSendView, status: 201, summary: "Send a promotion: debits the wallet at the promotion's price; 409 INSUFFICIENT_BALANCE, 429 QUOTA_EXCEEDED" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Organizer notifications / Promotions")
  .annotate(OpenApi.Description, "Templates, promotion templates, recipient uploads and paid promotions")
{}
