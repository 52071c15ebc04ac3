import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** The start-wave state of an event's slots (a slot without a row is OPEN). */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table registrations.waves (
      id uuid primary key references events.slots (id) on delete cascade,
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      status text not null default 'OPEN',
      closed_at timestamptz,
      started_at timestamptz,
      updated_by text,
      updated_at timestamptz not null default now(),
      constraint waves_status_check check (status in ('OPEN', 'CLOSED', 'STARTED'))
    )`
  yield* sql`create index waves_event_idx on registrations.waves (event_id)`
})
