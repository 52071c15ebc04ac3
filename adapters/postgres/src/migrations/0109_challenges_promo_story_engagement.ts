import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * What athletes do with a promo story: who saw it (once per athlete, with how often), one reaction
 * per athlete, and replies; all go with the story.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table challenges.promo_story_views (
      story_id uuid not null references challenges.challenge_promo_stories (id) on delete cascade,
      user_id text not null,
      view_count integer not null default 1 check (view_count > 0),
      first_seen_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      primary key (story_id, user_id)
    )`
  yield* sql`
    create table challenges.promo_story_reactions (
      story_id uuid not null references challenges.challenge_promo_stories (id) on delete cascade,
      user_id text not null,
      reaction text not null check (reaction in ('LIKE', 'LOVE', 'FIRE', 'CLAP', 'STRONG')),
      reacted_at timestamptz not null default now(),
      primary key (story_id, user_id)
    )`
  yield* sql`create index promo_story_reactions_recent on challenges.promo_story_reactions (story_id, reacted_at desc)`
  yield* sql`
    create table challenges.promo_story_replies (
      id uuid primary key default gen_random_uuid(),
      story_id uuid not null references challenges.challenge_promo_stories (id) on delete cascade,
      user_id text not null,
      text text not null check (char_length(text) between 1 and 500),
      created_at timestamptz not null default now()
    )`
  yield* sql`create index promo_story_replies_recent on challenges.promo_story_replies (story_id, created_at desc)`
})
