/**
 * One contract suite for the event repositories, run against the memory twins and the Postgres
 * adapters: slugs with suffixes, moves refused from the wrong status with the machine's code,
 * suspend keeping the prior status and unsuspend restoring it, cancel recording its intent, the
 * public filter and search index following visibility, soft delete, replace-id, inventory.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Events, Organizers } from "@podium/core"
import { EventBookmarkRepoMemory, EventInventoryRepoMemory, EventRepoMemory } from "@podium/core/testing"
import { EventBookmarkRepoPg, EventInventoryRepoPg, EventRepoPg, OrganizerRepoPg } from "@podium/postgres"
import { Effect, Exit, Layer, Option } from "effect"
import { TestDatabase } from "../support/database.js"

type Repos = Events.EventRepo | Events.EventInventoryRepo | Events.EventBookmarkRepo

const draft = (organizerId: string, overrides: Partial<Events.NewEvent> = {}): Events.NewEvent => ({
  organizerId, title: "Hill Climb Classic", description: "Twelve hairpins", sport: "cycling", city: "Ooty", country: "IN", venue: null,
  startsAt: new Date(Date.now() + 10 * 86_400_000), endsAt: new Date(Date.now() + 11 * 86_400_000), timezone: "Asia/Kolkata",
  visibility: "public", isTest: false, categoryId: null, ...overrides
})

const suite = <R>(name: string, repos: Layer.Layer<Repos | R, unknown>, organizer: Effect.Effect<string, unknown, R>) =>
  describe(`event repositories (${name})`, () => {
    layer(repos, { timeout: "60 seconds", excludeTestServices: true })((it) => {
      it.effect("moves through the machine, keeps the prior status over a suspension, and indexes only visible events", () =>
        Effect.gen(function*() {
          const repo = yield* Events.EventRepo
          const organizerId = yield* organizer
          const a = yield* repo.create(draft(organizerId))
          const b = yield* repo.create(draft(organizerId))
          assert.deepStrictEqual([a.slug, b.slug, a.status, a.priorStatus], ["hill-climb-classic", "hill-climb-classic-2", "draft", null])
          const refused = yield* Effect.flip(repo.move(a.id, "approve", {}))
          assert.deepStrictEqual([refused._tag, refused._tag === "MoveRefused" ? refused.code : ""], ["MoveRefused", "EVENT_STATUS_CONFLICT"])
          yield* repo.move(a.id, "submit for approval", {})
          const published = yield* repo.move(a.id, "approve", { publishedAt: new Date() })
          assert.strictEqual(published.status, "published")
          const now = new Date()
          const found = (search?: string) =>
            Effect.map(repo.list({ publicOnly: true, now, limit: 50, offset: 0, organizerId, ...(search === undefined ? {} : { search }) }), (p) => p.data.map((e) => e.id))
          assert.deepStrictEqual(yield* found(), [a.id])
          assert.deepStrictEqual(yield* found("hairpins"), [a.id])
          const suspended = yield* repo.move(a.id, "suspend", { reviewReason: "Checking permits" })
          assert.deepStrictEqual([suspended.status, suspended.priorStatus], ["suspended", "published"])
          assert.deepStrictEqual(yield* found("hairpins"), [])
          const back = yield* repo.unsuspend(a.id)
          assert.deepStrictEqual([back.status, back.priorStatus, back.reviewReason], ["published", null, null])
          assert.isTrue(Exit.isFailure(yield* Effect.exit(repo.unsuspend(a.id))))
          assert.deepStrictEqual(yield* found("hairpins"), [a.id])
          const cancelled = yield* repo.cancel(a.id, { reason: "Landslide", requestedBy: "organizer:x" }, new Date())
          assert.deepStrictEqual([cancelled.status, cancelled.cancelReason], ["cancelled", "Landslide"])
          assert.deepStrictEqual((yield* repo.pendingCancellations(a.id)).map((i) => [i.reason, i.requestedBy]), [["Landslide", "organizer:x"]])
          assert.deepStrictEqual(yield* found(), [])
          const missing = yield* Effect.flip(repo.move(crypto.randomUUID(), "cancel", {}))
          assert.strictEqual(missing._tag, "EventNotFound")
          assert.isTrue(yield* repo.remove(b.id))
          assert.isTrue(Option.isNone(yield* repo.findById(b.id)))
          assert.isFalse(yield* repo.remove(b.id))
          const newId = crypto.randomUUID()
          const moved = Option.getOrThrow(yield* repo.replaceId(a.id, newId))
          assert.deepStrictEqual([moved.id, moved.slug], [newId, "hill-climb-classic"])
          assert.strictEqual((yield* repo.pendingCancellations(newId)).length, 1)
        }))

      it.effect("keeps slots and tickets per event and bookmarks per athlete", () =>
        Effect.gen(function*() {
          const repo = yield* Events.EventRepo
          const inventory = yield* Events.EventInventoryRepo
          const bookmarks = yield* Events.EventBookmarkRepo
          const event = yield* repo.create(draft(yield* organizer))
          const slot = yield* inventory.createSlot({ eventId: event.id, name: "Wave 1", startsAt: event.startsAt, capacity: 100 })
          const ticket = yield* inventory.createTicket({
            eventId: event.id, slotId: slot.id, name: "Solo", description: null, price: 99_900, currency: "INR", capacity: 80, salesStartAt: null, salesEndAt: null
          })
          assert.deepStrictEqual([ticket.sold, ticket.isActive, ticket.price], [0, true, 99_900])
          assert.strictEqual(Option.getOrThrow(yield* inventory.toggleTicket(event.id, ticket.id)).isActive, false)
          assert.isTrue(Option.isNone(yield* inventory.findTicket(crypto.randomUUID(), ticket.id)))
          assert.strictEqual(Option.getOrThrow(yield* inventory.updateSlot(event.id, slot.id, { capacity: 120 })).capacity, 120)
          assert.isTrue(yield* inventory.removeSlot(event.id, slot.id))
          assert.deepStrictEqual(yield* inventory.tickets(event.id), [])
          const user = crypto.randomUUID()
          assert.isTrue(yield* bookmarks.toggle(user, event.id))
          assert.deepStrictEqual(yield* bookmarks.eventIds(user), [event.id])
          assert.isFalse(yield* bookmarks.toggle(user, event.id))
          assert.isFalse(yield* bookmarks.has(user, event.id))
        }))
    })
  })

suite("memory", Layer.mergeAll(EventRepoMemory, EventInventoryRepoMemory, EventBookmarkRepoMemory), Effect.sync(() => crypto.randomUUID()))

const PgRepos = Layer.mergeAll(EventRepoPg, EventInventoryRepoPg, EventBookmarkRepoPg, OrganizerRepoPg).pipe(Layer.provideMerge(TestDatabase))
const pgOrganizer = (phone: () => string) =>
  Effect.map(
    Effect.flatMap(Organizers.OrganizerRepo, (r) => {
      const phoneNumber = phone()
      return r.create({ name: "Contract Org", phoneNumber, email: null, companyName: "Contract Org" }, { phoneNumber, email: null, userId: null })
    }),
    (o) => o.id
  )
let n = 0
const nextPhone = () => `+9198${String(Date.now() % 1_000_000).padStart(6, "0")}${String(n++ % 100).padStart(2, "0")}`
suite("postgres", PgRepos, pgOrganizer(nextPhone))
