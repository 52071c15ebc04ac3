import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Paid challenges: an entry fee on the challenge (0 = free; else at least the gateway's minimum),
 * and on each participation the fee it pays, its gateway order and payment, and the hold a pending
 * paid join keeps against the cap.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    alter table challenges.challenges
      add column entry_fee integer not null default 0 check (entry_fee = 0 or entry_fee between 100 and 10000000),
      add column currency text not null default 'INR'`
  yield* sql`alter table challenges.participations drop constraint participations_status_check`
  yield* sql`
    alter table challenges.participations
      add constraint participations_status_check check (status in ('PENDING_PAYMENT', 'JOINED', 'LEFT', 'REVOKED')),
      add column entry_fee integer not null default 0,
      add column currency text not null default 'INR',
      add column payment_order_id text,
      add column payment_id text,
      add column paid_at timestamptz,
      add column hold_expires_at timestamptz`
  yield* sql`create unique index participations_payment_order on challenges.participations (payment_order_id) where payment_order_id is not null`
  yield* sql`create index participations_live_holds on challenges.participations (challenge_id, hold_expires_at) where status = 'PENDING_PAYMENT'`
})
