import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * The nutrition catalogue: fueling templates (soft-deleted, restorable; their steps as jsonb),
 * food-composition sources keyed by a slug, and their foods (one name per source, so seeding is
 * idempotent). Column defaults equal core's (`createFuelingTemplate`, `createNutritionSource`).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table training.fueling_templates (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      category text not null,
      sport text not null default 'run',
      description text,
      duration_minutes integer,
      items jsonb not null default '[]',
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table training.nutrition_sources (
      key text primary key,
      name text not null,
      description text,
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table training.foods (
      id uuid primary key default gen_random_uuid(),
      source_key text not null references training.nutrition_sources (key),
      name text not null,
      category text not null,
      energy_kcal double precision not null,
      carbs_grams double precision not null,
      protein_grams double precision not null,
      fat_grams double precision not null,
      fiber_grams double precision not null,
      constraint foods_source_name_key unique (source_key, name)
    )`
})
