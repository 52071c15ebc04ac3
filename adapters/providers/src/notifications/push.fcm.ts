/**
 * Push over the Firebase Cloud Messaging HTTP v1 API
 * (`POST /v1/projects/{projectId}/messages:send`, `Authorization: Bearer <access token>`, JSON
 * `{message: {token, notification: {title, body}, data}}`; 200 with `name` = the message id).
 * FCM has no idempotency header of its own: the row id goes as `Idempotency-Key` and in `data`.
 */
import { Notifications } from "@podium/core"
import { Effect } from "effect"
import { type HttpProviderOptions, joinUrl, postToProvider } from "./http-delivery.js"

export interface PushHttpOptions extends HttpProviderOptions {
  /** OAuth access token (or server key of a compatible gateway). */
  readonly accessToken: string
  readonly projectId: string
}

export const PushProviderName = "fcm-v1"

/** A PushSender speaking FCM HTTP v1. */
export const makePushSenderHttp = (options: PushHttpOptions): Notifications.Sender<Notifications.PushMessage> => ({
  provider: PushProviderName,
  configured: true,
  send: (message) =>
    postToProvider({
      channel: "PUSH",
      provider: PushProviderName,
      url: joinUrl(options.baseUrl, `/v1/projects/${encodeURIComponent(options.projectId)}/messages:send`),
      timeoutMs: options.timeoutMs ?? 10_000,
      headers: {
        authorization: `Bearer ${options.accessToken}`,
        "content-type": "application/json",
        "idempotency-key": message.idempotencyKey
      },
      body: JSON.stringify({
        message: {
          token: message.to,
          notification: { title: message.title, body: message.body },
          data: { ...message.data, idempotencyKey: message.idempotencyKey }
        }
      })
    }).pipe(
      Effect.map((r) => {
        const name = (r.json as { name?: unknown } | null)?.name
        return { provider: PushProviderName, providerMessageId: typeof name === "string" ? name : message.idempotencyKey }
      })
    )
})
