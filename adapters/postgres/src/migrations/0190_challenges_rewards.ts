import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Challenge prize tables, the rewards distributed from them (one per winner and line) and sponsors' prize contributions. */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table challenges.challenge_prizes (
      id uuid primary key default gen_random_uuid(),
      challenge_id uuid not null references challenges.challenges (id) on delete cascade,
      position int not null,
      rank_from int not null check (rank_from >= 1),
      rank_to int not null check (rank_to >= rank_from),
      reward_type text not null check (reward_type in ('CASH', 'DISCOUNT', 'MERCH', 'EVENT_ENTRY')),
      title text,
      amount int check (amount is null or amount > 0),
      currency text not null default 'INR',
      discount_type text check (discount_type is null or discount_type in ('percent', 'fixed')),
      discount_value int,
      event_id uuid,
      ticket_id uuid,
      product_name text,
      product_image_url text,
      size_options jsonb not null default '[]'::jsonb,
      created_at timestamptz not null default now()
    )`
  yield* sql`create index challenge_prizes_challenge on challenges.challenge_prizes (challenge_id, rank_from, position)`
  yield* sql`
    create table challenges.challenge_rewards (
      id uuid primary key,
      challenge_id uuid not null references challenges.challenges (id) on delete cascade,
      slab_key text not null,
      prize_id text,
      contribution_id text,
      user_id text not null,
      participation_id text,
      rank int not null,
      reward_type text not null check (reward_type in ('CASH', 'DISCOUNT', 'MERCH', 'EVENT_ENTRY')),
      status text not null check (status in ('CREDITED', 'ISSUED', 'PENDING_ADDRESS', 'ADDRESSED', 'SHIPPED', 'DELIVERED', 'CANCELLED')),
      amount int,
      currency text not null default 'INR',
      coupon_code text,
      event_id text,
      ticket_id text,
      product_name text,
      size text,
      shipping_address jsonb,
      carrier text,
      tracking_number text,
      shipment_provider text,
      shipment_reference text,
      status_reason text,
      distributed_by text not null,
      shipped_at timestamptz,
      delivered_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (challenge_id, slab_key, user_id)
    )`
  yield* sql`create index challenge_rewards_user on challenges.challenge_rewards (user_id, challenge_id)`
  yield* sql`create index challenge_rewards_tracking on challenges.challenge_rewards (tracking_number) where tracking_number is not null`
  yield* sql`
    create table challenges.prize_contributions (
      id uuid primary key default gen_random_uuid(),
      challenge_id uuid not null references challenges.challenges (id) on delete cascade,
      sponsor_name text not null,
      sponsor_id text,
      rank int not null check (rank >= 1),
      product_name text not null,
      description text not null default '',
      image_url text,
      status text not null default 'PENDING' check (status in ('PENDING', 'ACCEPTED', 'REJECTED')),
      decided_by text,
      decided_at timestamptz,
      decision_note text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  yield* sql`create index prize_contributions_challenge on challenges.prize_contributions (challenge_id, created_at)`
})
