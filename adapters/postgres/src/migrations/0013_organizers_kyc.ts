import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Organizer business KYC (A 2.2 / A 3): one row per organizer with its review state,
 * the sealed bank account number (AES-GCM via SecretBox; only the last four digits in clear) and
 * the stored documents (jsonb map field → blob key, type, name, size); and the organizer's
 * partner-A tag set from admin verification.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table organizers.business_kyc (
      id uuid primary key default gen_random_uuid(),
      organizer_id uuid not null unique references organizers.organizers (id) on delete cascade,
      status text not null default 'UNDER_REVIEW'
        check (status in ('UNDER_REVIEW', 'APPROVED', 'REJECTED', 'RESUBMIT')),
      bank_account_sealed text,
      bank_account_last4 text,
      ifsc_code text,
      website_or_app_url text,
      business_description text,
      documents jsonb not null default '{}'::jsonb,
      review_reason text,
      reviewed_by uuid,
      reviewed_at timestamptz,
      submitted_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index business_kyc_queue_idx on organizers.business_kyc (status, submitted_at, id)`
  // B Verification: the admin's partner-A tag on an organizer.
  yield* sql`alter table organizers.organizers add column partner_a_tag boolean not null default false`
})
