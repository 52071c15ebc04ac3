import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * The AI coach's exchanges: every answered question with the tool calls it rested on and the tokens
 * it cost (per-athlete cost accounting, summed by `user_id` and time for budgets).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table training.coach_exchanges (
      id uuid primary key default gen_random_uuid(),
      user_id text not null,
      channel text not null check (channel in ('text', 'voice')),
      locale text not null,
      question text not null check (char_length(question) between 1 and 2000),
      reply text not null,
      tool_calls jsonb not null default '[]'::jsonb,
      provider text not null,
      model text not null,
      prompt_tokens integer not null default 0 check (prompt_tokens >= 0),
      completion_tokens integer not null default 0 check (completion_tokens >= 0),
      created_at timestamptz not null default now()
    )`
  yield* sql`create index coach_exchanges_user on training.coach_exchanges (user_id, created_at desc, id desc)`
})
