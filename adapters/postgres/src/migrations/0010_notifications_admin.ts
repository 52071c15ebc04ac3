import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * notifications.* for the admin surface: delivery receipts on log rows (the
 * provider's last reported status, its rank so receipts only move forward, error and time), and
 * the list indexes of the logs.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`alter table notifications.logs add column delivery_status text
    check (delivery_status in ('QUEUED', 'SENT', 'DELIVERED', 'UNDELIVERED', 'FAILED', 'READ'))`
  yield* sql`alter table notifications.logs add column delivery_rank integer`
  yield* sql`alter table notifications.logs add column delivery_error text`
  yield* sql`alter table notifications.logs add column delivery_updated_at timestamptz`
  yield* sql`create index logs_status_created_idx on notifications.logs (status, created_at desc)`
})
