import { Effect, Layer } from "effect"
import { SearchCollectionNotFound, SearchEngine } from "../platform/search.port.js"

/** An in-memory search engine over fixed in-memory sources (by default the same collection names, empty). */
export const searchEngineMemory = (sources: Readonly<Record<string, ReadonlyArray<{ readonly id: string }>>> = { admins: [], organizers: [] }) =>
  Layer.sync(SearchEngine, () => {
    const created = new Set<string>()
    const docs = new Map<string, Set<string>>()
    const catalog = Object.keys(sources).map((name) => ({ name, description: name, fields: ["title", "body"] }))
    const find = (name: string) =>
      sources[name] === undefined ? Effect.fail(new SearchCollectionNotFound({ collection: name })) : Effect.succeed(sources[name])
    return SearchEngine.of({
      catalog,
      ensure: Effect.sync(() => {
        for (const c of catalog) created.add(c.name)
        return catalog
      }),
      health: Effect.sync(() => ({
        engine: "memory",
        healthy: true,
        error: null,
        collections: catalog.map((c) => {
          const documents = docs.get(c.name)?.size ?? 0
          const sourceRows = sources[c.name]!.length
          return { name: c.name, created: created.has(c.name), documents, sourceRows, inSync: documents === sourceRows }
        })
      })),
      sourceCount: (name) => Effect.map(find(name), (rows) => rows.length),
      reindexBatch: ({ collection, cursor, limit }) =>
        Effect.map(find(collection), (rows) => {
          created.add(collection)
          const start = cursor === null ? 0 : Number(cursor)
          if (start === 0) docs.set(collection, new Set())
          const page = rows.slice(start, start + limit)
          for (const r of page) docs.get(collection)!.add(r.id)
          return { indexed: page.length, nextCursor: start + limit >= rows.length ? null : String(start + limit) }
        })
    })
  })
