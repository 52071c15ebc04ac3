import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * The rest of the notifications admin surface:
 * - notifications.system_notifications: which channel template a platform system event sends
 *   (one per event and channel), switchable.
 * - notifications.promotion_templates: templates organizers may use for promotions, each naming a
 *   catalog template of its channel, with its own price per recipient (minor units + currency).
 * - notifications.template_records: named notification records grouping one catalog template key
 *   per channel (the "what a notification is" view across channels).
 * - notifications.recipient_lists: organizer CSV recipient uploads with their row-by-row report.
 * - template_catalog gains `is_default` (the channel's default template of its category) and the
 *   chat-app provider mapping with the one before it (for rollback).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table notifications.system_notifications (
      id uuid primary key default gen_random_uuid(),
      event text not null,
      channel text not null check (channel in ('EMAIL', 'SMS', 'PUSH', 'CHAT')),
      template_key text not null,
      name text not null,
      description text,
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint system_notifications_event_channel_key unique (event, channel)
    )`
  yield* sql`
    create table notifications.promotion_templates (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      description text,
      channel text not null check (channel in ('EMAIL', 'SMS', 'PUSH', 'CHAT')),
      template_key text not null,
      price_minor bigint not null default 0 check (price_minor >= 0),
      currency text not null default 'INR' check (currency ~ '^[A-Z]{3}$'),
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint promotion_templates_name_key unique (name)
    )`
  yield* sql`
    create table notifications.template_records (
      id uuid primary key default gen_random_uuid(),
      key text not null constraint template_records_key_key unique,
      name text not null,
      description text,
      category text,
      email_template_key text,
      sms_template_key text,
      push_template_key text,
      chatapp_template_key text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table notifications.recipient_lists (
      id uuid primary key default gen_random_uuid(),
      organizer_id uuid not null,
      name text not null,
      user_ids uuid[] not null,
      total_rows integer not null,
      valid_rows integer not null,
      invalid_rows integer not null,
      report jsonb not null,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index recipient_lists_organizer_idx on notifications.recipient_lists (organizer_id, created_at desc)`
  yield* sql`alter table notifications.template_catalog add column is_default boolean not null default false`
  yield* sql`alter table notifications.template_catalog add column provider_mapping jsonb`
  yield* sql`alter table notifications.template_catalog add column previous_provider_mapping jsonb`
  yield* sql`create index outbox_producer_idx on notifications.outbox (producer) where producer is not null`
})
