/**
 * Direct sends and the delivery pipeline's state (B "Notifications / Others"): an operator's send
 * (one outbox row per recipient), provider health and pipeline readiness. Health and readiness
 * report configuration only; they never call a provider.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, EmailAddress, Optional, PhoneNumber, StrLength, says } from "@podium/kernel"
import { Either, Schema } from "effect"
import { Authenticated, op, Requires, Role } from "../common/index.js"
import { PublicChannel, PublicChannels } from "./notifications.dto.js"

/** Recipients per send call. */
export const SendRecipientsMax = 100

const validEmail = Schema.decodeUnknownEither(EmailAddress)
const validPhone = Schema.decodeUnknownEither(PhoneNumber)
const DeviceToken = /^[^\s]{8,4096}$/

/** Why `to` does not suit the channel, per entry (empty when every entry is fine). */
const recipientIssues = (channel: string, to: ReadonlyArray<string>, single: boolean) =>
  to.flatMap((recipient, i) => {
    const path = single ? ["to"] : ["to", i]
    switch (channel) {
      case "email":
        return Either.isLeft(validEmail(recipient)) ? [{ path, message: "must be an email" }] : []
      case "sms":
      case "chatapp":
        return Either.isLeft(validPhone(recipient)) ? [{ path, message: "must be a valid phone number" }] : []
      default:
        return DeviceToken.test(recipient) ? [] : [{ path, message: "must be a device token (8 to 4096 characters, no spaces)" }]
    }
  })

export const SendNotificationBody = Body({
  channel: PublicChannel,
  to: Schema.Union(
    StrLength(1, 4096),
    Schema.Array(StrLength(1, 4096)).pipe(
      Schema.filter((to) => to.length >= 1 && to.length <= SendRecipientsMax),
      Schema.annotations(says(`must contain between 1 and ${SendRecipientsMax} elements`))
    )
  ).annotations({ ...says("must be a recipient or a list of 1 to 100 recipients"), description: "Email address, phone number (sms, chatapp) or device token (push); one or a list" }),
  templateId: Optional(StrLength(1, 100).annotations({ description: "Key of the channel's active template; its variables must all be given" })),
  variables: Optional(Schema.Record({ key: Schema.String, value: Schema.String }).annotations(says("must be an object of text values"))),
  subject: Optional(StrLength(1, 300)),
  text: Optional(StrLength(1, 10_000))
}).pipe(
  Schema.filter((body) => recipientIssues(body.channel, typeof body.to === "string" ? [body.to] : body.to, typeof body.to === "string"))
)

export const SendNotificationResult = Schema.Struct({
  channel: Schema.Literal(...PublicChannels),
  count: Schema.Int,
  ids: Schema.Array(Schema.String).annotations({ description: "The new outbox rows, one per distinct recipient, in request order" })
}).annotations({ identifier: "SendNotificationResult" })

export const ChannelProviderView = Schema.Struct({
  channel: Schema.Literal(...PublicChannels),
  kind: Schema.Literal("http", "local", "none").annotations({
    description: "http: a real provider; local: the development recorder (nothing leaves the process); none: not configured"
  }),
  provider: Schema.String,
  configured: Schema.Boolean,
  description: Schema.String
}).annotations({ identifier: "ChannelProvider" })

export const ProviderHealthView = Schema.Struct({
  status: Schema.Literal("ok", "degraded"),
  checkedAt: Schema.Date,
  providers: Schema.Array(ChannelProviderView),
  webhookSigningConfigured: Schema.Boolean
}).annotations({ identifier: "ProviderHealth" })

export const PipelineReadinessView = Schema.Struct({
  ready: Schema.Boolean,
  channels: Schema.Array(Schema.Struct({
    channel: Schema.Literal(...PublicChannels),
    ready: Schema.Boolean,
    provider: Schema.String,
    kind: Schema.Literal("http", "local", "none"),
    activeTemplates: Schema.Int,
    maxAttempts: Schema.Int,
    issues: Schema.Array(Schema.String)
  })),
  outbox: Schema.Struct({
    pending: Schema.Int,
    processing: Schema.Int,
    failed: Schema.Int,
    dead: Schema.Int,
    oldestPendingAgeMs: Schema.NullOr(Schema.Int)
  }),
  webhookSigningConfigured: Schema.Boolean,
  deliveryWorker: Schema.String.annotations({ description: "Where the outbox is drained: this process (all-in-one) or the worker host" })
}).annotations({ identifier: "PipelineReadiness" })

export class NotificationDeliveryGroup extends HttpApiGroup.make("notificationDelivery")
  .add(op.post("sendNotification", "/v2/admin/notifications/send", { body: SendNotificationBody, ok: SendNotificationResult, status: 201, message: "Notification queued", summary: "Queue a message on one channel for one or more recipients (one outbox row each): a template (templateId + variables, checked now) or literal subject/text" }))
  .add(op.get("providerHealth", "/v2/admin/notifications/provider-health", { ok: ProviderHealthView, summary: "Which provider serves each channel and whether it is configured (providers are not called)" }))
  .add(op.get("pipelineReadiness", "/v2/admin/notifications/pipeline-readiness", { ok: PipelineReadinessView, summary: "Whether every channel can deliver: provider configured, active templates, retry policy, outbox backlog" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("admin"))
  .annotate(OpenApi.Title, "Notifications / Others")
  .annotate(OpenApi.Description, "Operator sends, provider health and pipeline readiness (admin only)")
{}
