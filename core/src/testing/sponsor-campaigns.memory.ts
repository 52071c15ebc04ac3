/** In-memory twins of sponsor cohorts and campaigns: the same move tables, orders and review stamps as Postgres. */
import type { SponsorCampaign, SponsorCohort } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import { SponsorCampaignMoves, SponsorCampaignNotFound, SponsorCohortMoves, SponsorCohortNotFound } from "../sponsors/campaign.model.js"
import { type Review, SponsorCampaignRepo, SponsorCohortRepo } from "../sponsors/campaign.port.js"
import type { PageWindow as Window } from "../platform/paged.js"
import { nextMemoryId } from "./sequential-id.js"

const pageOf = <A>(rows: ReadonlyArray<A>, w: Window) => ({ items: rows.slice(w.offset, w.offset + w.limit), total: rows.length })
const listed = <A extends { readonly brandId: string; readonly status: string }>(rows: ReadonlyArray<A>, f: { readonly brandId?: string | undefined; readonly status?: string | undefined; readonly oldestFirst: boolean } & Window) => {
  const found = rows.filter((r) => (f.brandId === undefined || r.brandId === f.brandId) && (f.status === undefined || r.status === f.status))
  return pageOf(f.oldestFirst ? found : [...found].reverse(), f)
}
const stamped = (review: Review, at: Date) =>
  review.reviewedBy === undefined ? {} : { reviewedBy: review.reviewedBy, reviewedAt: at, rejectionReason: review.rejectionReason ?? null }

export const SponsorCohortRepoMemory = Layer.sync(SponsorCohortRepo, () => {
  const rows: Array<SponsorCohort> = []
  return SponsorCohortRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const at = new Date()
        const row: SponsorCohort = { id: nextMemoryId(), ...input, estimatedAt: at, status: "DRAFT", rejectionReason: null, reviewedBy: null, reviewedAt: null, createdAt: at, updatedAt: at }
        rows.push(row)
        return row
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(rows.find((r) => r.id === id))),
    list: (f) => Effect.sync(() => listed(rows, f)),
    move: (id, move, review) =>
      Effect.gen(function*() {
        const i = rows.findIndex((r) => r.id === id)
        if (i < 0) return yield* new SponsorCohortNotFound({ id })
        const next = SponsorCohortMoves.transition(rows[i]!.status, move)
        if (Either.isLeft(next)) return yield* next.left
        const at = new Date()
        const row: SponsorCohort = {
          ...rows[i]!,
          ...stamped(review, at),
          ...(review.estimatedSize === undefined ? {} : { estimatedSize: review.estimatedSize, estimatedAt: at }),
          status: next.right,
          updatedAt: at
        }
        rows[i] = row
        return row
      })
  })
})

export const SponsorCampaignRepoMemory = Layer.sync(SponsorCampaignRepo, () => {
  const rows: Array<SponsorCampaign> = []
  return SponsorCampaignRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const at = new Date()
        const row: SponsorCampaign = { id: nextMemoryId(), ...input, currency: "INR", status: "DRAFT", rejectionReason: null, reviewedBy: null, reviewedAt: null, createdAt: at, updatedAt: at }
        rows.push(row)
        return row
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(rows.find((r) => r.id === id))),
    list: (f) => Effect.sync(() => listed(rows, f)),
    move: (id, move, review) =>
      Effect.gen(function*() {
        const i = rows.findIndex((r) => r.id === id)
        if (i < 0) return yield* new SponsorCampaignNotFound({ id })
        const next = SponsorCampaignMoves.transition(rows[i]!.status, move)
        if (Either.isLeft(next)) return yield* next.left
        const at = new Date()
        const row: SponsorCampaign = { ...rows[i]!, ...stamped(review, at), status: next.right, updatedAt: at }
        rows[i] = row
        return row
      }),
    startDue: (at) =>
      Effect.sync(() => {
        const started: Array<SponsorCampaign> = []
        rows.forEach((r, i) => {
          if (r.status !== "SCHEDULED" || r.startDate.getTime() > at.getTime()) return
          const row: SponsorCampaign = { ...r, status: "LIVE", updatedAt: new Date() }
          rows[i] = row
          started.push(row)
        })
        return started
      })
  })
})

export const SponsorCampaignReposMemory = Layer.mergeAll(SponsorCohortRepoMemory, SponsorCampaignRepoMemory)
