import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * An event's configuration: add-ons (stock and `sold`, moved atomically by registrations under a
 * CHECK), coupons (`used` under its cap, codes unique per event), the course derived from a GPX
 * upload and its waypoints, FAQs, versioned forms (versions kept after a form is deleted: answers
 * refer to them), gallery images and communication templates (one per trigger and channel).
 * Every table references events.events and follows a replaced event id (`on update cascade`).
 * Column defaults equal the core declarations' defaults.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table events.add_ons (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      name text not null,
      description text,
      price integer not null check (price >= 0),
      currency text not null default 'INR',
      stock integer not null check (stock > 0),
      sold integer not null default 0,
      max_per_booking integer not null default 1 check (max_per_booking > 0),
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint add_ons_sold_check check (sold >= 0 and sold <= stock)
    )`
  yield* sql`create index add_ons_event_idx on events.add_ons (event_id, created_at)`
  yield* sql`
    create table events.coupons (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      code text not null,
      description text,
      discount_type text not null check (discount_type in ('percent', 'fixed')),
      discount_value integer not null check (discount_value > 0),
      currency text not null default 'INR',
      max_uses integer check (max_uses > 0),
      max_uses_per_user integer check (max_uses_per_user > 0),
      used integer not null default 0,
      ticket_ids jsonb not null default '[]'::jsonb,
      valid_from timestamptz,
      valid_until timestamptz,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint coupons_event_code_key unique (event_id, code),
      constraint coupons_used_check check (used >= 0 and (max_uses is null or used <= max_uses)),
      constraint coupons_percent_check check (discount_type <> 'percent' or discount_value <= 100),
      constraint coupons_window_check check (valid_from is null or valid_until is null or valid_until > valid_from)
    )`
  yield* sql`
    create table events.courses (
      event_id uuid primary key references events.events (id) on update cascade on delete cascade,
      name text not null,
      file_name text not null,
      point_count integer not null,
      distance_meters double precision not null,
      elevation_gain_meters double precision not null,
      elevation_loss_meters double precision not null,
      min_elevation_meters double precision,
      max_elevation_meters double precision,
      start_latitude double precision not null,
      start_longitude double precision not null,
      finish_latitude double precision not null,
      finish_longitude double precision not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table events.waypoints (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      name text not null,
      kind text not null,
      description text,
      latitude double precision not null,
      longitude double precision not null,
      distance_from_start_meters integer,
      sort_order integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index waypoints_event_idx on events.waypoints (event_id, sort_order)`
  yield* sql`
    create table events.faqs (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      question text not null,
      answer text not null,
      sort_order integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index faqs_event_idx on events.faqs (event_id, sort_order)`
  yield* sql`
    create table events.forms (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      title text not null,
      description text,
      fields jsonb not null,
      version integer not null default 1,
      is_active boolean not null default true,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index forms_event_idx on events.forms (event_id, created_at) where deleted_at is null`
  yield* sql`
    create table events.form_versions (
      form_id uuid not null references events.forms (id) on delete cascade,
      version integer not null,
      title text not null,
      fields jsonb not null,
      created_at timestamptz not null default now(),
      primary key (form_id, version)
    )`
  yield* sql`
    create table events.gallery_images (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      key text not null,
      content_type text not null,
      file_name text not null,
      size integer not null,
      caption text,
      sort_order integer not null default 0,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index gallery_images_event_idx on events.gallery_images (event_id, sort_order)`
  yield* sql`
    create table events.communications (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      trigger text not null,
      channel text not null,
      subject text,
      body text not null,
      offset_minutes integer not null default 0,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint communications_event_trigger_channel_key unique (event_id, trigger, channel)
    )`
})
