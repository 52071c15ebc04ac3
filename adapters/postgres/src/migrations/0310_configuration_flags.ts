import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Configuration (B "Configuration and AI"): feature flags with their audience, platform flags with
 * their rollout (each with a version every change bumps), one app version policy per platform
 * (both present from the start, forcing nothing) and the app version each athlete was last seen on.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists configuration`
  yield* sql`
    create table configuration.feature_flags (
      key text primary key check (key ~ '^[a-z][a-z0-9_.-]{1,79}$'),
      description text not null default '' check (char_length(description) <= 500),
      enabled boolean not null default false,
      guarded boolean not null default false,
      audience jsonb not null default '{"percentage":100,"includeUserIds":[],"excludeUserIds":[]}',
      version integer not null default 1,
      updated_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table configuration.platform_flags (
      key text primary key check (key ~ '^[a-z][a-z0-9_.-]{1,79}$'),
      description text not null default '' check (char_length(description) <= 500),
      enabled boolean not null default false,
      rollout_percentage integer not null default 0 check (rollout_percentage between 0 and 100),
      guarded boolean not null default false,
      version integer not null default 1,
      created_by text not null,
      updated_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table configuration.app_version_policies (
      platform text primary key check (platform in ('ios', 'android')),
      minimum_version text not null default '0.0.0',
      latest_version text not null default '0.0.0',
      store_url text,
      message text,
      version integer not null default 1,
      updated_by text,
      updated_at timestamptz not null default now()
    )`
  yield* sql`insert into configuration.app_version_policies (platform, updated_at) values ('android', to_timestamp(0)), ('ios', to_timestamp(0))`
  yield* sql`
    create table configuration.app_installs (
      user_id uuid not null,
      platform text not null check (platform in ('ios', 'android')),
      version text not null,
      last_seen_at timestamptz not null default now(),
      primary key (user_id, platform)
    )`
  yield* sql`create index app_installs_platform_idx on configuration.app_installs (platform, version)`
})
