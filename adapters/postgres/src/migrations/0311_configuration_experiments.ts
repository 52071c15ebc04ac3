import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * A/B tests and experiments (B "A/B tests, Experiments"): weighted variant splits with a version,
 * experiments with their status, and one exposure and one conversion at most per experiment and
 * user (deleted with the experiment).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table configuration.ab_tests (
      key text primary key check (key ~ '^[a-z][a-z0-9_.-]{1,79}$'),
      name text not null check (char_length(name) between 1 and 120),
      description text not null default '',
      enabled boolean not null default false,
      variants jsonb not null,
      version integer not null default 1,
      updated_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table configuration.experiments (
      key text primary key check (key ~ '^[a-z][a-z0-9_.-]{1,79}$'),
      name text not null check (char_length(name) between 1 and 120),
      hypothesis text not null default '',
      metric text not null,
      variants jsonb not null,
      status text not null default 'DRAFT' check (status in ('DRAFT', 'RUNNING', 'PAUSED', 'COMPLETED')),
      version integer not null default 1,
      started_at timestamptz,
      ended_at timestamptz,
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table configuration.experiment_events (
      experiment_key text not null references configuration.experiments (key) on delete cascade,
      user_id uuid not null,
      kind text not null check (kind in ('exposure', 'conversion')),
      variant text not null,
      occurred_at timestamptz not null default now(),
      primary key (experiment_key, user_id, kind)
    )`
})
