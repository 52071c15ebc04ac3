import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * notifications.*: the transactional outbox, one log row per delivery attempt, channel templates
 * with versions, per-user preferences and per-channel retry policies (defaults live in core; a
 * row here overrides its channel).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists notifications`
  yield* sql`
    create table notifications.outbox (
      id uuid primary key default gen_random_uuid(),
      channel text not null check (channel in ('EMAIL', 'SMS', 'PUSH', 'CHAT')),
      recipient text not null,
      user_id text,
      template_key text,
      variables jsonb not null default '{}'::jsonb,
      subject text,
      body text,
      category text,
      step text,
      producer text,
      resend_of uuid,
      status text not null default 'PENDING' check (status in ('PENDING', 'PROCESSING', 'SENT', 'FAILED', 'DEAD')),
      attempts integer not null default 0,
      max_attempts integer not null check (max_attempts >= 1),
      next_attempt_at timestamptz not null default now(),
      lease_owner text,
      lease_until timestamptz,
      last_error text,
      skip_reason text,
      provider_message_id text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      sent_at timestamptz,
      check (template_key is not null or body is not null)
    )`
  // Claim scans: due PENDING/FAILED rows by next_attempt_at, expired PROCESSING rows by lease_until.
  yield* sql`create index outbox_due_idx on notifications.outbox (next_attempt_at) where status in ('PENDING', 'FAILED')`
  yield* sql`create index outbox_processing_lease_idx on notifications.outbox (lease_until) where status = 'PROCESSING'`
  // Operator list (newest first, filtered by status/channel) and the summary's recent failures.
  yield* sql`create index outbox_created_idx on notifications.outbox (created_at desc, id desc)`
  yield* sql`create index outbox_status_channel_created_idx on notifications.outbox (status, channel, created_at desc)`
  yield* sql`create index outbox_failures_idx on notifications.outbox (updated_at desc) where status in ('FAILED', 'DEAD')`

  yield* sql`
    create table notifications.logs (
      id uuid primary key default gen_random_uuid(),
      outbox_id uuid not null,
      attempt integer not null,
      status text not null check (status in ('SENT', 'FAILED', 'SKIPPED')),
      channel text not null check (channel in ('EMAIL', 'SMS', 'PUSH', 'CHAT')),
      recipient text not null,
      user_id text,
      step text,
      template_key text,
      variables jsonb not null default '{}'::jsonb,
      category text,
      provider text,
      provider_message_id text,
      error text,
      resend_of uuid,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index logs_outbox_idx on notifications.logs (outbox_id)`
  yield* sql`create index logs_created_idx on notifications.logs (created_at desc, id desc)`
  // Delivery receipts (provider webhooks) find their row by the provider's message id.
  yield* sql`create index logs_provider_message_idx on notifications.logs (provider_message_id) where provider_message_id is not null`

  yield* sql`
    create table notifications.templates (
      id uuid primary key default gen_random_uuid(),
      channel text not null check (channel in ('EMAIL', 'SMS', 'PUSH', 'CHAT')),
      key text not null,
      version integer not null check (version >= 1),
      subject text,
      body text not null,
      variables jsonb not null default '[]'::jsonb,
      category text,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      unique (channel, key, version)
    )`

  yield* sql`
    create table notifications.preferences (
      user_id text primary key,
      channels jsonb not null default '{}'::jsonb,
      categories jsonb not null default '{}'::jsonb,
      updated_at timestamptz not null default now()
    )`

  yield* sql`
    create table notifications.retry_policies (
      channel text primary key check (channel in ('EMAIL', 'SMS', 'PUSH', 'CHAT')),
      max_attempts integer not null check (max_attempts between 1 and 50),
      base_delay_ms integer not null check (base_delay_ms >= 0),
      factor double precision not null check (factor >= 1),
      max_delay_ms integer not null check (max_delay_ms >= 0),
      updated_at timestamptz not null default now()
    )`
})
