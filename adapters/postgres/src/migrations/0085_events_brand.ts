import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * The organizer brand: page, cascade defaults, prep programs with their assignments, the SaaS plan
 * catalogue (seeded here; prices in minor units) and organizers' subscriptions (one live per
 * organizer). Defaults equal the kernel's records.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table events.brand_pages (
      organizer_id uuid primary key references organizers.organizers (id) on delete cascade,
      tagline text,
      about text,
      logo_url text,
      cover_url text,
      accent_color text,
      website text,
      instagram_url text,
      facebook_url text,
      x_url text,
      youtube_url text,
      strava_url text,
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table events.brand_defaults (
      organizer_id uuid primary key references organizers.organizers (id) on delete cascade,
      timezone text,
      country text,
      city text,
      sport text,
      visibility text check (visibility in ('public', 'private')),
      refund_policy text,
      edition_capacity integer check (edition_capacity > 0),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table events.prep_programs (
      id uuid primary key default gen_random_uuid(),
      organizer_id uuid not null references organizers.organizers (id) on delete cascade,
      title text not null,
      description text,
      sport text not null,
      level text not null check (level in ('beginner', 'intermediate', 'advanced')),
      weeks integer not null check (weeks between 1 and 52),
      event_id uuid references events.events (id) on update cascade,
      status text not null default 'draft' check (status in ('draft', 'published', 'archived')),
      weekly_plan jsonb not null default '[]'::jsonb,
      assigned_count integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index prep_programs_organizer_idx on events.prep_programs (organizer_id, status, created_at desc)`
  yield* sql`
    create table events.prep_program_assignments (
      program_id uuid not null references events.prep_programs (id) on delete cascade,
      user_id uuid not null references accounts.users (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (program_id, user_id)
    )`
  yield* sql`
    create table events.saas_plans (
      id text primary key,
      name text not null,
      description text not null,
      monthly_price integer not null check (monthly_price >= 0),
      currency text not null default 'INR',
      features jsonb not null default '[]'::jsonb,
      sort_order integer not null default 0
    )`
  yield* sql`
    insert into events.saas_plans (id, name, description, monthly_price, currency, features, sort_order) values
      ('starter', 'Starter', 'Publish events and sell tickets', 0, 'INR', '["Unlimited events","Ticketing","Brand page"]'::jsonb, 1),
      ('growth', 'Growth', 'Editions, prep programs and follower exports', 249900, 'INR', '["Everything in Starter","Editions","Prep programs","Follower CSV export"]'::jsonb, 2),
      ('pro', 'Pro', 'Custom branding and priority support', 749900, 'INR', '["Everything in Growth","Custom branding","Priority support"]'::jsonb, 3)`
  yield* sql`
    create table events.saas_subscriptions (
      id uuid primary key default gen_random_uuid(),
      organizer_id uuid not null references organizers.organizers (id) on delete cascade,
      plan_id text not null references events.saas_plans (id),
      status text not null check (status in ('pending_payment', 'active', 'cancelled')),
      amount integer not null,
      currency text not null,
      provider text,
      gateway_order_id text,
      payment_id text,
      current_period_end timestamptz,
      activated_at timestamptz,
      cancelled_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create unique index saas_subscriptions_live_key on events.saas_subscriptions (organizer_id)
    where status in ('pending_payment', 'active')`
})
