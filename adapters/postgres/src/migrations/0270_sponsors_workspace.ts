import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** The sponsor workspace: inventory items and their movements, reward grants paid to athletes, RC grant requests. */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table sponsors.inventory_items (
      id uuid primary key default gen_random_uuid(),
      brand_id uuid not null references sponsors.brands (id),
      name text not null,
      stock integer not null default 0 check (stock >= 0),
      low_stock_threshold integer not null default 0 check (low_stock_threshold >= 0),
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index sponsor_inventory_items_brand on sponsors.inventory_items (brand_id, name)`
  yield* sql`
    create table sponsors.inventory_movements (
      id uuid primary key default gen_random_uuid(),
      seq bigserial not null,
      item_id uuid not null references sponsors.inventory_items (id),
      brand_id uuid not null references sponsors.brands (id),
      delta integer not null check (delta <> 0),
      stock_after integer not null check (stock_after >= 0),
      reason text,
      low_stock_alert boolean not null default false,
      actor_id text not null,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index sponsor_inventory_movements_item on sponsors.inventory_movements (item_id, seq desc)`
  yield* sql`
    create table sponsors.reward_grants (
      id uuid primary key default gen_random_uuid(),
      seq bigserial not null,
      brand_id uuid not null references sponsors.brands (id),
      athlete_id uuid not null,
      amount_rc integer not null check (amount_rc > 0),
      reason text not null,
      sequence_key text not null,
      ledger_transfer_id text,
      granted_by text not null,
      created_at timestamptz not null default now(),
      unique (brand_id, sequence_key)
    )`
  yield* sql`create index sponsor_reward_grants_brand on sponsors.reward_grants (brand_id, seq desc)`
  yield* sql`
    create table sponsors.rc_grants (
      id uuid primary key default gen_random_uuid(),
      seq bigserial not null,
      brand_id uuid not null references sponsors.brands (id),
      requested_rc integer not null check (requested_rc > 0),
      reason text not null,
      status text not null default 'REQUESTED' check (status in ('REQUESTED', 'APPROVED', 'REJECTED')),
      approved_rc integer,
      rejection_reason text,
      reviewed_by text,
      reviewed_at timestamptz,
      ledger_transfer_id text,
      requested_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create unique index sponsor_rc_grants_one_open on sponsors.rc_grants (brand_id) where status = 'REQUESTED'`
  yield* sql`create index sponsor_rc_grants_status on sponsors.rc_grants (status, seq)`
})
