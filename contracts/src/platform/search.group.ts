/**
 * Search administration (B Search): `ensure` idempotently creates every collection and returns the
 * catalog, `health` compares each collection's documents with its database rows, `reindex` queues a
 * durable job (a worker runs it in batches with progress). Needs `platform.operate`.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"
import { JobRunView } from "./scheduler.group.js"

export const SearchCollectionView = Schema.Struct({
  name: Schema.String,
  description: Schema.String,
  fields: Schema.Array(Schema.String)
}).annotations({ identifier: "SearchCollection" })

export const SearchCatalogView = Schema.Struct({ data: Schema.Array(SearchCollectionView), count: Schema.Int })

export const SearchCollectionHealthView = Schema.Struct({
  name: Schema.String,
  created: Schema.Boolean,
  documents: Schema.Int,
  sourceRows: Schema.Int,
  inSync: Schema.Boolean
}).annotations({ identifier: "SearchCollectionHealth" })

export const SearchHealthView = Schema.Struct({
  engine: Schema.String,
  healthy: Schema.Boolean,
  error: Schema.NullOr(Schema.String),
  collections: Schema.Array(SearchCollectionHealthView)
}).annotations({ identifier: "SearchHealth" })

export const SearchReindexView = Schema.Struct({ collection: Schema.String, job: JobRunView }).annotations({ identifier: "SearchReindex" })

export const SearchCollectionParam = Schema.Struct({ collection: Schema.String.pipe(Schema.maxLength(100)) })

export class SearchGroup extends HttpApiGroup.make("search")
  .add(op.post("ensureSearchCollections", "/v2/admin/search/ensure", { ok: SearchCatalogView, summary: "Idempotently create every search collection; answers the catalog" }))
  .add(op.get("searchHealth", "/v2/admin/search/health", { ok: SearchHealthView, summary: "Engine health and per-collection document counts against database counts" }))
  .add(op.post("reindexSearchCollection", "/v2/admin/search/reindex/:collection", { path: SearchCollectionParam, ok: SearchReindexView, status: 202, summary: "Queue a durable reindex job for the collection (answers at once with the job)" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("platform.operate"))
  .annotate(OpenApi.Title, "Search")
  .annotate(OpenApi.Description, "Search collections; permission platform.operate")
{}
