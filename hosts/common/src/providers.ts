/**
 * Chooses each notification channel's provider from configuration:
 *   - its HTTP adapter when the channel's variables are set (EMAIL_/SMS_/PUSH_/CHAT_PROVIDER_*);
 *   - otherwise, in development and test, the local recording sender (nothing leaves the process;
 *     `RecordedDeliveries` shows what would have been sent);
 *   - otherwise, in production, a sender with `configured: false` whose sends fail
 *     ProviderNotConfigured (operations that need the channel answer 503; the outbox keeps the
 *     rows FAILED on the policy's backoff until a provider is configured or they go DEAD).
 */
import { Notifications } from "@podium/core"
import { makeRecordingSenders, RecordedDeliveries } from "@podium/core/testing"
import {
  makeChatSenderHttp,
  makeEmailSenderHttp,
  makePushSenderHttp,
  makeSmsSenderHttp,
  makeUnconfiguredSender
} from "@podium/providers"
import { Context, Effect, Layer, Option, Redacted } from "effect"
import { AppConfig, type AppConfigShape, loadNotificationProviderSettings, type NotificationProviderSettings } from "./config.js"
import type { HealthProbe } from "./health.js"

/** The four channel senders. */
export type ChannelSenders =
  | Notifications.SmsSender
  | Notifications.EmailSender
  | Notifications.PushSender
  | Notifications.ChatSender

/** Which provider serves a channel. */
export interface ChannelProviderInfo {
  readonly channel: Notifications.Channel
  /** `http`: a real provider; `local`: the recording sender; `none`: not configured (production). */
  readonly kind: "http" | "local" | "none"
  readonly provider: string
  readonly configured: boolean
  /** Printable, no credentials: `sendgrid-v3 at https://api.sendgrid.com`. */
  readonly description: string
}

/** The provider choice of every channel, for health, the start-up summary and pipeline readiness. */
export class NotificationProviders extends Context.Tag("@podium/host-common/NotificationProviders")<
  NotificationProviders,
  ReadonlyArray<ChannelProviderInfo>
>() {}

const originOf = (url: string) => {
  try {
    return new URL(url).origin
  } catch {
    return "(invalid url)"
  }
}

/** The senders, the recorder and the provider choice for a configuration. */
export const notificationSendersFrom = (
  config: Pick<AppConfigShape, "appEnv"> & { readonly notificationProviders?: NotificationProviderSettings | undefined },
  settings: NotificationProviderSettings
): Layer.Layer<ChannelSenders | RecordedDeliveries | NotificationProviders> =>
  Layer.effectContext(Effect.sync(() => {
    const local = makeRecordingSenders()
    const production = config.appEnv === "production"
    const infos: Array<ChannelProviderInfo> = []
    const pick = <M>(
      channel: Notifications.Channel,
      http: Option.Option<{ readonly sender: Notifications.Sender<M>; readonly url: string }>,
      localSender: Notifications.Sender<M>,
      variables: string
    ): Notifications.Sender<M> => {
      if (Option.isSome(http)) {
        const { sender, url } = http.value
        infos.push({ channel, kind: "http", provider: sender.provider, configured: true, description: `${sender.provider} at ${originOf(url)}` })
        return sender
      }
      if (!production) {
        infos.push({ channel, kind: "local", provider: "local", configured: true, description: "local recorder (nothing is sent)" })
        return localSender
      }
      infos.push({ channel, kind: "none", provider: "none", configured: false, description: `not configured (${variables})` })
      return makeUnconfiguredSender<M>(channel, variables)
    }
    const email = pick(
      "EMAIL",
      Option.map(settings.email, (e) => ({
        url: e.url,
        sender: makeEmailSenderHttp({ baseUrl: e.url, apiKey: Redacted.value(e.apiKey), from: e.from })
      })),
      local.email,
      "EMAIL_PROVIDER_URL, EMAIL_PROVIDER_KEY, EMAIL_FROM"
    )
    const sms = pick(
      "SMS",
      Option.map(settings.sms, (s) => ({
        url: s.url,
        sender: makeSmsSenderHttp({ baseUrl: s.url, accountSid: s.account, authToken: Redacted.value(s.token), from: s.from })
      })),
      local.sms,
      "SMS_PROVIDER_URL, SMS_PROVIDER_ACCOUNT, SMS_PROVIDER_TOKEN, SMS_FROM"
    )
    const push = pick(
      "PUSH",
      Option.map(settings.push, (p) => ({
        url: p.url,
        sender: makePushSenderHttp({ baseUrl: p.url, accessToken: Redacted.value(p.key), projectId: p.projectId })
      })),
      local.push,
      "PUSH_PROVIDER_URL, PUSH_PROVIDER_KEY, PUSH_PROJECT_ID"
    )
    const chat = pick(
      "CHAT",
      Option.map(settings.chat, (c) => ({
        url: c.url,
        sender: makeChatSenderHttp({
          baseUrl: c.url,
          accessToken: Redacted.value(c.token),
          phoneNumberId: c.phoneNumberId,
          apiVersion: c.apiVersion,
          ...(c.businessAccountId === undefined ? {} : { businessAccountId: c.businessAccountId })
        })
      })),
      local.chat,
      "CHAT_PROVIDER_URL, CHAT_PROVIDER_TOKEN, CHAT_PHONE_NUMBER_ID"
    )
    return Context.make(Notifications.EmailSender, email).pipe(
      Context.add(Notifications.SmsSender, sms),
      Context.add(Notifications.PushSender, push),
      Context.add(Notifications.ChatSender, chat),
      Context.add(RecordedDeliveries, local.recorded),
      Context.add(NotificationProviders, infos)
    )
  }))

/** The senders chosen from `AppConfig` (its notificationProviders, or the environment when the config predates them). */
export const NotificationSendersLive: Layer.Layer<ChannelSenders | RecordedDeliveries | NotificationProviders, never, AppConfig> =
  Layer.unwrapEffect(Effect.gen(function*() {
    const config = yield* AppConfig
    const settings = config.notificationProviders ?? (yield* Effect.orDie(loadNotificationProviderSettings))
    return notificationSendersFrom(config, settings)
  }))

/**
 * One health probe per configured HTTP provider (`notifications.email`, …): it reports the
 * provider and where it points, without calling it (a provider outage must not take the host out
 * of rotation; delivery failures show in the outbox instead). Local or unconfigured channels add
 * no probe, so /health never fails because a provider is not configured.
 */
export const notificationProviderProbes: Effect.Effect<ReadonlyArray<HealthProbe>, never, NotificationProviders> = Effect.map(
  NotificationProviders,
  (infos) =>
    infos
      .filter((i) => i.kind === "http")
      .map((i): HealthProbe => ({
        name: `notifications.${i.channel.toLowerCase()}`,
        check: Effect.succeed({ status: "up", provider: i.provider, configured: true, endpoint: i.description })
      }))
)

/** The `notification providers` line of the start-up summary. */
export const describeNotificationProviders = (infos: ReadonlyArray<ChannelProviderInfo>): string =>
  infos.map((i) => `${i.channel.toLowerCase()}: ${i.description}`).join("; ")

/**
 * The start-up summary's view of the channel providers, decided the same way as
 * `notificationSendersFrom` (HTTP adapter when configured; else the local recorder outside
 * production; else not configured) without building any sender.
 */
export const describeChannelProviders = (
  config: Pick<AppConfigShape, "appEnv"> & { readonly notificationProviders?: NotificationProviderSettings | undefined }
): string => {
  const settings = config.notificationProviders
  const fallback = config.appEnv === "production" ? "not configured" : "local recorder (nothing is sent)"
  const line = (name: string, configured: Option.Option<{ readonly url: string }> | undefined) =>
    `${name}: ${configured !== undefined && Option.isSome(configured) ? `http at ${originOf(configured.value.url)}` : fallback}`
  return [
    line("email", settings?.email),
    line("sms", settings?.sms),
    line("push", settings?.push),
    line("chatapp", settings?.chat)
  ].join("; ")
}
