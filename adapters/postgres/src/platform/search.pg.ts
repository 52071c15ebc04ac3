/**
 * The Postgres full-text search engine (the default: no extra server). Documents live in
 * search.documents with a generated tsvector; the collection registry below is data — each entry
 * names its source query and document mapping, so later contexts append theirs.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Platform } from "@podium/core"
import { Effect, Layer, Schema } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

type SearchDocument = Platform.SearchDocument

/** One collection: its catalog entry, its source row count and a keyset page of its documents (ordered by id). */
export interface SearchCollectionSource extends Platform.SearchCollectionInfo {
  readonly count: (sql: SqlClient.SqlClient) => Effect.Effect<number, unknown>
  readonly page: (sql: SqlClient.SqlClient, after: string | null, limit: number) => Effect.Effect<ReadonlyArray<SearchDocument>, unknown>
}

const AdminSource = Schema.Struct({
  id: Schema.String,
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  handle: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  phoneNumber: Schema.String
})
const adminSources = rowsOf(AdminSource)

const OrganizerSource = Schema.Struct({ id: Schema.String, name: Schema.String, slug: Schema.NullOr(Schema.String), status: Schema.String })
const organizerSources = rowsOf(OrganizerSource)

const EventSource = Schema.Struct({
  id: Schema.String, title: Schema.String, sport: Schema.String, city: Schema.String, country: Schema.String,
  venue: Schema.NullOr(Schema.String), description: Schema.NullOr(Schema.String)
})
const eventSources = rowsOf(EventSource)
/** Events the public may see (the events adapters keep each document current as the event changes). */
const eventsVisible = "deleted_at is null and status = 'published' and visibility = 'public' and is_test = false and is_active = true"

const CollectionCount = Schema.Struct({ collection: Schema.String, n: Schema.Number })
const collectionCounts = rowsOf(CollectionCount)
const CollectionName = Schema.Struct({ name: Schema.String })
const collectionNames = rowsOf(CollectionName)

const join = (...parts: ReadonlyArray<string | null | undefined>) => parts.filter((p) => p !== null && p !== undefined && p !== "").join(" ")

/** The collections every host indexes (append a context's entries here). */
export const SearchCollections: ReadonlyArray<SearchCollectionSource> = [
  {
    name: "admins",
    description: "Platform administrators (accounts.admins)",
    fields: ["title", "body"],
    count: (sql) => Effect.map(counts.one(sql`select count(*)::int as n from accounts.admins`), (r) => r.n),
    page: (sql, after, limit) =>
      Effect.map(
        adminSources.all(sql`
          select id::text as id, first_name, last_name, handle, email, phone_number from accounts.admins
          where ${after === null ? sql`true` : sql`id::text > ${after}`} order by id::text limit ${limit}`),
        (rows) => rows.map((r) => ({ id: r.id, title: join(r.firstName, r.lastName) || (r.handle ?? r.id), body: join(r.handle, r.email, r.phoneNumber) }))
      )
  },
  {
    name: "organizers",
    description: "Organizers (organizers.organizers)",
    fields: ["title", "body"],
    count: (sql) => Effect.map(counts.one(sql`select count(*)::int as n from organizers.organizers`), (r) => r.n),
    page: (sql, after, limit) =>
      Effect.map(
        organizerSources.all(sql`
          select id::text as id, name, slug, status from organizers.organizers
          where ${after === null ? sql`true` : sql`id::text > ${after}`} order by id::text limit ${limit}`),
        (rows) => rows.map((r) => ({ id: r.id, title: r.name, body: join(r.slug, r.status) }))
      )
  },
  {
    name: "events",
    description: "Published public events (events.events)",
    fields: ["title", "body"],
    count: (sql) => Effect.map(counts.one(sql`select count(*)::int as n from events.events where ${sql.literal(eventsVisible)}`), (r) => r.n),
    page: (sql, after, limit) =>
      Effect.map(
        eventSources.all(sql`
          select id::text as id, title, sport, city, country, venue, description from events.events
          where ${sql.literal(eventsVisible)} and ${after === null ? sql`true` : sql`id::text > ${after}`} order by id::text limit ${limit}`),
        (rows) => rows.map((r) => ({ id: r.id, title: r.title, body: join(r.sport, r.city, r.country, r.venue, r.description) }))
      )
  }
]

export const makeSearchEnginePg = (collections: ReadonlyArray<SearchCollectionSource> = SearchCollections) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const catalog = collections.map(({ description, fields, name }) => ({ name, description, fields }))
    const find = (name: string) => {
      const c = collections.find((x) => x.name === name)
      return c === undefined ? Effect.fail(new Platform.SearchCollectionNotFound({ collection: name })) : Effect.succeed(c)
    }
    const ensureOne = (name: string) => sql`insert into search.collections (name) values (${name}) on conflict (name) do nothing`
    return Platform.SearchEngine.of({
      catalog,
      ensure: Effect.forEach(catalog, (c) => ensureOne(c.name), { discard: true }).pipe(Effect.as(catalog), Effect.orDie),
      health: Effect.gen(function*() {
        const documentCounts = yield* collectionCounts.all(sql`select collection, count(*)::int as n from search.documents group by collection`)
        const created = new Set((yield* collectionNames.all(sql`select name from search.collections`)).map((r) => r.name))
        const perCollection = yield* Effect.forEach(collections, (c) =>
          Effect.map(c.count(sql), (sourceRows) => {
            const documents = documentCounts.find((r) => r.collection === c.name)?.n ?? 0
            return { name: c.name, created: created.has(c.name), documents, sourceRows, inSync: documents === sourceRows }
          }))
        return { engine: "postgres", healthy: true, error: null, collections: perCollection }
      }).pipe(
        Effect.catchAll((e) => Effect.succeed({ engine: "postgres", healthy: false, error: String(e), collections: [] })),
        Effect.catchAllDefect((e) => Effect.succeed({ engine: "postgres", healthy: false, error: String(e), collections: [] }))
      ),
      sourceCount: (name) => Effect.flatMap(find(name), (c) => Effect.orDie(c.count(sql))),
      reindexBatch: ({ collection, cursor, limit }) =>
        Effect.flatMap(find(collection), (c) =>
          Effect.gen(function*() {
            yield* ensureOne(c.name)
            const docs = yield* c.page(sql, cursor, limit)
            const last = docs.at(-1)?.id ?? null
            yield* sql.withTransaction(Effect.gen(function*() {
              // Drop documents whose source row is gone in this key range.
              const upper = docs.length < limit ? null : last
              const lower = cursor
              const keep = docs.map((d) => d.id)
              yield* sql`
                delete from search.documents where collection = ${c.name}
                  and ${lower === null ? sql`true` : sql`id > ${lower}`}
                  and ${upper === null ? sql`true` : sql`id <= ${upper}`}
                  and ${keep.length === 0 ? sql`true` : sql`id not in ${sql.in(keep)}`}`
              if (docs.length > 0) {
                yield* sql`
                  insert into search.documents ${sql.insert(docs.map((d) => ({ collection: c.name, id: d.id, title: d.title, body: d.body })))}
                  on conflict (collection, id) do update set title = excluded.title, body = excluded.body, indexed_at = now()`
              }
            }))
            return { indexed: docs.length, nextCursor: docs.length < limit ? null : last }
          }).pipe(Effect.orDie))
    })
  })

export const SearchEnginePg: Layer.Layer<Platform.SearchEngine, never, SqlClient.SqlClient> = Layer.effect(Platform.SearchEngine, makeSearchEnginePg())

/** The registry's collections bound to this database, for engines other than Postgres (e.g. Typesense). */
export const searchSourcesPg = (collections: ReadonlyArray<SearchCollectionSource> = SearchCollections): Effect.Effect<ReadonlyArray<Platform.SearchSource>, never, SqlClient.SqlClient> =>
  Effect.map(SqlClient.SqlClient, (sql) =>
    collections.map((c): Platform.SearchSource => ({
      name: c.name,
      description: c.description,
      fields: c.fields,
      count: Effect.orDie(c.count(sql)),
      page: (after, limit) => Effect.orDie(c.page(sql, after, limit))
    })))
