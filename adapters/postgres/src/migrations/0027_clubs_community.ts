import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Club community and oversight: the athlete's follow / mute / block relations to clubs
 * (one row per switch that is on), invites (only the keyed hash of the token is stored) with one
 * redemption row per athlete, and the club → organizer account links.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists clubs`
  yield* sql`
    create table clubs.relations (
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      user_id uuid not null,
      kind text not null check (kind in ('FOLLOW', 'MUTE', 'BLOCK')),
      created_at timestamptz not null default now(),
      primary key (club_id, kind, user_id)
    )`
  yield* sql`create index relations_user_idx on clubs.relations (user_id)`
  yield* sql`
    create table clubs.invites (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      token_hash text not null unique,
      kind text not null check (kind in ('TARGETED', 'LINK')),
      target_user_id uuid,
      role text not null default 'MEMBER' check (role in ('OWNER', 'ADMIN', 'MODERATOR', 'MEMBER')),
      created_by_kind text not null,
      created_by uuid,
      expires_at timestamptz not null,
      max_uses integer check (max_uses is null or max_uses > 0),
      uses integer not null default 0 check (uses >= 0),
      revoked_at timestamptz,
      created_at timestamptz not null default now(),
      check (kind <> 'TARGETED' or target_user_id is not null),
      check (max_uses is null or uses <= max_uses)
    )`
  yield* sql`create index invites_club_idx on clubs.invites (club_id, created_at)`
  yield* sql`
    create table clubs.invite_redemptions (
      invite_id uuid not null references clubs.invites (id) on delete cascade,
      user_id uuid not null,
      created_at timestamptz not null default now(),
      primary key (invite_id, user_id)
    )`
  yield* sql`
    create table clubs.organizer_links (
      club_id uuid primary key references clubs.clubs (id) on delete cascade,
      organizer_id uuid not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
})
