import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Training programs (the platform's templates and organizers' programs) with their workouts,
 * enrollments (one ACTIVE per athlete and program), workout feedback and program reviews with
 * their helpful votes and flags. Column defaults equal core's (`createProgram`, `workoutFeedback`).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table training.programs (
      id uuid primary key default gen_random_uuid(),
      organizer_id text,
      title text not null,
      description text,
      sport text not null default 'run',
      level text not null default 'beginner',
      weeks integer not null check (weeks between 1 and 52),
      price_minor integer not null default 0,
      currency text not null default 'INR',
      published boolean not null default false,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index programs_owner_idx on training.programs (organizer_id, created_at) where deleted_at is null`
  yield* sql`
    create table training.program_workouts (
      id uuid primary key default gen_random_uuid(),
      program_id uuid not null references training.programs (id),
      week integer not null,
      day integer not null check (day between 1 and 7),
      title text not null,
      sport text not null default 'run',
      description text,
      intensity text not null default 'moderate',
      planned_duration_minutes integer,
      planned_distance_meters double precision,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index program_workouts_program_idx on training.program_workouts (program_id, week, day) where deleted_at is null`
  yield* sql`
    create table training.enrollments (
      id uuid primary key default gen_random_uuid(),
      user_id text not null,
      program_id uuid not null references training.programs (id),
      status text not null default 'ACTIVE' check (status in ('ACTIVE', 'CANCELLED', 'COMPLETED')),
      start_date date not null,
      end_date date not null,
      organizer_id text,
      event_id text,
      assigned_by text,
      price_minor integer not null default 0,
      created_at timestamptz not null default now(),
      cancelled_at timestamptz,
      completed_at timestamptz,
      updated_at timestamptz not null default now()
    )`
  yield* sql`create unique index enrollments_one_active_key on training.enrollments (user_id, program_id) where status = 'ACTIVE'`
  yield* sql`create index enrollments_program_idx on training.enrollments (program_id, status)`
  yield* sql`create index enrollments_event_idx on training.enrollments (organizer_id, event_id) where organizer_id is not null`
  yield* sql`
    create table training.workout_feedback (
      id uuid primary key default gen_random_uuid(),
      workout_id uuid not null unique references training.calendar_workouts (id) on delete cascade,
      user_id text not null,
      rpe integer not null check (rpe between 1 and 10),
      feeling text not null default 'good',
      notes text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table training.program_reviews (
      id uuid primary key default gen_random_uuid(),
      program_id uuid not null references training.programs (id),
      user_id text not null,
      rating integer not null check (rating between 1 and 5),
      comment text,
      helpful_count integer not null default 0,
      flag_count integer not null default 0,
      hidden boolean not null default false,
      created_at timestamptz not null default now(),
      constraint program_reviews_one_per_athlete unique (program_id, user_id)
    )`
  yield* sql`
    create table training.review_votes (
      review_id uuid not null references training.program_reviews (id) on delete cascade,
      user_id text not null,
      kind text not null check (kind in ('helpful', 'flag')),
      reason text,
      created_at timestamptz not null default now(),
      primary key (review_id, user_id, kind)
    )`
})
