import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Refunds (one per source: the unique (source_kind, source_id) makes a cancellation processed twice
 * refund once) with the refunds job's lease, and the processed mark of club-challenge cancellations.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table payments.refunds (
      id uuid primary key default gen_random_uuid(),
      source_kind text not null check (source_kind in ('booking', 'challenge_participation', 'master_event_order', 'reward_pool')),
      source_id text not null,
      user_id text,
      event_id text,
      challenge_id text,
      provider text not null,
      gateway_payment_id text,
      gateway_refund_id text,
      amount integer not null check (amount > 0),
      currency text not null,
      status text not null default 'PENDING'
        check (status in ('PENDING', 'PROCESSING', 'REFUNDED', 'FAILED', 'CANCELLED', 'MANUALLY_REFUNDED')),
      reason text not null,
      attempts integer not null default 0,
      last_error text,
      requested_by text not null,
      resolved_by text,
      resolution_note text,
      locked_until timestamptz,
      refunded_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint refunds_source_key unique (source_kind, source_id)
    )`
  yield* sql`create index refunds_due_idx on payments.refunds (status, created_at) where status in ('PENDING', 'PROCESSING')`
  yield* sql`create index refunds_event_idx on payments.refunds (event_id) where event_id is not null`
  yield* sql`create index refunds_user_idx on payments.refunds (user_id) where user_id is not null`
})
