/**
 * The payments context's personal-data section (compliance registry; assembled in
 * compliance/personal-data.pg.ts). Orders and payments are money records (GST and income-tax law
 * keep books for 6-8 years): they are RETAINED, never deleted, and de-identified. Decision per table:
 *
 * | table                   | rows of the user                                                  | export | at request                                                     | at the tick |
 * |-------------------------|-------------------------------------------------------------------|--------|----------------------------------------------------------------|-------------|
 * | payments.orders         | created_by = user, or notes.userId = user                         | yes    | note entries carrying contact / name (personal keys, or a value equal to the user's phone, e-mail or name) removed | created_by → null; notes.userId removed; the user id in owner_ref / notes.ownerRef → `erased` |
 * | payments.payments       | of those orders                                                   | yes (nested) | —                                                        | retained unchanged (no personal field) |
 * | payments.webhook_events | payload about those orders (order entity id / payment order_id)   | no (the gateway's copy of the order, already exported) | the payer's email, contact, VPA, card, bank and wallet fields, and the personal note entries, removed from the payload | notes.userId removed and ownerRef rewritten in the payload |
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { Compliance } from "@podium/core"
import { Effect } from "effect"
import { PersonalMetadataKeys } from "../wallets/wallets-personal-data.pg.js"

/** Payer fields of a gateway payment entity (Razorpay's names) removed from stored webhook payloads. */
const PayerFields = ["email", "contact", "vpa", "card", "card_id", "bank", "wallet", "customer_id", "token_id"]

export const PaymentsPersonalDataSection: Effect.Effect<Compliance.PersonalDataSection, never, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const textArray = (values: ReadonlyArray<string>) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`

  /** The user's orders (ids). */
  const theirOrders = (userId: string) =>
    sql`(select o.id from payments.orders o where o.created_by = ${userId} or o.notes->>'userId' = ${userId})`
  /** The gateway order ids of the user's orders, per provider. */
  const theirGatewayOrders = (userId: string) =>
    sql`(select o.provider, o.gateway_order_id from payments.orders o where o.id in ${theirOrders(userId)})`
  const aboutTheirOrders = (userId: string) =>
    sql`(e.provider, coalesce(e.payload #>> '{payload,order,entity,id}', e.payload #>> '{payload,payment,entity,order_id}')) in ${theirGatewayOrders(userId)}`

  /** Note keys of the user's orders to drop: personal keys, and any whose value is the user's phone, e-mail or name. */
  const personalNoteKeys = (userId: string, notes: string) =>
    sql`array(
      select k from jsonb_each_text(${sql.literal(notes)}) n(k, v)
      where k = any(${textArray(PersonalMetadataKeys)})
        or v in (select x from accounts.users u, unnest(array[u.phone_number, u.email, u.first_name || ' ' || u.last_name]) x
                 where u.id = ${userId} and x is not null))`

  /** The stored payload with the payer fields and the personal note entries removed from its payment and order entities. */
  const scrubbedPayload = (userId: string) => {
    let stripped = "e.payload"
    for (const f of PayerFields) stripped = `(${stripped} #- '{payload,payment,entity,${f}}')`
    const paymentNotes = "coalesce(e.payload #> '{payload,payment,entity,notes}', '{}'::jsonb)"
    const orderNotes = "coalesce(e.payload #> '{payload,order,entity,notes}', '{}'::jsonb)"
    return sql`jsonb_set_lax(jsonb_set_lax(${sql.literal(stripped)},
        '{payload,payment,entity,notes}', ${sql.literal(paymentNotes)} - ${personalNoteKeys(userId, paymentNotes)}, false, 'return_target'),
        '{payload,order,entity,notes}', ${sql.literal(orderNotes)} - ${personalNoteKeys(userId, orderNotes)}, false, 'return_target')`
  }

  /** A notes object with notes.userId removed and the user id in ownerRef replaced by `erased`. */
  const deidentifiedNotes = (userId: string, notes: string) =>
    sql`(case when ${sql.literal(notes)} ? 'ownerRef'
        then (${sql.literal(notes)} - 'userId') || jsonb_build_object('ownerRef', replace(${sql.literal(notes)}->>'ownerRef', ${userId}, 'erased'))
        else ${sql.literal(notes)} - 'userId' end)`

  return {
    name: "payments",
    export: (userId) =>
      sql`
        select o.id, o.provider, o.gateway_order_id, o.purpose, o.amount::float8 as amount, o.currency, o.receipt, o.notes, o.status,
          o.paid_at, o.created_at,
          coalesce((select jsonb_agg(jsonb_build_object('gatewayPaymentId', p.gateway_payment_id, 'amount', p.amount, 'currency', p.currency,
              'status', p.status, 'method', p.method, 'createdAt', p.created_at) order by p.created_at)
            from payments.payments p where p.order_id = o.id), '[]'::jsonb) as payments
        from payments.orders o where o.id in ${theirOrders(userId)} order by o.created_at`.pipe(
        Effect.map((orders) => ({ orders })),
        Effect.orDie
      ),
    // Runs before the accounts section, so the user's old phone, e-mail and name are still readable.
    scramble: (userId) =>
      Effect.gen(function*() {
        yield* sql`update payments.webhook_events e set payload = ${scrubbedPayload(userId)}, updated_at = now() where ${aboutTheirOrders(userId)}`
        yield* sql`
          update payments.orders o set notes = o.notes - ${personalNoteKeys(userId, "o.notes")}, updated_at = now()
          where o.id in ${theirOrders(userId)}`
      }).pipe(Effect.orDie),
    hardDelete: (userId) =>
      Effect.gen(function*() {
        yield* sql`
          update payments.webhook_events e set payload =
            jsonb_set_lax(jsonb_set_lax(e.payload,
              '{payload,payment,entity,notes}', ${deidentifiedNotes(userId, "(e.payload #> '{payload,payment,entity,notes}')")}, false, 'return_target'),
              '{payload,order,entity,notes}', ${deidentifiedNotes(userId, "(e.payload #> '{payload,order,entity,notes}')")}, false, 'return_target'),
            updated_at = now()
          where ${aboutTheirOrders(userId)}`
        yield* sql`
          update payments.orders o set created_by = null, owner_ref = replace(o.owner_ref, ${userId}, 'erased'),
            notes = ${deidentifiedNotes(userId, "o.notes")}, updated_at = now()
          where o.id in ${theirOrders(userId)}`
      }).pipe(Effect.orDie)
  } satisfies Compliance.PersonalDataSection
})
