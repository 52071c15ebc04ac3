import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** accounts.users (athletes), accounts.admins, accounts.crew_members. */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists accounts`
  yield* sql`
    create table accounts.users (
      id uuid primary key default gen_random_uuid(),
      phone_number text unique,
      email text unique,
      first_name text,
      last_name text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (phone_number is not null or email is not null)
    )`
  yield* sql`
    create table accounts.admins (
      id uuid primary key default gen_random_uuid(),
      phone_number text not null unique,
      email text,
      first_name text,
      last_name text,
      handle text unique,
      status text not null default 'ACTIVE' check (status in ('ACTIVE', 'SUSPENDED')),
      totp_secret_enc text,
      totp_enabled_at timestamptz,
      totp_required_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table accounts.crew_members (
      id uuid primary key default gen_random_uuid(),
      phone_number text,
      email text,
      name text,
      status text not null default 'ACTIVE' check (status in ('ACTIVE', 'INACTIVE')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (phone_number is not null or email is not null)
    )`
  yield* sql`create index crew_members_phone_idx on accounts.crew_members (phone_number) where status = 'ACTIVE'`
  yield* sql`create index crew_members_email_idx on accounts.crew_members (email) where status = 'ACTIVE'`
})
