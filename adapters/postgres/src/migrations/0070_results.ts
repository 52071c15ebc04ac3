import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Results: raw timing records (what the timing system sent) apart from the computed results
 * (elapsed time and places by standard competition ranking), leaderboards per event and name, and
 * the publication state of an event's results (one row per event, moved by conditional updates).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists results`
  yield* sql`
    create table results.event_results (
      id uuid primary key references events.events (id) on update cascade,
      status text not null default 'unpublished',
      published_at timestamptz,
      changed_by text,
      changed_at timestamptz,
      constraint event_results_status_check check (status in ('unpublished', 'published'))
    )`
  yield* sql`
    create table results.leaderboards (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade,
      name text not null,
      entry_count integer not null default 0,
      revision integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint leaderboards_event_name_key unique (event_id, name)
    )`
  yield* sql`create index leaderboards_created_idx on results.leaderboards (created_at desc, id)`
  yield* sql`
    create table results.timing_records (
      id uuid primary key default gen_random_uuid(),
      leaderboard_id uuid not null references results.leaderboards (id) on delete cascade,
      user_id uuid not null,
      gender text not null,
      age_group text,
      started_at timestamptz not null,
      finished_at timestamptz not null,
      ingested_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint timing_records_board_user_key unique (leaderboard_id, user_id),
      constraint timing_records_order_check check (finished_at > started_at),
      constraint timing_records_gender_check check (gender in ('male', 'female', 'other'))
    )`
  yield* sql`
    create table results.results (
      leaderboard_id uuid not null references results.leaderboards (id) on delete cascade,
      user_id uuid not null,
      gender text not null,
      age_group text,
      started_at timestamptz not null,
      finished_at timestamptz not null,
      elapsed_ms integer not null,
      place integer not null,
      gender_place integer not null,
      age_group_place integer,
      primary key (leaderboard_id, user_id)
    )`
  yield* sql`create index results_place_idx on results.results (leaderboard_id, place, user_id)`
})
