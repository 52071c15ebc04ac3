import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * organizers.organizers and organizers.members: the minimum organizer sign-in needs (a team member
 * found by phone or e-mail). The organizers issue adds the business columns.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists organizers`
  yield* sql`
    create table organizers.organizers (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      status text not null default 'ACTIVE',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table organizers.members (
      id uuid primary key default gen_random_uuid(),
      organizer_id uuid not null references organizers.organizers (id) on delete cascade,
      user_id uuid references accounts.users (id) on delete set null,
      phone_number text,
      email text,
      role text not null check (role in ('OWNER', 'ADMIN', 'VIEWER')),
      status text not null default 'ACTIVE' check (status in ('ACTIVE', 'INVITED', 'REMOVED')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (phone_number is not null or email is not null or user_id is not null)
    )`
  yield* sql`create index members_phone_idx on organizers.members (phone_number) where status = 'ACTIVE'`
  yield* sql`create index members_email_idx on organizers.members (email) where status = 'ACTIVE'`
  yield* sql`create index members_organizer_idx on organizers.members (organizer_id)`
})
