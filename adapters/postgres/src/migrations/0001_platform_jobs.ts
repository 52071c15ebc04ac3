import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** platform.jobs: the durable job queue (worker, scheduler, long admin operations). */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists platform`
  yield* sql`
    create table platform.jobs (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      payload jsonb not null default 'null'::jsonb,
      status text not null default 'PENDING' check (status in ('PENDING', 'RUNNING', 'SUCCEEDED', 'DEAD')),
      attempts integer not null default 0,
      max_attempts integer not null default 5 check (max_attempts >= 1),
      run_at timestamptz not null default now(),
      lease_owner text,
      lease_until timestamptz,
      dedupe_key text unique,
      progress jsonb,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz
    )`
  // Claim scans: due PENDING rows by run_at, expired RUNNING rows by lease_until.
  yield* sql`create index jobs_pending_run_at_idx on platform.jobs (run_at) where status = 'PENDING'`
  yield* sql`create index jobs_running_lease_idx on platform.jobs (lease_until) where status = 'RUNNING'`
  yield* sql`create index jobs_name_created_idx on platform.jobs (name, created_at desc)`
  yield* sql`create index jobs_finished_idx on platform.jobs (status, finished_at) where finished_at is not null`
})
