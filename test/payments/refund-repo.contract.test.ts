/**
 * One contract suite for the refund repositories, run against the memory twin and the Postgres
 * adapter: one refund per source (a second request answers the first), leases that two jobs never
 * share and that count gateway attempts only for PENDING rows, the machine's moves with its code,
 * admin moves refused while leased (REFUND_IN_FLIGHT), filters and pages.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Payments } from "@podium/core"
import { RefundRepoMemory } from "@podium/core/testing"
import { RefundRepoPg } from "@podium/postgres"
import { Effect, Layer, Option } from "effect"
import { TestDatabase } from "../support/database.js"

const request = (sourceId: string, over: Partial<Payments.NewRefund> = {}): Payments.NewRefund => ({
  sourceKind: "booking",
  sourceId,
  userId: "user-1",
  eventId: "event-1",
  challengeId: null,
  provider: "local",
  gatewayPaymentId: "pay_1",
  amount: 49_900,
  currency: "INR",
  reason: "event cancelled",
  requestedBy: "organizer:x",
  ...over
})

const suite = (name: string, repos: Layer.Layer<Payments.RefundRepo, unknown>) =>
  describe(`refund repository (${name})`, () => {
    layer(repos, { timeout: "60 seconds", excludeTestServices: true })((it) => {
      it.effect("requests once per source and lists with filters, newest first", () =>
        Effect.gen(function*() {
          const repo = yield* Payments.RefundRepo
          const source = crypto.randomUUID()
          const first = yield* repo.request(request(source))
          const again = yield* repo.request(request(source, { amount: 1 }))
          assert.deepStrictEqual([first.created, again.created, again.refund.id, again.refund.amount], [true, false, first.refund.id, 49_900])
          assert.deepStrictEqual([first.refund.status, first.refund.attempts, first.refund.gatewayRefundId], ["PENDING", 0, null])
          const other = yield* repo.request(request(source, { sourceKind: "challenge_participation", eventId: null, challengeId: "c-1" }))
          assert.isTrue(other.created)
          const byEvent = yield* repo.list({ eventId: "event-1", sourceKind: "booking", page: 1, limit: 100 })
          assert.isTrue(byEvent.items.some((r) => r.id === first.refund.id))
          assert.isFalse(byEvent.items.some((r) => r.id === other.refund.id))
          assert.strictEqual(Option.getOrThrow(yield* repo.findBySource("challenge_participation", source)).id, other.refund.id)
          assert.isTrue(Option.isNone(yield* repo.find(crypto.randomUUID())))
        }))

      it.effect("leases a row to one job at a time, counts PENDING attempts, and moves by the machine", () =>
        Effect.gen(function*() {
          const repo = yield* Payments.RefundRepo
          const { refund } = yield* repo.request(request(crypto.randomUUID()))
          const leased = yield* repo.lease("PENDING", 60, 1000)
          const mine = leased.find((r) => r.id === refund.id)!
          assert.strictEqual(mine.attempts, 1)
          assert.isFalse((yield* repo.lease("PENDING", 60, 1000)).some((r) => r.id === refund.id))
          const inFlight = yield* Effect.flip(repo.move(refund.id, "cancel", { resolvedBy: "admin:a" }, { unleasedOnly: true }))
          assert.strictEqual(inFlight._tag, "RefundInFlight")
          yield* repo.release(refund.id, "gateway down")
          const released = Option.getOrThrow(yield* repo.find(refund.id))
          assert.deepStrictEqual([released.status, released.lastError], ["PENDING", "gateway down"])
          const submitted = yield* repo.move(refund.id, "submit", { gatewayRefundId: "rfnd_1", lastError: null })
          assert.deepStrictEqual([submitted.status, submitted.gatewayRefundId, submitted.lastError], ["PROCESSING", "rfnd_1", null])
          const polled = (yield* repo.lease("PROCESSING", 60, 1000)).find((r) => r.id === refund.id)!
          assert.strictEqual(polled.attempts, 1)
          const refused = yield* Effect.flip(repo.move(refund.id, "cancel", {}, { unleasedOnly: true }))
          assert.deepStrictEqual([refused._tag, refused._tag === "MoveRefused" ? refused.code : ""], ["MoveRefused", "REFUND_STATUS_CONFLICT"])
          const settled = yield* repo.move(refund.id, "settle", {})
          assert.strictEqual(settled.status, "REFUNDED")
          assert.isNotNull(settled.refundedAt)
          const missing = yield* Effect.flip(repo.move(crypto.randomUUID(), "cancel", {}))
          assert.strictEqual(missing._tag, "RefundNotFound")
        }))

      it.effect("lets an admin settle a FAILED refund by hand, once", () =>
        Effect.gen(function*() {
          const repo = yield* Payments.RefundRepo
          const { refund } = yield* repo.request(request(crypto.randomUUID()))
          yield* repo.move(refund.id, "fail", { lastError: "refused" })
          const manual = yield* repo.move(refund.id, "mark manual refunded", { resolvedBy: "admin:a", resolutionNote: "NEFT 42" }, { unleasedOnly: true })
          assert.deepStrictEqual([manual.status, manual.resolvedBy, manual.resolutionNote, manual.lastError], ["MANUALLY_REFUNDED", "admin:a", "NEFT 42", "refused"])
          const twice = yield* Effect.flip(repo.move(refund.id, "mark manual refunded", {}, { unleasedOnly: true }))
          assert.strictEqual(twice._tag, "MoveRefused")
        }))
    })
  })

suite("memory", RefundRepoMemory)
suite("postgres", RefundRepoPg.pipe(Layer.provideMerge(TestDatabase)))
