/**
 * `Retry-After` on throttled answers. A throttle's 429 is declared by its domain error; the header
 * is an HTTP detail the error cannot set, so handlers that may be throttled add it here (whole
 * seconds, at least 1).
 */
import { HttpApp, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"

/** Adds `Retry-After` to whatever response this request ends with. */
export const retryAfter = (ms: number) =>
  HttpApp.appendPreResponseHandler((_request, response) =>
    Effect.succeed(HttpServerResponse.setHeader(response, "retry-after", String(Math.max(1, Math.ceil(ms / 1000))))))

/** The throttles of sign-in and second factors; each says when to come back. */
const Throttles: ReadonlySet<string> = new Set(["OtpThrottled", "TotpLocked"])

const isThrottle = (e: unknown): e is { readonly retryAfterMs: number } =>
  typeof e === "object" && e !== null && "_tag" in e && Throttles.has(e._tag as string) && "retryAfterMs" in e

/** Sets `Retry-After` when `effect` fails with a throttle; the failure itself passes on unchanged. */
export const withRetryAfter = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.tapError(effect, (e) => isThrottle(e) ? retryAfter(e.retryAfterMs) : Effect.void)
