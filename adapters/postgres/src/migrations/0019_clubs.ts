import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * The clubs context's core tables (schema `clubs`): clubs with their onboarding, deactivation and
 * verification state, and memberships (one row per person and club; LEFT/REMOVED rows are reused
 * when the person comes back). Later club capabilities (tiers, KYC, RC grants, settlements,
 * community) add their own tables in their own migrations.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists clubs`
  yield* sql`
    create table clubs.clubs (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      slug text not null,
      description text,
      sport_ids text[] not null default '{}',
      city text,
      club_type text not null default 'COMMUNITY' check (club_type in ('COMMUNITY', 'CLUB_MEMBERSHIP')),
      requires_approval boolean not null default false,
      status text not null default 'DRAFT' check (status in ('DRAFT', 'PENDING_APPROVAL', 'ACTIVE', 'SUSPENDED')),
      rejection_reason text,
      is_active boolean not null default true,
      deactivation_reason text,
      verification_status text not null default 'NONE' check (verification_status in ('NONE', 'QUEUED', 'VERIFIED', 'REJECTED')),
      verification_reason text,
      payout_frozen boolean not null default false,
      owner_user_id uuid not null,
      submitted_at timestamptz,
      reviewed_at timestamptz,
      reviewed_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create unique index clubs_slug_key on clubs.clubs (lower(slug))`
  yield* sql`create index clubs_status_idx on clubs.clubs (status, created_at)`
  yield* sql`create index clubs_owner_idx on clubs.clubs (owner_user_id)`
  yield* sql`create index clubs_sports_idx on clubs.clubs using gin (sport_ids)`
  yield* sql`
    create table clubs.members (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      user_id uuid not null,
      role text not null default 'MEMBER' check (role in ('OWNER', 'ADMIN', 'MODERATOR', 'MEMBER')),
      status text not null check (status in ('ACTIVE', 'PENDING', 'LEFT', 'REMOVED')),
      tier_id uuid,
      joined_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (club_id, user_id)
    )`
  yield* sql`create index members_user_idx on clubs.members (user_id)`
  yield* sql`create index members_club_status_idx on clubs.members (club_id, status, created_at)`
})
