import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Mobile experiences (A 4.7): the placements admins write, the creatives they upload (the bytes
 * live in the blob store), and one engagement row per experience, athlete and app session (the
 * impressions counted in it, never above the cap, and its one click).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists promotions`
  yield* sql`
    create table promotions.creatives (
      id uuid primary key default gen_random_uuid(),
      key text not null unique,
      content_type text not null,
      file_name text not null,
      size integer not null check (size > 0),
      created_by text not null,
      created_at timestamptz not null default now()
    )`
  yield* sql`
    create table promotions.mobile_experiences (
      id uuid primary key default gen_random_uuid(),
      name text not null check (char_length(name) between 1 and 120),
      purpose text not null,
      placement text not null,
      format text not null default 'CARD',
      title text not null check (char_length(title) between 1 and 120),
      body text,
      cta_label text,
      creative_id uuid references promotions.creatives (id),
      destination_route text not null default 'NONE',
      destination_id text,
      organizer_id uuid,
      audience jsonb not null default '{"newUsersWithinDays":null,"minAccountAgeDays":null,"includeUserIds":[],"excludeUserIds":[]}',
      priority integer not null default 0 check (priority between 0 and 1000),
      frequency_cap_per_session integer not null default 1 check (frequency_cap_per_session between 1 and 20),
      starts_at timestamptz,
      ends_at timestamptz,
      status text not null default 'DRAFT' check (status in ('DRAFT', 'PUBLISHED', 'PAUSED', 'ARCHIVED')),
      published_at timestamptz,
      archived_at timestamptz,
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index mobile_experiences_servable_idx on promotions.mobile_experiences (placement, priority desc) where status = 'PUBLISHED'`
  yield* sql`create index mobile_experiences_organizer_idx on promotions.mobile_experiences (organizer_id, created_at desc) where organizer_id is not null`
  yield* sql`
    create table promotions.experience_sessions (
      experience_id uuid not null references promotions.mobile_experiences (id) on delete cascade,
      user_id uuid not null,
      session_id text not null,
      impressions integer not null default 0 check (impressions >= 0),
      first_seen_at timestamptz not null default now(),
      clicked_at timestamptz,
      primary key (experience_id, user_id, session_id)
    )`
  yield* sql`create index experience_sessions_user_idx on promotions.experience_sessions (user_id, session_id)`
})
