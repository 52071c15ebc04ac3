import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Declarations and crew join codes: admin declaration-form templates and the
 * organizers' declaration details; GST templates and GST declarations; crew join codes and their
 * redemptions. "Exactly one active template" is a partial unique index, so two concurrent
 * activations cannot both win.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table organizers.declaration_templates (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      version int not null,
      html text not null,
      required_fields jsonb not null default '[]'::jsonb,
      is_active boolean not null default false,
      deleted_at timestamptz,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (name, version)
    )`
  yield* sql`create unique index declaration_templates_one_active on organizers.declaration_templates ((true)) where is_active`
  yield* sql`
    create table organizers.declaration_details (
      organizer_id uuid primary key references organizers.organizers (id) on delete cascade,
      details jsonb not null default '{}'::jsonb,
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table organizers.gst_templates (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      version int not null,
      html text not null,
      variables jsonb not null default '[]'::jsonb,
      is_active boolean not null default false,
      deleted_at timestamptz,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (name, version)
    )`
  yield* sql`create unique index gst_templates_one_active on organizers.gst_templates ((true)) where is_active`
  yield* sql`
    create table organizers.gst_declarations (
      id uuid primary key default gen_random_uuid(),
      organizer_id uuid not null references organizers.organizers (id) on delete cascade,
      template_id uuid references organizers.gst_templates (id),
      template_version int,
      status text not null check (status in ('PENDING_VARIABLES', 'PENDING_SIGNATURE', 'PENDING_VERIFICATION', 'VERIFIED', 'REJECTED')),
      variables jsonb not null default '{}'::jsonb,
      pdf jsonb,
      signed_document jsonb,
      reject_reason text,
      current boolean not null default true,
      submitted_at timestamptz,
      verified_at timestamptz,
      verified_by uuid,
      rejected_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create unique index gst_declarations_current on organizers.gst_declarations (organizer_id) where current`
  yield* sql`create index gst_declarations_status_idx on organizers.gst_declarations (status, created_at)`
  yield* sql`
    create table organizers.crew_join_codes (
      id uuid primary key default gen_random_uuid(),
      organizer_id uuid not null references organizers.organizers (id) on delete cascade,
      code text not null unique,
      label text,
      expires_at timestamptz,
      max_uses int check (max_uses is null or max_uses > 0),
      uses int not null default 0,
      revoked_at timestamptz,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (max_uses is null or uses <= max_uses)
    )`
  yield* sql`create index crew_join_codes_organizer_idx on organizers.crew_join_codes (organizer_id, created_at desc)`
  yield* sql`
    create table organizers.crew_join_redemptions (
      id uuid primary key default gen_random_uuid(),
      code_id uuid not null references organizers.crew_join_codes (id) on delete cascade,
      organizer_id uuid not null references organizers.organizers (id) on delete cascade,
      crew_member_id uuid not null references accounts.crew_members (id) on delete cascade,
      created_at timestamptz not null default now(),
      unique (organizer_id, crew_member_id)
    )`
})
