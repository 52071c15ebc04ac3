/**
 * One contract suite for the hybrid race repositories, run against the memory twins and the
 * Postgres adapters: leaderboard ranks (1-2-2-4) and order, places, the week's submissions, flags
 * kept and listed, photo checks decided once and appealed once with the machine's code.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Events, HybridRace, Organizers } from "@podium/core"
import { EventRepoMemory, HybridPhotoCheckMemory, HybridRaceMemory } from "@podium/core/testing"
import { EventRepoPg, HybridPhotoCheckRepoPg, HybridRaceRepoPg, OrganizerRepoPg } from "@podium/postgres"
import { Effect, Layer, Option } from "effect"
import { TestDatabase } from "../support/database.js"

type Repos = HybridRace.HybridRaceRepo | HybridRace.HybridPhotoCheckRepo

const suite = <R>(name: string, repos: Layer.Layer<Repos | R, unknown>, newEvent: Effect.Effect<string, unknown, R>) =>
  describe(`hybrid race repositories (${name})`, () => {
    layer(repos, { timeout: "60 seconds", excludeTestServices: true })((it) => {
      it.effect("ranks submitted attempts 1-2-2-4 by time, places a time, lists the week's newest first and keeps flags", () =>
        Effect.gen(function*() {
          const repo = yield* HybridRace.HybridRaceRepo
          const eventId = yield* newEvent
          const t0 = new Date(Date.now() - 3_600_000)
          const at = (s: number) => new Date(t0.getTime() + s * 1000)
          const race = (athleteId: string, seconds: number, submit = true) =>
            Effect.gen(function*() {
              yield* repo.start(eventId, athleteId, t0)
              yield* repo.move(eventId, athleteId, "finish", at(seconds))
              return submit ? yield* repo.move(eventId, athleteId, "submit", at(seconds + 10)) : Option.getOrThrow(yield* repo.find(eventId, athleteId))
            })
          const a = yield* race("a", 50)
          const b = yield* race("b", 60)
          const c = yield* race("c", 60)
          const d = yield* race("d", 70)
          yield* race("e", 10, false)
          const board = yield* repo.leaderboard(eventId, 0, 10)
          assert.strictEqual(board.total, 4)
          assert.deepStrictEqual(board.items.map((i) => i.rank), [1, 2, 2, 4])
          assert.deepStrictEqual([board.items[0]!.attempt.id, board.items[3]!.attempt.id], [a.id, d.id])
          assert.deepStrictEqual(new Set(board.items.slice(1, 3).map((i) => i.attempt.id)), new Set([b.id, c.id]))
          assert.deepStrictEqual((yield* repo.leaderboard(eventId, 3, 10)).items.map((i) => i.rank), [4])
          assert.deepStrictEqual(yield* repo.placeOf(eventId, 60), { rank: 2, finishers: 4 })
          assert.deepStrictEqual(yield* repo.placeOf(eventId, 5), { rank: 1, finishers: 4 })
          const week = (yield* repo.submittedSince(t0, 1000)).filter((x) => x.eventId === eventId)
          assert.deepStrictEqual(week.map((x) => x.id).slice(0, 1), [d.id])
          assert.strictEqual(week.length, 4)
          assert.deepStrictEqual((yield* repo.submittedSince(at(75), 1000)).filter((x) => x.eventId === eventId).map((x) => x.id), [d.id])
          assert.deepStrictEqual(Option.map(yield* repo.findById(a.id), (x) => x.athleteId), Option.some("a"))
          assert.deepStrictEqual(yield* repo.flagsOf(a.id), [])
          const flag = { rule: "MISSING_CHECKPOINT" as const, checkpoint: 2, observedSeconds: null, floorSeconds: null, reason: "Checkpoint 2 was skipped" }
          yield* repo.setFlags(b.id, [flag])
          assert.deepStrictEqual(yield* repo.flagsOf(b.id), [flag])
          const flagged = yield* repo.flagged(0, 1000)
          const mine = flagged.items.find((i) => i.attempt.id === b.id)
          assert.deepStrictEqual(mine?.flags, [flag])
          assert.isUndefined(flagged.items.find((i) => i.attempt.id === a.id))
        }))

      it.effect("decides a photo check once and takes one appeal of a failure", () =>
        Effect.gen(function*() {
          const attempts = yield* HybridRace.HybridRaceRepo
          const checks = yield* HybridRace.HybridPhotoCheckRepo
          const eventId = yield* newEvent
          const attempt = Option.getOrThrow(yield* attempts.start(eventId, "p", new Date()))
          const now = new Date()
          const input = { eventId, athleteId: "p", attemptId: attempt.id, checkpointIndex: 1, challengeCode: "PC-123456", expiresAt: new Date(now.getTime() + 600_000) }
          const first = yield* checks.create(input, now)
          assert.deepStrictEqual([first.status, first.readCode, first.appealReason], ["PENDING", null, null])
          const early = yield* Effect.flip(checks.move(first.id, "appeal", { appealReason: "x" }, now))
          assert.deepStrictEqual([early._tag, early._tag === "MoveRefused" ? early.code : ""], ["MoveRefused", "PHOTO_CHECK_STATUS_CONFLICT"])
          const failed = yield* checks.move(first.id, "fail", { readCode: "NOPE", readConfidence: 0.9, reason: "wrong code", photoKey: "k" }, now)
          assert.deepStrictEqual([failed.status, failed.readCode, failed.readConfidence, failed.reason, failed.photoKey], ["FAILED", "NOPE", 0.9, "wrong code", "k"])
          assert.strictEqual((yield* Effect.flip(checks.move(first.id, "pass", {}, now)))._tag, "MoveRefused")
          const appealed = yield* checks.move(first.id, "appeal", { appealReason: "bad light" }, now)
          assert.deepStrictEqual([appealed.status, appealed.appealReason, appealed.readCode], ["APPEALED", "bad light", "NOPE"])
          assert.strictEqual((yield* Effect.flip(checks.move(first.id, "appeal", { appealReason: "again" }, now)))._tag, "MoveRefused")
          const second = yield* checks.create(input, new Date(now.getTime() + 1000))
          assert.deepStrictEqual(Option.map(yield* checks.latest(eventId, "p"), (c) => c.id), Option.some(second.id))
          assert.isTrue(Option.isNone(yield* checks.latest(eventId, "nobody")))
          assert.strictEqual((yield* Effect.flip(checks.move(crypto.randomUUID(), "pass", {}, now)))._tag, "PhotoCheckNotFound")
        }))
    })
  })

suite("memory", Layer.mergeAll(HybridRaceMemory, HybridPhotoCheckMemory, EventRepoMemory), Effect.sync(() => crypto.randomUUID()))

let n = 0
const nextPhone = () => `+9197${String(Date.now() % 1_000_000).padStart(6, "0")}${String(n++ % 100).padStart(2, "0")}`
const PgRepos = Layer.mergeAll(HybridRaceRepoPg, HybridPhotoCheckRepoPg, EventRepoPg, OrganizerRepoPg).pipe(Layer.provideMerge(TestDatabase))
const pgEvent = Effect.gen(function*() {
  const phoneNumber = nextPhone()
  const organizer = yield* Effect.flatMap(Organizers.OrganizerRepo, (r) =>
    r.create({ name: "Hybrid Contract Org", phoneNumber, email: null, companyName: "Hybrid Contract Org" }, { phoneNumber, email: null, userId: null }))
  const event = yield* Effect.flatMap(Events.EventRepo, (r) =>
    r.create({
      organizerId: organizer.id, title: "Hybrid Contract Race", description: "Eight stations", sport: "running", city: "Pune", country: "IN", venue: null,
      startsAt: new Date(Date.now() + 10 * 86_400_000), endsAt: new Date(Date.now() + 11 * 86_400_000), timezone: "Asia/Kolkata",
      visibility: "public", isTest: false, categoryId: null
    }))
  return event.id
})
suite("postgres", PgRepos, pgEvent)
