/** Brands and brand accounts on Postgres (sponsors.brands, sponsors.accounts; migration 0210). Moves are `applyMove`: one conditional update. */
import * as SqlClient from "@effect/sql/SqlClient"
import { Sponsors } from "@podium/core"
import { SponsorAccount, SponsorBrand } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { applyMove } from "../moves.pg.js"
import { onUnique, rowsOf } from "../rows.pg.js"
import { SponsorshipRepoPg } from "./sponsorship.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const SponsorBrandRepoPg = Layer.effect(Sponsors.SponsorBrandRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const brands = rowsOf(SponsorBrand)
  return Sponsors.SponsorBrandRepo.of({
    create: (input) => brands.one(sql`insert into sponsors.brands (name, created_by) values (${input.name}, ${input.createdBy}) returning *`).pipe(Effect.orDie),
    findById: (id) => Uuid.test(id) ? brands.maybe(sql`select * from sponsors.brands where id = ${id}`) : Effect.succeed(Option.none()),
    move: (id, move, reason) =>
      applyMove(sql, {
        moves: Sponsors.SponsorBrandMoves,
        move,
        table: "sponsors.brands",
        id,
        set: move === "approve" ? sql`reason = ${reason}, approved_at = now(), updated_at = now()` : sql`reason = ${reason}, updated_at = now()`,
        returning: sql`*`,
        rows: brands,
        notFound: () => new Sponsors.SponsorBrandNotFound({ id })
      })
  })
}))

export const SponsorAccountRepoPg = Layer.effect(Sponsors.SponsorAccountRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const accounts = rowsOf(SponsorAccount)
  return Sponsors.SponsorAccountRepo.of({
    create: (input) =>
      accounts.one(onUnique(() => new Sponsors.SponsorAccountExists({ brandId: input.brandId, userId: input.userId }))(sql`
        insert into sponsors.accounts (brand_id, user_id, role, created_by)
        values (${input.brandId}, ${input.userId}, ${input.role}, ${input.createdBy}) returning *`)),
    findById: (id) => Uuid.test(id) ? accounts.maybe(sql`select * from sponsors.accounts where id = ${id}`) : Effect.succeed(Option.none()),
    find: (brandId, userId) => accounts.maybe(sql`select * from sponsors.accounts where brand_id = ${brandId} and user_id = ${userId}`),
    listByBrand: (brandId) => accounts.all(sql`select * from sponsors.accounts where brand_id = ${brandId} order by created_at, id`),
    setStatus: (id, status, reason) =>
      applyMove(sql, {
        moves: Sponsors.SponsorAccountMoves,
        move: status,
        table: "sponsors.accounts",
        id,
        set: sql`status_reason = ${reason}, updated_at = now()`,
        returning: sql`*`,
        rows: accounts,
        notFound: () => new Sponsors.SponsorAccountNotFound({ id })
      })
  })
}))

export const SponsorsReposPg = Layer.mergeAll(SponsorBrandRepoPg, SponsorAccountRepoPg, SponsorshipRepoPg)
