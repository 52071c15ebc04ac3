import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Reward pools: one per challenge (its id is the challenge's), the escrow of its cash prizes on the ledger. */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table challenges.reward_pools (
      id uuid primary key references challenges.challenges (id),
      funder_type text not null check (funder_type in ('organizer', 'club', 'brand', 'platform')),
      funder_id text not null,
      currency text not null,
      status text not null default 'FUNDING' check (status in ('FUNDING', 'APPROVED', 'REJECTED', 'REFUNDED')),
      funded bigint not null default 0 check (funded >= 0),
      refunded bigint not null default 0 check (refunded >= 0),
      review_note text,
      reviewed_by text,
      reviewed_at timestamptz,
      refunded_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index reward_pools_status_idx on challenges.reward_pools (status, created_at desc)`
})
