/**
 * Notification providers. Each channel is configured when its URL and credentials are
 * all set; a partial configuration fails at start naming the missing variable.
 */
import { Config, type ConfigError, Effect, Option, Redacted } from "effect"
import { channelSettings } from "./variables.js"

/** One HTTP provider per channel; None when its variables are unset. */
export interface NotificationProviderSettings {
  /** SendGrid v3 style: EMAIL_PROVIDER_URL, EMAIL_PROVIDER_KEY, EMAIL_FROM. */
  readonly email: Option.Option<{ readonly url: string; readonly apiKey: Redacted.Redacted<string>; readonly from: string }>
  /** Twilio style: SMS_PROVIDER_URL, SMS_PROVIDER_ACCOUNT, SMS_PROVIDER_TOKEN, SMS_FROM. */
  readonly sms: Option.Option<{
    readonly url: string
    readonly account: string
    readonly token: Redacted.Redacted<string>
    readonly from: string
  }>
  /** FCM HTTP v1 style: PUSH_PROVIDER_URL, PUSH_PROVIDER_KEY, PUSH_PROJECT_ID. */
  readonly push: Option.Option<{ readonly url: string; readonly key: Redacted.Redacted<string>; readonly projectId: string }>
  /** WhatsApp Cloud style: CHAT_PROVIDER_URL, CHAT_PROVIDER_TOKEN, CHAT_PHONE_NUMBER_ID (CHAT_API_VERSION, default v21.0). */
  readonly chat: Option.Option<{
    readonly url: string
    readonly token: Redacted.Redacted<string>
    readonly phoneNumberId: string
    readonly apiVersion: string
    /** CHAT_BUSINESS_ACCOUNT_ID: the WhatsApp Business Account whose message templates the template operations manage. */
    readonly businessAccountId?: string
  }>
  /** NOTIFICATION_WEBHOOK_SECRET: HMAC key of inbound delivery-receipt webhooks; unset = those webhooks answer 503. */
  readonly webhookSecret: Option.Option<Redacted.Redacted<string>>
}

/** The notification provider variables. */
export const loadNotificationProviderSettings: Effect.Effect<NotificationProviderSettings, ConfigError.ConfigError> = Effect.gen(function*() {
  const email = yield* channelSettings({ url: "EMAIL_PROVIDER_URL", apiKey: "EMAIL_PROVIDER_KEY", from: "EMAIL_FROM" }, "url")
  const sms = yield* channelSettings(
    { url: "SMS_PROVIDER_URL", account: "SMS_PROVIDER_ACCOUNT", token: "SMS_PROVIDER_TOKEN", from: "SMS_FROM" },
    "url"
  )
  const push = yield* channelSettings({ url: "PUSH_PROVIDER_URL", key: "PUSH_PROVIDER_KEY", projectId: "PUSH_PROJECT_ID" }, "url")
  const chat = yield* channelSettings(
    { url: "CHAT_PROVIDER_URL", token: "CHAT_PROVIDER_TOKEN", phoneNumberId: "CHAT_PHONE_NUMBER_ID" },
    "url"
  )
  const apiVersion = yield* Config.string("CHAT_API_VERSION").pipe(Config.withDefault("v21.0"))
  const chatBusinessAccount = yield* Config.option(Config.nonEmptyString("CHAT_BUSINESS_ACCOUNT_ID"))
  const webhookSecret = yield* Config.option(Config.redacted("NOTIFICATION_WEBHOOK_SECRET")).pipe(
    Effect.map(Option.filter((v) => Redacted.value(v).trim().length > 0))
  )
  return {
    email: Option.map(email, (e) => ({ url: e.url, apiKey: Redacted.make(e.apiKey), from: e.from })),
    sms: Option.map(sms, (s) => ({ url: s.url, account: s.account, token: Redacted.make(s.token), from: s.from })),
    push: Option.map(push, (p) => ({ url: p.url, key: Redacted.make(p.key), projectId: p.projectId })),
    chat: Option.map(chat, (c) => ({
      url: c.url,
      token: Redacted.make(c.token),
      phoneNumberId: c.phoneNumberId,
      apiVersion,
      ...(Option.isSome(chatBusinessAccount) ? { businessAccountId: chatBusinessAccount.value } : {})
    })),
    webhookSecret
  }
})
