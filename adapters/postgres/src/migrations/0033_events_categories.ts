import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** The events context's schema and its event categories (defaults equal core's EventCategories declaration). */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists events`
  yield* sql`
    create table events.categories (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      description text,
      sort_order integer not null default 0,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint categories_name_key unique (name)
    )`
})
