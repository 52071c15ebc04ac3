import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * The activities context: gear and gear types, activities with their track points and audit,
 * anti-cheat governance (rules seeded as core's DefaultRules), flags, responses and appeals,
 * tracking preferences, live-tracking shares and their recipients. Column defaults equal core's.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists activities`
  yield* sql`
    create table activities.gear_types (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      description text,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint gear_types_name_key unique (name)
    )`
  yield* sql`
    create table activities.gears (
      id uuid primary key default gen_random_uuid(),
      user_id text not null,
      gear_type_id uuid references activities.gear_types (id) on delete set null,
      name text not null,
      brand text,
      model text,
      initial_distance_meters double precision not null default 0,
      max_distance_meters double precision,
      retired boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index gears_user_idx on activities.gears (user_id, created_at)`
  yield* sql`
    create table activities.activities (
      id uuid primary key default gen_random_uuid(),
      user_id text not null,
      sport text not null,
      title text not null,
      description text,
      visibility text not null default 'public',
      source text not null,
      started_at timestamptz not null,
      ended_at timestamptz not null,
      duration_seconds integer not null,
      distance_meters double precision not null,
      elevation_gain_meters double precision not null default 0,
      pace_seconds_per_km double precision,
      point_count integer not null default 0,
      gear_id uuid references activities.gears (id) on delete set null,
      eligible boolean not null default true,
      track_fingerprint text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint activities_time_check check (ended_at > started_at)
    )`
  yield* sql`create index activities_user_time_idx on activities.activities (user_id, started_at)`
  yield* sql`create index activities_fingerprint_idx on activities.activities (track_fingerprint) where track_fingerprint is not null`
  yield* sql`create index activities_gear_idx on activities.activities (gear_id) where gear_id is not null`
  yield* sql`
    create table activities.points (
      activity_id uuid not null references activities.activities (id) on delete cascade,
      seq integer not null,
      lat double precision not null,
      lon double precision not null,
      ele double precision,
      at timestamptz,
      primary key (activity_id, seq)
    )`
  // No foreign key: the audit of a deleted activity stays readable.
  yield* sql`
    create table activities.audit (
      id uuid primary key default gen_random_uuid(),
      activity_id uuid not null,
      editor_id text,
      editor_role text not null,
      action text not null,
      changes jsonb not null default '{}'::jsonb,
      at timestamptz not null default now()
    )`
  yield* sql`create index audit_activity_idx on activities.audit (activity_id, at desc)`
  yield* sql`
    create table activities.anti_cheat_settings (
      id integer primary key default 1 check (id = 1),
      mode text not null default 'enforce',
      updated_at timestamptz not null default now()
    )`
  yield* sql`insert into activities.anti_cheat_settings (id) values (1)`
  yield* sql`
    create table activities.anti_cheat_rules (
      key text primary key,
      description text not null,
      sport text,
      threshold double precision not null,
      unit text not null,
      mode text not null,
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    insert into activities.anti_cheat_rules (key, description, sport, threshold, unit, mode) values
      ('speed.run', 'Average speed of a run', 'run', 6.5, 'm/s', 'enforce'),
      ('speed.walk', 'Average speed of a walk', 'walk', 3, 'm/s', 'enforce'),
      ('speed.hike', 'Average speed of a hike', 'hike', 3, 'm/s', 'enforce'),
      ('speed.ride', 'Average speed of a ride', 'ride', 25, 'm/s', 'enforce'),
      ('speed.swim', 'Average speed of a swim', 'swim', 2.5, 'm/s', 'enforce'),
      ('gps.gap', 'Longest time between two GPS positions', null, 300, 's', 'shadow'),
      ('gps.teleport', 'Fastest jump between two GPS positions', null, 100, 'm/s', 'enforce'),
      ('duplicate.track', 'A GPS track identical to another athlete''s', null, 1, 'match', 'enforce')`
  yield* sql`
    create table activities.flags (
      id uuid primary key default gen_random_uuid(),
      activity_id uuid not null references activities.activities (id) on delete cascade,
      user_id text not null,
      rule_key text not null,
      reason text not null,
      observed double precision not null,
      threshold double precision not null,
      mode text not null,
      status text not null default 'OPEN',
      decision_reason text,
      decided_by text,
      decided_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index flags_activity_idx on activities.flags (activity_id)`
  yield* sql`create index flags_user_idx on activities.flags (user_id, created_at desc)`
  yield* sql`create index flags_queue_idx on activities.flags (status, created_at) where mode = 'enforce'`
  yield* sql`
    create table activities.flag_responses (
      id uuid primary key default gen_random_uuid(),
      flag_id uuid not null references activities.flags (id) on delete cascade,
      author_kind text not null,
      author_id text not null,
      message text not null,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index flag_responses_flag_idx on activities.flag_responses (flag_id, created_at)`
  yield* sql`
    create table activities.appeals (
      id uuid primary key default gen_random_uuid(),
      flag_id uuid not null references activities.flags (id) on delete cascade,
      activity_id uuid not null,
      user_id text not null,
      reason text not null,
      status text not null default 'PENDING',
      decision_reason text,
      decided_by text,
      decided_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint appeals_flag_key unique (flag_id)
    )`
  yield* sql`create index appeals_user_idx on activities.appeals (user_id, created_at desc)`
  yield* sql`create index appeals_status_idx on activities.appeals (status, created_at)`
  yield* sql`
    create table activities.tracking_preferences (
      user_id text primary key,
      default_sport text not null default 'run',
      default_visibility text not null default 'public',
      privacy_radius_meters integer not null default 200,
      auto_pause boolean not null default true,
      gps_interval_seconds integer not null default 1,
      privacy_seed double precision not null default random(),
      updated_at timestamptz
    )`
  yield* sql`
    create table activities.live_shares (
      id uuid primary key default gen_random_uuid(),
      user_id text not null,
      activity_id uuid,
      status text not null default 'ACTIVE',
      expires_at timestamptz not null,
      cancelled_at timestamptz,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index live_shares_user_idx on activities.live_shares (user_id, status, created_at desc)`
  yield* sql`
    create table activities.live_share_recipients (
      id uuid primary key default gen_random_uuid(),
      share_id uuid not null references activities.live_shares (id) on delete cascade,
      user_id text not null,
      name text,
      channel text not null,
      contact text not null,
      token_hash text not null,
      revoked_at timestamptz,
      created_at timestamptz not null default now(),
      constraint live_share_recipients_token_key unique (token_hash)
    )`
  yield* sql`create index live_share_recipients_share_idx on activities.live_share_recipients (share_id)`
  yield* sql`create index live_share_recipients_user_idx on activities.live_share_recipients (user_id, created_at)`
})
