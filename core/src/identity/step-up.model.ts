/**
 * Step-up state of a session: after a fresh OTP, TOTP or passkey verification the session counts
 * as stepped-up for 5 minutes. The mark is kept server-side with the session id (TtlCache, shared by
 * every process, expiring by itself); the auth guard reads it into `Principal.steppedUpUntil`.
 */
import { Clock, Effect, Option } from "effect"
import { TtlCache } from "../platform/ttl-cache.port.js"
import { StepUpMethodUnavailable } from "./second-factor.errors.js"

/** How long one verification counts. */
export const StepUpWindowMs = 5 * 60 * 1000

/** The TtlCache key of a session's step-up mark (the auth guard reads it with the session flag). */
export const stepUpKey = (sessionId: string) => `identity:step-up:${sessionId}`

/** The step-up window from the cached mark: its end while it is in the future. */
export const steppedUpUntilFrom = (value: Option.Option<string>): Effect.Effect<number | undefined> => {
  if (Option.isNone(value)) return Effect.succeed(undefined)
  const until = Number(value.value)
  if (!Number.isFinite(until)) return Effect.succeed(undefined)
  return Effect.map(Clock.currentTimeMillis, (now) => (until > now ? until : undefined))
}

/** `steppedUpUntil` with the cache given. */
export const steppedUpUntilIn = (cache: TtlCache["Type"], sessionId: string): Effect.Effect<number | undefined> =>
  Effect.flatMap(cache.get(stepUpKey(sessionId)), steppedUpUntilFrom)

/** Epoch ms until which the session is stepped-up, if it is. */
export const steppedUpUntil = (sessionId: string): Effect.Effect<number | undefined, never, TtlCache> =>
  Effect.flatMap(TtlCache, (cache) => steppedUpUntilIn(cache, sessionId))

/** Marks the session stepped-up from now; returns the end of the window (epoch ms). */
export const markSteppedUp = (sessionId: string): Effect.Effect<number, never, TtlCache> =>
  Effect.gen(function*() {
    const until = (yield* Clock.currentTimeMillis) + StepUpWindowMs
    yield* Effect.flatMap(TtlCache, (cache) => cache.set(stepUpKey(sessionId), String(until), StepUpWindowMs))
    return until
  })

/**
 * An impersonated session (an admin acting as a user) is never stepped-up: the sensitive operations
 * behind step-up must be done by the account holder.
 */
export const refuseImpersonated = (principal: { readonly impersonatorId?: string | undefined }) =>
  principal.impersonatorId === undefined
    ? Effect.void
    : Effect.fail(new StepUpMethodUnavailable({ method: "impersonation", message: "Step-up is not available in an impersonated session" }))
