/** The one-time-code rules on memory layers, with effect's TestClock for lifetimes and windows. */
import { assert, describe, it } from "@effect/vitest"
import { Identity } from "@podium/core"
import { AccountsPortsMemory, IdentityPortsMemory, RecordedDeliveries, RecordingSendersMemory, RedisPortsMemory, SecondFactorPortsMemory } from "@podium/core/testing"
import { Effect, Layer, TestClock } from "effect"

const layer = Layer.mergeAll(IdentityPortsMemory, AccountsPortsMemory, RecordingSendersMemory, RedisPortsMemory, SecondFactorPortsMemory)

/** A sign-in outcome that must have started a session (no second factor is set up in these tests). */
const signedIn = (outcome: Identity.SignInOutcome) => {
  if (Identity.isSecondFactorDue(outcome)) throw new Error("unexpected second-factor step")
  return outcome
}
const phone = "+919876500001"
const message: Identity.OtpMessage = { template: "test", render: (code) => ({ subject: "code", text: `code ${code}` }) }

const lastCode = Effect.map(RecordedDeliveries, (r) => {
  const sent = r.all().at(-1)?.message as { body?: string; text?: string } | undefined
  return /(\d{4,8})/.exec(sent?.body ?? sent?.text ?? "")?.[1] ?? ""
})
const issue = (identifier = phone, ip: string | undefined = "10.0.0.1") =>
  Identity.issueOtp({ kind: "phone", identifier, ip, message })
const consume = (code: string, identifier = phone) => Identity.consumeOtp({ kind: "phone", identifier, code })
const wrong = (code: string) => (code === "000000" ? "111111" : "000000")

describe("one-time codes", () => {
  it.effect("a phone code has 6 digits and works once", () =>
    Effect.gen(function*() {
      yield* issue()
      const code = yield* lastCode
      assert.match(code, /^\d{6}$/)
      yield* consume(code)
      const again = yield* Effect.flip(consume(code))
      assert.strictEqual(again._tag, "OtpInvalid")
    }).pipe(Effect.provide(layer)))

  it.effect("expires after its lifetime (5 minutes)", () =>
    Effect.gen(function*() {
      yield* issue()
      const code = yield* lastCode
      yield* TestClock.adjust("5 minutes")
      assert.strictEqual((yield* Effect.flip(consume(code)))._tag, "OtpInvalid")
    }).pipe(Effect.provide(layer)))

  it.effect("three wrong attempts void the code", () =>
    Effect.gen(function*() {
      yield* issue()
      const code = yield* lastCode
      for (let i = 0; i < 3; i++) assert.strictEqual((yield* Effect.flip(consume(wrong(code))))._tag, "OtpInvalid")
      assert.strictEqual((yield* Effect.flip(consume(code)))._tag, "OtpInvalid")
    }).pipe(Effect.provide(layer)))

  it.effect("a right code on the third attempt still works", () =>
    Effect.gen(function*() {
      yield* issue()
      const code = yield* lastCode
      yield* Effect.flip(consume(wrong(code)))
      yield* Effect.flip(consume(wrong(code)))
      yield* consume(code)
    }).pipe(Effect.provide(layer)))

  it.effect("resends are throttled per phone for 60 s, then allowed", () =>
    Effect.gen(function*() {
      yield* issue()
      const throttled = yield* Effect.flip(issue())
      assert.strictEqual(throttled._tag, "OtpThrottled")
      assert.isTrue(throttled._tag === "OtpThrottled" && throttled.retryAfterMs > 0 && throttled.retryAfterMs <= 60_000)
      yield* TestClock.adjust("61 seconds")
      yield* issue()
    }).pipe(Effect.provide(layer)))

  it.effect("the per-IP hourly cap applies across phone numbers", () =>
    Effect.gen(function*() {
      const settings: Identity.OtpSettingsShape = {
        policies: { ...Identity.DefaultOtpPolicies, phone: { ...Identity.DefaultOtpPolicies.phone, hourlyCapPerIp: 2 } },
        testCodes: new Map()
      }
      yield* Effect.gen(function*() {
        yield* issue("+919876500011")
        yield* issue("+919876500012")
        const third = yield* Effect.flip(issue("+919876500013"))
        assert.strictEqual(third._tag, "OtpThrottled")
        yield* issue("+919876500014", "10.0.0.2")
      }).pipe(Effect.provideService(Identity.OtpSettings, settings))
    }).pipe(Effect.provide(layer)))

  it.effect("a test code is used as is, nothing is sent, and the other rules still apply", () =>
    Effect.gen(function*() {
      yield* Effect.gen(function*() {
        yield* issue()
        assert.strictEqual((yield* RecordedDeliveries).all().length, 0)
        assert.strictEqual((yield* Effect.flip(issue()))._tag, "OtpThrottled")
        yield* consume("424242")
        assert.strictEqual((yield* Effect.flip(consume("424242")))._tag, "OtpInvalid")
      }).pipe(Effect.provideService(Identity.OtpSettings, { policies: Identity.DefaultOtpPolicies, testCodes: new Map([[phone, "424242"]]) }))
    }).pipe(Effect.provide(layer)))

  it.effect("an undeliverable code is dropped and reported", () =>
    Effect.gen(function*() {
      ;(yield* RecordedDeliveries).failNext("SMS", 1)
      const failed = yield* Effect.flip(issue())
      assert.strictEqual(failed._tag, "OtpDeliveryUnavailable")
    }).pipe(Effect.provide(layer)))

  it.effect("a code is only generated for an identifier with an account when asked (same answer)", () =>
    Effect.gen(function*() {
      yield* Identity.sendPhoneOtp({ phoneNumber: phone, audience: "admin", ip: undefined })
      assert.strictEqual((yield* RecordedDeliveries).all().length, 0)
      assert.strictEqual((yield* Effect.flip(consume("123456")))._tag, "OtpInvalid")
    }).pipe(Effect.provide(layer)))
})

describe("sessions on memory layers", () => {
  it.effect("sign-in creates the athlete once; revokeAllSessions ends every session at once", () =>
    Effect.gen(function*() {
      yield* issue()
      const first = signedIn(yield* Identity.signInWithPhoneOtp({ phoneNumber: phone, otp: yield* lastCode, role: "user" }))
      yield* TestClock.adjust("61 seconds")
      yield* issue()
      const second = signedIn(yield* Identity.signInWithPhoneOtp({ phoneNumber: phone, otp: yield* lastCode, role: "user" }))
      assert.strictEqual(first.profile.id, second.profile.id)
      const principal = yield* Identity.authenticate(first.accessToken)
      assert.strictEqual(principal.accountKind, "user")
      const ended = yield* Identity.revokeAllSessions({ kind: "user", id: first.profile.id }, "account_suspended")
      assert.strictEqual(ended.length, 2)
      assert.strictEqual((yield* Effect.flip(Identity.authenticate(second.accessToken)))._tag, "SessionNotActive")
      assert.strictEqual((yield* Effect.flip(Identity.refreshSession({ refreshToken: first.refreshToken, kinds: ["user"] })))._tag, "RefreshTokenInvalid")
    }).pipe(Effect.provide(layer)))

  it.effect("admin and organizer sign-in never create accounts", () =>
    Effect.gen(function*() {
      yield* issue()
      const denied = yield* Effect.flip(Identity.signInWithPhoneOtp({ phoneNumber: phone, otp: yield* lastCode, role: "admin" }))
      assert.strictEqual(denied._tag, "AccountNotFound")
    }).pipe(Effect.provide(layer)))
})
