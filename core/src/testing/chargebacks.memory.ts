/**
 * The in-memory twin of the chargeback repository, with the Postgres adapter's visible rules: one
 * case per provider and gateway case id, older gateway deliveries ignored, the same move table,
 * newest first.
 */
import type { Chargeback, ChargebackEvidence } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import { ChargebackMoves, ChargebackNotFound, ClosingChargebackMoves } from "../payments/chargeback.model.js"
import { ChargebackRepo } from "../payments/chargeback.port.js"
import { nextMemoryId } from "./sequential-id.js"

export const ChargebackRepoMemory: Layer.Layer<ChargebackRepo> = Layer.sync(ChargebackRepo, () => {
  const cases = new Map<string, Chargeback>()
  const evidence: Array<ChargebackEvidence> = []
  const newestFirst = (a: Chargeback, b: Chargeback) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)
  return ChargebackRepo.of({
    upsertFromGateway: (f) =>
      Effect.sync(() => {
        const existing = [...cases.values()].find((c) => c.provider === f.provider && c.gatewayCaseId === f.gatewayCaseId)
        const now = new Date()
        if (existing === undefined) {
          const row: Chargeback = {
            id: nextMemoryId(),
            provider: f.provider,
            gatewayCaseId: f.gatewayCaseId,
            gatewayPaymentId: f.gatewayPaymentId,
            paymentId: f.link?.paymentId ?? null,
            orderId: f.link?.orderId ?? null,
            gatewayOrderId: f.link?.gatewayOrderId ?? null,
            purpose: f.link?.purpose ?? null,
            ownerRef: f.link?.ownerRef ?? null,
            amount: f.amount,
            currency: f.currency,
            reasonCode: f.reasonCode,
            reasonDescription: f.reasonDescription,
            phase: f.phase,
            gatewayStatus: f.gatewayStatus,
            respondBy: f.respondBy,
            defendStatus: "OPEN",
            defenseDraft: "",
            draftUpdatedAt: null,
            draftUpdatedBy: null,
            evidenceCount: 0,
            gatewaySubmissionStatus: "NOT_SUBMITTED",
            submittedAt: null,
            submittedBy: null,
            resolvedBy: null,
            resolvedAt: null,
            resolutionReason: null,
            gatewayEventAt: f.gatewayEventAt,
            createdAt: now,
            updatedAt: now
          }
          cases.set(row.id, row)
          return { chargeback: row, inserted: true }
        }
        if (existing.gatewayEventAt > f.gatewayEventAt) return { chargeback: existing, inserted: false }
        const row: Chargeback = {
          ...existing,
          amount: f.amount,
          currency: f.currency,
          reasonCode: f.reasonCode ?? existing.reasonCode,
          reasonDescription: f.reasonDescription ?? existing.reasonDescription,
          phase: f.phase ?? existing.phase,
          gatewayStatus: f.gatewayStatus,
          respondBy: f.respondBy ?? existing.respondBy,
          paymentId: existing.paymentId ?? f.link?.paymentId ?? null,
          orderId: existing.orderId ?? f.link?.orderId ?? null,
          gatewayOrderId: existing.gatewayOrderId ?? f.link?.gatewayOrderId ?? null,
          purpose: existing.purpose ?? f.link?.purpose ?? null,
          ownerRef: existing.ownerRef ?? f.link?.ownerRef ?? null,
          gatewayEventAt: f.gatewayEventAt,
          updatedAt: now
        }
        cases.set(row.id, row)
        return { chargeback: row, inserted: false }
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(cases.get(id))),
    // The memory Transactor's process-wide lock already serialises units of work.
    lock: (id) => Effect.sync(() => Option.fromNullable(cases.get(id))),
    list: (q) =>
      Effect.sync(() => {
        const search = q.search?.toLowerCase()
        const all = [...cases.values()].filter((c) =>
          (q.defendStatus === undefined || c.defendStatus === q.defendStatus) &&
          (q.gatewayStatus === undefined || c.gatewayStatus === q.gatewayStatus) &&
          (q.purpose === undefined || c.purpose === q.purpose) &&
          (q.provider === undefined || c.provider === q.provider) &&
          (search === undefined || c.gatewayCaseId.toLowerCase().includes(search) || c.gatewayPaymentId.toLowerCase().includes(search)) &&
          (q.from === undefined || c.createdAt >= q.from) &&
          (q.to === undefined || c.createdAt <= q.to)
        ).sort(newestFirst)
        return { items: all.slice((q.page - 1) * q.limit, q.page * q.limit), total: all.length }
      }),
    evidence: (id) => Effect.sync(() => evidence.filter((e) => e.chargebackId === id)),
    addEvidence: (input) =>
      Effect.sync(() => {
        const row: ChargebackEvidence = { id: nextMemoryId(), ...input, createdAt: new Date() }
        evidence.push(row)
        return row
      }),
    move: (id, move, facts) =>
      Effect.gen(function*() {
        const c = cases.get(id)
        if (c === undefined) return yield* new ChargebackNotFound({ id })
        const next = ChargebackMoves.transition(c.defendStatus, move)
        if (Either.isLeft(next)) return yield* next.left
        const now = new Date()
        let row: Chargeback = { ...c, defendStatus: next.right, updatedAt: now }
        if (move === "edit-defense") {
          if (facts.draft !== undefined) row = { ...row, defenseDraft: facts.draft, draftUpdatedAt: now, draftUpdatedBy: facts.by }
          if (facts.evidenceAdded === true) row = { ...row, evidenceCount: row.evidenceCount + 1 }
        } else if (move === "submit-defense") {
          row = { ...row, gatewaySubmissionStatus: "MANUAL_GATEWAY_UPLOAD_REQUIRED", submittedAt: now, submittedBy: facts.by }
        } else if (ClosingChargebackMoves.includes(move)) {
          row = { ...row, resolvedBy: facts.by, resolvedAt: now, resolutionReason: facts.reason ?? null }
        }
        cases.set(id, row)
        return row
      })
  })
})
