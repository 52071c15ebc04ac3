import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Sponsor audience cohorts and campaigns, each reviewed by admins. */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table sponsors.cohorts (
      id uuid primary key default gen_random_uuid(),
      seq bigserial not null,
      brand_id uuid not null references sponsors.brands (id),
      name text not null,
      definition jsonb not null,
      estimated_size integer not null check (estimated_size >= 0),
      estimated_at timestamptz not null default now(),
      status text not null default 'DRAFT' check (status in ('DRAFT', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED')),
      rejection_reason text,
      reviewed_by text,
      reviewed_at timestamptz,
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index sponsor_cohorts_brand on sponsors.cohorts (brand_id, seq desc)`
  yield* sql`create index sponsor_cohorts_status on sponsors.cohorts (status, seq)`
  yield* sql`
    create table sponsors.campaigns (
      id uuid primary key default gen_random_uuid(),
      seq bigserial not null,
      brand_id uuid not null references sponsors.brands (id),
      name text not null,
      objective text not null check (objective in ('AWARENESS', 'ENGAGEMENT', 'PARTICIPATION', 'SALES')),
      budget_minor bigint not null check (budget_minor > 0),
      currency text not null default 'INR' check (currency = 'INR'),
      start_date timestamptz not null,
      end_date timestamptz not null,
      cohort_id uuid references sponsors.cohorts (id),
      status text not null default 'DRAFT' check (status in ('DRAFT', 'PENDING_APPROVAL', 'SCHEDULED', 'LIVE', 'REJECTED')),
      rejection_reason text,
      reviewed_by text,
      reviewed_at timestamptz,
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (end_date > start_date)
    )`
  yield* sql`create index sponsor_campaigns_brand on sponsors.campaigns (brand_id, seq desc)`
  yield* sql`create index sponsor_campaigns_status on sponsors.campaigns (status, seq)`
})
