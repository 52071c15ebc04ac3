import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * search.collections (the collections `ensure` created) and search.documents, the Postgres
 * full-text engine's index: one row per (collection, id) with a generated tsvector.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists search`
  yield* sql`
    create table search.collections (
      name text primary key,
      created_at timestamptz not null default now()
    )`
  yield* sql`
    create table search.documents (
      collection text not null,
      id text not null,
      title text not null,
      body text not null default '',
      tsv tsvector generated always as (to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(body, ''))) stored,
      indexed_at timestamptz not null default now(),
      primary key (collection, id)
    )`
  yield* sql`create index documents_tsv_idx on search.documents using gin (tsv)`
})
