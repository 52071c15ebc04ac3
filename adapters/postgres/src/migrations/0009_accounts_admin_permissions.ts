import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Admin accounts: permissions on accounts.admins (existing admins were created by the
 * bootstrap or the CLI and become super admins, `*`), the handle rule and case-insensitive unique
 * e-mails, and identity.impersonations (at most one open row per admin). Admin notification
 * preferences live in notifications.preferences under the admin's id (no table here).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`alter table accounts.admins add column permissions text[] not null default '{}'`
  yield* sql`update accounts.admins set permissions = '{*}'`
  yield* sql`create index admins_permissions_idx on accounts.admins using gin (permissions)`
  yield* sql`
    alter table accounts.admins add constraint admins_handle_format
      check (handle is null or handle ~ '^[a-z0-9._]{3,30}$')`
  yield* sql`create unique index admins_email_key on accounts.admins (lower(email)) where email is not null`
  yield* sql`create schema if not exists identity`
  yield* sql`
    create table identity.impersonations (
      id uuid primary key,
      admin_id uuid not null,
      user_id uuid not null,
      session_id uuid not null unique,
      reason text not null,
      correlation_id text not null,
      started_at timestamptz not null,
      expires_at timestamptz not null,
      ended_at timestamptz,
      end_reason text,
      ended_by uuid
    )`
  yield* sql`create unique index impersonations_open_admin_key on identity.impersonations (admin_id) where ended_at is null`
  yield* sql`create index impersonations_user_idx on identity.impersonations (user_id, started_at desc)`
})
