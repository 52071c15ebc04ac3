/** Sponsor cohorts and campaigns on Postgres (migration 0271). Decisions are `applyMove`: one conditional update each. */
import * as SqlClient from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import { Sponsors } from "@podium/core"
import { SponsorCampaign, SponsorCohort } from "@podium/kernel"
import { Effect, Layer } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, rowsOf } from "../rows.pg.js"

const total = <E, R>(query: Effect.Effect<ReadonlyArray<object>, E, R>) => Effect.map(counts.one(query), (r) => r.n)

const reviewSet = (sql: SqlClient.SqlClient, review: Sponsors.Review): Fragment =>
  review.reviewedBy === undefined
    ? sql`updated_at = now()`
    : sql`reviewed_by = ${review.reviewedBy}, reviewed_at = now(), rejection_reason = ${review.rejectionReason ?? null}, updated_at = now()`

const whereOf = (sql: SqlClient.SqlClient, f: { readonly brandId?: string | undefined; readonly status?: string | undefined }) => {
  const terms = [...(f.brandId === undefined ? [] : [sql`brand_id = ${f.brandId}`]), ...(f.status === undefined ? [] : [sql`status = ${f.status}`])]
  return terms.length === 0 ? sql`true` : sql.and(terms)
}

export const SponsorCohortRepoPg = Layer.effect(Sponsors.SponsorCohortRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cohorts = rowsOf(SponsorCohort)
  return Sponsors.SponsorCohortRepo.of({
    create: (input) =>
      cohorts.one(sql`
        insert into sponsors.cohorts (brand_id, name, definition, estimated_size, created_by)
        values (${input.brandId}, ${input.name}, ${JSON.stringify(input.definition)}::jsonb, ${input.estimatedSize}, ${input.createdBy}) returning *`),
    findById: (id) => cohorts.maybe(sql`select * from sponsors.cohorts where id = ${id}`),
    list: (f) =>
      Effect.all({
        items: cohorts.all(sql`select * from sponsors.cohorts where ${whereOf(sql, f)} order by seq ${f.oldestFirst ? sql`asc` : sql`desc`} limit ${f.limit} offset ${f.offset}`),
        total: total(sql`select count(*)::int as n from sponsors.cohorts where ${whereOf(sql, f)}`)
      }),
    move: (id, move, review) =>
      applyMove(sql, {
        moves: Sponsors.SponsorCohortMoves,
        move,
        table: "sponsors.cohorts",
        id,
        set: review.estimatedSize === undefined ? reviewSet(sql, review) : sql`estimated_size = ${review.estimatedSize}, estimated_at = now(), ${reviewSet(sql, review)}`,
        returning: sql`*`,
        rows: cohorts,
        notFound: () => new Sponsors.SponsorCohortNotFound({ id })
      })
  })
}))

export const SponsorCampaignRepoPg = Layer.effect(Sponsors.SponsorCampaignRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const campaigns = rowsOf(SponsorCampaign)
  // budget_minor is a bigint (paise beyond 2^31); read as float8, exact for every integer the record admits.
  const cols = sql`id, brand_id, name, objective, budget_minor::float8 as budget_minor, currency, start_date, end_date, cohort_id, status,
    rejection_reason, reviewed_by, reviewed_at, created_by, created_at, updated_at`
  return Sponsors.SponsorCampaignRepo.of({
    create: (input) =>
      campaigns.one(sql`
        insert into sponsors.campaigns (brand_id, name, objective, budget_minor, start_date, end_date, cohort_id, created_by)
        values (${input.brandId}, ${input.name}, ${input.objective}, ${input.budgetMinor}, ${input.startDate}, ${input.endDate}, ${input.cohortId}, ${input.createdBy})
        returning ${cols}`),
    findById: (id) => campaigns.maybe(sql`select ${cols} from sponsors.campaigns where id = ${id}`),
    list: (f) =>
      Effect.all({
        items: campaigns.all(sql`select ${cols} from sponsors.campaigns where ${whereOf(sql, f)} order by seq ${f.oldestFirst ? sql`asc` : sql`desc`} limit ${f.limit} offset ${f.offset}`),
        total: total(sql`select count(*)::int as n from sponsors.campaigns where ${whereOf(sql, f)}`)
      }),
    move: (id, move, review) =>
      applyMove(sql, {
        moves: Sponsors.SponsorCampaignMoves,
        move,
        table: "sponsors.campaigns",
        id,
        set: reviewSet(sql, review),
        returning: cols,
        rows: campaigns,
        notFound: () => new Sponsors.SponsorCampaignNotFound({ id })
      }),
    startDue: (at) =>
      campaigns.all(sql`
        update sponsors.campaigns set status = 'LIVE', updated_at = now()
        where status = 'SCHEDULED' and start_date <= ${at} returning ${cols}`)
  })
}))

export const SponsorCampaignReposPg = Layer.mergeAll(SponsorCohortRepoPg, SponsorCampaignRepoPg)
