import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Bookings of event tickets and check-in. Seats are counted on `events.tickets.sold` and, per slot,
 * on `registrations.slot_seats.taken` (the events schema keeps the slot's capacity); both move only
 * through conditional updates bounded by their capacity. The last 7 digits of a booking id are
 * unique per event, a participant has at most one live check-in, a device nonce answers once.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists registrations`
  yield* sql`
    create table registrations.slot_seats (
      slot_id uuid primary key references events.slots (id) on delete cascade,
      taken integer not null default 0 check (taken >= 0)
    )`
  yield* sql`
    create table registrations.participations (
      id uuid primary key,
      booking_id text not null,
      booking_last7 text not null,
      event_id uuid not null references events.events (id) on update cascade,
      slot_id uuid not null references events.slots (id),
      ticket_id uuid not null references events.tickets (id),
      user_id uuid not null,
      status text not null,
      seats integer not null check (seats > 0),
      amount integer not null check (amount >= 0),
      currency text not null,
      gateway_order_id text,
      hold_expires_at timestamptz,
      confirmed_at timestamptz,
      cancelled_at timestamptz,
      cancel_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint participations_status_check check (status in ('PENDING', 'CONFIRMED', 'CANCELLED', 'EXPIRED')),
      constraint participations_booking_id_check check (booking_id ~ '^[0-9]{7,}$' and booking_last7 = right(booking_id, 7)),
      constraint participations_event_last7_key unique (event_id, booking_last7)
    )`
  yield* sql`create index participations_user_idx on registrations.participations (user_id, created_at desc)`
  yield* sql`create index participations_event_idx on registrations.participations (event_id, created_at desc)`
  yield* sql`create unique index participations_order_key on registrations.participations (gateway_order_id) where gateway_order_id is not null`
  yield* sql`create index participations_holds_idx on registrations.participations (ticket_id, hold_expires_at) where status = 'PENDING'`
  yield* sql`create index participations_lapsing_idx on registrations.participations (hold_expires_at) where status = 'PENDING'`
  yield* sql`
    create table registrations.participants (
      id uuid primary key,
      participation_id uuid not null references registrations.participations (id) on delete cascade,
      event_id uuid not null references events.events (id) on update cascade,
      position integer not null,
      first_name text not null,
      last_name text not null,
      email text not null,
      phone_number text,
      status text not null default 'ACTIVE',
      ticket_code text not null,
      cancelled_at timestamptz,
      created_at timestamptz not null default now(),
      constraint participants_status_check check (status in ('ACTIVE', 'CANCELLED')),
      constraint participants_ticket_code_key unique (ticket_code)
    )`
  yield* sql`create index participants_participation_idx on registrations.participants (participation_id, position)`
  yield* sql`create index participants_event_idx on registrations.participants (event_id)`
  yield* sql`
    create table registrations.check_ins (
      id uuid primary key,
      event_id uuid not null references events.events (id) on update cascade,
      participant_id uuid not null references registrations.participants (id) on delete cascade,
      participation_id uuid not null references registrations.participations (id) on delete cascade,
      method text not null,
      scanned_at timestamptz not null,
      checked_in_at timestamptz not null default now(),
      checked_in_by text not null,
      undone_at timestamptz,
      undone_by text,
      undo_reason text,
      constraint check_ins_method_check check (method in ('code', 'booking', 'manual'))
    )`
  yield* sql`create unique index check_ins_live_key on registrations.check_ins (participant_id) where undone_at is null`
  yield* sql`create index check_ins_event_idx on registrations.check_ins (event_id) where undone_at is null`
  yield* sql`
    create table registrations.scan_nonces (
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      nonce text not null,
      verdict jsonb,
      created_at timestamptz not null default now(),
      primary key (event_id, nonce)
    )`
  yield* sql`
    create table registrations.timeline (
      id uuid primary key default gen_random_uuid(),
      participation_id uuid not null references registrations.participations (id) on delete cascade,
      action text not null,
      actor text not null,
      reason text,
      data jsonb not null default '{}',
      at timestamptz not null default now()
    )`
  yield* sql`create index timeline_participation_idx on registrations.timeline (participation_id, at)`
})
