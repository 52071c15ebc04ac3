import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Waitlists, transfers, deferrals and each event's self-service policy. An OFFERED waitlist entry
 * holds its party's seats on the same counters as a booking (`registrations.slot_seats.taken`,
 * `events.tickets.sold`) until it is booked, expires or is withdrawn; at most one open offer per
 * athlete and event and one open entry per athlete and ticket. A participant has at most one
 * pending transfer and one open deferral. A participation whose every seat left by a transfer or a
 * deferral keeps 0 seats (TRANSFERRED / DEFERRED): those seats were moved, not released.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`alter table registrations.participations drop constraint participations_status_check`
  yield* sql`alter table registrations.participations add constraint participations_status_check
             check (status in ('PENDING', 'CONFIRMED', 'CANCELLED', 'EXPIRED', 'TRANSFERRED', 'DEFERRED'))`
  yield* sql`alter table registrations.participations drop constraint participations_seats_check`
  yield* sql`alter table registrations.participations add constraint participations_seats_check check (seats >= 0)`
  yield* sql`alter table registrations.participants drop constraint participants_status_check`
  yield* sql`alter table registrations.participants add constraint participants_status_check
             check (status in ('ACTIVE', 'CANCELLED', 'TRANSFERRED', 'DEFERRED'))`
  yield* sql`
    create table registrations.self_service_configs (
      event_id uuid primary key references events.events (id) on update cascade on delete cascade,
      allow_self_edit boolean not null default true,
      editable_fields text[] not null default '{email,phoneNumber}',
      name_change_is_transfer boolean not null default true,
      allow_transfers boolean not null default true,
      max_transfers_per_participant integer not null default 1 check (max_transfers_per_participant between 1 and 10),
      transfer_deadline timestamptz,
      allow_deferrals boolean not null default true,
      deferral_deadline timestamptz,
      waitlist_enabled boolean not null default true,
      waitlist_offer_hours integer not null default 12 check (waitlist_offer_hours between 1 and 168),
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table registrations.waitlist_entries (
      id uuid primary key,
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      ticket_id uuid not null references events.tickets (id) on delete cascade,
      slot_id uuid not null references events.slots (id) on delete cascade,
      user_id uuid not null,
      party_size integer not null check (party_size between 1 and 10),
      status text not null default 'WAITING',
      seq serial not null,
      offered_at timestamptz,
      offer_expires_at timestamptz,
      offer_notified_at timestamptz,
      promoted_by text,
      promote_reason text,
      participation_id uuid references registrations.participations (id) on delete set null,
      closed_by text,
      closed_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint waitlist_entries_status_check check (status in ('WAITING', 'OFFERED', 'BOOKED', 'EXPIRED', 'CANCELLED', 'REMOVED')),
      constraint waitlist_entries_offer_check check (status <> 'OFFERED' or offer_expires_at is not null)
    )`
  yield* sql`create unique index waitlist_open_entry_key on registrations.waitlist_entries (ticket_id, user_id) where status in ('WAITING', 'OFFERED')`
  yield* sql`create unique index waitlist_open_offer_key on registrations.waitlist_entries (event_id, user_id) where status = 'OFFERED'`
  yield* sql`create index waitlist_queue_idx on registrations.waitlist_entries (slot_id, seq) where status = 'WAITING'`
  yield* sql`create index waitlist_offers_idx on registrations.waitlist_entries (offer_expires_at) where status = 'OFFERED'`
  yield* sql`create index waitlist_event_idx on registrations.waitlist_entries (event_id, seq)`
  yield* sql`create index waitlist_user_idx on registrations.waitlist_entries (user_id, created_at desc)`
  yield* sql`
    create table registrations.transfers (
      id uuid primary key,
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      participation_id uuid not null references registrations.participations (id) on delete cascade,
      participant_id uuid not null references registrations.participants (id) on delete cascade,
      from_user_id uuid not null,
      to_email text,
      to_phone text,
      to_first_name text not null,
      to_last_name text not null,
      status text not null default 'PENDING',
      token_hash text not null unique,
      origin_participant_id uuid not null,
      accepted_by uuid,
      new_participation_id uuid,
      new_participant_id uuid,
      responded_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint transfers_status_check check (status in ('PENDING', 'ACCEPTED', 'REJECTED', 'CANCELLED')),
      constraint transfers_recipient_check check (to_email is not null or to_phone is not null)
    )`
  yield* sql`create unique index transfers_pending_key on registrations.transfers (participant_id) where status = 'PENDING'`
  yield* sql`create index transfers_origin_idx on registrations.transfers (origin_participant_id) where status = 'ACCEPTED'`
  yield* sql`create index transfers_from_idx on registrations.transfers (from_user_id, created_at desc)`
  yield* sql`create index transfers_to_email_idx on registrations.transfers (lower(to_email), created_at desc)`
  yield* sql`create index transfers_to_phone_idx on registrations.transfers (to_phone, created_at desc)`
  yield* sql`
    create table registrations.deferrals (
      id uuid primary key,
      event_id uuid not null references events.events (id) on update cascade on delete cascade,
      participation_id uuid not null references registrations.participations (id) on delete cascade,
      participant_id uuid not null references registrations.participants (id) on delete cascade,
      user_id uuid not null,
      reason text,
      status text not null default 'REQUESTED',
      target_event_id uuid,
      target_ticket_id uuid,
      new_participation_id uuid,
      comp_code text unique,
      decided_by text,
      decision_reason text,
      decided_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint deferrals_status_check check (status in ('REQUESTED', 'CANCELLED', 'FULFILLED', 'COMP_ISSUED', 'REJECTED'))
    )`
  yield* sql`create unique index deferrals_open_key on registrations.deferrals (participant_id) where status = 'REQUESTED'`
  yield* sql`create index deferrals_user_idx on registrations.deferrals (user_id, created_at desc)`
  yield* sql`create index deferrals_event_idx on registrations.deferrals (event_id, created_at) where status = 'REQUESTED'`
})
