/**
 * SMS over the Twilio Programmable Messaging API
 * (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP Basic `AccountSid:AuthToken`,
 * form-encoded `To`, `From`, `Body`; 201 with the message `sid` in JSON). The outbox row id travels
 * as `Idempotency-Key`.
 */
import { Notifications } from "@podium/core"
import { Effect } from "effect"
import { type HttpProviderOptions, joinUrl, postToProvider } from "./http-delivery.js"
import { twilioContentTemplates } from "./provider-templates.http.js"

export interface SmsHttpOptions extends HttpProviderOptions {
  readonly accountSid: string
  readonly authToken: string
  /** Sender number (E.164) or messaging service id (`MG…`). */
  readonly from: string
  /** Twilio Content API base for templates; default content.twilio.com for api.twilio.com, else `baseUrl`. */
  readonly contentBaseUrl?: string
}

export const SmsProviderName = "twilio-2010-04-01"

/** An SmsSender speaking the Twilio Messages protocol. */
export const makeSmsSenderHttp = (options: SmsHttpOptions): Notifications.Sender<Notifications.SmsMessage> => ({
  provider: SmsProviderName,
  configured: true,
  templates: twilioContentTemplates({
    ...options,
    baseUrl: options.contentBaseUrl ?? (options.baseUrl.includes("api.twilio.com") ? "https://content.twilio.com" : options.baseUrl),
    provider: SmsProviderName
  }),
  send: (message) => {
    const form = new URLSearchParams({ To: message.to, Body: message.body })
    form.set(options.from.startsWith("MG") ? "MessagingServiceSid" : "From", options.from)
    return postToProvider({
      channel: "SMS",
      provider: SmsProviderName,
      url: joinUrl(options.baseUrl, `/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`),
      timeoutMs: options.timeoutMs ?? 10_000,
      headers: {
        authorization: `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        "idempotency-key": message.idempotencyKey
      },
      body: form.toString()
    }).pipe(
      Effect.map((r) => {
        const sid = (r.json as { sid?: unknown } | null)?.sid
        return { provider: SmsProviderName, providerMessageId: typeof sid === "string" ? sid : message.idempotencyKey }
      })
    )
  }
})
