import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Sponsoring brands (created PENDING by operators, decided on by admins) and the accounts of the users acting for them. */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists sponsors`
  yield* sql`
    create table sponsors.brands (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      status text not null default 'PENDING' check (status in ('PENDING', 'APPROVED', 'REJECTED', 'SUSPENDED')),
      approved_at timestamptz,
      reason text,
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table sponsors.accounts (
      id uuid primary key default gen_random_uuid(),
      brand_id uuid not null references sponsors.brands (id),
      user_id text not null,
      role text not null check (role in ('OWNER', 'MEMBER')),
      status text not null default 'ACTIVE' check (status in ('ACTIVE', 'SUSPENDED')),
      status_reason text,
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (brand_id, user_id)
    )`
  yield* sql`create index sponsor_accounts_user on sponsors.accounts (user_id)`
})
