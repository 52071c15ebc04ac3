import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * notifications.template_catalog: the admin catalog over the delivery versions of
 * notifications.templates (one row per channel and key: name, pricing in minor units with its
 * currency, visibility). notifications.categories: the admin-managed notification categories
 * (key unique; audience; whether users may switch it off).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table notifications.template_catalog (
      id uuid primary key default gen_random_uuid(),
      channel text not null check (channel in ('EMAIL', 'SMS', 'PUSH', 'CHAT')),
      key text not null,
      name text not null,
      description text,
      category text,
      price_minor bigint not null default 0 check (price_minor >= 0),
      currency text not null default 'INR' check (currency ~ '^[A-Z]{3}$'),
      visibility text not null default 'PRIVATE' check (visibility in ('PRIVATE', 'ORGANIZERS')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint template_catalog_channel_key_key unique (channel, key)
    )`
  yield* sql`create index template_catalog_channel_created_idx on notifications.template_catalog (channel, created_at desc)`
  yield* sql`
    create table notifications.categories (
      id uuid primary key default gen_random_uuid(),
      key text not null constraint categories_key_key unique,
      name text not null,
      description text,
      audience text not null default 'ALL' check (audience in ('USER', 'ORGANIZER', 'ALL')),
      user_controllable boolean not null default true,
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table notifications.mappings (
      id uuid primary key default gen_random_uuid(),
      role text not null check (role in ('user', 'organizer', 'admin')),
      step text not null,
      channel text not null check (channel in ('EMAIL', 'SMS', 'PUSH', 'CHAT')),
      template_key text not null,
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint mappings_role_step_channel_key unique (role, step, channel)
    )`
  yield* sql`
    create table notifications.journey_steps (
      role text not null check (role in ('user', 'organizer', 'admin')),
      step text not null,
      name text,
      position integer,
      enabled boolean not null default true,
      delay_minutes integer not null default 0 check (delay_minutes >= 0),
      updated_at timestamptz not null default now(),
      primary key (role, step)
    )`
})
