/**
 * Event prizes on Postgres (migration 0160). `lock` inserts the event's row when missing and takes
 * its row lock (`for update`) for the caller's transaction: every write of an event's prizes runs
 * inside `Transactor.atomically` after it, so they queue on that row. Results moves and
 * contribution moves are conditional updates (`applyMove`).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Results } from "@podium/core"
import { EventPrizes, PrizeContribution, PrizeWinner } from "@podium/kernel"
import { Context, Effect, Layer } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, rowsOf } from "../rows.pg.js"

const PrizeColumns = "id as event_id, currency, segments, status as results_status, announced_at, published_at, distributed_at, updated_by, updated_at"
const ContributionColumns = "id, event_id, sponsor_name, brand_id, title, description, quantity, segment_name, rank, status, decided_by, decided_at, created_at"
const WinnerColumns = "event_id, segment_index, rank, user_id, paid_amount, paid_at, transfer_id, announced_at"

export const PrizeRepoPg = Layer.effectContext(Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const prizes = rowsOf(EventPrizes)
  const contributions = rowsOf(PrizeContribution)
  const winners = rowsOf(PrizeWinner)
  const pcols = sql.literal(PrizeColumns)
  const ccols = sql.literal(ContributionColumns)
  const wcols = sql.literal(WinnerColumns)

  const ensure = (eventId: string) => sql`insert into results.event_prizes (id) values (${eventId}) on conflict (id) do nothing`
  const winnersOf = (eventId: string) =>
    winners.all(sql`select ${wcols} from results.prize_winners where event_id = ${eventId} order by segment_index, rank, user_id`)

  const repo: Results.PrizeRepo["Type"] = {
    find: (eventId) => prizes.maybe(sql`select ${pcols} from results.event_prizes where id = ${eventId}`),
    lock: (eventId) =>
      Effect.zipRight(
        Effect.orDie(ensure(eventId)),
        prizes.one(sql`select ${pcols} from results.event_prizes where id = ${eventId} for update`)
      ),
    saveSegments: (eventId, segments, by, at) =>
      prizes.one(sql`
        update results.event_prizes set segments = ${JSON.stringify(segments)}::jsonb, updated_by = ${by}, updated_at = ${at}
        where id = ${eventId} returning ${pcols}`),
    moveResults: (eventId, move, by, at) =>
      Effect.zipRight(
        Effect.orDie(ensure(eventId)),
        applyMove(sql, {
          moves: Results.PrizeResultsMoves,
          move,
          table: "results.event_prizes",
          id: eventId,
          set: move === "publish" ? sql`published_at = ${at}, updated_by = ${by}, updated_at = ${at}` : sql`updated_by = ${by}, updated_at = ${at}`,
          returning: pcols,
          rows: prizes,
          // The row was inserted just above: it cannot be missing.
          notFound: () => new Error("event prizes row missing")
        }).pipe(Effect.catchIf((e): e is Error => e instanceof Error, Effect.die))
      ),
    replaceWinners: (eventId, input, by, at) =>
      Effect.gen(function*() {
        yield* sql`delete from results.prize_winners where event_id = ${eventId}`
        if (input.length > 0) {
          yield* sql`insert into results.prize_winners ${sql.insert(input.map((w) => ({
            eventId,
            segmentIndex: w.segmentIndex,
            rank: w.rank,
            userId: w.userId,
            announcedAt: at
          })))}`
        }
        yield* sql`update results.event_prizes set announced_at = ${at}, updated_by = ${by}, updated_at = ${at} where id = ${eventId}`
        return yield* winnersOf(eventId)
      }).pipe(Effect.orDie),
    winners: winnersOf,
    markPaid: (eventId, segmentIndex, userId, amount, transferId, at) =>
      Effect.asVoid(Effect.orDie(sql`
        update results.prize_winners set paid_amount = ${amount}, paid_at = ${at}, transfer_id = ${transferId}
        where event_id = ${eventId} and segment_index = ${segmentIndex} and user_id = ${userId} and paid_at is null`)),
    markDistributed: (eventId, at) =>
      prizes.one(sql`
        update results.event_prizes set distributed_at = coalesce(distributed_at, ${at}) where id = ${eventId} returning ${pcols}`),
    createContribution: (input) =>
      contributions.one(sql`
        insert into results.prize_contributions (event_id, sponsor_name, brand_id, title, description, quantity, segment_name, rank)
        values (${input.eventId}, ${input.sponsorName}, ${input.brandId}, ${input.title}, ${input.description}, ${input.quantity}, ${input.segmentName}, ${input.rank})
        returning ${ccols}`),
    contributions: (eventId, status) =>
      contributions.all(sql`
        select ${ccols} from results.prize_contributions
        where event_id = ${eventId} ${status === undefined ? sql`` : sql`and status = ${status}`}
        order by seq desc`),
    findContribution: (eventId, id) =>
      contributions.maybe(sql`select ${ccols} from results.prize_contributions where id = ${id} and event_id = ${eventId}`),
    newestContributions: (limit) =>
      Effect.all({
        items: contributions.all(sql`select ${ccols} from results.prize_contributions order by seq desc limit ${limit}`),
        total: Effect.map(counts.one(sql`select count(*)::int as n from results.prize_contributions`), (r) => r.n)
      }),
    moveContribution: (id, move, by, at) =>
      applyMove(sql, {
        moves: Results.PrizeContributionMoves,
        move,
        table: "results.prize_contributions",
        id,
        set: sql`decided_by = ${by}, decided_at = ${at}`,
        returning: ccols,
        rows: contributions,
        // Callers found the contribution first, in the same unit of work.
        notFound: () => new Error(`prize contribution ${id} missing`)
      }).pipe(Effect.catchIf((e): e is Error => e instanceof Error, Effect.die))
  }
  return Context.make(Results.PrizeRepo, repo)
}))
