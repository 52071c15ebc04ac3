import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** The content context's schema (defaults equal core's collection declarations in content.model.ts). */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists content`
  yield* sql`
    create table content.app_faqs (
      id uuid primary key default gen_random_uuid(),
      question text not null,
      answer text not null,
      category text,
      sort_order integer not null default 0,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index app_faqs_search on content.app_faqs using gin (to_tsvector('simple', question || ' ' || answer))`
  yield* sql`
    create table content.faqs (
      id uuid primary key default gen_random_uuid(),
      question text not null,
      answer text not null,
      category text,
      status text not null default 'PENDING' check (status in ('PENDING', 'APPROVED', 'REJECTED')),
      review_note text,
      submitted_by text,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  for (const table of ["privacy_policies", "terms_and_conditions"]) {
    yield* sql`
      create table ${sql(`content.${table}`)} (
        id uuid primary key default gen_random_uuid(),
        title text not null,
        version text not null,
        content text not null,
        is_active boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint ${sql(`${table}_version_key`)} unique (version)
      )`
    // At most one version in force: the toggle switches under a table lock, this is the backstop.
    yield* sql`create unique index ${sql(`${table}_one_active`)} on ${sql(`content.${table}`)} ((true)) where is_active`
  }
  yield* sql`
    create table content.community_guidelines (
      id uuid primary key default gen_random_uuid(),
      slug text not null,
      title text not null,
      body text not null,
      sort_order integer not null default 0,
      is_published boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint community_guidelines_slug_key unique (slug)
    )`
  yield* sql`
    create table content.kb_articles (
      id uuid primary key default gen_random_uuid(),
      title text not null,
      body text not null,
      category text,
      status text not null default 'DRAFT' check (status in ('DRAFT', 'PUBLISHED', 'ARCHIVED')),
      version integer not null default 1,
      published_at timestamptz,
      archived_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index kb_articles_status on content.kb_articles (status, updated_at desc)`
})
