import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Hybrid race attempts: one per event and athlete (the unique key makes a second start lose), the
 * checkpoints as a jsonb list in course order. Column defaults equal the memory twin's start.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists hybrid_race`
  yield* sql`
    create table hybrid_race.attempts (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      athlete_id text not null,
      status text not null default 'RUNNING',
      next_checkpoint integer not null default 1,
      checkpoints jsonb not null default '[]'::jsonb,
      started_at timestamptz not null,
      finished_at timestamptz,
      submitted_at timestamptz,
      elapsed_seconds integer,
      updated_at timestamptz not null default now(),
      unique (event_id, athlete_id)
    )`
})
