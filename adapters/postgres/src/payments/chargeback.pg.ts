/**
 * Chargebacks on Postgres (payments.chargebacks, payments.chargeback_evidence; migration 0280).
 * The gateway upsert is one `insert … on conflict … do update … where` (a delivery older than the
 * newest applied changes nothing); defend moves are `applyMove`: one conditional update.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Payments } from "@podium/core"
import { Chargeback, ChargebackEvidence } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const Columns = `id, provider, gateway_case_id, gateway_payment_id, payment_id, order_id, gateway_order_id, purpose, owner_ref,
  amount::float8 as amount, currency, reason_code, reason_description, phase, gateway_status, respond_by,
  status as defend_status, defense_draft, draft_updated_at, draft_updated_by, evidence_count, gateway_submission_status,
  submitted_at, submitted_by, resolved_by, resolved_at, resolution_reason, gateway_event_at, created_at, updated_at`

const Upserted = Schema.Struct({ ...Chargeback.fields, inserted: Schema.Boolean })

export const ChargebackRepoPg = Layer.effect(Payments.ChargebackRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(Columns)
  const chargebacks = rowsOf(Chargeback)
  const upserted = rowsOf(Upserted)
  const evidence = rowsOf(ChargebackEvidence)
  const byId = (id: string) => chargebacks.maybe(sql`select ${cols} from payments.chargebacks where id = ${id}`)
  return Payments.ChargebackRepo.of({
    upsertFromGateway: (f) =>
      Effect.gen(function*() {
        // `xmax = 0` tells a fresh insert from an update of an existing row.
        const row = yield* upserted.maybe(sql`
          insert into payments.chargebacks (provider, gateway_case_id, gateway_payment_id, payment_id, order_id, gateway_order_id,
            purpose, owner_ref, amount, currency, reason_code, reason_description, phase, gateway_status, respond_by, gateway_event_at)
          values (${f.provider}, ${f.gatewayCaseId}, ${f.gatewayPaymentId}, ${f.link?.paymentId ?? null}, ${f.link?.orderId ?? null},
            ${f.link?.gatewayOrderId ?? null}, ${f.link?.purpose ?? null}, ${f.link?.ownerRef ?? null}, ${f.amount}, ${f.currency},
            ${f.reasonCode}, ${f.reasonDescription}, ${f.phase}, ${f.gatewayStatus}, ${f.respondBy}, ${f.gatewayEventAt})
          on conflict (provider, gateway_case_id) do update set
            amount = excluded.amount, currency = excluded.currency,
            reason_code = coalesce(excluded.reason_code, chargebacks.reason_code),
            reason_description = coalesce(excluded.reason_description, chargebacks.reason_description),
            phase = coalesce(excluded.phase, chargebacks.phase),
            gateway_status = excluded.gateway_status,
            respond_by = coalesce(excluded.respond_by, chargebacks.respond_by),
            payment_id = coalesce(chargebacks.payment_id, excluded.payment_id),
            order_id = coalesce(chargebacks.order_id, excluded.order_id),
            gateway_order_id = coalesce(chargebacks.gateway_order_id, excluded.gateway_order_id),
            purpose = coalesce(chargebacks.purpose, excluded.purpose),
            owner_ref = coalesce(chargebacks.owner_ref, excluded.owner_ref),
            gateway_event_at = excluded.gateway_event_at, updated_at = now()
          where chargebacks.gateway_event_at <= excluded.gateway_event_at
          returning ${cols}, (xmax = 0) as inserted`)
        if (Option.isSome(row)) {
          const { inserted, ...chargeback } = row.value
          return { chargeback, inserted }
        }
        const existing = yield* chargebacks.one(sql`
          select ${cols} from payments.chargebacks where provider = ${f.provider} and gateway_case_id = ${f.gatewayCaseId}`)
        return { chargeback: existing, inserted: false }
      }),
    findById: (id) => Uuid.test(id) ? byId(id) : Effect.succeed(Option.none()),
    lock: (id) => Uuid.test(id) ? chargebacks.maybe(sql`select ${cols} from payments.chargebacks where id = ${id} for update`) : Effect.succeed(Option.none()),
    list: (q) =>
      Effect.gen(function*() {
        const pattern = q.search === undefined ? undefined : `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        const where = sql.and([
          ...(q.defendStatus === undefined ? [] : [sql`status = ${q.defendStatus}`]),
          ...(q.gatewayStatus === undefined ? [] : [sql`gateway_status = ${q.gatewayStatus}`]),
          ...(q.purpose === undefined ? [] : [sql`purpose = ${q.purpose}`]),
          ...(q.provider === undefined ? [] : [sql`provider = ${q.provider}`]),
          ...(pattern === undefined ? [] : [sql`(gateway_case_id ilike ${pattern} or gateway_payment_id ilike ${pattern})`]),
          ...(q.from === undefined ? [] : [sql`created_at >= ${q.from}`]),
          ...(q.to === undefined ? [] : [sql`created_at <= ${q.to}`])
        ])
        const items = yield* chargebacks.all(sql`
          select ${cols} from payments.chargebacks where ${where}
          order by created_at desc, id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`)
        const total = yield* counts.one(sql`select count(*)::int as n from payments.chargebacks where ${where}`)
        return { items, total: total.n }
      }),
    evidence: (id) => evidence.all(sql`select * from payments.chargeback_evidence where chargeback_id = ${id} order by created_at, id`),
    addEvidence: (input) =>
      evidence.one(sql`
        insert into payments.chargeback_evidence (chargeback_id, kind, file_url, description, added_by)
        values (${input.chargebackId}, ${input.kind}, ${input.fileUrl}, ${input.description}, ${input.addedBy})
        returning *`),
    move: (id, move, facts) => {
      const closing = Payments.ClosingChargebackMoves.includes(move)
      const assignments = move === "edit-defense"
        ? sql`${
          facts.draft === undefined
            ? sql``
            : sql`defense_draft = ${facts.draft}, draft_updated_at = now(), draft_updated_by = ${facts.by}, `
        }evidence_count = evidence_count + ${facts.evidenceAdded === true ? 1 : 0}, updated_at = now()`
        : move === "submit-defense"
        ? sql`gateway_submission_status = 'MANUAL_GATEWAY_UPLOAD_REQUIRED', submitted_at = now(), submitted_by = ${facts.by}, updated_at = now()`
        : closing
        ? sql`resolved_by = ${facts.by}, resolved_at = now(), resolution_reason = ${facts.reason ?? null}, updated_at = now()`
        : sql`updated_at = now()`
      return applyMove(sql, {
        moves: Payments.ChargebackMoves,
        move,
        table: "payments.chargebacks",
        id,
        set: assignments,
        returning: cols,
        rows: chargebacks,
        notFound: () => new Payments.ChargebackNotFound({ id })
      })
    }
  })
}))
