/**
 * `podium search ensure|health|reindex <collection>`: the search collections from a terminal —
 * ensure creates every collection, health compares document and database counts, reindex rebuilds
 * one collection in batches in this process with a progress line (unknown collection fails).
 * The engine is the configured one (SEARCH_ENGINE: postgres or typesense), as in the HTTP host.
 */
import { Args, Command, Options } from "@effect/cli"
import { Platform } from "@podium/core"
import { configuredSearchEngine } from "@podium/host-common"
import { Console, Effect, Schema } from "effect"

/** A search command failed (unknown collection, unhealthy engine); its message is printed as one line. */
export class SearchCommandFailed extends Schema.TaggedError<SearchCommandFailed>()("SearchCommandFailed", { message: Schema.String }) {}

const bar = (done: number, total: number, label: string, width = 20) => {
  const filled = total === 0 ? width : Math.min(width, Math.round((done / total) * width))
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${label}`
}

const withEngine = <A, E>(f: (engine: Platform.SearchEngine["Type"]) => Effect.Effect<A, E, Platform.SearchEngine>) =>
  Effect.flatMap(configuredSearchEngine, (engine) => f(engine).pipe(Effect.provideService(Platform.SearchEngine, engine)))

const ensure = Command.make("ensure", {}, () =>
  withEngine((engine) =>
    Effect.gen(function*() {
      const catalog = yield* engine.ensure
      yield* Console.log(`ensured ${catalog.length} collection(s): ${catalog.map((c) => c.name).join(", ")}`)
    }))).pipe(Command.withDescription("Create every search collection (idempotent) and print the catalog."))

const health = Command.make("health", {}, () =>
  withEngine((engine) =>
    Effect.gen(function*() {
      const h = yield* engine.health
      yield* Console.log(`engine ${h.engine}: ${h.healthy ? "healthy" : `UNHEALTHY (${h.error})`}`)
      for (const c of h.collections) {
        yield* Console.log(`${c.name}: ${c.documents} document(s), ${c.sourceRows} database row(s)${c.inSync ? "" : " — out of sync"}${c.created ? "" : " (not created)"}`)
      }
      if (!h.healthy) return yield* new SearchCommandFailed({ message: `search engine unhealthy: ${h.error}` })
    }))).pipe(Command.withDescription("Engine health and per-collection document counts against database counts."))

const reindex = Command.make("reindex", {
  collection: Args.text({ name: "collection" }).pipe(Args.withDescription("Collection name, e.g. admins")),
  batchSize: Options.integer("batch-size").pipe(Options.withDefault(500), Options.withDescription("Documents per batch (1 to 10000)."))
}, ({ batchSize, collection }) =>
  withEngine((engine) =>
    Effect.gen(function*() {
      if (batchSize < 1 || batchSize > 10_000) return yield* new SearchCommandFailed({ message: "--batch-size must be between 1 and 10000" })
      if (!engine.catalog.some((c) => c.name === collection)) {
        return yield* new SearchCommandFailed({ message: `unknown collection "${collection}"; known: ${engine.catalog.map((c) => c.name).join(", ")}` })
      }
      const result = yield* Platform.reindexCollection({ collection, batchSize }, (done, total) => Console.error(bar(done, total, collection))).pipe(
        Effect.catchTag("SearchCollectionNotFound", (e) => new SearchCommandFailed({ message: `unknown collection "${e.collection}"` }))
      )
      yield* Console.log(`reindexed ${result.indexed} document(s) into ${collection}`)
    }))).pipe(Command.withDescription("Rebuild one collection in batches, with a progress line."))

/** `search …` commands; they need the database in context. */
export const searchCommand = Command.make("search").pipe(
  Command.withDescription("Search collections: ensure, health, reindex."),
  Command.withSubcommands([ensure, health, reindex])
)
