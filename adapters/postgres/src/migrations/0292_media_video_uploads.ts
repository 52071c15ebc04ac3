import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Video uploads become one media-level table for every scope (challenge promo stories, event
 * galleries): the challenge uploads move over with their scope, and a claimed upload records which
 * record claimed it. Unclaimed rows older than a day are orphans.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists media`
  yield* sql`
    create table media.video_uploads (
      id uuid primary key,
      scope text not null check (scope in ('challenge', 'event')),
      event_id uuid,
      user_id uuid not null,
      key text not null unique,
      content_type text not null,
      file_name text not null,
      size integer not null check (size > 0),
      claimed_by text,
      claimed_at timestamptz,
      created_at timestamptz not null default now(),
      check ((scope = 'event') = (event_id is not null)),
      check ((claimed_at is null) = (claimed_by is null))
    )`
  yield* sql`
    insert into media.video_uploads (id, scope, user_id, key, content_type, file_name, size, claimed_by, claimed_at, created_at)
    select id, 'challenge', user_id, key, content_type, file_name, size, case when claimed_at is null then null else 'unknown' end, claimed_at, created_at
    from challenges.video_uploads`
  yield* sql`drop table challenges.video_uploads`
  yield* sql`create index video_uploads_orphans_idx on media.video_uploads (scope, created_at) where claimed_at is null`
})
