import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Editions of event series and athletes' registrations for them (defaults equal the kernel's
 * Edition and EditionRegistration). `registered` is moved only by conditional updates against
 * `capacity`; one live (not cancelled) registration per athlete and edition.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table events.editions (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade,
      slug text not null,
      year integer not null,
      name text not null,
      mode text not null default 'in_person' check (mode in ('in_person', 'virtual')),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      registration_opens_at timestamptz,
      registration_closes_at timestamptz,
      price integer not null default 0 check (price >= 0),
      currency text not null default 'INR',
      capacity integer not null check (capacity > 0),
      registered integer not null default 0 check (registered >= 0 and registered <= capacity),
      status text not null default 'draft' check (status in ('draft', 'published', 'closed', 'cancelled')),
      status_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint editions_slug_key unique (slug),
      constraint editions_event_year_key unique (event_id, year)
    )`
  yield* sql`create index editions_status_idx on events.editions (status, starts_at desc)`
  yield* sql`
    create table events.edition_registrations (
      id uuid primary key default gen_random_uuid(),
      edition_id uuid not null references events.editions (id),
      user_id uuid not null,
      status text not null check (status in ('pending_payment', 'confirmed', 'cancelled')),
      amount integer not null,
      currency text not null,
      provider text,
      gateway_order_id text,
      payment_id text,
      confirmed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create unique index edition_registrations_live_key on events.edition_registrations (edition_id, user_id)
    where status <> 'cancelled'`
  yield* sql`create index edition_registrations_user_idx on events.edition_registrations (user_id, created_at desc)`
  yield* sql`create index edition_registrations_order_idx on events.edition_registrations (provider, gateway_order_id)`
})
