/** Memory twin of the bib claim terms repository: one row per event, the version bumped by every replacement. */
import type { BibClaimTerms } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { BibClaimTermsRepo } from "../events/bib-claim-terms.model.js"

export const makeBibClaimTermsRepoMemory = () => {
  const rows = new Map<string, BibClaimTerms>()
  return BibClaimTermsRepo.of({
    list: (limit, offset) =>
      Effect.sync(() => {
        const all = [...rows.values()].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
        return { data: all.slice(offset, offset + limit), total: all.length }
      }),
    find: (eventId) => Effect.sync(() => Option.fromNullable(rows.get(eventId))),
    put: (eventId, input, by) =>
      Effect.sync(() => {
        const saved: BibClaimTerms = { eventId, ...input, version: (rows.get(eventId)?.version ?? 0) + 1, updatedBy: by, updatedAt: new Date() }
        rows.set(eventId, saved)
        return saved
      })
  })
}

export const BibClaimTermsRepoMemory = Layer.sync(BibClaimTermsRepo, makeBibClaimTermsRepoMemory)
