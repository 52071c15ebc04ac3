/**
 * The one-time-code machinery every sign-in shares. A challenge is one TtlCache entry per kind and
 * identifier holding the code's keyed hash, living for the policy's lifetime; a second entry counts
 * attempts. Verification counts the attempt first (atomic INCR), so at most `maxAttempts` guesses
 * are ever compared; a right code is consumed with an atomic take, so it works once; the attempt
 * that reaches the cap voids the code.
 */
import { Effect, Option } from "effect"
import { type Delivery, EmailSender, type SendError, SmsSender } from "../notifications/channels.port.js"
import { RateLimiter } from "../platform/rate-limiter.port.js"
import { TtlCache } from "../platform/ttl-cache.port.js"
import { Hmac, SecureRandom } from "./crypto.port.js"
import { OtpDeliveryUnavailable, OtpInvalid, OtpThrottled } from "./identity.errors.js"
import { type OtpKind, OtpSettings, policyOf } from "./otp.model.js"

const challengeKey = (kind: OtpKind, identifier: string) => `identity:otp:${kind}:${identifier}`
const attemptsKey = (kind: OtpKind, identifier: string) => `identity:otp-attempts:${kind}:${identifier}`
const hashPurpose = (kind: OtpKind, identifier: string) => `otp:${kind}:${identifier}`

const DayMs = 24 * 60 * 60 * 1000

/** The message a code goes out with. */
export interface OtpMessage {
  /** Template or purpose name (`auth.otp.user`, `auth.email-otp.organizer`…). */
  readonly template: string
  /** Renders the text for a code. */
  readonly render: (code: string, lifetimeMinutes: number) => { readonly subject: string; readonly text: string }
}

export interface IssueOtpInput {
  readonly kind: OtpKind
  /** E.164 phone number or lower-case e-mail address. */
  readonly identifier: string
  /** The caller's address, for the per-IP caps (none: not counted). */
  readonly ip: string | undefined
  readonly message: OtpMessage
  /**
   * False when the identifier has no account the code could sign in to: the throttles still count
   * and the answer is the same, but nothing is generated or sent (no account enumeration, no SMS
   * pumping to unknown numbers).
   */
  readonly deliver?: boolean
}

const throttle = (key: string, limit: number, windowMs: number, message: string) =>
  Effect.flatMap(RateLimiter, (limiter) => limiter.hit(key, { limit, window: windowMs })).pipe(
    Effect.flatMap((decision) =>
      decision.allowed ? Effect.void : Effect.fail(new OtpThrottled({ retryAfterMs: decision.retryAfterMs, message }))
    )
  )

/** Generates (or takes the test code), stores the hash, and sends a one-time code, within the throttles. */
export const issueOtp = Effect.fn("identity.otp.issue")(function*(input: IssueOtpInput) {
  const settings = yield* OtpSettings
  const policy = policyOf(settings, input.kind)
  const id = `${input.kind}:${input.identifier}`
  if (input.ip !== undefined) {
    yield* throttle(`identity:otp-ip-hour:${input.ip}`, policy.hourlyCapPerIp, 60 * 60 * 1000, "Too many codes requested from this address; try again later")
    yield* throttle(`identity:otp-ip-day:${input.ip}`, policy.dailyCapPerIp, DayMs, "Too many codes requested from this address today")
  }
  yield* throttle(`identity:otp-resend:${id}`, 1, policy.resendCooldownSeconds * 1000, "Please wait before requesting another code")
  yield* throttle(`identity:otp-day:${id}`, policy.dailyCapPerIdentifier, DayMs, "Too many codes requested for this recipient today")
  if (input.deliver === false) return

  const testCode = settings.testCodes.get(input.identifier)
  const code = testCode ?? (yield* Effect.flatMap(SecureRandom, (random) => random.digits(policy.digits)))
  const hmac = yield* Hmac
  const cache = yield* TtlCache
  const hash = yield* hmac.digest(hashPurpose(input.kind, input.identifier), code)
  const lifetime = policy.lifetimeSeconds * 1000
  // A new code replaces the previous one and gets a fresh attempt budget.
  yield* cache.set(challengeKey(input.kind, input.identifier), hash, lifetime)
  yield* cache.delete(attemptsKey(input.kind, input.identifier))
  if (testCode !== undefined) return

  const text = input.message.render(code, Math.round(policy.lifetimeSeconds / 60))
  const idempotencyKey = `${id}:${hash.slice(0, 16)}`
  const sent: Effect.Effect<Delivery, SendError, SmsSender | EmailSender> = policy.channel === "SMS"
    ? Effect.flatMap(SmsSender, (sms) => sms.send({ to: input.identifier, body: text.text, idempotencyKey, template: input.message.template }))
    : Effect.flatMap(EmailSender, (email) =>
      email.send({ to: input.identifier, subject: text.subject, text: text.text, idempotencyKey, template: input.message.template }))
  yield* sent.pipe(
    Effect.catchAll((error) =>
      // An undeliverable code must not stay usable-looking: drop it, then report the outage.
      cache.delete(challengeKey(input.kind, input.identifier)).pipe(
        Effect.zipRight(Effect.fail(new OtpDeliveryUnavailable({ channel: policy.channel, message: error.message })))
      ))
  )
})

/** Checks and consumes a code: right once, within its lifetime, before `maxAttempts` wrong tries. */
export const consumeOtp = Effect.fn("identity.otp.consume")(function*(input: {
  readonly kind: OtpKind
  readonly identifier: string
  readonly code: string
}) {
  const settings = yield* OtpSettings
  const policy = policyOf(settings, input.kind)
  const cache = yield* TtlCache
  const hmac = yield* Hmac
  const key = challengeKey(input.kind, input.identifier)
  const stored = yield* cache.get(key)
  if (Option.isNone(stored)) return yield* new OtpInvalid()
  const attempt = yield* cache.incr(attemptsKey(input.kind, input.identifier), { ttl: policy.lifetimeSeconds * 1000 })
  if (attempt > policy.maxAttempts) {
    yield* cache.delete(key)
    return yield* new OtpInvalid()
  }
  const right = yield* hmac.matches(hashPurpose(input.kind, input.identifier), input.code, stored.value)
  if (!right) {
    if (attempt >= policy.maxAttempts) yield* cache.delete(key)
    return yield* new OtpInvalid()
  }
  // Atomic: of two concurrent right answers only one takes the challenge; it must still be this code.
  const taken = yield* cache.take(key)
  if (Option.isNone(taken) || taken.value !== stored.value) return yield* new OtpInvalid()
  yield* cache.delete(attemptsKey(input.kind, input.identifier))
})
