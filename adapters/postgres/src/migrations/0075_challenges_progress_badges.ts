import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Challenge progress and badges (C "Badges and challenges", B "Challenge management"): admins'
 * verdicts on activities counted toward challenges; badges get a public code and an active flag,
 * are mapped to challenges and awarded once per athlete (the unique pair makes a second award,
 * retroactive or not, insert nothing).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table challenges.activity_validations (
      activity_id uuid primary key,
      status text not null default 'PENDING' check (status in ('PENDING', 'VALID', 'INVALID')),
      note text,
      validated_by text,
      validated_at timestamptz
    )`
  yield* sql`alter table challenges.badges add column code text`
  yield* sql`update challenges.badges set code = 'BADGE-' || upper(substr(replace(id::text, '-', ''), 1, 10)) where code is null`
  yield* sql`
    alter table challenges.badges
      alter column code set default 'BADGE-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 10)),
      alter column code set not null,
      add column is_active boolean not null default true,
      add constraint badges_code_unique unique (code)`
  yield* sql`
    create table challenges.badge_challenges (
      badge_id uuid not null references challenges.badges (id) on delete cascade,
      challenge_id uuid not null references challenges.challenges (id) on delete cascade,
      mapped_at timestamptz not null default now(),
      primary key (badge_id, challenge_id)
    )`
  yield* sql`create index badge_challenges_challenge_idx on challenges.badge_challenges (challenge_id)`
  yield* sql`
    create table challenges.badge_awards (
      id uuid primary key default gen_random_uuid(),
      badge_id uuid not null references challenges.badges (id) on delete restrict,
      user_id text not null,
      challenge_id uuid,
      source text not null check (source in ('COMPLETION', 'RETROACTIVE')),
      awarded_at timestamptz not null default now(),
      unique (badge_id, user_id)
    )`
  yield* sql`create index badge_awards_user_idx on challenges.badge_awards (user_id, awarded_at desc)`
})
