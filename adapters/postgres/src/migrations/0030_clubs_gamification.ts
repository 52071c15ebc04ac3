import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Club gamification and the admin workspace's community tools (schema `clubs`; see
 * core/src/clubs/gamification.model.ts and club-admin.model.ts): the append-only points entries
 * (a member's points are the sum of their entries; one reversal per entry, enforced by a unique
 * index), member of the month (one row per club and month key), recognition rules, awards and segments.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table clubs.points_entries (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      user_id uuid not null,
      points int not null check (points <> 0),
      kind text not null check (kind in ('GRANT', 'DEBIT', 'REVERSAL')),
      reason text not null,
      sport_id text,
      reverses_entry_id uuid references clubs.points_entries (id),
      reversed_by_entry_id uuid references clubs.points_entries (id),
      idempotency_key text,
      created_by uuid not null,
      occurred_at timestamptz not null,
      month_key text not null,
      week_key text not null,
      created_at timestamptz not null default now(),
      check ((kind = 'REVERSAL') = (reverses_entry_id is not null))
    )`
  yield* sql`create unique index points_entries_reverses_uq on clubs.points_entries (reverses_entry_id) where reverses_entry_id is not null`
  yield* sql`create unique index points_entries_idempotency_uq on clubs.points_entries (club_id, idempotency_key) where idempotency_key is not null`
  yield* sql`create index points_entries_club_user_idx on clubs.points_entries (club_id, user_id)`
  yield* sql`create index points_entries_club_month_idx on clubs.points_entries (club_id, month_key)`
  yield* sql`create index points_entries_club_week_idx on clubs.points_entries (club_id, week_key)`
  yield* sql`create index points_entries_club_created_idx on clubs.points_entries (club_id, created_at desc, id desc)`
  yield* sql`
    create table clubs.members_of_the_month (
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      month_key text not null,
      user_id uuid not null,
      points int not null,
      detected_by uuid not null,
      detected_at timestamptz not null default now(),
      primary key (club_id, month_key)
    )`
  yield* sql`
    create table clubs.recognition_rules (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      name text not null,
      metric text not null check (metric in ('points', 'runs_attended')),
      period text not null check (period in ('week', 'month')),
      threshold int not null check (threshold > 0),
      award_name text not null,
      status text not null default 'DISABLED' check (status in ('DISABLED', 'ENABLED')),
      created_by uuid not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index recognition_rules_club_idx on clubs.recognition_rules (club_id, created_at desc)`
  yield* sql`
    create table clubs.awards (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      user_id uuid not null,
      name text not null,
      description text,
      rule_id uuid references clubs.recognition_rules (id) on delete set null,
      period_key text,
      awarded_by uuid not null,
      revoked_at timestamptz,
      revoked_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index awards_club_idx on clubs.awards (club_id, created_at desc) where revoked_at is null`
  yield* sql`create unique index awards_rule_period_uq on clubs.awards (rule_id, user_id, period_key) where rule_id is not null and revoked_at is null`
  yield* sql`
    create table clubs.segments (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      kind text not null check (kind in ('AUDIENCE', 'MEMBER')),
      name text not null,
      description text,
      filter jsonb not null default '{}'::jsonb,
      status text not null default 'ACTIVE' check (status in ('ACTIVE', 'ARCHIVED')),
      challenge_ids text[] not null default '{}',
      created_by uuid not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index segments_club_kind_idx on clubs.segments (club_id, kind, created_at desc)`
})
