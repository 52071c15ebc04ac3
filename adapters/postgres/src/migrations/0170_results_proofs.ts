import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Proofs of virtual efforts (one live proof, pending or approved, per edition registration) and
 * the rewards waiting in athletes' action centers (one per source and kind).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table results.proofs (
      id uuid primary key default gen_random_uuid(),
      participation_id uuid not null references events.edition_registrations (id),
      edition_id uuid not null references events.editions (id),
      event_id uuid not null references events.events (id),
      user_id uuid not null references accounts.users (id),
      activity_id uuid,
      evidence_url text,
      elapsed_seconds integer not null check (elapsed_seconds between 1 and 604800),
      started_at timestamptz not null,
      gender text not null default 'other' check (gender in ('male', 'female', 'other')),
      age_group text,
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'revoked')),
      submitted_at timestamptz not null default now(),
      resolved_at timestamptz,
      resolved_by text,
      reason text,
      leaderboard_id uuid references results.leaderboards (id),
      revoked_at timestamptz,
      revoked_by text,
      revoke_reason text,
      clawed_back_rc integer not null default 0 check (clawed_back_rc >= 0),
      check ((activity_id is null) <> (evidence_url is null))
    )`
  yield* sql`create unique index proofs_live_key on results.proofs (participation_id) where status in ('pending', 'approved')`
  yield* sql`create index proofs_queue_idx on results.proofs (submitted_at, id) where status = 'pending'`
  yield* sql`create index proofs_participation_idx on results.proofs (participation_id, submitted_at desc)`
  yield* sql`
    create table results.claimable_rewards (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references accounts.users (id),
      kind text not null check (kind in ('rc', 'badge')),
      title text not null,
      amount integer not null default 0 check (amount >= 0),
      badge text,
      source text not null,
      status text not null default 'claimable' check (status in ('claimable', 'claimed', 'void')),
      created_at timestamptz not null default now(),
      claimed_at timestamptz,
      voided_at timestamptz,
      unique (source, kind)
    )`
  yield* sql`create index claimable_rewards_user_idx on results.claimable_rewards (user_id, status, created_at desc)`
})
