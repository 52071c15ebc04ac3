import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Master events (the umbrella of an event series over its editions), their members, the orders of
 * paid joins and the reward grants of their final standings (defaults equal the kernel's records).
 * `member_count` moves only under the master event's row lock; one live (not left) membership per
 * athlete and master event; one grant per athlete and kind; an order is settled and refunded once.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table events.master_events (
      id uuid primary key references events.events (id) on update cascade,
      status text not null default 'published' check (status in ('published', 'hidden', 'closed')),
      entry_fee integer not null default 0 check (entry_fee >= 0),
      currency text not null default 'INR',
      member_count integer not null default 0 check (member_count >= 0),
      status_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index master_events_status_idx on events.master_events (status, created_at desc)`
  yield* sql`
    create table events.master_members (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.master_events (id) on update cascade,
      user_id uuid not null,
      status text not null check (status in ('pending_payment', 'joined', 'left')),
      amount integer not null default 0,
      currency text not null default 'INR',
      order_id uuid,
      joined_at timestamptz,
      left_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create unique index master_members_live_key on events.master_members (event_id, user_id) where status <> 'left'`
  yield* sql`create index master_members_event_idx on events.master_members (event_id, status, created_at)`
  yield* sql`
    create table events.master_orders (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.master_events (id) on update cascade,
      member_id uuid not null references events.master_members (id),
      user_id uuid not null,
      amount integer not null,
      currency text not null,
      provider text not null,
      gateway_order_id text not null,
      status text not null default 'created' check (status in ('created', 'paid')),
      payment_id text,
      paid_at timestamptz,
      settled_at timestamptz,
      settled_by text,
      refunded_at timestamptz,
      refunded_by text,
      refund_reference text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint master_orders_gateway_key unique (provider, gateway_order_id)
    )`
  yield* sql`create index master_orders_event_idx on events.master_orders (event_id, created_at desc)`
  yield* sql`
    create table events.master_reward_grants (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.master_events (id) on update cascade,
      user_id uuid not null,
      kind text not null check (kind in ('rc', 'badge')),
      amount integer not null default 0 check (amount >= 0),
      badge_code text,
      place integer not null,
      status text not null default 'pending' check (status in ('pending', 'granted', 'revoked')),
      status_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint master_reward_grants_user_kind_key unique (event_id, user_id, kind)
    )`
  yield* sql`create index master_reward_grants_user_idx on events.master_reward_grants (user_id, created_at desc)`
})
