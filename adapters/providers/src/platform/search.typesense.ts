/**
 * A Typesense-compatible search engine over HTTP (undici): collections with `title`/`body` string
 * fields, documents upserted through `/documents/import` (JSONL). The sources (row counts and
 * document pages) come from the caller, e.g. the Postgres registry's `searchSourcesPg`. A reindex
 * from the start drops and recreates the collection, so documents whose rows are gone disappear.
 */
import { Platform } from "@podium/core"
import { Data, Effect, Layer } from "effect"
import { request } from "undici"

export interface TypesenseOptions {
  /** Base URL, e.g. `http://localhost:8108`. */
  readonly url: string
  readonly apiKey: string
  readonly timeoutMs?: number
}

class TypesenseError extends Data.TaggedError("TypesenseError")<{ readonly message: string }> {}

export const makeSearchEngineTypesense = (options: TypesenseOptions, sources: ReadonlyArray<Platform.SearchSource>): Platform.SearchEngine["Type"] => {
  const base = options.url.replace(/\/+$/, "")
  const call = (method: "GET" | "POST" | "DELETE", path: string, body?: string, contentType = "application/json") =>
    Effect.tryPromise({
      try: async () => {
        const res = await request(`${base}${path}`, {
          method,
          headers: { "x-typesense-api-key": options.apiKey, ...(body === undefined ? {} : { "content-type": contentType }) },
          ...(body === undefined ? {} : { body }),
          headersTimeout: options.timeoutMs ?? 10_000,
          bodyTimeout: options.timeoutMs ?? 10_000
        })
        const text = await res.body.text()
        return { status: res.statusCode, text }
      },
      catch: (e) => new TypesenseError({ message: `typesense ${method} ${path}: ${String(e)}` })
    })
  const ok = (method: "GET" | "POST" | "DELETE", path: string, body?: string, contentType?: string) =>
    Effect.flatMap(call(method, path, body, contentType), (r) =>
      r.status >= 200 && r.status < 300 ? Effect.succeed(r.text) : Effect.fail(new TypesenseError({ message: `typesense ${method} ${path}: HTTP ${r.status} ${r.text.slice(0, 200)}` })))
  const catalog = sources.map(({ description, fields, name }) => ({ name, description, fields }))
  const find = (name: string) => {
    const s = sources.find((x) => x.name === name)
    return s === undefined ? Effect.fail(new Platform.SearchCollectionNotFound({ collection: name })) : Effect.succeed(s)
  }
  const schema = (name: string) =>
    JSON.stringify({ name, fields: [{ name: "title", type: "string" }, { name: "body", type: "string" }] })
  /** Creates the collection unless it exists (a concurrent create's 409 counts as created). */
  const ensureOne = (name: string) =>
    Effect.flatMap(call("GET", `/collections/${encodeURIComponent(name)}`), (r) =>
      r.status === 200
        ? Effect.void
        : Effect.flatMap(call("POST", "/collections", schema(name)), (c) =>
          c.status < 300 || c.status === 409 ? Effect.void : Effect.fail(new TypesenseError({ message: `typesense create ${name}: HTTP ${c.status}` }))))
  const documentsIn = (name: string) =>
    Effect.flatMap(call("GET", `/collections/${encodeURIComponent(name)}`), (r) =>
      r.status === 200
        ? Effect.succeed({ created: true, documents: Number((JSON.parse(r.text) as { num_documents?: number }).num_documents ?? 0) })
        : r.status === 404
        ? Effect.succeed({ created: false, documents: 0 })
        : Effect.fail(new TypesenseError({ message: `typesense GET collection ${name}: HTTP ${r.status}` })))
  const unhealthy = (e: unknown) => Effect.succeed({ engine: "typesense", healthy: false, error: e instanceof Error ? e.message : String(e), collections: [] })
  return Platform.SearchEngine.of({
    catalog,
    ensure: Effect.forEach(catalog, (c) => ensureOne(c.name), { discard: true }).pipe(Effect.as(catalog), Effect.orDie),
    health: Effect.gen(function*() {
      const h = yield* ok("GET", "/health")
      if ((JSON.parse(h) as { ok?: boolean }).ok !== true) return yield* new TypesenseError({ message: `typesense /health: ${h}` })
      const collections = yield* Effect.forEach(sources, (s) =>
        Effect.zipWith(documentsIn(s.name), s.count, (d, sourceRows) => ({ name: s.name, ...d, sourceRows, inSync: d.documents === sourceRows })))
      return { engine: "typesense", healthy: true, error: null, collections }
    }).pipe(Effect.catchAll(unhealthy)),
    sourceCount: (name) => Effect.flatMap(find(name), (s) => s.count),
    reindexBatch: ({ collection, cursor, limit }) =>
      Effect.flatMap(find(collection), (s) =>
        Effect.gen(function*() {
          const path = `/collections/${encodeURIComponent(s.name)}`
          if (cursor === null) {
            const dropped = yield* call("DELETE", path)
            if (dropped.status >= 300 && dropped.status !== 404) return yield* new TypesenseError({ message: `typesense drop ${s.name}: HTTP ${dropped.status}` })
          }
          yield* ensureOne(s.name)
          const docs = yield* s.page(cursor, limit)
          if (docs.length > 0) {
            const text = yield* ok("POST", `${path}/documents/import?action=upsert`, docs.map((d) => JSON.stringify(d)).join("\n"), "text/plain")
            const failed = text.split("\n").filter((l) => l.trim() !== "" && (JSON.parse(l) as { success?: boolean }).success !== true)
            if (failed.length > 0) return yield* new TypesenseError({ message: `typesense import into ${s.name}: ${failed.length} document(s) failed: ${failed[0]}` })
          }
          return { indexed: docs.length, nextCursor: docs.length < limit ? null : (docs.at(-1)?.id ?? null) }
        }).pipe(Effect.orDie))
  })
}

/** The Typesense engine as a layer over the given sources. */
export const SearchEngineTypesense = <E, R>(options: TypesenseOptions, sources: Effect.Effect<ReadonlyArray<Platform.SearchSource>, E, R>): Layer.Layer<Platform.SearchEngine, E, R> =>
  Layer.effect(Platform.SearchEngine, Effect.map(sources, (s) => makeSearchEngineTypesense(options, s)))
