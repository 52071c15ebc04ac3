import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * notifications.* for athletes and organizers: the in-app inbox, push device
 * tokens (one active per user), the organizer notification wallet as a double-entry ledger with its
 * top-ups, settlements and the inbound webhook inbox, and organizer send batches.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table notifications.inbox (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null,
      title text not null,
      body text not null,
      category text,
      seen_at timestamptz,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index inbox_user_created_idx on notifications.inbox (user_id, created_at desc)`
  yield* sql`
    create table notifications.device_tokens (
      user_id uuid not null,
      token text not null,
      platform text,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      deactivated_at timestamptz,
      primary key (user_id, token)
    )`
  yield* sql`create unique index device_tokens_one_active_idx on notifications.device_tokens (user_id) where active`
  // Organizer wallet: every movement is a pair of entries (organizer wallet and its counter-account)
  // summing to zero; the balance is the sum of the organizer's entries.
  yield* sql`
    create table notifications.wallet_entries (
      id uuid primary key default gen_random_uuid(),
      transaction_id uuid not null,
      account text not null,
      counter_account text not null,
      organizer_id uuid,
      amount bigint not null,
      reason text not null,
      idempotency_key text,
      settlement_id uuid,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index wallet_entries_organizer_idx on notifications.wallet_entries (organizer_id, created_at desc)`
  yield* sql`create unique index wallet_entries_idem_idx on notifications.wallet_entries (account, idempotency_key)`
  yield* sql`
    create table notifications.wallet_topups (
      id uuid primary key default gen_random_uuid(),
      organizer_id uuid not null,
      amount bigint not null check (amount > 0),
      status text not null default 'PENDING' check (status in ('PENDING', 'COMPLETED', 'FAILED')),
      event_id text,
      created_at timestamptz not null default now(),
      completed_at timestamptz
    )`
  yield* sql`create index wallet_topups_organizer_idx on notifications.wallet_topups (organizer_id, created_at desc)`
  yield* sql`
    create table notifications.settlements (
      id uuid primary key default gen_random_uuid(),
      organizer_id uuid not null,
      period_start timestamptz not null,
      period_end timestamptz not null,
      amount bigint not null,
      entries integer not null,
      status text not null default 'CALCULATED' check (status in ('CALCULATED', 'PROCESSED')),
      created_at timestamptz not null default now(),
      processed_at timestamptz
    )`
  yield* sql`
    create table notifications.organizer_batches (
      id uuid primary key default gen_random_uuid(),
      organizer_id uuid not null,
      channel text not null,
      template_id text not null,
      template_key text not null,
      unit_price bigint not null,
      recipients integer not null,
      cost bigint not null,
      status text not null check (status in ('QUEUED', 'SCHEDULED', 'CANCELLED')),
      scheduled_at timestamptz,
      created_at timestamptz not null default now(),
      cancelled_at timestamptz
    )`
  yield* sql`create index organizer_batches_org_idx on notifications.organizer_batches (organizer_id, created_at desc)`
  yield* sql`
    create table notifications.webhook_inbox (
      source text not null,
      event_id text not null,
      payload jsonb not null,
      status text not null default 'RECEIVED' check (status in ('RECEIVED', 'PROCESSED', 'REJECTED')),
      error text,
      received_at timestamptz not null default now(),
      processed_at timestamptz,
      primary key (source, event_id)
    )`
})
