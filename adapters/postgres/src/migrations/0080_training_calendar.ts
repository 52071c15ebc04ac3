import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * The training context's calendar: athletes' workouts on local dates, planned by hand or placed by
 * a program enrollment. Column defaults equal core's (`createWorkout`).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists training`
  yield* sql`
    create table training.calendar_workouts (
      id uuid primary key default gen_random_uuid(),
      user_id text not null,
      date date not null,
      title text not null,
      sport text not null default 'run',
      description text,
      intensity text not null default 'moderate',
      planned_duration_minutes integer,
      planned_distance_meters double precision,
      status text not null default 'PLANNED' check (status in ('PLANNED', 'COMPLETED')),
      completed_at timestamptz,
      enrollment_id uuid,
      program_workout_id uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index calendar_workouts_user_date_idx on training.calendar_workouts (user_id, date)`
  yield* sql`create index calendar_workouts_enrollment_idx on training.calendar_workouts (enrollment_id) where enrollment_id is not null`
})
