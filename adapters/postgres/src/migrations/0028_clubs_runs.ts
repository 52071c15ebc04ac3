import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Club runs, RSVPs and attendance (schema `clubs`; see core/src/clubs/run.model.ts). */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table clubs.runs (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      title text not null,
      description text,
      sport_id text,
      starts_at timestamptz not null,
      ends_at timestamptz not null check (ends_at > starts_at),
      meeting_point text,
      distance_km numeric(7, 2),
      capacity int check (capacity is null or capacity > 0),
      status text not null default 'SCHEDULED' check (status in ('SCHEDULED', 'CANCELLED', 'COMPLETED')),
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index runs_club_start_idx on clubs.runs (club_id, starts_at)`
  yield* sql`create index runs_start_idx on clubs.runs (starts_at)`
  yield* sql`create index runs_due_idx on clubs.runs (ends_at) where status = 'SCHEDULED'`
  yield* sql`
    create table clubs.run_rsvps (
      run_id uuid not null references clubs.runs (id) on delete cascade,
      user_id uuid not null,
      status text not null check (status in ('GOING', 'MAYBE', 'NOT_GOING')),
      updated_at timestamptz not null default now(),
      primary key (run_id, user_id)
    )`
  yield* sql`
    create table clubs.run_attendance (
      run_id uuid not null references clubs.runs (id) on delete cascade,
      user_id uuid not null,
      present boolean not null,
      source text not null check (source in ('MANUAL', 'INFERRED')),
      marked_by uuid,
      marked_at timestamptz not null default now(),
      primary key (run_id, user_id)
    )`
})
