/**
 * Search administration: ensure the collections, compare document and database counts, and queue a
 * durable reindex job (executed by a worker in batches with progress). Needs an admin with
 * `platform.operate`.
 */
import { type HttpApiGroup } from "@effect/platform"
import { NotFound } from "@podium/contracts/common"
import { PlatformApi } from "@podium/contracts/platform"
import { Platform } from "@podium/core"
import { Effect, type Layer } from "effect"
import type { PlatformHandlerServices } from "./platform-services.js"
import { jobRunView } from "./scheduler.handlers.js"
import { apiGroup } from "../serving/served-groups.js"

export const SearchHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "search">, never, PlatformHandlerServices> = apiGroup(PlatformApi, "search", (handlers) =>
  Effect.gen(function*() {
    const engine = yield* Platform.SearchEngine
    const queue = yield* Platform.JobQueue
    return handlers
      .handle("ensureSearchCollections", () =>
        Effect.gen(function*() {
          const data = yield* engine.ensure
          return { data, count: data.length }
        }))
      .handle("searchHealth", () => engine.health)
      .handle("reindexSearchCollection", ({ path }) =>
        Effect.gen(function*() {
          if (!engine.catalog.some((c) => c.name === path.collection)) {
            return yield* new NotFound({ message: `No search collection named ${path.collection}` })
          }
          const { job } = yield* queue.enqueue({
            name: Platform.SearchReindexJobName,
            payload: { collection: path.collection },
            maxAttempts: 3
          })
          return { collection: path.collection, job: jobRunView(job) }
        }))
  }))
