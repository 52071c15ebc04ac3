/** Sponsorship on Postgres (sponsors.deals, contracts, attachments, attachment_history, goodie_auto_award; migration 0230). Moves are conditional updates. */
import type { Statement } from "@effect/sql"
import * as SqlClient from "@effect/sql/SqlClient"
import { Sponsors } from "@podium/core"
import { GoodieAutoAwardConfig, SponsorAttachment, SponsorAttachmentHistoryEntry, SponsorContract, SponsorshipDeal, SponsorshipDealStatus } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { onUnique, rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const DealColumns = `id, brand_id, target_type, target_id, amount::float8 as amount, currency, terms, status, counter_amount::float8 as counter_amount,
  counter_notes, rejection_reason, club_decision, contract_document_key, contract_id, proposed_by, created_at, updated_at`
const ContractColumns = `id, brand_id, deal_id, target_type, target_id, title, amount::float8 as amount, currency, status, status_reason, activated_at,
  closed_at, created_by, created_at, updated_at`
const GoodieColumns = `sponsor_attachment_id, enabled, goodie_name, audience, top_n, quantity_per_athlete, updated_by, updated_at`

const Count = Schema.Struct({ n: Schema.Number })
const StatusCount = Schema.Struct({ status: SponsorshipDealStatus, count: Schema.Number })

export const SponsorshipRepoPg = Layer.effect(Sponsors.SponsorshipRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const deals = rowsOf(SponsorshipDeal)
  const contracts = rowsOf(SponsorContract)
  const attachments = rowsOf(SponsorAttachment)
  const history = rowsOf(SponsorAttachmentHistoryEntry)
  const goodies = rowsOf(GoodieAutoAwardConfig)
  const counts = rowsOf(Count)
  const statusCounts = rowsOf(StatusCount)
  const dealCols = sql.unsafe(DealColumns)
  const contractCols = sql.unsafe(ContractColumns)
  const goodieCols = sql.unsafe(GoodieColumns)
  const and = (parts: ReadonlyArray<Statement.Fragment | undefined>) => sql.and(parts.filter((p): p is Statement.Fragment => p !== undefined))

  const addHistory = (attachmentId: string, from: string | null, to: string, reason: string | null, actor: string) =>
    sql`insert into sponsors.attachment_history (attachment_id, from_status, to_status, reason, actor) values (${attachmentId}, ${from}, ${to}, ${reason}, ${actor})`.pipe(Effect.orDie)

  return Sponsors.SponsorshipRepo.of({
    createDeal: (input) =>
      deals.one(sql`
        insert into sponsors.deals (brand_id, target_type, target_id, amount, terms, club_decision, proposed_by)
        values (${input.brandId}, ${input.targetType}, ${input.targetId}, ${input.amount}, ${input.terms}, ${input.clubDecision}, ${input.proposedBy})
        returning ${dealCols}`),
    findDeal: (id) => Uuid.test(id) ? deals.maybe(sql`select ${dealCols} from sponsors.deals where id = ${id}`) : Effect.succeed(Option.none()),
    listDeals: (filter, page) =>
      Effect.gen(function*() {
        const where = and([
          sql`true`,
          filter.brandId === undefined ? undefined : sql`brand_id = ${filter.brandId}`,
          filter.status === undefined ? undefined : sql`status = ${filter.status}`,
          filter.targetType === undefined ? undefined : sql`target_type = ${filter.targetType}`,
          filter.targetId === undefined ? undefined : sql`target_id = ${filter.targetId}`
        ])
        const total = (yield* counts.one(sql`select count(*)::int as n from sponsors.deals where ${where}`)).n
        const items = yield* deals.all(sql`select ${dealCols} from sponsors.deals where ${where} order by created_at desc, id desc limit ${page.limit} offset ${page.offset}`)
        return { items, total }
      }),
    dealCounts: (brandId) => statusCounts.all(sql`select status, count(*)::int as count from sponsors.deals where brand_id = ${brandId} group by status order by status`),
    moveDeal: (id, move, set) =>
      applyMove(sql, {
        moves: Sponsors.SponsorshipDealMoves,
        move,
        table: "sponsors.deals",
        id,
        set: sql`counter_amount = coalesce(${set.counterAmount ?? null}::bigint, counter_amount),
          counter_notes = coalesce(${set.counterNotes ?? null}::text, counter_notes),
          rejection_reason = coalesce(${set.rejectionReason ?? null}::text, rejection_reason),
          contract_document_key = coalesce(${set.contractDocumentKey ?? null}::text, contract_document_key),
          contract_id = coalesce(${set.contractId ?? null}::uuid, contract_id),
          updated_at = now()`,
        returning: dealCols,
        rows: deals,
        notFound: () => new Sponsors.SponsorshipDealNotFound({ id })
      }),
    linkDealContract: (dealId, contractId) =>
      deals.one(sql`update sponsors.deals set contract_id = ${contractId}, updated_at = now() where id = ${dealId} returning ${dealCols}`),
    decideAsClub: (id, decision, reason) =>
      deals.maybe(decision === "ACCEPTED"
        ? sql`update sponsors.deals set club_decision = 'ACCEPTED', updated_at = now()
            where id = ${id} and club_decision = 'PENDING' and status in ('PROPOSED', 'UNDER_REVIEW', 'COUNTERED') returning ${dealCols}`
        : sql`update sponsors.deals set club_decision = 'DECLINED', status = 'REJECTED', rejection_reason = ${reason}, updated_at = now()
            where id = ${id} and club_decision = 'PENDING' and status in ('PROPOSED', 'UNDER_REVIEW', 'COUNTERED') returning ${dealCols}`),

    createContract: (input) =>
      contracts.one(sql`
        insert into sponsors.contracts (brand_id, deal_id, target_type, target_id, title, amount, status, activated_at, created_by)
        values (${input.brandId}, ${input.dealId}, ${input.targetType}, ${input.targetId}, ${input.title}, ${input.amount}, ${input.status},
          ${input.status === "ACTIVE" ? sql`now()` : null}, ${input.createdBy})
        returning ${contractCols}`),
    findContract: (id) => Uuid.test(id) ? contracts.maybe(sql`select ${contractCols} from sponsors.contracts where id = ${id}`) : Effect.succeed(Option.none()),
    listContracts: (filter) =>
      contracts.all(sql`select ${contractCols} from sponsors.contracts where ${and([
        sql`true`,
        filter.brandId === undefined ? undefined : sql`brand_id = ${filter.brandId}`,
        filter.target === undefined ? undefined : sql`target_type = ${filter.target.targetType} and target_id = ${filter.target.targetId}`,
        filter.statuses === undefined ? undefined : sql`status in ${sql.in(filter.statuses as Array<string>)}`
      ])} order by created_at desc, id desc`),
    moveContract: (id, move, reason) =>
      applyMove(sql, {
        moves: Sponsors.SponsorContractMoves,
        move,
        table: "sponsors.contracts",
        id,
        set: move === "activate"
          ? sql`activated_at = now(), updated_at = now()`
          : sql`status_reason = ${reason}, closed_at = now(), updated_at = now()`,
        returning: contractCols,
        rows: contracts,
        notFound: () => new Sponsors.SponsorContractNotFound({ id })
      }),

    attach: (contract, actor) =>
      Effect.gen(function*() {
        const attachment = yield* attachments.one(onUnique(() => new Sponsors.SponsorAlreadyAttached({ brandId: contract.brandId, targetId: contract.targetId }))(sql`
          insert into sponsors.attachments (contract_id, brand_id, target_type, target_id)
          values (${contract.id}, ${contract.brandId}, ${contract.targetType}, ${contract.targetId}) returning *`))
        yield* addHistory(attachment.id, null, "ACTIVE", null, actor)
        return attachment
      }),
    closeAttachment: (contractId, to, reason, actor) =>
      Effect.gen(function*() {
        const closed = yield* attachments.maybe(sql`
          update sponsors.attachments set status = ${to}, updated_at = now() where contract_id = ${contractId} and status = 'ACTIVE' returning *`)
        if (Option.isSome(closed)) yield* addHistory(closed.value.id, "ACTIVE", to, reason, actor)
        return closed
      }),
    findAttachment: (id) => Uuid.test(id) ? attachments.maybe(sql`select * from sponsors.attachments where id = ${id}`) : Effect.succeed(Option.none()),
    findActiveAttachment: (brandId, target) =>
      attachments.maybe(sql`select * from sponsors.attachments
        where brand_id = ${brandId} and target_type = ${target.targetType} and target_id = ${target.targetId} and status = 'ACTIVE'`),
    listAttachments: (filter) =>
      attachments.all(sql`select * from sponsors.attachments where ${and([
        sql`true`,
        filter.brandId === undefined ? undefined : sql`brand_id = ${filter.brandId}`,
        filter.target === undefined ? undefined : sql`target_type = ${filter.target.targetType} and target_id = ${filter.target.targetId}`,
        filter.status === undefined ? undefined : sql`status = ${filter.status}`
      ])} order by created_at, id`),
    history: (attachmentId) =>
      history.all(sql`select id, attachment_id, from_status, to_status, reason, actor, at from sponsors.attachment_history where attachment_id = ${attachmentId} order by seq`),

    findGoodieConfig: (attachmentId) => goodies.maybe(sql`select ${goodieCols} from sponsors.goodie_auto_award where sponsor_attachment_id = ${attachmentId}`),
    listGoodieConfigs: (page) =>
      Effect.gen(function*() {
        const total = (yield* counts.one(sql`select count(*)::int as n from sponsors.goodie_auto_award`)).n
        const items = yield* goodies.all(sql`select ${goodieCols} from sponsors.goodie_auto_award
          order by updated_at desc, sponsor_attachment_id limit ${page.limit} offset ${page.offset}`)
        return { items, total }
      }),
    saveGoodieConfig: (c) =>
      goodies.one(sql`
        insert into sponsors.goodie_auto_award (sponsor_attachment_id, enabled, goodie_name, audience, top_n, quantity_per_athlete, updated_by, updated_at)
        values (${c.sponsorAttachmentId}, ${c.enabled}, ${c.goodieName}, ${c.audience}, ${c.topN}, ${c.quantityPerAthlete}, ${c.updatedBy}, now())
        on conflict (sponsor_attachment_id) do update set enabled = excluded.enabled, goodie_name = excluded.goodie_name, audience = excluded.audience,
          top_n = excluded.top_n, quantity_per_athlete = excluded.quantity_per_athlete, updated_by = excluded.updated_by, updated_at = now()
        returning ${goodieCols}`)
  })
}))
