/** Handlers of the Notifications / Others group: admin send, provider health, pipeline readiness (admin only). */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal } from "@podium/contracts/common"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import { AppConfig, NotificationProviders } from "@podium/host-common"
import { PhoneNumber } from "@podium/kernel"
import { Effect, Option, type Layer, Schema } from "effect"
import { coreChannel, type NotificationHandlerServices, publicChannel } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

const normalisePhone = Schema.decodeSync(PhoneNumber)

/** The recipient as stored: E.164 phones, lower-case e-mail, device tokens as given. Validated by the contract already. */
const normalise = (channel: Notifications.Channel, to: string) =>
  channel === "EMAIL" ? to.trim().toLowerCase() : channel === "PUSH" ? to : normalisePhone(to)

export const NotificationDeliveryHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationDelivery">, never, NotificationHandlerServices> =
  apiGroup(NotificationsApi, "notificationDelivery", (handlers) =>
    handlers
      .handle("sendNotification", ({ payload }) =>
        Effect.gen(function*() {
          const admin = yield* CurrentPrincipal
          const channel = coreChannel(payload.channel)
          const recipients = [...new Set((typeof payload.to === "string" ? [payload.to] : payload.to).map((to) => normalise(channel, to)))]
          const ids = yield* Notifications.sendAdminNotification({
            channel,
            recipients,
            producer: `admin.send:${admin.accountId}`,
            ...(payload.templateId === undefined ? {} : { templateKey: payload.templateId }),
            ...(payload.variables === undefined ? {} : { variables: payload.variables }),
            ...(payload.subject === undefined ? {} : { subject: payload.subject }),
            ...(payload.text === undefined ? {} : { text: payload.text })
          })
          return { channel: payload.channel, count: ids.length, ids }
        }))
      .handle("providerHealth", () =>
        Effect.gen(function*() {
          const providers = yield* NotificationProviders
          const config = yield* AppConfig
          return {
            status: providers.every((p) => p.configured) ? "ok" as const : "degraded" as const,
            checkedAt: new Date(),
            providers: providers.map((p) => ({ ...p, channel: publicChannel(p.channel) })),
            webhookSigningConfigured: Option.isSome(config.notificationProviders?.webhookSecret ?? Option.none())
          }
        }))
      .handle("pipelineReadiness", () =>
        Effect.gen(function*() {
          const providers = yield* NotificationProviders
          const config = yield* AppConfig
          const policies = yield* (yield* Notifications.RetryPolicyRepo).list
          const templates = yield* (yield* Notifications.TemplateRepo).list()
          const summary = yield* Notifications.outboxSummary()
          const channels = Notifications.Channels.map((channel) => {
            const provider = providers.find((p) => p.channel === channel)
            const activeKeys = new Set(templates.filter((t) => t.channel === channel && t.active).map((t) => t.key))
            const issues = [
              ...(provider?.configured === true ? [] : [`no ${publicChannel(channel)} provider configured${provider === undefined ? "" : ` (${provider.description})`}`]),
              ...(provider?.kind === "local" ? ["local recorder: messages are recorded, not delivered"] : [])
            ]
            return {
              channel: publicChannel(channel),
              ready: provider?.configured === true,
              provider: provider?.provider ?? "none",
              kind: provider?.kind ?? ("none" as const),
              activeTemplates: activeKeys.size,
              maxAttempts: policies.find((p) => p.channel === channel)?.maxAttempts ?? Notifications.DefaultRetryPolicies[channel].maxAttempts,
              issues
            }
          })
          return {
            ready: channels.every((c) => c.ready),
            channels,
            outbox: {
              pending: summary.byStatus.PENDING,
              processing: summary.byStatus.PROCESSING,
              failed: summary.byStatus.FAILED,
              dead: summary.byStatus.DEAD,
              oldestPendingAgeMs: summary.oldestPendingAgeMs
            },
            webhookSigningConfigured: Option.isSome(config.notificationProviders?.webhookSecret ?? Option.none()),
            deliveryWorker: config.allInOne ? "this process (all-in-one)" : "the worker host"
          }
        }))
  )
