import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Digital bibs: one per participant (the athlete-facing copy of their numbered bib), its public
 * slug unique across the platform; a reissue replaces the slug and bumps the version.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table registrations.digital_bibs (
      id uuid primary key,
      participant_id uuid not null unique references registrations.participants (id) on delete cascade,
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      participation_id uuid not null references registrations.participations (id) on delete cascade,
      slug text not null unique,
      status text not null default 'ISSUED' check (status in ('ISSUED', 'REISSUED', 'REVOKED')),
      version integer not null default 1,
      display_name text,
      emergency_contact text,
      issued_by text not null,
      issued_at timestamptz not null default now(),
      revoked_reason text,
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index digital_bibs_event_idx on registrations.digital_bibs (event_id)`
})
