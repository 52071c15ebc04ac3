import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Fulfillment tasks (B "Fulfillment tasks"): ops work with a due time from the priority's service
 * level; moves are conditional updates on `status`.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table challenges.fulfillment_tasks (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind in ('REWARD_SHIPMENT', 'GOODIE', 'RACE_KIT', 'OTHER')),
      title text not null,
      details text not null default '',
      priority text not null default 'NORMAL' check (priority in ('URGENT', 'HIGH', 'NORMAL', 'LOW')),
      recipient_user_id text,
      subject_type text,
      subject_id text,
      status text not null default 'PENDING' check (status in ('PENDING', 'ASSIGNED', 'IN_PROGRESS', 'DONE', 'CANCELLED')),
      assignee_id text,
      assigned_at timestamptz,
      due_at timestamptz not null,
      completed_at timestamptz,
      status_note text,
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index fulfillment_tasks_open_idx on challenges.fulfillment_tasks (due_at) where status in ('PENDING', 'ASSIGNED', 'IN_PROGRESS')`
  yield* sql`create index fulfillment_tasks_status_idx on challenges.fulfillment_tasks (status, due_at)`
})
