import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Series passes of an event series and athletes' registrations on them (one row per pass and athlete). */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table results.series_passes (
      id uuid primary key default gen_random_uuid(),
      organizer_id uuid not null references organizers.organizers (id),
      event_id uuid not null references events.events (id),
      name text not null,
      description text,
      from_year integer not null check (from_year between 2000 and 2100),
      to_year integer not null check (to_year between 2000 and 2100),
      capacity integer not null check (capacity between 1 and 1000000),
      registered integer not null default 0,
      registration_closes_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (to_year >= from_year),
      check (registered between 0 and capacity)
    )`
  yield* sql`create index series_passes_event_idx on results.series_passes (event_id, created_at desc)`
  yield* sql`
    create table results.series_pass_registrations (
      id uuid primary key default gen_random_uuid(),
      pass_id uuid not null references results.series_passes (id),
      user_id uuid not null references accounts.users (id),
      status text not null default 'registered' check (status in ('registered', 'cancelled')),
      registered_at timestamptz not null default now(),
      cancelled_at timestamptz,
      created_at timestamptz not null default now(),
      unique (pass_id, user_id)
    )`
  yield* sql`create index series_pass_registrations_user_idx on results.series_pass_registrations (user_id, registered_at desc)`
})
