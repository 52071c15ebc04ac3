import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Club channels, announcements and announcement e-mail blasts (schema `clubs`; see core/src/clubs/content.model.ts). */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table clubs.channels (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      name text not null,
      topic text,
      staff_only boolean not null default false,
      archived boolean not null default false,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create unique index channels_club_name_key on clubs.channels (club_id, lower(name))`
  yield* sql`
    create table clubs.announcements (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      title text not null,
      body text not null,
      pinned boolean not null default false,
      author_kind text not null,
      author_id uuid,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index announcements_club_idx on clubs.announcements (club_id, pinned desc, created_at desc) where deleted_at is null`
  yield* sql`
    create table clubs.announcement_blasts (
      announcement_id uuid primary key references clubs.announcements (id) on delete cascade,
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      recipients int not null,
      skipped_without_email int not null,
      requested_by uuid,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index if not exists outbox_producer_idx on notifications.outbox (producer) where producer is not null`
})
