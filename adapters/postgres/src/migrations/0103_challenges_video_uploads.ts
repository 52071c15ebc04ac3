import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Videos uploaded for challenge promo stories (the bytes live in the blob store); unclaimed ones older than a day are orphans. */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table challenges.video_uploads (
      id uuid primary key,
      user_id uuid not null,
      key text not null unique,
      content_type text not null,
      file_name text not null,
      size integer not null check (size > 0),
      claimed_at timestamptz,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index video_uploads_orphans_idx on challenges.video_uploads (created_at) where claimed_at is null`
})
