import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Sponsorship: brands' deals, the contracts they become (or admins create), the attachment of a
 * brand to its target while a contract is ACTIVE (at most one ACTIVE per brand and target), every
 * attachment status change, and the goodie each attachment awards automatically.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table sponsors.deals (
      id uuid primary key default gen_random_uuid(),
      brand_id uuid not null references sponsors.brands (id),
      target_type text not null check (target_type in ('event', 'challenge', 'club')),
      target_id uuid not null,
      amount bigint not null check (amount > 0),
      currency text not null default 'INR' check (currency = 'INR'),
      terms text not null,
      status text not null default 'PROPOSED'
        check (status in ('PROPOSED', 'UNDER_REVIEW', 'COUNTERED', 'CONTRACT_PENDING', 'CONTRACT_UPLOADED', 'ACTIVE', 'REJECTED')),
      counter_amount bigint check (counter_amount > 0),
      counter_notes text,
      rejection_reason text,
      club_decision text check (club_decision in ('PENDING', 'ACCEPTED', 'DECLINED')),
      contract_document_key text,
      contract_id uuid,
      proposed_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index sponsorship_deals_status on sponsors.deals (status, created_at desc)`
  yield* sql`create index sponsorship_deals_brand on sponsors.deals (brand_id, created_at desc)`
  yield* sql`create index sponsorship_deals_target on sponsors.deals (target_type, target_id, created_at desc)`
  yield* sql`
    create table sponsors.contracts (
      id uuid primary key default gen_random_uuid(),
      brand_id uuid not null references sponsors.brands (id),
      deal_id uuid unique references sponsors.deals (id),
      target_type text not null check (target_type in ('event', 'challenge', 'club')),
      target_id uuid not null,
      title text not null,
      amount bigint not null check (amount > 0),
      currency text not null default 'INR' check (currency = 'INR'),
      status text not null default 'DRAFT' check (status in ('DRAFT', 'ACTIVE', 'ENDED', 'CANCELLED')),
      status_reason text,
      activated_at timestamptz,
      closed_at timestamptz,
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index sponsor_contracts_brand on sponsors.contracts (brand_id, created_at desc)`
  yield* sql`create index sponsor_contracts_target on sponsors.contracts (target_type, target_id)`
  yield* sql`
    create table sponsors.attachments (
      id uuid primary key default gen_random_uuid(),
      contract_id uuid not null unique references sponsors.contracts (id),
      brand_id uuid not null references sponsors.brands (id),
      target_type text not null check (target_type in ('event', 'challenge', 'club')),
      target_id uuid not null,
      status text not null default 'ACTIVE' check (status in ('ACTIVE', 'ENDED', 'CANCELLED')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create unique index sponsor_attachments_one_active on sponsors.attachments (brand_id, target_type, target_id) where status = 'ACTIVE'`
  yield* sql`create index sponsor_attachments_target on sponsors.attachments (target_type, target_id, status)`
  yield* sql`
    create table sponsors.attachment_history (
      id uuid primary key default gen_random_uuid(),
      seq bigserial not null,
      attachment_id uuid not null references sponsors.attachments (id),
      from_status text,
      to_status text not null,
      reason text,
      actor text not null,
      at timestamptz not null default now()
    )`
  yield* sql`create index sponsor_attachment_history_attachment on sponsors.attachment_history (attachment_id, seq)`
  yield* sql`
    create table sponsors.goodie_auto_award (
      sponsor_attachment_id uuid primary key references sponsors.attachments (id),
      enabled boolean not null default false,
      goodie_name text,
      audience text check (audience in ('FINISHERS', 'TOP_N', 'ALL_PARTICIPANTS')),
      top_n integer,
      quantity_per_athlete integer not null default 1,
      updated_by text,
      updated_at timestamptz default now()
    )`
})
