import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Club event attachments (one row per club and event, reused when asked again) and the reports
 * athletes file about a club (one OPEN report per reporter and club).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table clubs.event_attachments (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      organizer_id uuid not null,
      status text not null default 'REQUESTED' check (status in ('REQUESTED', 'ATTACHED', 'REJECTED', 'DETACHED')),
      requested_by text not null,
      requested_at timestamptz not null default now(),
      decided_by text,
      decided_at timestamptz,
      rejection_reason text,
      detached_by text,
      detached_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (club_id, event_id)
    )`
  yield* sql`create index event_attachments_club_idx on clubs.event_attachments (club_id, status, requested_at desc)`
  yield* sql`create index event_attachments_event_idx on clubs.event_attachments (event_id, status, requested_at desc)`
  yield* sql`
    create table clubs.reports (
      id uuid primary key default gen_random_uuid(),
      club_id uuid not null references clubs.clubs (id) on delete cascade,
      reporter_id text not null,
      category text not null check (category in ('SPAM', 'HARASSMENT', 'HATE_SPEECH', 'INAPPROPRIATE_CONTENT', 'SCAM_OR_FRAUD', 'IMPERSONATION', 'OTHER')),
      text text not null,
      status text not null default 'OPEN' check (status in ('OPEN', 'RESOLVED', 'DISMISSED')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create unique index reports_open_per_reporter_key on clubs.reports (club_id, reporter_id) where status = 'OPEN'`
  yield* sql`create index reports_club_idx on clubs.reports (club_id, created_at desc)`
})
