/**
 * E-mail verification by link. Sending queues the message through the notifications outbox; the
 * link carries `<id>.<expiry>.<signature>` — an HMAC over the id and expiry (tampering is caught
 * before any lookup) whose id names a single-use database row (24 hours). Verifying marks the
 * address verified for the account, provided it is still the account's address.
 */
import { Clock, Effect, Option } from "effect"
import { enqueueNotification } from "../notifications/enqueue-notification.use-case.js"
import { RateLimiter } from "../platform/rate-limiter.port.js"
import { Hmac, SecureRandom } from "./crypto.port.js"
import { OtpThrottled } from "./identity.errors.js"
import { EmailAlreadyVerified, EmailMissing, EmailVerificationInvalid } from "./identity-provider.errors.js"
import { EmailVerificationRepo } from "./linked-identity.port.js"
import type { Principal } from "./principal.model.js"
import { describeAccount } from "./sign-in.use-case.js"

/** How long a verification link works. */
export const EmailVerificationLifetimeMs = 24 * 60 * 60 * 1000
/** At most one link per account in this window. */
export const EmailVerificationCooldownMs = 60 * 1000

const Purpose = "email-verification"
const TokenShape = /^([0-9a-f-]{36})\.(\d{1,13})\.([0-9a-f]{64})$/

/**
 * Queues a verification link to the caller's e-mail address (`linkBase` + `?token=`), throttled to
 * one per account per minute. Fails when the account has no address or it is verified already.
 */
export const sendEmailVerification = Effect.fn("identity.emailVerification.send")(function*(input: {
  readonly principal: Principal
  readonly linkBase: string
}) {
  const account = { kind: input.principal.accountKind, id: input.principal.accountId }
  const profile = yield* describeAccount(input.principal)
  const email = Option.flatMapNullable(profile, (p) => p.email)
  if (Option.isNone(email)) return yield* new EmailMissing()
  const repo = yield* EmailVerificationRepo
  if (yield* repo.isVerified(account, email.value)) return yield* new EmailAlreadyVerified()
  const decision = yield* Effect.flatMap(RateLimiter, (l) =>
    l.hit(`identity:email-verification:${account.kind}:${account.id}`, { limit: 1, window: EmailVerificationCooldownMs }))
  if (!decision.allowed) {
    return yield* new OtpThrottled({ retryAfterMs: decision.retryAfterMs, message: "A verification link was sent a moment ago; please wait before asking again" })
  }
  const id = yield* Effect.flatMap(SecureRandom, (r) => r.uuid)
  const expiresAt = new Date((yield* Clock.currentTimeMillis) + EmailVerificationLifetimeMs)
  const payload = `${id}.${expiresAt.getTime()}`
  const signature = yield* Effect.flatMap(Hmac, (h) => h.digest(Purpose, payload))
  const token = `${payload}.${signature}`
  yield* repo.createToken({ id, account, email: email.value, expiresAt })
  const link = `${input.linkBase}${input.linkBase.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`
  yield* enqueueNotification({
    channel: "EMAIL",
    recipient: email.value,
    userId: account.kind === "user" ? account.id : null,
    subject: "Confirm your Podium e-mail address",
    body: `Confirm that ${email.value} is your address by opening this link within 24 hours:\n\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
    producer: `identity.email-verification:${id}`
  })
  return { email: email.value, expiresAt }
})

/** Verifies an address from a link's token: single use, 24 hours, and only for the account's current address. */
export const verifyEmail = Effect.fn("identity.emailVerification.verify")(function*(token: string) {
  const match = TokenShape.exec(token.trim())
  if (match === null) return yield* new EmailVerificationInvalid({ reason: "invalid" })
  const [, id, expiry, signature] = match as unknown as [string, string, string, string]
  const right = yield* Effect.flatMap(Hmac, (h) => h.matches(Purpose, `${id}.${expiry}`, signature))
  if (!right) return yield* new EmailVerificationInvalid({ reason: "invalid" })
  const at = new Date(yield* Clock.currentTimeMillis)
  if (Number(expiry) <= at.getTime()) return yield* new EmailVerificationInvalid({ reason: "expired" })
  const repo = yield* EmailVerificationRepo
  const consumed = yield* repo.consumeToken(id, at)
  switch (consumed._tag) {
    case "Unknown":
      return yield* new EmailVerificationInvalid({ reason: "invalid" })
    case "Used":
      return yield* new EmailVerificationInvalid({ reason: "used" })
    case "Expired":
      return yield* new EmailVerificationInvalid({ reason: "expired" })
    case "Consumed": {
      const profile = yield* describeAccount({ accountKind: consumed.account.kind, accountId: consumed.account.id })
      if (Option.isNone(profile) || profile.value.email !== consumed.email) return yield* new EmailVerificationInvalid({ reason: "changed" })
      yield* repo.markVerified(consumed.account, consumed.email, at)
      return { email: consumed.email }
    }
  }
})
