import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Challenge badge requests and badges (A 4.5 admin side, C creator side) in the
 * `challenges` schema, and the organizer staff tasks in `organizers`.
 * A request moves pending_admin_approval → completed (a badge row is made in the same transaction)
 * or → rejected (with the admin's reason, returned verbatim to the creator).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists challenges`
  yield* sql`
    create table challenges.badge_requests (
      id uuid primary key default gen_random_uuid(),
      creator_type text not null check (creator_type in ('organizer', 'club')),
      creator_id uuid not null,
      challenge_id uuid,
      title text not null,
      description text not null,
      artwork_notes text,
      due_date date,
      status text not null default 'pending_admin_approval'
        check (status in ('pending_admin_approval', 'completed', 'rejected')),
      rejection_reason text,
      badge_id uuid,
      requested_by_kind text not null,
      requested_by_id uuid,
      reviewed_by uuid,
      reviewed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index badge_requests_creator_idx on challenges.badge_requests (creator_type, creator_id, created_at desc)`
  yield* sql`create index badge_requests_status_idx on challenges.badge_requests (status, created_at desc)`
  yield* sql`
    create table challenges.badges (
      id uuid primary key default gen_random_uuid(),
      request_id uuid unique references challenges.badge_requests (id) on delete set null,
      challenge_id uuid,
      name text not null,
      description text not null,
      image_url text,
      image jsonb,
      criteria text not null,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (image_url is not null or image is not null)
    )`
  yield* sql`
    alter table challenges.badge_requests
      add constraint badge_requests_badge_fk foreign key (badge_id) references challenges.badges (id) on delete set null`
  yield* sql`
    create table organizers.staff_tasks (
      id uuid primary key default gen_random_uuid(),
      organizer_id uuid not null references organizers.organizers (id) on delete cascade,
      title text not null,
      description text,
      assignee_member_id uuid references organizers.members (id) on delete set null,
      due_at timestamptz,
      status text not null default 'OPEN' check (status in ('OPEN', 'IN_PROGRESS', 'DONE', 'CANCELLED')),
      created_by_member_id uuid references organizers.members (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index staff_tasks_organizer_idx on organizers.staff_tasks (organizer_id, created_at desc)`
})
