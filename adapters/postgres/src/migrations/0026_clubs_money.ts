import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Club money: RC grant requests, settlements and payout requests (schema `clubs`).
 * - rc_grants: a partial unique index allows ONE REQUESTED request per club, so two concurrent
 *   requests create one (the second answers CLUB_RC_GRANT_REQUEST_ALREADY_OPEN).
 * - settlements: one per (club, payee, period); amounts in paise, INR.
 * - settlement_entries: the wallets ledger entries a settlement claimed; the primary key on the
 *   entry id means an entry is settled at most once, whatever runs overlap.
 * - payout_requests: a partial unique index allows one open (REQUESTED/UNDER_REVIEW/APPROVED) or
 *   PAID request per settlement, so two concurrent payout requests create one.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table clubs.rc_grants (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      requested_rc integer not null check (requested_rc > 0),
      approved_rc integer check (approved_rc > 0 and approved_rc <= requested_rc),
      reason text not null,
      status text not null default 'REQUESTED' check (status in ('REQUESTED', 'APPROVED', 'REJECTED', 'CANCELLED')),
      requested_by uuid not null,
      reviewed_by uuid,
      reviewed_at timestamptz,
      rejection_reason text,
      cancelled_by uuid,
      cancelled_at timestamptz,
      ledger_transfer_id uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create unique index rc_grants_one_open_per_club on clubs.rc_grants (club_id) where status = 'REQUESTED'`
  yield* sql`create index rc_grants_status_idx on clubs.rc_grants (status, created_at)`
  yield* sql`create index rc_grants_club_idx on clubs.rc_grants (club_id, created_at)`
  yield* sql`
    create table clubs.settlements (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      payee_type text not null check (payee_type in ('CLUB', 'ORGANIZER')),
      payee_id text not null,
      period_start timestamptz not null,
      period_end timestamptz not null,
      gross_amount bigint not null check (gross_amount >= 0),
      commission_amount bigint not null default 0 check (commission_amount >= 0),
      deductions_amount bigint not null check (deductions_amount >= 0),
      amount bigint not null check (amount > 0),
      currency text not null default 'INR' check (currency = 'INR'),
      entry_count integer not null default 0,
      status text not null default 'PENDING' check (status in ('PENDING', 'ELIGIBLE', 'PAYOUT_REQUESTED', 'PAID')),
      eligible_at timestamptz not null,
      ledger_transfer_id uuid,
      paid_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (period_end > period_start),
      unique (club_id, payee_type, payee_id, period_start, period_end)
    )`
  yield* sql`create index settlements_club_idx on clubs.settlements (club_id, period_start desc)`
  yield* sql`create index settlements_pending_idx on clubs.settlements (eligible_at) where status = 'PENDING'`
  yield* sql`
    create table clubs.settlement_entries (
      entry_id text primary key,
      settlement_id uuid not null references clubs.settlements (id) on delete cascade
    )`
  yield* sql`
    create table clubs.payout_requests (
      id uuid primary key default gen_random_uuid(),
      settlement_id uuid not null references clubs.settlements (id),
      club_id uuid references clubs.clubs (id) on delete cascade,
      payee_type text not null check (payee_type in ('CLUB', 'ORGANIZER')),
      payee_id text not null,
      amount bigint not null check (amount > 0),
      currency text not null default 'INR' check (currency = 'INR'),
      status text not null default 'REQUESTED' check (status in ('REQUESTED', 'UNDER_REVIEW', 'APPROVED', 'PAID', 'REJECTED', 'CANCELLED')),
      requested_by uuid not null,
      reviewed_by uuid,
      approved_by uuid,
      paid_by uuid,
      payment_reference text,
      rejection_reason text,
      cancel_reason text,
      ledger_transfer_id uuid,
      reviewed_at timestamptz,
      approved_at timestamptz,
      paid_at timestamptz,
      rejected_at timestamptz,
      cancelled_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (status <> 'PAID' or payment_reference is not null)
    )`
  yield* sql`
    create unique index payout_requests_one_live_per_settlement on clubs.payout_requests (settlement_id)
    where status in ('REQUESTED', 'UNDER_REVIEW', 'APPROVED', 'PAID')`
  yield* sql`create index payout_requests_queue_idx on clubs.payout_requests (status, created_at)`
  yield* sql`create index payout_requests_club_idx on clubs.payout_requests (club_id, created_at)`
})
