/** In-memory twin of the sponsorship repository: the same move tables, one ACTIVE attachment per brand and target, history on every attachment change. */
import type { GoodieAutoAwardConfig, SponsorAttachment, SponsorAttachmentHistoryEntry, SponsorContract, SponsorshipDeal } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import {
  SponsorAlreadyAttached,
  SponsorContractMoves,
  SponsorContractNotFound,
  SponsorshipDealMoves,
  SponsorshipDealNotFound
} from "../sponsors/sponsorship.model.js"
import { SponsorshipRepo } from "../sponsors/sponsorship.port.js"
import { nextMemoryId } from "./sequential-id.js"

const newestFirst = <A extends { readonly createdAt: Date; readonly id: string }>(a: A, b: A) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0)

export const SponsorshipRepoMemory = Layer.sync(SponsorshipRepo, () => {
  const deals = new Map<string, SponsorshipDeal>()
  const contracts = new Map<string, SponsorContract>()
  const attachments = new Map<string, SponsorAttachment>()
  const history: Array<SponsorAttachmentHistoryEntry> = []
  const goodies = new Map<string, GoodieAutoAwardConfig>()
  const addHistory = (attachmentId: string, fromStatus: SponsorAttachment["status"] | null, toStatus: SponsorAttachment["status"], reason: string | null, actor: string) =>
    history.push({ id: nextMemoryId(), attachmentId, fromStatus, toStatus, reason, actor, at: new Date() })

  return SponsorshipRepo.of({
    createDeal: (input) =>
      Effect.sync(() => {
        const at = new Date()
        const row: SponsorshipDeal = {
          id: nextMemoryId(),
          brandId: input.brandId,
          targetType: input.targetType,
          targetId: input.targetId,
          amount: input.amount,
          currency: "INR",
          terms: input.terms,
          status: "PROPOSED",
          counterAmount: null,
          counterNotes: null,
          rejectionReason: null,
          clubDecision: input.clubDecision,
          contractDocumentKey: null,
          contractId: null,
          proposedBy: input.proposedBy,
          createdAt: at,
          updatedAt: at
        }
        deals.set(row.id, row)
        return row
      }),
    findDeal: (id) => Effect.sync(() => Option.fromNullable(deals.get(id))),
    listDeals: (filter, page) =>
      Effect.sync(() => {
        const all = [...deals.values()].filter((d) =>
          (filter.brandId === undefined || d.brandId === filter.brandId) &&
          (filter.status === undefined || d.status === filter.status) &&
          (filter.targetType === undefined || d.targetType === filter.targetType) &&
          (filter.targetId === undefined || d.targetId === filter.targetId)
        ).sort(newestFirst)
        return { items: all.slice(page.offset, page.offset + page.limit), total: all.length }
      }),
    dealCounts: (brandId) =>
      Effect.sync(() => {
        const by = new Map<SponsorshipDeal["status"], number>()
        for (const d of deals.values()) if (d.brandId === brandId) by.set(d.status, (by.get(d.status) ?? 0) + 1)
        return [...by.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([status, count]) => ({ status, count }))
      }),
    moveDeal: (id, move, set) =>
      Effect.gen(function*() {
        const d = deals.get(id)
        if (d === undefined) return yield* new SponsorshipDealNotFound({ id })
        const next = SponsorshipDealMoves.transition(d.status, move)
        if (Either.isLeft(next)) return yield* next.left
        const row: SponsorshipDeal = {
          ...d,
          status: next.right,
          counterAmount: set.counterAmount ?? d.counterAmount,
          counterNotes: set.counterNotes ?? d.counterNotes,
          rejectionReason: set.rejectionReason ?? d.rejectionReason,
          contractDocumentKey: set.contractDocumentKey ?? d.contractDocumentKey,
          contractId: set.contractId ?? d.contractId,
          updatedAt: new Date()
        }
        deals.set(id, row)
        return row
      }),
    linkDealContract: (dealId, contractId) =>
      Effect.sync(() => {
        const row: SponsorshipDeal = { ...deals.get(dealId)!, contractId, updatedAt: new Date() }
        deals.set(dealId, row)
        return row
      }),
    decideAsClub: (id, decision, reason) =>
      Effect.sync(() => {
        const d = deals.get(id)
        if (d === undefined || d.clubDecision !== "PENDING" || !["PROPOSED", "UNDER_REVIEW", "COUNTERED"].includes(d.status)) return Option.none()
        const row: SponsorshipDeal = decision === "ACCEPTED"
          ? { ...d, clubDecision: "ACCEPTED", updatedAt: new Date() }
          : { ...d, clubDecision: "DECLINED", status: "REJECTED", rejectionReason: reason, updatedAt: new Date() }
        deals.set(id, row)
        return Option.some(row)
      }),

    createContract: (input) =>
      Effect.sync(() => {
        const at = new Date()
        const row: SponsorContract = {
          id: nextMemoryId(),
          brandId: input.brandId,
          dealId: input.dealId,
          targetType: input.targetType,
          targetId: input.targetId,
          title: input.title,
          amount: input.amount,
          currency: "INR",
          status: input.status,
          statusReason: null,
          activatedAt: input.status === "ACTIVE" ? at : null,
          closedAt: null,
          createdBy: input.createdBy,
          createdAt: at,
          updatedAt: at
        }
        contracts.set(row.id, row)
        return row
      }),
    findContract: (id) => Effect.sync(() => Option.fromNullable(contracts.get(id))),
    listContracts: (filter) =>
      Effect.sync(() =>
        [...contracts.values()].filter((c) =>
          (filter.brandId === undefined || c.brandId === filter.brandId) &&
          (filter.target === undefined || (c.targetType === filter.target.targetType && c.targetId === filter.target.targetId)) &&
          (filter.statuses === undefined || filter.statuses.includes(c.status))
        ).sort(newestFirst)
      ),
    moveContract: (id, move, reason) =>
      Effect.gen(function*() {
        const c = contracts.get(id)
        if (c === undefined) return yield* new SponsorContractNotFound({ id })
        const next = SponsorContractMoves.transition(c.status, move)
        if (Either.isLeft(next)) return yield* next.left
        const at = new Date()
        const row: SponsorContract = move === "activate"
          ? { ...c, status: next.right, activatedAt: at, updatedAt: at }
          : { ...c, status: next.right, statusReason: reason, closedAt: at, updatedAt: at }
        contracts.set(id, row)
        return row
      }),

    attach: (contract, actor) =>
      Effect.gen(function*() {
        const taken = [...attachments.values()].some((a) =>
          a.status === "ACTIVE" && a.brandId === contract.brandId && a.targetType === contract.targetType && a.targetId === contract.targetId
        )
        if (taken) return yield* new SponsorAlreadyAttached({ brandId: contract.brandId, targetId: contract.targetId })
        const at = new Date()
        const row: SponsorAttachment = {
          id: nextMemoryId(),
          contractId: contract.id,
          brandId: contract.brandId,
          targetType: contract.targetType,
          targetId: contract.targetId,
          status: "ACTIVE",
          createdAt: at,
          updatedAt: at
        }
        attachments.set(row.id, row)
        addHistory(row.id, null, "ACTIVE", null, actor)
        return row
      }),
    closeAttachment: (contractId, to, reason, actor) =>
      Effect.sync(() => {
        const a = [...attachments.values()].find((x) => x.contractId === contractId && x.status === "ACTIVE")
        if (a === undefined) return Option.none()
        const row: SponsorAttachment = { ...a, status: to, updatedAt: new Date() }
        attachments.set(a.id, row)
        addHistory(a.id, "ACTIVE", to, reason, actor)
        return Option.some(row)
      }),
    findAttachment: (id) => Effect.sync(() => Option.fromNullable(attachments.get(id))),
    findActiveAttachment: (brandId, target) =>
      Effect.sync(() =>
        Option.fromNullable(
          [...attachments.values()].find((a) => a.status === "ACTIVE" && a.brandId === brandId && a.targetType === target.targetType && a.targetId === target.targetId)
        )
      ),
    listAttachments: (filter) =>
      Effect.sync(() =>
        [...attachments.values()].filter((a) =>
          (filter.brandId === undefined || a.brandId === filter.brandId) &&
          (filter.target === undefined || (a.targetType === filter.target.targetType && a.targetId === filter.target.targetId)) &&
          (filter.status === undefined || a.status === filter.status)
        )
      ),
    history: (attachmentId) => Effect.sync(() => history.filter((h) => h.attachmentId === attachmentId)),

    findGoodieConfig: (attachmentId) => Effect.sync(() => Option.fromNullable(goodies.get(attachmentId))),
    listGoodieConfigs: (page) =>
      Effect.sync(() => {
        const all = [...goodies.values()].sort((a, b) => (b.updatedAt?.getTime() ?? 0) - (a.updatedAt?.getTime() ?? 0))
        return { items: all.slice(page.offset, page.offset + page.limit), total: all.length }
      }),
    saveGoodieConfig: (c) =>
      Effect.sync(() => {
        const row: GoodieAutoAwardConfig = { ...c, updatedAt: new Date() }
        goodies.set(c.sponsorAttachmentId, row)
        return row
      })
  })
})
