import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Bib numbering of events: the configuration (prefix and ranges) and one bib per participant,
 * its number unique within the event; check-ins may now come from a bib scan.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`alter table registrations.check_ins drop constraint check_ins_method_check`
  yield* sql`alter table registrations.check_ins add constraint check_ins_method_check check (method in ('code', 'booking', 'manual', 'bib'))`
  yield* sql`
    create table registrations.bib_configs (
      event_id uuid primary key references events.events (id) on update cascade on delete cascade,
      prefix text not null default '',
      ranges jsonb not null default '[]',
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table registrations.bibs (
      participant_id uuid primary key references registrations.participants (id) on delete cascade,
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      participation_id uuid not null references registrations.participations (id) on delete cascade,
      number integer not null check (number > 0),
      label text not null,
      pinned boolean not null default false,
      assigned_by text not null,
      assigned_at timestamptz not null default now(),
      constraint bibs_event_number_key unique (event_id, number)
    )`
})
