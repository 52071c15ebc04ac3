import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Clubs' entries in approved brand challenges (one row per club and challenge; a withdrawn entry may rejoin). */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table challenges.club_brand_entries (
      id uuid primary key default gen_random_uuid(),
      club_id text not null,
      challenge_id uuid not null references challenges.challenges (id) on delete cascade,
      status text not null default 'JOINED' check (status in ('JOINED', 'WITHDRAWN')),
      joined_by text not null,
      joined_at timestamptz not null default now(),
      withdrawn_at timestamptz,
      updated_at timestamptz not null default now(),
      unique (club_id, challenge_id)
    )`
  yield* sql`create index club_brand_entries_challenge on challenges.club_brand_entries (challenge_id, status)`
})
