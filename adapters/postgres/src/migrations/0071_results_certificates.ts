import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Certificates: template versions per event (at most one active), the publication of an event's
 * certificates (one row per event, moved by conditional updates) and the certificates issued, one
 * per participant at most.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table results.certificate_templates (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade,
      version integer not null,
      title text not null,
      body text not null,
      background_url text,
      is_active boolean not null default true,
      created_by text not null,
      created_at timestamptz not null default now(),
      deactivated_at timestamptz,
      constraint certificate_templates_event_version_key unique (event_id, version)
    )`
  yield* sql`create unique index certificate_templates_active_key on results.certificate_templates (event_id) where is_active`
  yield* sql`
    create table results.certificate_publications (
      id uuid primary key references events.events (id) on update cascade,
      status text not null default 'unpublished',
      published_at timestamptz,
      changed_by text,
      changed_at timestamptz,
      constraint certificate_publications_status_check check (status in ('unpublished', 'published'))
    )`
  yield* sql`
    create table results.certificates (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade,
      participant_id uuid not null references registrations.participants (id),
      participation_id uuid not null references registrations.participations (id),
      user_id uuid not null,
      template_id uuid not null references results.certificate_templates (id),
      template_version integer not null,
      recipient_name text not null,
      status text not null default 'ISSUED',
      issued_at timestamptz not null default now(),
      revoked_at timestamptz,
      revoked_by text,
      revoke_reason text,
      constraint certificates_participant_key unique (participant_id),
      constraint certificates_status_check check (status in ('ISSUED', 'REVOKED'))
    )`
  yield* sql`create index certificates_event_idx on results.certificates (event_id, recipient_name, id)`
  yield* sql`create index certificates_user_idx on results.certificates (user_id, issued_at desc)`
})
