import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Versioned event waivers and participants' acceptances. Versions of an event are unique and at
 * most one is active; an acceptance keeps the version and the exact text accepted, once per
 * participant.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table registrations.waivers (
      id uuid primary key,
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      version integer not null check (version > 0),
      title text not null,
      body text not null,
      is_active boolean not null default true,
      created_by text not null,
      created_at timestamptz not null default now(),
      deactivated_at timestamptz,
      constraint waivers_event_version_key unique (event_id, version)
    )`
  yield* sql`create unique index waivers_active_key on registrations.waivers (event_id) where is_active`
  yield* sql`
    create table registrations.waiver_acceptances (
      id uuid primary key,
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      waiver_id uuid not null references registrations.waivers (id),
      waiver_version integer not null,
      participant_id uuid not null references registrations.participants (id) on delete cascade,
      participation_id uuid not null references registrations.participations (id) on delete cascade,
      accepted_by uuid not null,
      accepted_at timestamptz not null default now(),
      title text not null,
      text text not null,
      constraint waiver_acceptances_participant_key unique (participant_id)
    )`
  yield* sql`create index waiver_acceptances_event_idx on registrations.waiver_acceptances (event_id, accepted_at)`
})
