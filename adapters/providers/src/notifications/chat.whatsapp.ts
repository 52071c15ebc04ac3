/**
 * Chat-app messages over the WhatsApp Cloud API (`POST /{version}/{phoneNumberId}/messages`,
 * `Authorization: Bearer <token>`, JSON `{messaging_product: "whatsapp", to, type: "text", text}`;
 * 200 with `messages[0].id`). The row id travels as `Idempotency-Key` and as
 * `biz_opaque_callback_data`, which WhatsApp echoes in its status webhooks.
 */
import { Notifications } from "@podium/core"
import { Effect } from "effect"
import { type HttpProviderOptions, joinUrl, postToProvider } from "./http-delivery.js"
import { whatsappTemplates } from "./provider-templates.http.js"

export interface ChatHttpOptions extends HttpProviderOptions {
  readonly accessToken: string
  readonly phoneNumberId: string
  /** Graph API version; default `v21.0`. */
  readonly apiVersion?: string
  /** WhatsApp Business Account id: enables the message-template store (create, list); absent → no template store. */
  readonly businessAccountId?: string
}

export const ChatProviderName = "whatsapp-cloud"

/** A ChatSender speaking the WhatsApp Cloud API. */
export const makeChatSenderHttp = (options: ChatHttpOptions): Notifications.Sender<Notifications.ChatMessage> => ({
  provider: ChatProviderName,
  configured: true,
  ...(options.businessAccountId === undefined
    ? {}
    : { templates: whatsappTemplates({ ...options, businessAccountId: options.businessAccountId, provider: ChatProviderName }) }),
  send: (message) =>
    postToProvider({
      channel: "CHAT",
      provider: ChatProviderName,
      url: joinUrl(options.baseUrl, `/${options.apiVersion ?? "v21.0"}/${encodeURIComponent(options.phoneNumberId)}/messages`),
      timeoutMs: options.timeoutMs ?? 10_000,
      headers: {
        authorization: `Bearer ${options.accessToken}`,
        "content-type": "application/json",
        "idempotency-key": message.idempotencyKey
      },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: message.to.replace(/^\+/, ""),
        type: "text",
        text: { preview_url: false, body: message.body },
        biz_opaque_callback_data: message.idempotencyKey
      })
    }).pipe(
      Effect.map((r) => {
        const id = (r.json as { messages?: ReadonlyArray<{ id?: unknown }> } | null)?.messages?.[0]?.id
        return { provider: ChatProviderName, providerMessageId: typeof id === "string" ? id : message.idempotencyKey }
      })
    )
})
