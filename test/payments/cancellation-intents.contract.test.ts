/**
 * The cancellation-intent queue the refund cascade consumes, on the memory twin and on Postgres:
 * pending intents of every event oldest first, and a processed mark that only one caller gets.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Events, Organizers } from "@podium/core"
import { EventRepoMemory } from "@podium/core/testing"
import { EventRepoPg, OrganizerRepoPg } from "@podium/postgres"
import { Effect, Layer } from "effect"
import { TestDatabase } from "../support/database.js"

const draft = (organizerId: string): Events.NewEvent => ({
  organizerId, title: "Monsoon Trail", description: null, sport: "running", city: "Lonavala", country: "IN", venue: null,
  startsAt: new Date(Date.now() + 10 * 86_400_000), endsAt: new Date(Date.now() + 11 * 86_400_000), timezone: "Asia/Kolkata",
  visibility: "public", isTest: false, categoryId: null
})

const suite = <R>(name: string, repos: Layer.Layer<Events.EventRepo | R, unknown>, organizer: Effect.Effect<string, unknown, R>) =>
  describe(`cancellation intents (${name})`, () => {
    layer(repos, { timeout: "60 seconds", excludeTestServices: true })((it) => {
      it.effect("queues pending intents oldest first and marks each processed once", () =>
        Effect.gen(function*() {
          const repo = yield* Events.EventRepo
          const organizerId = yield* organizer
          const a = yield* repo.create(draft(organizerId))
          const b = yield* repo.create(draft(organizerId))
          yield* repo.cancel(a.id, { reason: "Landslide", requestedBy: "organizer:x" }, new Date())
          yield* repo.cancel(b.id, { reason: null, requestedBy: "admin:y" }, new Date())
          const due = (yield* repo.dueCancellations(1000)).filter((i) => i.eventId === a.id || i.eventId === b.id)
          assert.deepStrictEqual(due.map((i) => [i.eventId, i.reason, i.requestedBy]), [[a.id, "Landslide", "organizer:x"], [b.id, null, "admin:y"]])
          const marks = yield* Effect.all([repo.markCancellationProcessed(due[0]!.id), repo.markCancellationProcessed(due[0]!.id)], { concurrency: 2 })
          assert.deepStrictEqual([...marks].sort(), [false, true])
          assert.deepStrictEqual(yield* repo.pendingCancellations(a.id), [])
          assert.isFalse((yield* repo.dueCancellations(1000)).some((i) => i.id === due[0]!.id))
          assert.isTrue((yield* repo.dueCancellations(1000)).some((i) => i.id === due[1]!.id))
        }))
    })
  })

suite("memory", EventRepoMemory, Effect.sync(() => crypto.randomUUID()))

let n = 0
suite(
  "postgres",
  Layer.mergeAll(EventRepoPg, OrganizerRepoPg).pipe(Layer.provideMerge(TestDatabase)),
  Effect.map(
    Effect.flatMap(Organizers.OrganizerRepo, (r) => {
      const phoneNumber = `+9197${String(Date.now() % 1_000_000).padStart(6, "0")}${String(n++ % 100).padStart(2, "0")}`
      return r.create({ name: "Intent Org", phoneNumber, email: null, companyName: "Intent Org" }, { phoneNumber, email: null, userId: null })
    }),
    (o) => o.id
  )
)
