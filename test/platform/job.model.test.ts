import { assert, describe, it } from "@effect/vitest"
import { Platform } from "@podium/core"
import type { JobId } from "@podium/kernel"
import { DateTime, Duration, Either } from "effect"

const now = DateTime.unsafeMake("2025-01-01T00:00:00Z")
const aJob = (patch: Partial<Platform.Job> = {}): Platform.Job => ({
  id: "00000000-0000-4000-8000-000000000001" as JobId,
  name: "x",
  payload: null,
  status: "PENDING",
  attempts: 0,
  maxAttempts: 3,
  runAt: now,
  leaseOwner: null,
  leaseUntil: null,
  dedupeKey: null,
  progress: null,
  lastError: null,
  createdAt: now,
  updatedAt: now,
  finishedAt: null,
  ...patch
})

const events: ReadonlyArray<Platform.JobEvent> = [
  { _tag: "Claim", workerId: "w", leaseUntil: now },
  { _tag: "Heartbeat", leaseUntil: now },
  { _tag: "Succeed" },
  { _tag: "Retry", error: "e", runAt: now },
  { _tag: "Bury", error: "e" }
]

describe("job state machine", () => {
  for (const from of Platform.JobStatuses) {
    for (const event of events) {
      const to = Platform.allowedMoves[from][event._tag]
      it(`${from} + ${event._tag} → ${to ?? "not allowed"}`, () => {
        const result = Platform.transition(aJob({ status: from }), event, now)
        if (to === undefined) {
          assert.isTrue(Either.isLeft(result))
        } else {
          assert.strictEqual(Either.getOrThrow(result).status, to)
        }
      })
    }
  }

  it("claim counts an attempt and leases; retry keeps the error and clears the lease", () => {
    const claimed = Either.getOrThrow(Platform.transition(aJob(), events[0]!, now))
    assert.strictEqual(claimed.attempts, 1)
    assert.strictEqual(claimed.leaseOwner, "w")
    const retried = Either.getOrThrow(Platform.transition(claimed, events[3]!, now))
    assert.strictEqual(retried.lastError, "e")
    assert.isNull(retried.leaseOwner)
  })
})

describe("backoff", () => {
  it("doubles from the base and stops at the cap", () => {
    const policy = { base: "1 second", factor: 2, cap: "10 seconds" } as const
    assert.deepStrictEqual(
      [1, 2, 3, 4, 5, 6].map((n) => Duration.toMillis(Platform.backoffDelay(n, policy))),
      [1000, 2000, 4000, 8000, 10000, 10000]
    )
  })

  it("afterFailure retries until attempts are used up, or at once DEAD when permanent", () => {
    assert.strictEqual(Platform.afterFailure(aJob({ attempts: 1 }), "e", now)._tag, "Retry")
    assert.strictEqual(Platform.afterFailure(aJob({ attempts: 3 }), "e", now)._tag, "Bury")
    assert.strictEqual(Platform.afterFailure(aJob({ attempts: 1 }), "e", now, { permanent: true })._tag, "Bury")
  })
})
