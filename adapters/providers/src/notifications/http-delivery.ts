/**
 * The HTTP plumbing shared by the channel adapters: one POST through undici with a deadline, the
 * row's idempotency key in an `Idempotency-Key` header, and the one mapping of provider answers to
 * outcomes — 2xx accepted; 408, 409, 425, 429 and 5xx retryable; any other 4xx refused for good;
 * network errors and timeouts retryable.
 */
import { Notifications } from "@podium/core"
import { Effect } from "effect"
import { requestJson } from "../platform/json-request.js"

export interface HttpProviderOptions {
  /** Base URL of the provider API (`https://api.sendgrid.com`), no trailing slash needed. */
  readonly baseUrl: string
  /** Per-request deadline; default 10 s. */
  readonly timeoutMs?: number
}

export interface ProviderResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string | ReadonlyArray<string> | undefined>>
  readonly json: unknown
}

const RetryableStatuses = new Set([408, 409, 425, 429])

/** Whether a failed HTTP status may succeed on another attempt. */
export const isRetryableStatus = (status: number) => status >= 500 || RetryableStatuses.has(status)

/** Joins a base URL and a path with exactly one slash. */
export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`

const describeBody = (json: unknown, text: string) => {
  if (json !== null && typeof json === "object") {
    const o = json as Record<string, unknown>
    const error = o.error as Record<string, unknown> | string | undefined
    const message = typeof error === "string"
      ? error
      : typeof error?.message === "string"
      ? error.message
      : Array.isArray(o.errors) && typeof (o.errors[0] as { message?: unknown })?.message === "string"
      ? (o.errors[0] as { message: string }).message
      : typeof o.message === "string"
      ? o.message
      : undefined
    if (message !== undefined) return message
  }
  return text.slice(0, 300)
}

/** POSTs one message; succeeds with the 2xx response, fails with DeliveryFailed (retryable or not). */
export const postToProvider = (input: {
  readonly channel: Notifications.Channel
  readonly provider: string
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  readonly timeoutMs: number
}): Effect.Effect<ProviderResponse, Notifications.DeliveryFailed> =>
  Effect.tryPromise({
    try: (signal) =>
      requestJson(input.url, {
        method: "POST",
        headers: input.headers,
        body: input.body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(input.timeoutMs)]),
        timeoutMs: input.timeoutMs
      }),
    catch: (cause) =>
      new Notifications.DeliveryFailed({
        channel: input.channel,
        provider: input.provider,
        message: `${input.provider} unreachable: ${
          cause instanceof Error && cause.name === "TimeoutError" ? `no answer within ${input.timeoutMs} ms` : String(cause)
        }`,
        retryable: true
      })
  }).pipe(
    Effect.flatMap((r) =>
      r.status >= 200 && r.status < 300
        ? Effect.succeed({ status: r.status, headers: r.headers, json: r.json })
        : Effect.fail(
          new Notifications.DeliveryFailed({
            channel: input.channel,
            provider: input.provider,
            message: `${input.provider} answered ${r.status}: ${describeBody(r.json, r.text)}`,
            retryable: isRetryableStatus(r.status)
          })
        )
    ),
    Effect.withSpan(`provider.${input.provider}.send`)
  )

/** A header value as one string. */
export const headerValue = (headers: ProviderResponse["headers"], name: string): string | undefined => {
  const v = headers[name.toLowerCase()]
  return typeof v === "string" ? v : Array.isArray(v) ? v[0] : undefined
}
