import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Event prizes: one row per event (its leaderboards of rank slabs as JSON, the publication of its
 * prize results, the first distribution), locked by every write of the event's prizes; the goodies
 * sponsors offer for a rank; the announced winners with what the distribution paid them (one row
 * per leaderboard and athlete).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table results.event_prizes (
      id uuid primary key references events.events (id) on update cascade,
      currency text not null default 'INR',
      segments jsonb not null default '[]'::jsonb,
      status text not null default 'unpublished',
      announced_at timestamptz,
      published_at timestamptz,
      distributed_at timestamptz,
      updated_by text,
      updated_at timestamptz,
      constraint event_prizes_status_check check (status in ('unpublished', 'published')),
      constraint event_prizes_currency_check check (currency in ('INR'))
    )`
  yield* sql`
    create table results.prize_contributions (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade,
      sponsor_name text not null,
      brand_id uuid,
      title text not null,
      description text,
      quantity integer not null default 1 check (quantity between 1 and 10000),
      segment_name text,
      rank integer not null check (rank >= 1),
      status text not null default 'PENDING',
      decided_by text,
      decided_at timestamptz,
      created_at timestamptz not null default now(),
      seq bigint generated always as identity,
      constraint prize_contributions_status_check check (status in ('PENDING', 'ACCEPTED', 'REJECTED', 'DROPPED'))
    )`
  yield* sql`create index prize_contributions_event_idx on results.prize_contributions (event_id, status, seq desc)`
  yield* sql`
    create table results.prize_winners (
      event_id uuid not null references events.events (id) on update cascade,
      segment_index integer not null check (segment_index >= 0),
      rank integer not null check (rank >= 1),
      user_id uuid not null,
      paid_amount integer,
      paid_at timestamptz,
      transfer_id text,
      announced_at timestamptz not null default now(),
      primary key (event_id, segment_index, user_id)
    )`
  yield* sql`create index prize_winners_user_idx on results.prize_winners (user_id)`
})
