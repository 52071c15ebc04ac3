/**
 * Reward pools on Postgres (challenges.reward_pools, migration 0241). Opening is insert-once on the
 * challenge id; funding, review and close are conditional updates (`applyMove` semantics), which
 * also hold the pool's row for the rest of the caller's transaction (the ledger posting).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import { Challenges } from "@podium/core"
import { RewardPool } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, rowsOf } from "../rows.pg.js"

const Columns = `id::text as id, id::text as challenge_id, funder_type, funder_id, currency, status, funded::float8 as funded,
  refunded::float8 as refunded, review_note, reviewed_by, reviewed_at, refunded_at, created_at, updated_at`
const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const RewardPoolRepoPg = Layer.effect(Challenges.RewardPoolRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(Columns)
  const pools = rowsOf(RewardPool)
  const move = (id: string, name: Challenges.RewardPoolMove, set: Fragment) =>
    applyMove(sql, {
      moves: Challenges.RewardPoolMoves,
      move: name,
      table: "challenges.reward_pools",
      id,
      set,
      returning: cols,
      rows: pools,
      notFound: () => new Challenges.RewardPoolNotFound({ id })
    })
  return Challenges.RewardPoolRepo.of({
    open: (input) =>
      Effect.gen(function*() {
        yield* sql`
          insert into challenges.reward_pools (id, funder_type, funder_id, currency)
          values (${input.challengeId}, ${input.funderType}, ${input.funderId}, ${input.currency})
          on conflict (id) do nothing`.pipe(Effect.orDie)
        return yield* pools.one(sql`select ${cols} from challenges.reward_pools where id = ${input.challengeId}`)
      }),
    find: (id) => Uuid.test(id) ? pools.maybe(sql`select ${cols} from challenges.reward_pools where id = ${id}`) : Effect.succeed(Option.none()),
    list: (q) =>
      Effect.gen(function*() {
        const where = q.status === undefined ? sql`true` : sql`status = ${q.status}`
        const items = yield* pools.all(sql`
          select ${cols} from challenges.reward_pools where ${where}
          order by created_at desc, id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`)
        const total = yield* counts.one(sql`select count(*)::int as n from challenges.reward_pools where ${where}`)
        return { items, total: total.n }
      }),
    // A top-up keeps an APPROVED pool APPROVED (the move's "to" is only for FUNDING).
    fund: (id, amount) =>
      Uuid.test(id)
        ? pools.maybe(sql`
            update challenges.reward_pools set funded = funded + ${amount}, updated_at = now()
            where id = ${id} and status in ('FUNDING', 'APPROVED') returning ${cols}`).pipe(
            Effect.flatMap(Option.match({
              onSome: Effect.succeed,
              onNone: () =>
                Effect.flatMap(pools.maybe(sql`select ${cols} from challenges.reward_pools where id = ${id}`), Option.match({
                  onNone: () => Effect.fail<Challenges.RewardPoolNotFound | ReturnType<typeof Challenges.RewardPoolMoves.refused>>(new Challenges.RewardPoolNotFound({ id })),
                  onSome: (p) => Effect.fail(Challenges.RewardPoolMoves.refused(p.status, "fund"))
                }))
            }))
          )
        : Effect.fail(new Challenges.RewardPoolNotFound({ id })),
    review: (id, decision, by, note) => move(id, decision, sql`reviewed_by = ${by}, review_note = ${note}, reviewed_at = now(), updated_at = now()`),
    close: (id) => move(id, "refund", sql`refunded_at = now(), updated_at = now()`),
    recordRefund: (id, amount) => pools.one(sql`update challenges.reward_pools set refunded = ${amount}, updated_at = now() where id = ${id} returning ${cols}`)
  })
}))
