/** Pure rules of the notification context: outbox state machine, retry policy, renderer, preferences, masking. */
import { assert, describe, it } from "@effect/vitest"
import { Notifications } from "@podium/core"
import { DateTime, Duration, Either } from "effect"

const now = DateTime.unsafeMake(1_700_000_000_000)
const row = (status: Notifications.OutboxStatus, extra: Partial<Notifications.OutboxMessage> = {}): Notifications.OutboxMessage => ({
  id: "00000000-0000-4000-8000-000000000001" as Notifications.OutboxId,
  channel: "SMS",
  recipient: "+919876543210",
  userId: null,
  templateKey: null,
  variables: {},
  subject: null,
  body: "b",
  category: null,
  step: null,
  producer: null,
  resendOf: null,
  status,
  attempts: 2,
  maxAttempts: 5,
  nextAttemptAt: now,
  leaseOwner: null,
  leaseUntil: null,
  lastError: "boom",
  skipReason: null,
  providerMessageId: null,
  createdAt: now,
  updatedAt: now,
  sentAt: null,
  ...extra
})

const events: ReadonlyArray<Notifications.OutboxEvent> = [
  { _tag: "Claim", workerId: "w", leaseUntil: now },
  { _tag: "Sent", providerMessageId: "p", subject: null, body: "b" },
  { _tag: "Skipped", reason: "r" },
  { _tag: "Failed", error: "e", retryAt: now },
  { _tag: "Bury", error: "e" },
  { _tag: "Retry" }
]

describe("outbox state machine", () => {
  it("allows exactly the moves of the table, and every other move is refused", () => {
    for (const status of Notifications.OutboxStatuses) {
      for (const event of events) {
        const result = Notifications.transition(row(status), event, now)
        const expected = Notifications.allowedMoves[status][event._tag]
        if (expected === undefined) {
          assert.isTrue(Either.isLeft(result), `${status} + ${event._tag} should be refused`)
        } else {
          assert.strictEqual(Either.getOrThrow(result).status, expected, `${status} + ${event._tag}`)
        }
      }
    }
  })

  it("retry of DEAD or FAILED resets attempts and clears the error; SENT and PROCESSING answer a conflict", () => {
    for (const status of ["DEAD", "FAILED"] as const) {
      const retried = Either.getOrThrow(Notifications.transition(row(status), { _tag: "Retry" }, now))
      assert.deepStrictEqual([retried.status, retried.attempts, retried.lastError], ["PENDING", 0, null])
    }
    for (const status of ["SENT", "PROCESSING"] as const) {
      const refused = Notifications.transition(row(status), { _tag: "Retry" }, now)
      assert.isTrue(Either.isLeft(refused))
      if (Either.isLeft(refused)) {
        assert.strictEqual(refused.left._tag, "OutboxRetryConflict")
      }
    }
    assert.deepStrictEqual([...Notifications.RetryableStatuses].sort(), ["DEAD", "FAILED"])
  })

  it("claim counts an attempt and takes the lease; skipped rows are SENT with the reason", () => {
    const claimed = Either.getOrThrow(Notifications.transition(row("PENDING", { attempts: 0 }), events[0]!, now))
    assert.deepStrictEqual([claimed.status, claimed.attempts, claimed.leaseOwner], ["PROCESSING", 1, "w"])
    const skipped = Either.getOrThrow(Notifications.transition(row("PROCESSING"), { _tag: "Skipped", reason: "off" }, now))
    assert.deepStrictEqual([skipped.status, skipped.skipReason, skipped.leaseOwner], ["SENT", "off", null])
  })
})

describe("retry policies", () => {
  it("back off exponentially up to the cap and bury after the last attempt or a non-retryable failure", () => {
    const policy: Notifications.RetryPolicy = { channel: "EMAIL", maxAttempts: 4, baseDelayMs: 1000, factor: 3, maxDelayMs: 5000 }
    assert.deepStrictEqual([1, 2, 3].map((n) => Duration.toMillis(Notifications.retryDelay(policy, n))), [1000, 3000, 5000])
    assert.strictEqual(Notifications.afterFailedAttempt(policy, { attempts: 3, maxAttempts: 4 }, true)._tag, "Retry")
    assert.strictEqual(Notifications.afterFailedAttempt(policy, { attempts: 4, maxAttempts: 4 }, true)._tag, "Bury")
    assert.strictEqual(Notifications.afterFailedAttempt(policy, { attempts: 1, maxAttempts: 4 }, false)._tag, "Bury")
    for (const channel of Notifications.Channels) assert.strictEqual(Notifications.DefaultRetryPolicies[channel].channel, channel)
  })
})

describe("template renderer", () => {
  const template = { key: "welcome", subject: "Hi {{name}}", body: "Code {{ code }} for {{name}}", variables: ["name", "code", "city"] }

  it("substitutes every placeholder", () => {
    const rendered = Either.getOrThrow(Notifications.renderTemplate(template, { name: "Asha", code: "42", city: "Pune" }))
    assert.deepStrictEqual(rendered, { subject: "Hi Asha", body: "Code 42 for Asha" })
  })

  it("fails naming every declared or used variable that is missing", () => {
    const missing = Notifications.renderTemplate(template, { code: "42" })
    assert.isTrue(Either.isLeft(missing))
    if (Either.isLeft(missing)) {
      assert.deepStrictEqual([...missing.left.missing].sort(), ["city", "name"])
      assert.strictEqual(missing.left._tag, "TemplateVariableMissing")
    }
    const undeclared = Notifications.renderTemplate({ key: "k", subject: null, body: "{{x}}", variables: [] }, {})
    assert.isTrue(Either.isLeft(undeclared))
  })
})

describe("preferences and masking", () => {
  it("skip a disabled category or channel, never a transactional message", () => {
    const prefs: Notifications.UserPreferences = { channels: { EMAIL: false }, categories: { events: false } }
    assert.isFalse(Notifications.checkPreferences(prefs, { channel: "SMS", category: "events" }).allowed)
    assert.isFalse(Notifications.checkPreferences(prefs, { channel: "EMAIL", category: "activity" }).allowed)
    assert.isTrue(Notifications.checkPreferences(prefs, { channel: "SMS", category: "challenges" }).allowed)
    assert.isTrue(Notifications.checkPreferences(prefs, { channel: "EMAIL", category: null }).allowed)
  })

  it("masks recipients per channel", () => {
    assert.strictEqual(Notifications.maskRecipient("EMAIL", "asha@example.com"), "as***@example.com")
    assert.strictEqual(Notifications.maskRecipient("EMAIL", "a@example.com"), "***@example.com")
    assert.strictEqual(Notifications.maskRecipient("SMS", "+919876543210"), "+91******3210")
    assert.strictEqual(Notifications.maskRecipient("PUSH", "abcdefghijklmnop"), "abcd…mnop")
    assert.strictEqual(Notifications.maskRecipient("CHAT", "123"), "***")
  })
})
