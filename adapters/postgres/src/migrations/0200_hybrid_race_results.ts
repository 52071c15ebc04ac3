import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Hybrid race results: the edge-case flags an attempt gets when it finishes (empty until then,
 * as the memory twin starts), and the indexes of the event leaderboards, the week's results and
 * the admins' flagged list.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`alter table hybrid_race.attempts add column flags jsonb not null default '[]'::jsonb`
  yield* sql`create index attempts_submitted_by_time on hybrid_race.attempts (event_id, elapsed_seconds) where status = 'SUBMITTED'`
  yield* sql`create index attempts_submitted_at on hybrid_race.attempts (submitted_at desc) where status = 'SUBMITTED'`
  yield* sql`create index attempts_flagged on hybrid_race.attempts (finished_at desc) where flags <> '[]'::jsonb`
})
