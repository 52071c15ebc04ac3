import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * identity.totp_factors (one per account: sealed secret, pending enrollment, last accepted time step),
 * identity.totp_recovery_codes (keyed hashes, single use) and identity.passkeys (WebAuthn
 * credentials). An admin's totp_enabled_at/totp_required_at stay on accounts.admins (mirrored by the
 * TOTP adapter); accounts.admins.totp_secret_enc is unused: every account's secret lives here.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists identity`
  yield* sql`
    create table identity.totp_factors (
      account_kind text not null check (account_kind in ('user', 'organizer', 'admin', 'crew', 'sponsor')),
      account_id uuid not null,
      secret_sealed text,
      pending_secret_sealed text,
      enabled_at timestamptz,
      last_used_step bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (account_kind, account_id),
      check ((enabled_at is null) = (secret_sealed is null))
    )`
  yield* sql`
    create table identity.totp_recovery_codes (
      account_kind text not null,
      account_id uuid not null,
      code_hash text not null,
      created_at timestamptz not null default now(),
      used_at timestamptz,
      primary key (account_kind, account_id, code_hash)
    )`
  yield* sql`
    create table identity.passkeys (
      id uuid primary key,
      account_kind text not null check (account_kind in ('user', 'organizer', 'admin', 'crew', 'sponsor')),
      account_id uuid not null,
      credential_id text not null unique,
      public_key text not null,
      counter bigint not null default 0,
      transports jsonb not null default '[]'::jsonb,
      device_type text not null,
      backed_up boolean not null default false,
      name text,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )`
  yield* sql`create index passkeys_account_idx on identity.passkeys (account_kind, account_id, created_at)`
})
