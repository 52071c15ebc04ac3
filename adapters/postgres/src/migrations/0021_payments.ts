import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * The payments context: the webhook inbox (`payments.webhook_events`, one row per
 * provider event id, dispatch lease in `locked_until`), gateway orders the platform created
 * (`payments.orders`, with purpose and owner) and their payments (`payments.payments`, one row per
 * gateway payment id, status only moving forward).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists payments`
  yield* sql`
    create table payments.webhook_events (
      id uuid primary key default gen_random_uuid(),
      provider text not null,
      event_id text not null,
      event_type text not null,
      payload jsonb not null,
      signature_verified boolean not null,
      status text not null default 'RECEIVED'
        check (status in ('RECEIVED', 'PROCESSED', 'FAILED', 'ACKNOWLEDGED', 'CANCELLED')),
      attempts integer not null default 0,
      last_error text,
      processed_by text[] not null default '{}',
      replay_count integer not null default 0,
      resolved_by uuid,
      locked_until timestamptz,
      received_at timestamptz not null default now(),
      last_attempt_at timestamptz,
      processed_at timestamptz,
      resolved_at timestamptz,
      updated_at timestamptz not null default now(),
      unique (provider, event_id)
    )`
  yield* sql`create index webhook_events_status_idx on payments.webhook_events (status, received_at desc)`
  yield* sql`create index webhook_events_type_idx on payments.webhook_events (event_type, received_at desc)`
  yield* sql`create index webhook_events_received_idx on payments.webhook_events (received_at desc)`
  yield* sql`
    create table payments.orders (
      id uuid primary key default gen_random_uuid(),
      provider text not null,
      gateway_order_id text not null,
      purpose text not null,
      owner_ref text not null,
      amount bigint not null check (amount > 0),
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      receipt text not null,
      notes jsonb not null default '{}',
      status text not null default 'CREATED' check (status in ('CREATED', 'ATTEMPTED', 'PAID')),
      created_by uuid,
      paid_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (provider, gateway_order_id)
    )`
  yield* sql`create index orders_purpose_owner_idx on payments.orders (purpose, owner_ref)`
  yield* sql`create index orders_created_idx on payments.orders (created_at desc)`
  yield* sql`
    create table payments.payments (
      id uuid primary key default gen_random_uuid(),
      order_id uuid not null references payments.orders (id) on delete cascade,
      provider text not null,
      gateway_payment_id text not null,
      amount bigint not null,
      currency text not null,
      status text not null check (status in ('created', 'authorized', 'captured', 'refunded', 'failed')),
      method text,
      source text not null check (source in ('checkout', 'webhook')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (provider, gateway_payment_id)
    )`
  yield* sql`create index payments_order_idx on payments.payments (order_id, created_at)`
})
