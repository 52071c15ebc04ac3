import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Challenge audiences: who may join a challenge (no rows: anyone); one row per challenge, kind and
 * target. Participations get the athlete's choice to show on public leaderboards by name.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table challenges.challenge_audiences (
      id uuid primary key default gen_random_uuid(),
      challenge_id uuid not null references challenges.challenges (id) on delete cascade,
      kind text not null check (kind in ('CLUB')),
      ref_id uuid not null,
      created_by text not null,
      created_at timestamptz not null default now(),
      constraint challenge_audiences_unique unique (challenge_id, kind, ref_id)
    )`
  yield* sql`alter table challenges.participations add column leaderboard_visible boolean not null default true`
})
