import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Operations and organizer extras:
 * - compliance.medical_info: one row per user (blood group, allergies, conditions, medications,
 *   emergency contact). Written by later issues (registration forms); `POST /v2/me/medical-info/erase`
 *   deletes it, it is part of the data export and of erasure.
 * - organizers.pickup_addresses: one shipping pickup address per organizer, with the name and id
 *   the shipping provider registered it under.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`create schema if not exists compliance`
  yield* sql`
    create table compliance.medical_info (
      user_id uuid primary key,
      blood_group text,
      allergies text,
      conditions text,
      medications text,
      emergency_contact_name text,
      emergency_contact_phone text,
      emergency_contact_relation text,
      updated_at timestamptz not null default now()
    )`
  yield* sql`
    create table organizers.pickup_addresses (
      organizer_id uuid primary key references organizers.organizers (id) on delete cascade,
      location_name text not null,
      contact_name text not null,
      phone text not null,
      email text,
      address_line1 text not null,
      address_line2 text,
      city text not null,
      state text not null,
      pincode text not null,
      country text not null default 'India',
      provider text not null,
      provider_reference text,
      registered_at timestamptz not null,
      registrations integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
})
