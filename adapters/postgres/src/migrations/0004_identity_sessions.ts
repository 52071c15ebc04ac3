import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** identity.sessions (one per sign-in; id = the access token's sid) and identity.refresh_tokens (hashed, single use, chained). */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists identity`
  yield* sql`
    create table identity.sessions (
      id uuid primary key,
      account_kind text not null check (account_kind in ('user', 'organizer', 'admin', 'crew', 'sponsor')),
      account_id uuid not null,
      role text not null,
      family_id uuid not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz not null default now(),
      revoked_at timestamptz,
      revoke_reason text,
      user_agent text,
      ip text
    )`
  yield* sql`create index sessions_account_idx on identity.sessions (account_kind, account_id, created_at desc)`
  yield* sql`create index sessions_family_idx on identity.sessions (family_id)`
  yield* sql`
    create table identity.refresh_tokens (
      id uuid primary key,
      session_id uuid not null references identity.sessions (id) on delete cascade,
      family_id uuid not null,
      token_hash text not null unique,
      used_at timestamptz,
      successor_id uuid,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index refresh_tokens_session_idx on identity.refresh_tokens (session_id)`
})
