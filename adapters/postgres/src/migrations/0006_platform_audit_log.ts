import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** platform.audit_log: the append-only, hash-chained audit log. */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists platform`
  yield* sql`
    create table platform.audit_log (
      seq bigint primary key,
      id uuid not null unique,
      occurred_at timestamptz not null,
      action text not null,
      actor_kind text not null,
      actor_id text,
      subject_kind text,
      subject_id text,
      reason text,
      correlation_id text,
      data jsonb not null default '{}'::jsonb,
      prev_hash text not null,
      hash text not null
    )`
  yield* sql`create index audit_log_action_idx on platform.audit_log (action, seq desc)`
  yield* sql`create index audit_log_subject_idx on platform.audit_log (subject_kind, subject_id, seq desc)`
  yield* sql`create index audit_log_actor_idx on platform.audit_log (actor_id, seq desc)`
  // Append-only: updates and deletes are refused by the database itself.
  yield* sql`
    create function platform.audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'platform.audit_log is append-only';
    end $$`
  yield* sql`
    create trigger audit_log_no_update before update or delete on platform.audit_log
    for each row execute function platform.audit_log_append_only()`
})
