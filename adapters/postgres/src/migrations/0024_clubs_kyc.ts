import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Club KYC: one row per club (`clubs.club_kyc`), created DRAFT by the first save. The
 * bank account number is sealed (SecretBox) with its last four digits in clear and a keyed
 * fingerprint (club, number, IFSC) to compare the verified and the saved account; the last penny
 * drop and PAN check are kept as JSON records; review moves are conditional updates on `status`.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists clubs`
  yield* sql`
    create table clubs.club_kyc (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null unique references clubs.clubs (id) on delete cascade,
      status text not null default 'DRAFT' check (status in ('DRAFT', 'UNDER_REVIEW', 'APPROVED', 'REJECTED', 'RESUBMIT')),
      bank_account_sealed text,
      bank_account_last4 text,
      bank_account_fingerprint text,
      ifsc_code text,
      account_holder_name text,
      pan_number text,
      pan_name text,
      documents jsonb not null default '{}'::jsonb,
      bank_check jsonb,
      pan_check jsonb,
      review_reason text,
      reviewed_by uuid,
      reviewed_at timestamptz,
      submitted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index club_kyc_status_idx on clubs.club_kyc (status, submitted_at, id)`
})
