import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Chargebacks (`payments.chargebacks`, one row per gateway dispute; `status` is the defend
 * machine's) and the evidence of their defence (`payments.chargeback_evidence`).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists payments`
  yield* sql`
    create table payments.chargebacks (
      id uuid primary key default gen_random_uuid(),
      provider text not null,
      gateway_case_id text not null,
      gateway_payment_id text not null,
      payment_id uuid references payments.payments (id),
      order_id uuid references payments.orders (id),
      gateway_order_id text,
      purpose text,
      owner_ref text,
      amount bigint not null check (amount >= 0),
      currency text not null,
      reason_code text,
      reason_description text,
      phase text,
      gateway_status text not null,
      respond_by timestamptz,
      status text not null default 'OPEN'
        check (status in ('OPEN', 'DRAFT', 'SUBMITTED', 'WON', 'LOST', 'EXPIRED', 'CANCELLED', 'ACCEPTED')),
      defense_draft text not null default '' check (char_length(defense_draft) <= 4000),
      draft_updated_at timestamptz,
      draft_updated_by text,
      evidence_count integer not null default 0,
      gateway_submission_status text not null default 'NOT_SUBMITTED'
        check (gateway_submission_status in ('NOT_SUBMITTED', 'MANUAL_GATEWAY_UPLOAD_REQUIRED')),
      submitted_at timestamptz,
      submitted_by text,
      resolved_by text,
      resolved_at timestamptz,
      resolution_reason text,
      gateway_event_at timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (provider, gateway_case_id)
    )`
  yield* sql`create index chargebacks_status_idx on payments.chargebacks (status, created_at desc)`
  yield* sql`create index chargebacks_created_idx on payments.chargebacks (created_at desc)`
  yield* sql`create index chargebacks_order_idx on payments.chargebacks (order_id)`
  yield* sql`
    create table payments.chargeback_evidence (
      id uuid primary key default gen_random_uuid(),
      chargeback_id uuid not null references payments.chargebacks (id) on delete cascade,
      kind text not null,
      file_url text,
      description text,
      added_by text not null,
      created_at timestamptz not null default now(),
      check (file_url is not null or description is not null)
    )`
  yield* sql`create index chargeback_evidence_case_idx on payments.chargeback_evidence (chargeback_id, created_at)`
})
