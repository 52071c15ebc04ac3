import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Official partners (A 4.6): partnerships of organizers and clubs (removed ones kept as history; a
 * partial unique index allows one current partnership per subject, which is what decides between
 * two admins designating the same subject at once), uploaded partner logos, and the single athlete
 * exclusive partner tab (one row, id fixed to 1).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists partners`
  yield* sql`
    create table partners.logo_images (
      id uuid primary key default gen_random_uuid(),
      key text not null unique,
      content_type text not null,
      file_name text not null,
      size integer not null,
      uploaded_by text not null,
      created_at timestamptz not null default now()
    )`
  yield* sql`
    create table partners.official_partners (
      id uuid primary key default gen_random_uuid(),
      subject_type text not null check (subject_type in ('organizer', 'club')),
      subject_id uuid not null,
      tier text not null check (tier in ('PLATINUM', 'GOLD', 'SILVER')),
      benefits text[] not null default '{}',
      display_name text not null,
      tagline text,
      description text,
      website_url text,
      display_order integer not null default 0,
      logo_image_id uuid references partners.logo_images (id),
      logo_key text,
      logo_content_type text,
      valid_from timestamptz not null default now(),
      valid_until timestamptz,
      removed_at timestamptz,
      removed_by text,
      removal_reason text,
      created_by text not null,
      updated_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (valid_until is null or valid_until > valid_from)
    )`
  yield* sql`create unique index official_partners_current_subject on partners.official_partners (subject_type, subject_id) where removed_at is null`
  yield* sql`create index official_partners_order on partners.official_partners (display_order, display_name, id)`
  yield* sql`
    create table partners.exclusive_tab (
      id smallint primary key default 1 check (id = 1),
      enabled boolean not null default false,
      partner_id uuid references partners.official_partners (id),
      title text,
      subtitle text,
      version integer not null default 0,
      updated_by text,
      updated_at timestamptz not null default now()
    )`
  yield* sql`insert into partners.exclusive_tab (id) values (1) on conflict do nothing`
})
