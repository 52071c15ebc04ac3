import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Challenge promo stories: one image (a blob store key) and an optional caption per story. */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table challenges.challenge_promo_stories (
      id uuid primary key default gen_random_uuid(),
      challenge_id uuid not null references challenges.challenges (id) on delete cascade,
      caption text check (caption is null or char_length(caption) between 1 and 280),
      media_key text not null,
      media_content_type text not null,
      media_size integer not null check (media_size > 0),
      created_by text not null,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index challenge_promo_stories_creator on challenges.challenge_promo_stories (created_by, created_at desc)`
  yield* sql`create index challenge_promo_stories_challenge on challenges.challenge_promo_stories (challenge_id, created_at desc)`
})
