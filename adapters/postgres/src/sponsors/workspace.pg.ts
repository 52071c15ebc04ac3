/**
 * The sponsor workspace on Postgres (migration 0270): inventory items and movements, reward grants,
 * RC grant requests. Stock deltas are one conditional update (`stock + delta >= 0`), so concurrent
 * deltas serialise on the row; RC grant decisions are `applyMove`.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import { Sponsors } from "@podium/core"
import { SponsorInventoryItem, SponsorInventoryMovement, SponsorRcGrant, SponsorRewardGrant } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, onUnique, rowsOf } from "../rows.pg.js"
import { SponsorCampaignReposPg } from "./campaign.pg.js"

const total = <E, R>(query: Effect.Effect<ReadonlyArray<object>, E, R>) => Effect.map(counts.one(query), (r) => r.n)

export const SponsorInventoryRepoPg = Layer.effect(Sponsors.SponsorInventoryRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const items = rowsOf(SponsorInventoryItem)
  const movements = rowsOf(SponsorInventoryMovement)
  const notFound = (id: string) => new Sponsors.SponsorInventoryItemNotFound({ id })
  return Sponsors.SponsorInventoryRepo.of({
    list: (brandId, w) =>
      Effect.all({
        items: items.all(sql`select * from sponsors.inventory_items where brand_id = ${brandId} order by name, id limit ${w.limit} offset ${w.offset}`),
        total: total(sql`select count(*)::int as n from sponsors.inventory_items where brand_id = ${brandId}`)
      }),
    create: (input) =>
      items.one(sql`
        insert into sponsors.inventory_items (brand_id, name, stock, low_stock_threshold, created_by)
        values (${input.brandId}, ${input.name}, ${input.stock}, ${input.lowStockThreshold}, ${input.createdBy}) returning *`),
    find: (brandId, itemId) => items.maybe(sql`select * from sponsors.inventory_items where id = ${itemId} and brand_id = ${brandId}`),
    update: (brandId, itemId, patch) =>
      items.maybe(sql`
        update sponsors.inventory_items
        set name = coalesce(${patch.name ?? null}, name),
            low_stock_threshold = coalesce(${patch.lowStockThreshold ?? null}::int, low_stock_threshold),
            updated_at = now()
        where id = ${itemId} and brand_id = ${brandId} returning *`).pipe(
        Effect.flatMap(Option.match({ onNone: () => Effect.fail(notFound(itemId)), onSome: Effect.succeed }))
      ),
    applyDelta: (brandId, itemId, delta) =>
      items.maybe(sql`
        update sponsors.inventory_items set stock = stock + ${delta}, updated_at = now()
        where id = ${itemId} and brand_id = ${brandId} and stock + ${delta} >= 0 returning *`).pipe(
        Effect.flatMap(Option.match({
          onSome: Effect.succeed,
          onNone: () =>
            Effect.flatMap(items.maybe(sql`select * from sponsors.inventory_items where id = ${itemId} and brand_id = ${brandId}`), Option.match({
              onNone: (): Effect.Effect<never, Sponsors.SponsorInventoryItemNotFound | Sponsors.SponsorInventoryStockShort> => Effect.fail(notFound(itemId)),
              onSome: (item): Effect.Effect<never, Sponsors.SponsorInventoryItemNotFound | Sponsors.SponsorInventoryStockShort> =>
                Effect.fail(new Sponsors.SponsorInventoryStockShort({ id: itemId, stock: item.stock, delta }))
            }))
        }))
      ),
    addMovement: (m) =>
      movements.one(sql`
        insert into sponsors.inventory_movements (item_id, brand_id, delta, stock_after, reason, low_stock_alert, actor_id)
        values (${m.itemId}, ${m.brandId}, ${m.delta}, ${m.stockAfter}, ${m.reason}, ${m.lowStockAlert}, ${m.actorId}) returning *`),
    movements: (itemId, w) =>
      Effect.all({
        items: movements.all(sql`select * from sponsors.inventory_movements where item_id = ${itemId} order by seq desc limit ${w.limit} offset ${w.offset}`),
        total: total(sql`select count(*)::int as n from sponsors.inventory_movements where item_id = ${itemId}`)
      })
  })
}))

export const SponsorRewardGrantRepoPg = Layer.effect(Sponsors.SponsorRewardGrantRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const grants = rowsOf(SponsorRewardGrant)
  return Sponsors.SponsorRewardGrantRepo.of({
    // On a taken key the insert waits for the holder's transaction, then inserts nothing.
    insert: (g) =>
      grants.maybe(sql`
        insert into sponsors.reward_grants (brand_id, athlete_id, amount_rc, reason, sequence_key, granted_by)
        values (${g.brandId}, ${g.athleteId}, ${g.amountRc}, ${g.reason}, ${g.sequenceKey}, ${g.grantedBy})
        on conflict (brand_id, sequence_key) do nothing returning *`),
    findByKey: (brandId, key) => grants.maybe(sql`select * from sponsors.reward_grants where brand_id = ${brandId} and sequence_key = ${key}`),
    setLedgerTransfer: (id, transferId) => grants.one(sql`update sponsors.reward_grants set ledger_transfer_id = ${transferId} where id = ${id} returning *`),
    list: (brandId, w) =>
      Effect.all({
        items: grants.all(sql`select * from sponsors.reward_grants where brand_id = ${brandId} order by seq desc limit ${w.limit} offset ${w.offset}`),
        total: total(sql`select count(*)::int as n from sponsors.reward_grants where brand_id = ${brandId}`)
      })
  })
}))

export const SponsorRcGrantRepoPg = Layer.effect(Sponsors.SponsorRcGrantRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const grants = rowsOf(SponsorRcGrant)
  const move = (id: string, name: Sponsors.SponsorRcGrantMove, set: Fragment) =>
    applyMove(sql, {
      moves: Sponsors.SponsorRcGrantMoves,
      move: name,
      table: "sponsors.rc_grants",
      id,
      set,
      returning: sql`*`,
      rows: grants,
      notFound: () => new Sponsors.SponsorRcGrantNotFound({ id })
    })
  return Sponsors.SponsorRcGrantRepo.of({
    create: (input) =>
      grants.one(onUnique(() => new Sponsors.SponsorRcGrantAlreadyOpen({ brandId: input.brandId }))(sql`
        insert into sponsors.rc_grants (brand_id, requested_rc, reason, requested_by)
        values (${input.brandId}, ${input.requestedRc}, ${input.reason}, ${input.requestedBy}) returning *`)),
    findById: (id) => grants.maybe(sql`select * from sponsors.rc_grants where id = ${id}`),
    list: (f) => {
      const terms = [
        ...(f.brandId === undefined ? [] : [sql`brand_id = ${f.brandId}`]),
        ...(f.status === undefined ? [] : [sql`status = ${f.status}`])
      ]
      const where = terms.length === 0 ? sql`true` : sql.and(terms)
      return Effect.all({
        items: grants.all(sql`select * from sponsors.rc_grants where ${where} order by seq ${f.oldestFirst ? sql`asc` : sql`desc`} limit ${f.limit} offset ${f.offset}`),
        total: total(sql`select count(*)::int as n from sponsors.rc_grants where ${where}`)
      })
    },
    approve: (id, approvedRc, reviewedBy) => move(id, "approve", sql`approved_rc = ${approvedRc}, reviewed_by = ${reviewedBy}, reviewed_at = now(), updated_at = now()`),
    reject: (id, reason, reviewedBy) => move(id, "reject", sql`rejection_reason = ${reason}, reviewed_by = ${reviewedBy}, reviewed_at = now(), updated_at = now()`),
    setLedgerTransfer: (id, transferId) => grants.one(sql`update sponsors.rc_grants set ledger_transfer_id = ${transferId}, updated_at = now() where id = ${id} returning *`)
  })
}))

export const SponsorWorkspaceReposPg = Layer.mergeAll(SponsorInventoryRepoPg, SponsorRewardGrantRepoPg, SponsorRcGrantRepoPg, SponsorCampaignReposPg)
