import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Photo checks of hybrid race attempts: a challenge per check, decided once from its photo's
 * reading, appealed at most once (the status moves are conditional updates). Defaults equal the
 * memory twin's create.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table hybrid_race.photo_checks (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      athlete_id text not null,
      attempt_id uuid not null references hybrid_race.attempts (id) on delete cascade,
      checkpoint_index integer not null,
      challenge_code text not null,
      status text not null default 'PENDING',
      read_code text,
      read_confidence double precision,
      reason text,
      appeal_reason text,
      photo_key text,
      expires_at timestamptz not null,
      decided_at timestamptz,
      appealed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index photo_checks_latest on hybrid_race.photo_checks (event_id, athlete_id, created_at desc)`
})
