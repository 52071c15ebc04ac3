/**
 * Template records (B "Notifications / Template records"): a named notification with the catalog
 * template key it uses on each channel. GET (generic list query), POST, GET/PUT/DELETE /{id}. Key
 * unique (409 TEMPLATE_RECORD_EXISTS); at least one channel, each named template existing (400).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Optional, says, StrLength, TemplateRecord } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, Requires } from "../common/index.js"
import { crudEndpoints } from "../common/crud.js"

export const TemplateRecordView = TemplateRecord.annotations({ identifier: "NotificationTemplateRecord" })

const RecordKey = Schema.String.pipe(
  Schema.pattern(/^[a-z0-9][a-z0-9._-]{0,119}$/),
  Schema.annotations(says("must be 1 to 120 lowercase letters, digits, dots, dashes or underscores"))
)
const TemplateKey = StrLength(1, 120)

export const TemplateRecordBody = Body({
  key: RecordKey,
  name: StrLength(1, 200),
  description: Optional(StrLength(0, 2000)),
  category: Optional(StrLength(1, 100)),
  emailTemplateKey: Optional(TemplateKey),
  smsTemplateKey: Optional(TemplateKey),
  pushTemplateKey: Optional(TemplateKey),
  chatappTemplateKey: Optional(TemplateKey)
})

const endpoints = crudEndpoints({
  name: "TemplateRecord",
  path: "/v2/admin/notification-template-records",
  item: TemplateRecordView,
  create: TemplateRecordBody,
  update: TemplateRecordBody,
  maxBulk: 100
})

export class TemplateRecordsGroup extends HttpApiGroup.make("notificationTemplateRecords")
  .add(endpoints.getMany.annotate(OpenApi.Summary, "List template records (generic list query)"))
  .add(endpoints.createOne.annotate(OpenApi.Summary, "Create a template record naming a template per channel"))
  .add(endpoints.getOne.annotate(OpenApi.Summary, "One template record"))
  .add(endpoints.replaceOne.annotate(OpenApi.Summary, "Replace a template record (absent channels become unset)"))
  .add(endpoints.deleteOne.annotate(OpenApi.Summary, "Delete a template record"))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("notifications.manage"))
  .annotate(OpenApi.Title, "Notifications / Template records")
  .annotate(OpenApi.Description, "Named notifications with their template per channel (admin, notifications.manage)")
{}
