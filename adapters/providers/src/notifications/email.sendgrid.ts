/**
 * Email over the SendGrid v3 Mail Send API (`POST /v3/mail/send`, `Authorization: Bearer <key>`,
 * JSON personalizations/from/subject/content; 202 Accepted with the message id in `X-Message-Id`).
 * The outbox row id travels as `Idempotency-Key` and as the `idempotency_key` custom arg.
 */
import { Notifications } from "@podium/core"
import { Effect } from "effect"
import { headerValue, type HttpProviderOptions, joinUrl, postToProvider } from "./http-delivery.js"
import { sendgridTemplates } from "./provider-templates.http.js"

export interface EmailHttpOptions extends HttpProviderOptions {
  readonly apiKey: string
  /** Sender address (`no-reply@podium.example`). */
  readonly from: string
}

export const EmailProviderName = "sendgrid-v3"

/** An EmailSender speaking the SendGrid v3 protocol. */
export const makeEmailSenderHttp = (options: EmailHttpOptions): Notifications.Sender<Notifications.EmailMessage> => ({
  provider: EmailProviderName,
  configured: true,
  templates: sendgridTemplates({ ...options, provider: EmailProviderName }),
  send: (message) =>
    postToProvider({
      channel: "EMAIL",
      provider: EmailProviderName,
      url: joinUrl(options.baseUrl, "/v3/mail/send"),
      timeoutMs: options.timeoutMs ?? 10_000,
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        "content-type": "application/json",
        "idempotency-key": message.idempotencyKey
      },
      body: JSON.stringify({
        personalizations: [{ to: [{ email: message.to }] }],
        from: { email: options.from },
        subject: message.subject,
        content: [
          { type: "text/plain", value: message.text },
          ...(message.html === undefined ? [] : [{ type: "text/html", value: message.html }])
        ],
        custom_args: { idempotency_key: message.idempotencyKey, ...(message.template === undefined ? {} : { template: message.template }) }
      })
    }).pipe(
      Effect.map((r) => ({
        provider: EmailProviderName,
        providerMessageId: headerValue(r.headers, "x-message-id") ?? message.idempotencyKey
      }))
    )
})
