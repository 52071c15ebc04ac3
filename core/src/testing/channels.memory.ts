/**
 * Recording senders for every channel: each accepted message is kept for inspection, and a test
 * can make the next sends fail. The development host uses the same recorder as its local provider.
 */
import { Context, Effect, Layer } from "effect"
import {
  type Channel,
  type ChatMessage,
  ChatSender,
  DeliveryFailed,
  type EmailMessage,
  EmailSender,
  type ProviderTemplate,
  type ProviderTemplateStore,
  type PushMessage,
  PushSender,
  type Sender,
  type SmsMessage,
  SmsSender
} from "../notifications/channels.port.js"

export interface RecordedDelivery {
  readonly channel: Channel
  readonly providerMessageId: string
  readonly to: string
  readonly message: unknown
  readonly at: Date
}

/** What a test (or the development inspection route) sees of the recording senders. */
export class RecordedDeliveries extends Context.Tag("@podium/core/testing/RecordedDeliveries")<RecordedDeliveries, {
  readonly all: () => ReadonlyArray<RecordedDelivery>
  readonly to: (recipient: string) => ReadonlyArray<RecordedDelivery>
  readonly clear: () => void
  /** The next `count` sends on `channel` fail (retryable unless told otherwise). */
  readonly failNext: (channel: Channel, count: number, options?: { readonly retryable?: boolean }) => void
  /** Puts a template in the local provider's registry as if made at the provider (sync tests, development). */
  readonly addProviderTemplate: (channel: Channel, template: ProviderTemplate) => void
}>() {}

/** Builds a recorder and its four senders sharing one log. */
export const makeRecordingSenders = () => {
  const log: Array<RecordedDelivery> = []
  const failures = new Map<Channel, { count: number; retryable: boolean }>()
  const seen = new Map<string, string>()
  let counter = 0
  const registries = new Map<Channel, Array<ProviderTemplate>>()
  const failing = (channel: Channel) => {
    const failure = failures.get(channel)
    if (failure === undefined || failure.count <= 0) return undefined
    failure.count--
    return new DeliveryFailed({ channel, provider: "local", message: "local provider told to fail", retryable: failure.retryable })
  }
  /** The local provider's template registry: templates are ACTIVE at once; `failNext` applies too. */
  const templates = (channel: Channel): ProviderTemplateStore => ({
    create: (t) =>
      Effect.suspend(() => {
        const failure = failing(channel)
        if (failure !== undefined) return Effect.fail(failure)
        const list = registries.get(channel) ?? []
        const created: ProviderTemplate = {
          providerTemplateId: `local-template-${channel.toLowerCase()}-${++counter}`,
          name: t.name,
          language: t.language,
          status: "ACTIVE",
          subject: t.subject,
          body: t.body
        }
        registries.set(channel, [...list, created])
        return Effect.succeed(created)
      }),
    list: Effect.suspend(() => {
      const failure = failing(channel)
      return failure !== undefined ? Effect.fail(failure) : Effect.succeed([...(registries.get(channel) ?? [])])
    })
  })
  const sender = <M extends { readonly to: string; readonly idempotencyKey: string }>(channel: Channel): Sender<M> => ({
    provider: "local",
    configured: true,
    ...(channel === "PUSH" ? {} : { templates: templates(channel) }),
    send: (message) =>
      Effect.suspend(() => {
        const failure = failures.get(channel)
        if (failure !== undefined && failure.count > 0) {
          failure.count--
          return Effect.fail(
            new DeliveryFailed({ channel, provider: "local", message: "local provider told to fail", retryable: failure.retryable })
          )
        }
        // Same idempotency key, same receipt: the provider does not deliver twice.
        const key = `${channel}:${message.idempotencyKey}`
        const existing = seen.get(key)
        if (existing !== undefined) return Effect.succeed({ provider: "local", providerMessageId: existing })
        const providerMessageId = `local-${channel.toLowerCase()}-${++counter}`
        seen.set(key, providerMessageId)
        log.push({ channel, providerMessageId, to: message.to, message, at: new Date() })
        return Effect.succeed({ provider: "local", providerMessageId })
      })
  })
  const recorded = RecordedDeliveries.of({
    all: () => [...log],
    to: (recipient) => log.filter((d) => d.to === recipient),
    clear: () => {
      log.length = 0
      seen.clear()
    },
    failNext: (channel, count, options) => failures.set(channel, { count, retryable: options?.retryable ?? true }),
    addProviderTemplate: (channel, template) => registries.set(channel, [...(registries.get(channel) ?? []), template])
  })
  return {
    recorded,
    sms: sender<SmsMessage>("SMS"),
    email: sender<EmailMessage>("EMAIL"),
    push: sender<PushMessage>("PUSH"),
    chat: sender<ChatMessage>("CHAT")
  }
}

/** The four recording senders plus `RecordedDeliveries`, fresh per layer build. */
export const RecordingSendersMemory = Layer.effectContext(
  Effect.sync(() => {
    const s = makeRecordingSenders()
    return Context.make(RecordedDeliveries, s.recorded).pipe(
      Context.add(SmsSender, s.sms),
      Context.add(EmailSender, s.email),
      Context.add(PushSender, s.push),
      Context.add(ChatSender, s.chat)
    )
  })
)
