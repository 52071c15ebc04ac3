import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Files athletes upload for an event's registration form (the bytes live in the blob store). */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table registrations.form_uploads (
      id uuid primary key,
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      user_id uuid not null,
      key text not null unique,
      content_type text not null,
      file_name text not null,
      size integer not null check (size > 0),
      created_at timestamptz not null default now()
    )`
  yield* sql`create index form_uploads_event_user_idx on registrations.form_uploads (event_id, user_id)`
})
