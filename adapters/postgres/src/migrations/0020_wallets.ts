import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * The `wallets` schema: the platform's double-entry ledger.
 * - accounts: one row per (owner_type, owner_id, purpose, currency), created on first post, with
 *   cached balance / credited / debited / entry_count updated in the same transaction as the
 *   entries (the balance is always also the sum of the account's entries). Owner wallets may never
 *   go negative (the check constraint backs the adapter's locked check); platform and external
 *   accounts may.
 * - transfers: one row per posted transfer, unique by idempotency key.
 * - entries: the legs; `seq` (append order) is the keyset cursor of the newest-first history.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists wallets`
  yield* sql`
    create table wallets.accounts (
      id uuid primary key default gen_random_uuid(),
      owner_type text not null check (owner_type in ('club', 'organizer', 'brand', 'user', 'platform', 'external')),
      owner_id text not null check (owner_id <> ''),
      purpose text not null check (purpose <> ''),
      currency text not null check (currency in ('RC', 'INR')),
      balance bigint not null default 0,
      credited bigint not null default 0 check (credited >= 0),
      debited bigint not null default 0 check (debited >= 0),
      entry_count integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (owner_type, owner_id, purpose, currency),
      constraint accounts_no_negative_owner_balance check (owner_type in ('platform', 'external') or balance >= 0)
    )`
  yield* sql`
    create table wallets.transfers (
      id uuid primary key default gen_random_uuid(),
      idempotency_key text not null unique,
      reason text not null,
      metadata jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
    )`
  yield* sql`
    create table wallets.entries (
      id uuid primary key default gen_random_uuid(),
      seq bigint generated always as identity unique,
      transfer_id uuid not null references wallets.transfers (id),
      account_id uuid not null references wallets.accounts (id),
      amount bigint not null check (amount <> 0),
      created_at timestamptz not null default now()
    )`
  yield* sql`create index entries_account_seq_idx on wallets.entries (account_id, seq desc)`
  yield* sql`create index entries_transfer_idx on wallets.entries (transfer_id)`
})
