/**
 * The four delivery channels of the platform (email, SMS, push, chat-app), each a port with a
 * provider behind it. A provider that is not configured fails with `ProviderNotConfigured`, which
 * operations answer as 503; a provider that refuses or breaks fails with `DeliveryFailed`.
 */
import { DomainError } from "@podium/kernel"
import { Context, type Effect, Schema } from "effect"

/** The channels are declared with the records that name them, in the kernel. */
export { NotificationChannels as Channels, type NotificationChannel as Channel } from "@podium/kernel"
import { NotificationChannels as Channels } from "@podium/kernel"

/** The provider's receipt for one accepted message. */
export interface Delivery {
  readonly provider: string
  readonly providerMessageId: string
}

/** No provider is configured for the channel (answered 503 by operations that need it). */
export class ProviderNotConfigured extends DomainError<ProviderNotConfigured>()("ProviderNotConfigured", { kind: "unavailable", code: "PROVIDER_NOT_CONFIGURED" }, {
  channel: Schema.Literal(...Channels),
  message: Schema.String
}) {}

/** The provider refused or failed; `retryable` says whether another attempt may succeed. */
export class DeliveryFailed extends DomainError<DeliveryFailed>()("DeliveryFailed", { kind: "unavailable", code: "PROVIDER_FAILED" }, {
  channel: Schema.Literal(...Channels),
  provider: Schema.String,
  message: Schema.String,
  retryable: Schema.Boolean
}) {}

export type SendError = ProviderNotConfigured | DeliveryFailed

export interface SmsMessage {
  /** E.164 phone number. */
  readonly to: string
  readonly body: string
  /** Passed to the provider so a retried send is not delivered twice. */
  readonly idempotencyKey: string
  /** Template or purpose name, for logs and inspection (e.g. `auth.otp`). */
  readonly template?: string
}

export interface EmailMessage {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html?: string
  readonly idempotencyKey: string
  readonly template?: string
}

export interface PushMessage {
  /** Device token. */
  readonly to: string
  readonly title: string
  readonly body: string
  readonly data?: Readonly<Record<string, string>>
  readonly idempotencyKey: string
  readonly template?: string
}

export interface ChatMessage {
  /** Phone number or chat-app recipient id. */
  readonly to: string
  readonly body: string
  readonly idempotencyKey: string
  readonly template?: string
}

export interface Sender<M> {
  /** Provider name shown in logs and health (`local`, `http`, …). */
  readonly provider: string
  /** Whether a provider is configured; `send` fails with ProviderNotConfigured when false. */
  readonly configured: boolean
  readonly send: (message: M) => Effect.Effect<Delivery, SendError>
  /**
   * The provider's own template store, when the provider has one and it is configured (SendGrid
   * dynamic templates, Twilio Content, WhatsApp message templates, the local recorder's registry);
   * absent otherwise, and operations that need it answer 503.
   */
  readonly templates?: ProviderTemplateStore
}

/** Review state of a template at the provider (WhatsApp reviews; the others are ACTIVE at once). */
export type ProviderTemplateStatus = "ACTIVE" | "APPROVED" | "PENDING" | "REJECTED"

/** A template as the provider stores it. */
export interface ProviderTemplate {
  /** The provider's id (SendGrid template id, Twilio Content SID, WhatsApp template name). */
  readonly providerTemplateId: string
  readonly name: string
  readonly language: string | null
  readonly status: ProviderTemplateStatus
  readonly subject: string | null
  readonly body: string
}

export interface NewProviderTemplate {
  readonly name: string
  readonly language: string
  readonly subject: string | null
  readonly body: string
  /** Our variable names in order (providers with positional parameters number them). */
  readonly variables: ReadonlyArray<string>
}

/** A provider's template store. */
export interface ProviderTemplateStore {
  readonly create: (template: NewProviderTemplate) => Effect.Effect<ProviderTemplate, SendError>
  /** Every template the provider holds for us. */
  readonly list: Effect.Effect<ReadonlyArray<ProviderTemplate>, SendError>
}

/** Sends SMS through the configured SMS provider. */
export class SmsSender extends Context.Tag("@podium/core/notifications/SmsSender")<SmsSender, Sender<SmsMessage>>() {}
/** Sends email through the configured email provider. */
export class EmailSender extends Context.Tag("@podium/core/notifications/EmailSender")<EmailSender, Sender<EmailMessage>>() {}
/** Sends push notifications through the configured push provider. */
export class PushSender extends Context.Tag("@podium/core/notifications/PushSender")<PushSender, Sender<PushMessage>>() {}
/** Sends chat-app messages through the configured chat-app provider. */
export class ChatSender extends Context.Tag("@podium/core/notifications/ChatSender")<ChatSender, Sender<ChatMessage>>() {}
