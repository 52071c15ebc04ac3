import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** An organizer's announcements to an event's participants, with what was queued for them. */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table registrations.event_announcements (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id),
      organizer_id uuid not null,
      title text not null,
      message text not null,
      channels jsonb not null,
      visibility text not null default 'participants' check (visibility in ('participants', 'public')),
      recipients integer not null check (recipients >= 0),
      messages integer not null check (messages >= 0),
      created_by text not null,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index event_announcements_event on registrations.event_announcements (event_id, created_at desc)`
  yield* sql`create index event_announcements_public on registrations.event_announcements (organizer_id, created_at desc) where visibility = 'public'`
})
