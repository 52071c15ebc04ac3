import { Context, Effect, Schema } from "effect"
import { CurrentJob, jobHandler } from "./job-handlers.js"

/** One collection of the catalog (the registry entry's public face). */
export interface SearchCollectionInfo {
  readonly name: string
  readonly description: string
  readonly fields: ReadonlyArray<string>
}

/** One document of a collection. */
export interface SearchDocument {
  readonly id: string
  readonly title: string
  readonly body: string
}

/** A collection bound to its source: its row count and keyset pages of documents ordered by id (engines other than Postgres read these). */
export interface SearchSource extends SearchCollectionInfo {
  readonly count: Effect.Effect<number>
  readonly page: (after: string | null, limit: number) => Effect.Effect<ReadonlyArray<SearchDocument>>
}

export interface SearchCollectionHealth {
  readonly name: string
  readonly created: boolean
  readonly documents: number
  readonly sourceRows: number
  readonly inSync: boolean
}

export interface SearchHealth {
  readonly engine: string
  readonly healthy: boolean
  readonly error: string | null
  readonly collections: ReadonlyArray<SearchCollectionHealth>
}

/** One batch of a reindex: the documents written and the cursor to resume from (null when done). */
export interface ReindexBatch {
  readonly indexed: number
  readonly nextCursor: string | null
}

export class SearchCollectionNotFound extends Schema.TaggedError<SearchCollectionNotFound>()("SearchCollectionNotFound", {
  collection: Schema.String
}) {}

/** The search engine: a registry of collections (as data) and the engine holding their documents. */
export class SearchEngine extends Context.Tag("@podium/core/platform/SearchEngine")<SearchEngine, {
  readonly catalog: ReadonlyArray<SearchCollectionInfo>
  /** Idempotently creates every collection; returns the catalog. */
  readonly ensure: Effect.Effect<ReadonlyArray<SearchCollectionInfo>>
  readonly health: Effect.Effect<SearchHealth>
  /** Rows in the collection's source (the database). */
  readonly sourceCount: (collection: string) => Effect.Effect<number, SearchCollectionNotFound>
  /** Indexes the next `limit` source rows after `cursor` (null: from the start; also drops stale documents). */
  readonly reindexBatch: (input: { readonly collection: string; readonly cursor: string | null; readonly limit: number }) => Effect.Effect<ReindexBatch, SearchCollectionNotFound>
}>() {}

export const SearchReindexJobName = "platform.search.reindex"

export const SearchReindexPayload = Schema.Struct({
  collection: Schema.String,
  batchSize: Schema.optional(Schema.Int.pipe(Schema.between(1, 10_000)))
})

/** Reindexes one collection in batches, reporting progress after each one. */
export const reindexCollection = Effect.fn("platform.search.reindex")(function*(
  input: { readonly collection: string; readonly batchSize?: number | undefined },
  onProgress: (done: number, total: number) => Effect.Effect<void> = () => Effect.void
) {
  const engine = yield* SearchEngine
  const total = yield* engine.sourceCount(input.collection)
  const limit = input.batchSize ?? 500
  let cursor: string | null = null
  let done = 0
  yield* onProgress(0, total)
  do {
    const batch: ReindexBatch = yield* engine.reindexBatch({ collection: input.collection, cursor, limit })
    done += batch.indexed
    cursor = batch.nextCursor
    yield* onProgress(done, Math.max(total, done))
  } while (cursor !== null)
  return { collection: input.collection, indexed: done }
})

/** The reindex job handler on a given engine (progress through `CurrentJob.reportProgress`). */
export const searchJobHandlers = (engine: Context.Tag.Service<SearchEngine>) => ({
  [SearchReindexJobName]: jobHandler(SearchReindexPayload, (payload) =>
    Effect.gen(function*() {
      const job = yield* CurrentJob
      yield* reindexCollection(payload, (done, total) =>
        job.reportProgress({ done, total, message: `${payload.collection}: ${done}/${total}` })).pipe(
        Effect.provideService(SearchEngine, engine)
      )
    }))
})
