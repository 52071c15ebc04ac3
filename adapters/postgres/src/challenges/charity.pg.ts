/** Charities on Postgres (challenges.charities; migration 0110). Status moves are `applyMove`: one conditional update. */
import * as SqlClient from "@effect/sql/SqlClient"
import { Challenges } from "@podium/core"
import { Charity } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, onUnique, rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const CharityRepoPg = Layer.effect(Challenges.CharityRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const charities = rowsOf(Charity)
  const page = rowsOf(Schema.Struct({ ...Charity.fields, total: Schema.Number }))
  return Challenges.CharityRepo.of({
    create: (c) =>
      charities.one(onUnique(() => new Challenges.CharityRegistrationTaken({ registrationNumber: c.registrationNumber }))(sql`
        insert into challenges.charities (name, registration_number, pan, address, created_by)
        values (${c.name}, ${c.registrationNumber}, ${c.pan}, ${c.address}, ${c.createdBy}) returning *`)),
    findById: (id) => Uuid.test(id) ? charities.maybe(sql`select * from challenges.charities where id = ${id}`) : Effect.succeed(Option.none()),
    list: (status, p) =>
      Effect.gen(function*() {
        const where = status === undefined ? sql`true` : sql`status = ${status}`
        const rows = yield* page.all(sql`
          select *, count(*) over ()::int as total from challenges.charities where ${where}
          order by created_at desc, id desc limit ${p.limit} offset ${(p.page - 1) * p.limit}`)
        const total = rows[0]?.total ?? (yield* counts.one(sql`select count(*)::int as n from challenges.charities where ${where}`)).n
        return { items: rows.map(({ total: _, ...r }) => r), total }
      }),
    move: (id, status, reason) =>
      applyMove(sql, {
        moves: Challenges.CharityMoves,
        move: status,
        table: "challenges.charities",
        id,
        set: sql`status_reason = ${reason}, updated_at = now()`,
        returning: sql`*`,
        rows: charities,
        notFound: () => new Challenges.CharityNotFound({ id })
      })
  })
}))
