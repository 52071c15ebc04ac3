import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Events, their slots and tickets, the durable cancellation intents the registrations work acts on
 * (refund paid bookings, cancel free ones) and athletes' bookmarks. References to an event follow
 * `on update cascade`, so an admin's replace-uuid moves every reference in one statement.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table events.events (
      id uuid primary key default gen_random_uuid(),
      organizer_id uuid not null references organizers.organizers (id),
      slug text not null,
      title text not null,
      description text,
      sport text not null,
      city text not null,
      country text not null,
      venue text,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      timezone text not null,
      visibility text not null default 'public',
      is_test boolean not null default false,
      category_id uuid references events.categories (id) on delete set null,
      status text not null default 'draft',
      prior_status text,
      review_reason text,
      is_active boolean not null default true,
      bookings_open boolean not null default true,
      is_featured boolean not null default false,
      desktop_cover text,
      mobile_cover text,
      refund_policy text,
      cancel_reason text,
      submitted_at timestamptz,
      published_at timestamptz,
      cancelled_at timestamptz,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint events_slug_key unique (slug),
      constraint events_dates_check check (ends_at > starts_at),
      constraint events_status_check check (status in ('draft', 'pending_approval', 'published', 'unpublished', 'cancelled', 'suspended')),
      constraint events_prior_status_check check (prior_status is null or prior_status in ('draft', 'pending_approval', 'published', 'unpublished')),
      constraint events_visibility_check check (visibility in ('public', 'private'))
    )`
  yield* sql`create index events_organizer_idx on events.events (organizer_id, created_at desc) where deleted_at is null`
  yield* sql`create index events_public_idx on events.events (starts_at) where deleted_at is null and status = 'published' and visibility = 'public' and is_test = false and is_active = true`
  yield* sql`create index events_city_idx on events.events (lower(city)) where deleted_at is null`
  yield* sql`create index events_country_idx on events.events (country) where deleted_at is null`
  yield* sql`
    create table events.slots (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      name text not null,
      starts_at timestamptz not null,
      capacity integer not null check (capacity > 0),
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index slots_event_idx on events.slots (event_id, starts_at)`
  yield* sql`
    create table events.tickets (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      slot_id uuid not null references events.slots (id) on delete cascade,
      name text not null,
      description text,
      price integer not null check (price >= 0),
      currency text not null default 'INR',
      capacity integer not null check (capacity > 0),
      sold integer not null default 0,
      sales_start_at timestamptz,
      sales_end_at timestamptz,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint tickets_sold_check check (sold >= 0 and sold <= capacity),
      constraint tickets_window_check check (sales_start_at is null or sales_end_at is null or sales_end_at > sales_start_at)
    )`
  yield* sql`create index tickets_slot_idx on events.tickets (slot_id)`
  yield* sql`create index tickets_event_idx on events.tickets (event_id)`
  yield* sql`
    create table events.cancellation_intents (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade,
      reason text,
      requested_by text not null,
      status text not null default 'pending',
      created_at timestamptz not null default now(),
      processed_at timestamptz,
      constraint cancellation_intents_status_check check (status in ('pending', 'processed'))
    )`
  yield* sql`create index cancellation_intents_pending_idx on events.cancellation_intents (created_at) where status = 'pending'`
  yield* sql`
    create table events.bookmarks (
      user_id uuid not null,
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, event_id)
    )`
})
