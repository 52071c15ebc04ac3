import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Challenges, their participations and templates (C "Badges and challenges"). The joined count is
 * kept on the challenge row so a join can grow it only while below the cap, under the row's lock.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists challenges`
  yield* sql`
    create table challenges.challenges (
      id uuid primary key default gen_random_uuid(),
      slug text not null,
      creator_type text not null check (creator_type in ('organizer', 'club', 'brand', 'admin')),
      creator_id text not null,
      title text not null,
      description text not null default '',
      activity_type text not null,
      goal_type text not null,
      goal_value integer not null,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      time_zone text not null,
      max_participants integer check (max_participants is null or max_participants > 0),
      participant_count integer not null default 0 check (participant_count >= 0),
      tags text[] not null default '{}',
      cover_image_url text,
      is_featured boolean not null default false,
      status text not null default 'DRAFT' check (status in ('DRAFT', 'REJECTED', 'ACTIVE', 'PAUSED', 'CLOSED', 'CANCELLED')),
      status_reason text,
      reviewed_by text,
      reviewed_at timestamptz,
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint challenges_slug_key unique (slug),
      constraint challenges_cap check (max_participants is null or participant_count <= max_participants),
      constraint challenges_window check (ends_at > starts_at)
    )`
  yield* sql`create index challenges_creator_idx on challenges.challenges (creator_type, creator_id, created_at desc)`
  yield* sql`create index challenges_status_idx on challenges.challenges (status, starts_at)`
  yield* sql`
    create table challenges.participations (
      id uuid primary key default gen_random_uuid(),
      challenge_id uuid not null references challenges.challenges (id) on delete cascade,
      user_id text not null,
      status text not null default 'JOINED' check (status in ('JOINED', 'LEFT', 'REVOKED')),
      joined_at timestamptz not null default now(),
      left_at timestamptz,
      revoked_at timestamptz,
      revoked_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint participations_challenge_user_key unique (challenge_id, user_id)
    )`
  yield* sql`create index participations_user_idx on challenges.participations (user_id, joined_at desc)`
  yield* sql`
    create table challenges.templates (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      creator_type text not null,
      creator_id text not null,
      source_challenge_id uuid,
      title text not null,
      description text not null default '',
      activity_type text not null,
      goal_type text not null,
      goal_value integer not null,
      duration_days integer not null,
      time_zone text not null,
      max_participants integer,
      tags text[] not null default '{}',
      cover_image_url text,
      saved_by text not null,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index templates_creator_idx on challenges.templates (creator_type, creator_id, created_at desc)`
})
