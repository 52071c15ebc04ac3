/** Business KYC in process memory (twin of KycRepoPg): same conditional-update semantics. */
import { Effect, Layer, Option } from "effect"
import type { BusinessKyc } from "../organizers/kyc.model.js"
import { KycRepo } from "../organizers/kyc.port.js"
import { nextMemoryId } from "./sequential-id.js"

export const KycRepoMemory: Layer.Layer<KycRepo> = Layer.sync(KycRepo, () => {
  const rows = new Map<string, BusinessKyc>()
  const tagged = new Set<string>()
  const byOrganizer = (organizerId: string) => [...rows.values()].find((k) => k.organizerId === organizerId)
  return KycRepo.of({
    create: (input) =>
      Effect.sync(() => {
        if (byOrganizer(input.organizerId) !== undefined) return Option.none()
        const now = new Date()
        const id = nextMemoryId()
        const kyc: BusinessKyc = {
          ...input,
          id,
          status: "UNDER_REVIEW",
          reviewReason: null,
          reviewedBy: null,
          reviewedAt: null,
          submittedAt: now,
          createdAt: now,
          updatedAt: now
        }
        rows.set(id, kyc)
        return Option.some(kyc)
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(rows.get(id))),
    findByOrganizer: (organizerId) => Effect.sync(() => Option.fromNullable(byOrganizer(organizerId))),
    update: (organizerId, patch, from) =>
      Effect.sync(() => {
        const kyc = byOrganizer(organizerId)
        if (kyc === undefined || !from.includes(kyc.status)) return Option.none()
        const next: BusinessKyc = {
          ...kyc,
          ...(patch.bankAccount === undefined ? {} : { bankAccount: patch.bankAccount }),
          ...(patch.ifscCode === undefined ? {} : { ifscCode: patch.ifscCode }),
          ...(patch.websiteOrAppUrl === undefined ? {} : { websiteOrAppUrl: patch.websiteOrAppUrl }),
          ...(patch.businessDescription === undefined ? {} : { businessDescription: patch.businessDescription }),
          documents: { ...kyc.documents, ...patch.documents },
          updatedAt: new Date()
        }
        rows.set(kyc.id, next)
        return Option.some(next)
      }),
    transition: (id, from, to, review) =>
      Effect.sync(() => {
        const kyc = rows.get(id)
        if (kyc === undefined || !from.includes(kyc.status)) return Option.none()
        const next: BusinessKyc = {
          ...kyc,
          status: to,
          reviewReason: review.reason,
          ...(review.reviewedBy === null ? {} : { reviewedBy: review.reviewedBy, reviewedAt: review.at }),
          ...(to === "UNDER_REVIEW" ? { submittedAt: review.at } : {}),
          updatedAt: new Date()
        }
        rows.set(id, next)
        return Option.some(next)
      }),
    list: (query) =>
      Effect.sync(() => {
        const all = [...rows.values()]
          .filter((k) => k.status === query.status)
          .sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime() || a.id.localeCompare(b.id))
        return { rows: all.slice((query.page - 1) * query.limit, query.page * query.limit), total: all.length }
      }),
    findByOrganizers: (organizerIds) => Effect.sync(() => [...rows.values()].filter((k) => organizerIds.includes(k.organizerId))),
    partnerATagged: (organizerIds) => Effect.sync(() => organizerIds.filter((id) => tagged.has(id))),
    // The memory twin does not see the organizers twin: every id counts as existing.
    setPartnerATag: (organizerId, on) =>
      Effect.sync(() => {
        if (on) tagged.add(organizerId)
        else tagged.delete(organizerId)
        return true
      })
  })
})
