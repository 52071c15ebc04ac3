import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Organizer accounts: the business columns of organizers.organizers (A 2.2), invitation
 * details of organizers.members, follows and staff tasks. Extends 0003 without editing it.
 * `status` (read by organizer sign-in) stays ACTIVE except for SUSPENDED and DELETED organizers.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    alter table organizers.organizers
      add column slug text,
      add column phone_number text,
      add column email text,
      add column company_name text,
      add column commission numeric(5, 2) check (commission between 0 and 100),
      add column is_active boolean not null default true,
      add column approval_status text not null default 'PENDING'
        check (approval_status in ('PENDING', 'APPROVED', 'REJECTED', 'SUSPENDED')),
      add column review_reason text,
      add column logo jsonb,
      add column banner jsonb,
      add column headline text,
      add column about text,
      add column city text,
      add column state text,
      add column links jsonb not null default '{}'::jsonb,
      add column pickup_location text,
      add column suspended_at timestamptz,
      add column suspend_reason text,
      add column deleted_at timestamptz`
  yield* sql`update organizers.organizers set slug = id::text where slug is null`
  // Rows made by organizer sign-in's minimal createOrganizer (0003 era) get a unique placeholder slug.
  yield* sql`alter table organizers.organizers alter column slug set default gen_random_uuid()::text`
  yield* sql`alter table organizers.organizers alter column slug set not null`
  yield* sql`create unique index organizers_slug_key on organizers.organizers (slug)`
  yield* sql`create unique index organizers_phone_key on organizers.organizers (phone_number) where deleted_at is null`
  yield* sql`create index organizers_created_idx on organizers.organizers (created_at desc)`
  yield* sql`
    alter table organizers.members
      add column name text,
      add column invited_by uuid references organizers.members (id) on delete set null,
      add column accepted_at timestamptz`
  yield* sql`create index members_user_idx on organizers.members (user_id)`
  yield* sql`
    create table organizers.follows (
      organizer_id uuid not null references organizers.organizers (id) on delete cascade,
      user_id uuid not null references accounts.users (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (organizer_id, user_id)
    )`
})
