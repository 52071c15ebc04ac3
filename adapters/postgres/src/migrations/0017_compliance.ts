import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * compliance.consents (current state per user and purpose), compliance.consent_events (append-only
 * history), compliance.erasure_requests (at most one REQUESTED per user) and
 * compliance.account_merges. User ids carry no foreign key: requests and merges outlive the hard
 * delete of the account they name.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists compliance`
  yield* sql`
    create table compliance.consents (
      user_id uuid not null,
      purpose text not null,
      granted boolean not null,
      updated_at timestamptz not null default now(),
      primary key (user_id, purpose)
    )`
  yield* sql`
    create table compliance.consent_events (
      id uuid primary key default gen_random_uuid(),
      seq bigserial not null,
      user_id uuid not null,
      purpose text not null,
      granted boolean not null,
      source text not null,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index consent_events_user_idx on compliance.consent_events (user_id, seq desc)`
  yield* sql`
    create table compliance.erasure_requests (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null,
      status text not null default 'REQUESTED' check (status in ('REQUESTED', 'CANCELLED', 'CONFIRMED', 'REJECTED')),
      reason text,
      requested_at timestamptz not null default now(),
      cool_off_until timestamptz not null,
      cancelled_at timestamptz,
      confirmed_at timestamptz,
      hard_deleted_at timestamptz,
      hold_reason text,
      hold_statute text,
      hold_retain_until date,
      held_by uuid,
      held_at timestamptz
    )`
  yield* sql`create unique index erasure_requests_open_key on compliance.erasure_requests (user_id) where status = 'REQUESTED'`
  yield* sql`create index erasure_requests_due_idx on compliance.erasure_requests (cool_off_until) where status = 'REQUESTED'`
  yield* sql`
    create table compliance.account_merges (
      id uuid primary key default gen_random_uuid(),
      source_user_id uuid not null,
      target_user_id uuid not null,
      reason text not null,
      status text not null default 'PROPOSED' check (status in ('PROPOSED', 'CANCELLED', 'EXECUTED')),
      proposed_by uuid not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      cancelled_at timestamptz,
      executed_at timestamptz,
      result jsonb
    )`
})
