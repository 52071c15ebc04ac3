import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Club tiers and their money (schema `clubs`): tiers (price in paise per billing period,
 * optional commission override in basis points), the club-wide commission override, tier promos
 * (one ACTIVE code per tier), tier checkouts (the gateway order and the split snapshot; OPEN → PAID
 * once, the gate that makes activation idempotent) and the members' tier periods (one row per club
 * membership). Money moves are in the wallets ledger, not here.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists clubs`
  yield* sql`
    create table clubs.tiers (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      name text not null,
      description text,
      price_amount bigint not null check (price_amount >= 100),
      currency text not null default 'INR' check (currency = 'INR'),
      billing_period text not null check (billing_period in ('MONTHLY', 'QUARTERLY', 'YEARLY')),
      benefits text[] not null default '{}',
      status text not null default 'ACTIVE' check (status in ('ACTIVE', 'ARCHIVED')),
      sort_order integer not null default 0,
      commission_bps integer check (commission_bps between 0 and 10000),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index tiers_club_idx on clubs.tiers (club_id, status, sort_order)`
  yield* sql`
    create table clubs.commission_overrides (
      club_id uuid primary key references clubs.clubs (id) on delete cascade,
      commission_bps integer not null check (commission_bps between 0 and 10000),
      updated_by uuid,
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table clubs.tier_promos (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      tier_id uuid not null references clubs.tiers (id) on delete cascade,
      code text not null,
      discount_type text not null check (discount_type in ('PERCENT', 'AMOUNT')),
      discount_value bigint not null check (discount_value > 0),
      max_redemptions integer check (max_redemptions > 0),
      redemptions integer not null default 0,
      valid_from timestamptz,
      valid_until timestamptz,
      status text not null default 'ACTIVE' check (status in ('ACTIVE', 'ARCHIVED')),
      created_by uuid not null,
      created_at timestamptz not null default now(),
      archived_at timestamptz
    )`
  yield* sql`create unique index tier_promos_active_code_key on clubs.tier_promos (tier_id, code) where status = 'ACTIVE'`
  yield* sql`create index tier_promos_tier_idx on clubs.tier_promos (tier_id, created_at desc)`
  yield* sql`
    create table clubs.tier_checkouts (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      tier_id uuid not null references clubs.tiers (id),
      user_id uuid not null,
      promo_id uuid references clubs.tier_promos (id),
      list_amount bigint not null,
      discount_amount bigint not null default 0,
      amount bigint not null check (amount >= 100),
      currency text not null,
      commission_bps integer not null,
      commission_amount bigint not null,
      net_amount bigint not null,
      provider text not null,
      gateway_order_id text not null,
      status text not null default 'OPEN' check (status in ('OPEN', 'PAID')),
      payment_id text,
      paid_at timestamptz,
      created_at timestamptz not null default now(),
      unique (provider, gateway_order_id)
    )`
  yield* sql`create index tier_checkouts_club_idx on clubs.tier_checkouts (club_id, status)`
  yield* sql`
    create table clubs.tier_memberships (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      member_id uuid not null unique references clubs.members (id) on delete cascade,
      user_id uuid not null,
      tier_id uuid not null references clubs.tiers (id),
      status text not null check (status in ('ACTIVE', 'CANCELED')),
      current_period_start timestamptz not null,
      current_period_end timestamptz not null,
      cancel_at_period_end boolean not null default false,
      canceled_at timestamptz,
      last_payment_id text,
      last_proration_amount bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index tier_memberships_club_idx on clubs.tier_memberships (club_id, tier_id)`
})
