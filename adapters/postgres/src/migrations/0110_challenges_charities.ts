import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Charities (registered UNVERIFIED, verified by admins) and the charity a challenge's entry fees go to. */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table challenges.charities (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      registration_number text not null unique,
      pan text not null,
      address text not null,
      status text not null default 'UNVERIFIED' check (status in ('UNVERIFIED', 'PENDING', 'VERIFIED')),
      status_reason text,
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index charities_status on challenges.charities (status, created_at desc)`
  yield* sql`alter table challenges.challenges add column charity_id uuid references challenges.charities (id)`
})
