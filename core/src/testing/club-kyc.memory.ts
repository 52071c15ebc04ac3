/** Memory twin of the club KYC repository: the same guarded saves and conditional moves as the Postgres adapter. */
import { Effect, Layer, Option } from "effect"
import type { ClubKyc } from "../clubs/club-kyc.model.js"
import { type ClubKycPatch, ClubKycRepo } from "../clubs/club-kyc.port.js"
import { nextMemoryId } from "./sequential-id.js"

const applyPatch = (kyc: ClubKyc, patch: ClubKycPatch, at: Date): ClubKyc => ({
  ...kyc,
  ...(patch.bankAccount === undefined ? {} : { bankAccount: patch.bankAccount.account, bankAccountFingerprint: patch.bankAccount.fingerprint }),
  ...(patch.ifscCode === undefined ? {} : { ifscCode: patch.ifscCode }),
  ...(patch.accountHolderName === undefined ? {} : { accountHolderName: patch.accountHolderName }),
  ...(patch.panNumber === undefined ? {} : { panNumber: patch.panNumber }),
  ...(patch.panName === undefined ? {} : { panName: patch.panName }),
  ...(patch.bankCheck === undefined ? {} : { bankCheck: patch.bankCheck }),
  ...(patch.panCheck === undefined ? {} : { panCheck: patch.panCheck }),
  documents: { ...kyc.documents, ...patch.documents },
  updatedAt: at
})

export const makeClubKycRepoMemory = () => {
  const rows = new Map<string, ClubKyc>()
  const byClub = (clubId: string) => [...rows.values()].find((k) => k.clubId === clubId)
  return ClubKycRepo.of({
    findById: (id) => Effect.sync(() => Option.fromNullable(rows.get(id))),
    findByClub: (clubId) => Effect.sync(() => Option.fromNullable(byClub(clubId))),
    save: (clubId, patch, guard) =>
      Effect.sync(() => {
        const at = new Date()
        const current = byClub(clubId)
        if (current === undefined) {
          if (guard.fingerprint !== undefined && guard.fingerprint !== null) return Option.none()
          const blank: ClubKyc = {
            id: nextMemoryId(),
            clubId,
            status: "DRAFT",
            bankAccount: null,
            bankAccountFingerprint: null,
            ifscCode: null,
            accountHolderName: null,
            panNumber: null,
            panName: null,
            documents: {},
            bankCheck: null,
            panCheck: null,
            reviewReason: null,
            reviewedBy: null,
            reviewedAt: null,
            submittedAt: null,
            createdAt: at,
            updatedAt: at
          }
          const kyc = applyPatch(blank, patch, at)
          rows.set(kyc.id, kyc)
          return Option.some({ kyc, created: true })
        }
        if (!guard.editable.includes(current.status)) return Option.none()
        if (guard.fingerprint !== undefined && guard.fingerprint !== current.bankAccountFingerprint) return Option.none()
        const kyc = applyPatch(current, patch, at)
        rows.set(kyc.id, kyc)
        return Option.some({ kyc, created: false })
      }),
    transition: (id, from, to, review) =>
      Effect.sync(() => {
        const current = rows.get(id)
        if (current === undefined || !from.includes(current.status)) return Option.none()
        if (review.fingerprint !== undefined && review.fingerprint !== current.bankAccountFingerprint) return Option.none()
        const kyc: ClubKyc = {
          ...current,
          status: to,
          reviewReason: review.reason,
          reviewedBy: review.reviewedBy ?? current.reviewedBy,
          reviewedAt: review.reviewedBy === null ? current.reviewedAt : review.at,
          submittedAt: to === "UNDER_REVIEW" ? review.at : current.submittedAt,
          updatedAt: review.at
        }
        rows.set(id, kyc)
        return Option.some(kyc)
      }),
    list: (query) =>
      Effect.sync(() => {
        const all = [...rows.values()]
          .filter((k) => k.status === query.status)
          .sort((a, b) => (a.submittedAt?.getTime() ?? 0) - (b.submittedAt?.getTime() ?? 0) || a.id.localeCompare(b.id))
        return { items: all.slice(query.offset, query.offset + query.limit), total: all.length }
      })
  })
}

export const ClubKycRepoMemory: Layer.Layer<ClubKycRepo> = Layer.sync(ClubKycRepo, makeClubKycRepoMemory)
