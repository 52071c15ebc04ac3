import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Curated routes: the path as jsonb points, soft-deleted. Column defaults equal core's (`createRoute`). */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table training.routes (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      description text,
      sport text not null default 'run',
      city text,
      difficulty text not null default 'moderate',
      points jsonb not null,
      distance_meters double precision not null,
      elevation_gain_meters double precision not null default 0,
      is_active boolean not null default true,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
})
