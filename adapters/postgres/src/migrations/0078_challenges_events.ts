import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Challenges attached to events: one row per pair (attaching twice inserts nothing). */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table challenges.challenge_events (
      challenge_id uuid not null references challenges.challenges (id) on delete cascade,
      event_id uuid not null,
      attached_by text not null,
      attached_at timestamptz not null default now(),
      primary key (challenge_id, event_id)
    )`
  yield* sql`create index challenge_events_event_idx on challenges.challenge_events (event_id)`
})
