import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * The add-ons bought with a booking, one row per add-on (its units, price as sold, collection at
 * the venue, shipping address and the athlete's claim). The add-on's `sold` moves with the
 * booking: taken when booked, given back when the booking is cancelled or its hold expires.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table registrations.booking_add_ons (
      id uuid primary key default gen_random_uuid(),
      participation_id uuid not null references registrations.participations (id) on delete cascade,
      event_id uuid not null,
      add_on_id uuid not null references events.add_ons (id),
      name text not null,
      quantity integer not null check (quantity > 0),
      unit_price integer not null check (unit_price >= 0),
      currency text not null,
      status text not null default 'NOT_COLLECTED' check (status in ('NOT_COLLECTED', 'COLLECTED')),
      collected_at timestamptz,
      collected_by text,
      fulfilment text not null default 'PICKUP' check (fulfilment in ('PICKUP', 'SHIP')),
      shipping_address jsonb,
      claimed_at timestamptz,
      created_at timestamptz not null default now(),
      unique (participation_id, add_on_id)
    )`
  yield* sql`create index booking_add_ons_event on registrations.booking_add_ons (event_id, add_on_id)`
})
