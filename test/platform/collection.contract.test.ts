/**
 * One contract suite for collection repositories, run against the memory twin and the Postgres
 * adapter built from the same declaration: the twin is honest when both pass the same checks.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Events } from "@podium/core"
import { EventCategoryRepoMemory } from "@podium/core/testing"
import { EventCategoryRepoPg } from "@podium/postgres"
import { Effect, Exit, Layer, Option } from "effect"
import { TestDatabase } from "../support/database.js"

const suite = (name: string, repo: Layer.Layer<Events.EventCategoryRepo, unknown>) =>
  describe(`collection repository (${name})`, () => {
    layer(repo, { timeout: "60 seconds", excludeTestServices: true })((it) => {
      it.effect("builds records with the declared defaults, updates only given fields, replaces all, refuses duplicates", () =>
        Effect.gen(function*() {
          const repo = yield* Events.EventCategoryRepo
          const road = yield* repo.create({ name: "Road" })
          assert.deepStrictEqual([road.description, road.sortOrder, road.isActive], [null, 0, true])
          const clash = yield* Effect.exit(repo.create({ name: "Road" }))
          assert.isTrue(Exit.isFailure(clash))
          const updated = Option.getOrThrow(yield* repo.update(road.id, { sortOrder: 5, description: "Tarmac" }))
          assert.deepStrictEqual([updated.name, updated.sortOrder, updated.description], ["Road", 5, "Tarmac"])
          const replaced = Option.getOrThrow(yield* repo.replace(road.id, { name: "Road running" }))
          assert.deepStrictEqual([replaced.name, replaced.sortOrder, replaced.description, replaced.isActive], ["Road running", 0, null, true])
          assert.isTrue(yield* repo.delete(road.id))
          assert.isTrue(Option.isNone(yield* repo.get(road.id)))
          assert.isFalse(yield* repo.delete(road.id))
        }))
    })
  })

suite("memory", EventCategoryRepoMemory)
suite("postgres", EventCategoryRepoPg.pipe(Layer.provide(TestDatabase)))
