import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * The coupon a booking redeemed and the discount it gave. A redemption takes one of the coupon's
 * `used` under its cap in the booking's transaction; a cancel or an expiry gives it back.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    alter table registrations.participations
      add column coupon_id uuid references events.coupons (id),
      add column discount integer not null default 0 check (discount >= 0)`
  yield* sql`create index participations_coupon_user on registrations.participations (coupon_id, user_id) where coupon_id is not null`
})
