import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * identity.linked_identities (provider subject → account, one account per subject),
 * identity.verified_emails (addresses proven per account) and identity.email_verification_tokens
 * (single-use rows behind signed verification links).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists identity`
  yield* sql`
    create table identity.linked_identities (
      id uuid primary key default gen_random_uuid(),
      account_kind text not null check (account_kind in ('user', 'organizer', 'admin', 'crew', 'sponsor')),
      account_id uuid not null,
      provider text not null,
      subject text not null,
      email text,
      created_at timestamptz not null default now(),
      unique (provider, subject)
    )`
  yield* sql`create index linked_identities_account_idx on identity.linked_identities (account_kind, account_id, created_at)`
  yield* sql`
    create table identity.verified_emails (
      account_kind text not null,
      account_id uuid not null,
      email text not null,
      verified_at timestamptz not null default now(),
      primary key (account_kind, account_id, email)
    )`
  yield* sql`
    create table identity.email_verification_tokens (
      id uuid primary key,
      account_kind text not null,
      account_id uuid not null,
      email text not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index email_verification_tokens_account_idx on identity.email_verification_tokens (account_kind, account_id)`
})
