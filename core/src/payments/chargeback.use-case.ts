/**
 * Chargebacks and their defence (B "Chargebacks", "Chargeback defend"). The gateway's dispute
 * webhooks reach `ChargebackDisputeProcessor` through the inbox and create or refresh the case,
 * linked to our payment and order and what it paid for. Admins (permission `payments.disputes`)
 * list and read cases, autosave a defence draft, add evidence, submit the defence (which then
 * needs a manual upload at the gateway), record the verdict, mark a case expired, cancel it, or
 * resolve it outright. Every change is the machine's conditional move plus its audit row in one
 * unit of work; guards that read more than the status (evidence count, draft, deadline) run under
 * the case's row lock first, so a concurrent edit cannot slip between the check and the move.
 */
import type { Chargeback, ChargebackDefendStatus, ChargebackEvidenceKind } from "@podium/kernel"
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { auditSubject } from "../platform/audit-subject.js"
import { Transactor } from "../platform/transactor.port.js"
import {
  ChargebackDeadlineNotPassed,
  ChargebackDefenseIncomplete,
  ChargebackEvidenceLimit,
  ChargebackInputInvalid,
  ChargebackLimits,
  type ChargebackMove,
  ChargebackMoves,
  ChargebackNotFound,
  disputeOf
} from "./chargeback.model.js"
import { ChargebackRepo } from "./chargeback.port.js"
import { PaymentEventProcessingFailed, registerPaymentEventProcessor } from "./payment-event-processors.port.js"
import { PaymentOrderRepo } from "./payment-order.port.js"

/** The subject kind of a chargeback's audit rows. */
export const ChargebackSubject = "payment_chargeback"

/** The dispute events of the gateway (Razorpay) that create or refresh a case. */
export const DisputeEventTypes = [
  "payment.dispute.created",
  "payment.dispute.under_review",
  "payment.dispute.action_required",
  "payment.dispute.won",
  "payment.dispute.lost",
  "payment.dispute.closed"
] as const

const findChargeback = (id: string) =>
  Effect.gen(function*() {
    const found = isUuid(id) ? yield* Effect.flatMap(ChargebackRepo, (r) => r.findById(id)) : Option.none()
    if (Option.isNone(found)) return yield* new ChargebackNotFound({ id })
    return found.value
  })

/** The case under its row lock (inside a unit of work). */
const lockChargeback = (id: string) =>
  Effect.gen(function*() {
    const found = isUuid(id) ? yield* Effect.flatMap(ChargebackRepo, (r) => r.lock(id)) : Option.none()
    if (Option.isNone(found)) return yield* new ChargebackNotFound({ id })
    return found.value
  })

const atomically = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.flatMap(Transactor, (tx) => tx.atomically(effect))

const audit = (action: string, admin: Principal, before: Chargeback, after: Chargeback, extra: { readonly reason?: string; readonly data?: Record<string, unknown> } = {}) =>
  auditSubject(action, admin, { kind: ChargebackSubject, id: after.id }, {
    ...(extra.reason === undefined ? {} : { reason: extra.reason }),
    data: { gatewayCaseId: after.gatewayCaseId, from: before.defendStatus, to: after.defendStatus, ...extra.data }
  })

/** A case with its evidence. */
export const getChargeback = Effect.fn("payments.chargebacks.get")(function*(id: string) {
  const chargeback = yield* findChargeback(id)
  const evidence = yield* Effect.flatMap(ChargebackRepo, (r) => r.evidence(chargeback.id))
  return { ...chargeback, evidence }
})

/** The admin lists (#503 every case; #505 the defend workbench): filters, newest first, paged. */
export const listChargebacks = Effect.fn("payments.chargebacks.list")(function*(query: {
  readonly defendStatus?: ChargebackDefendStatus | undefined
  readonly gatewayStatus?: string | undefined
  readonly purpose?: string | undefined
  readonly provider?: string | undefined
  readonly search?: string | undefined
  readonly fromDate?: Date | undefined
  readonly toDate?: Date | undefined
  readonly page: number
  readonly limit: number
}) {
  const to = query.toDate
  if (query.fromDate !== undefined && to !== undefined && query.fromDate > to) {
    return yield* new ChargebackInputInvalid({ messages: ["fromDate must not be after toDate"] })
  }
  return yield* Effect.flatMap(ChargebackRepo, (r) =>
    r.list({
      defendStatus: query.defendStatus,
      gatewayStatus: query.gatewayStatus,
      purpose: query.purpose,
      provider: query.provider,
      search: query.search,
      from: query.fromDate,
      to,
      page: query.page,
      limit: query.limit
    }))
})

/** Autosaves the defence draft (≤ 4000 characters, checked by the contract): OPEN/DRAFT → DRAFT. */
export const saveDefenseDraft = Effect.fn("payments.chargebacks.saveDraft")(function*(admin: Principal, id: string, draft: string) {
  const before = yield* findChargeback(id)
  return yield* atomically(Effect.gen(function*() {
    const after = yield* Effect.flatMap(ChargebackRepo, (r) => r.move(before.id, "edit-defense", { by: admin.accountId, draft }))
    // Autosave runs often: the audit row keeps the length, not every version of the text.
    yield* audit("chargeback.defense_draft_saved", admin, before, after, { data: { draftLength: draft.length } })
    return after
  }))
})

/** Adds one evidence item (a file at an absolute http(s) URL, or a description): OPEN/DRAFT → DRAFT. */
export const addChargebackEvidence = Effect.fn("payments.chargebacks.addEvidence")(function*(
  admin: Principal,
  id: string,
  input: { readonly kind: ChargebackEvidenceKind; readonly fileUrl?: string | undefined; readonly description?: string | undefined }
) {
  const description = input.description?.trim() === "" ? undefined : input.description
  if (input.fileUrl === undefined && description === undefined) {
    return yield* new ChargebackInputInvalid({ messages: ["fileUrl or description is required"] })
  }
  const before = yield* findChargeback(id)
  return yield* atomically(Effect.gen(function*() {
    const locked = yield* lockChargeback(before.id)
    if (ChargebackMoves.allows(locked.defendStatus, "edit-defense") && locked.evidenceCount >= ChargebackLimits.evidenceMax) {
      return yield* new ChargebackEvidenceLimit()
    }
    const repo = yield* ChargebackRepo
    const after = yield* repo.move(locked.id, "edit-defense", { by: admin.accountId, evidenceAdded: true })
    const evidence = yield* repo.addEvidence({
      chargebackId: locked.id,
      kind: input.kind,
      fileUrl: input.fileUrl ?? null,
      description: description ?? null,
      addedBy: admin.accountId
    })
    yield* audit("chargeback.evidence_added", admin, locked, after, { data: { evidenceId: evidence.id, kind: evidence.kind } })
    return evidence
  }))
})

/**
 * Submits the defence: at least 2 evidence items and a draft of at least 40 characters; the case
 * becomes SUBMITTED with `gatewaySubmissionStatus = MANUAL_GATEWAY_UPLOAD_REQUIRED`.
 */
export const submitDefense = Effect.fn("payments.chargebacks.submit")(function*(admin: Principal, id: string) {
  const before = yield* findChargeback(id)
  return yield* atomically(Effect.gen(function*() {
    const locked = yield* lockChargeback(before.id)
    if (ChargebackMoves.allows(locked.defendStatus, "submit-defense")) {
      const draftLength = locked.defenseDraft.trim().length
      if (locked.evidenceCount < ChargebackLimits.submitEvidenceMin || draftLength < ChargebackLimits.submitDraftMin) {
        return yield* new ChargebackDefenseIncomplete({ evidenceCount: locked.evidenceCount, draftLength })
      }
    }
    const after = yield* Effect.flatMap(ChargebackRepo, (r) => r.move(locked.id, "submit-defense", { by: admin.accountId }))
    yield* audit("chargeback.defense_submitted", admin, locked, after, {
      data: { evidenceCount: after.evidenceCount, gatewaySubmissionStatus: after.gatewaySubmissionStatus }
    })
    return after
  }))
})

const closeWith = (admin: Principal, id: string, move: ChargebackMove, action: string, reason: string | null, guard?: (c: Chargeback, now: Date) => Effect.Effect<void, ChargebackDeadlineNotPassed>) =>
  Effect.gen(function*() {
    const before = yield* findChargeback(id)
    return yield* atomically(Effect.gen(function*() {
      // Locked first so the guard and the audit row's `from` see the state the move leaves.
      const locked = yield* lockChargeback(before.id)
      if (guard !== undefined && ChargebackMoves.allows(locked.defendStatus, move)) yield* guard(locked, new Date())
      const after = yield* Effect.flatMap(ChargebackRepo, (r) => r.move(locked.id, move, { by: admin.accountId, reason }))
      yield* audit(action, admin, locked, after, reason === null ? {} : { reason })
      return after
    }))
  })

/** SUBMITTED → WON (resolver, time and reason recorded). */
export const markChargebackWon = Effect.fn("payments.chargebacks.markWon")((admin: Principal, id: string, reason: string) =>
  closeWith(admin, id, "mark-won", "chargeback.won", reason)
)

/** SUBMITTED → LOST (resolver, time and reason recorded). */
export const markChargebackLost = Effect.fn("payments.chargebacks.markLost")((admin: Principal, id: string, reason: string) =>
  closeWith(admin, id, "mark-lost", "chargeback.lost", reason)
)

/**
 * OPEN/DRAFT → EXPIRED once the gateway's deadline has passed (409 CHARGEBACK_DEADLINE_NOT_PASSED
 * before it). A case whose webhook carried no deadline may be expired: the admin reads the deadline
 * at the gateway, and refusing would leave the case open forever.
 */
export const markChargebackExpired = Effect.fn("payments.chargebacks.markExpired")((admin: Principal, id: string) =>
  closeWith(admin, id, "mark-expired", "chargeback.expired", null, (c, now) =>
    c.respondBy !== null && c.respondBy > now ? Effect.fail(new ChargebackDeadlineNotPassed({ respondBy: c.respondBy })) : Effect.void)
)

/** Any live case → CANCELLED (a case opened in error, or withdrawn by the customer before a verdict). */
export const cancelChargeback = Effect.fn("payments.chargebacks.cancel")((admin: Principal, id: string) =>
  closeWith(admin, id, "cancel", "chargeback.cancelled", null)
)

/** The case-level resolution (#504): WON or LOST from any live state, ACCEPTED (conceded) from OPEN/DRAFT. */
export const resolveChargeback = Effect.fn("payments.chargebacks.resolve")((admin: Principal, id: string, input: {
  readonly outcome: "WON" | "LOST" | "ACCEPTED"
  readonly reason: string
}) =>
  closeWith(
    admin,
    id,
    input.outcome === "WON" ? "resolve-won" : input.outcome === "LOST" ? "resolve-lost" : "accept",
    "chargeback.resolved",
    input.reason
  )
)

/**
 * The payments context's dispute processor: creates the case on the first dispute event and
 * refreshes its gateway facts on later ones (never from an older delivery), linked to our order
 * and payment when the platform created the order. A dispute on a payment made outside the
 * platform is still recorded (it must still be answered at the gateway), unlinked.
 */
export const ChargebackDisputeProcessor = registerPaymentEventProcessor({
  name: "payments.chargebacks",
  eventTypes: DisputeEventTypes,
  process: (event) =>
    Effect.gen(function*() {
      const dispute = disputeOf(event.payload)
      if (!dispute.ok) return yield* new PaymentEventProcessingFailed({ processor: "payments.chargebacks", message: dispute.message })
      const gatewayOrderId = event.payment !== null && event.payment.id === dispute.value.gatewayPaymentId ? event.payment.orderId : null
      const order = gatewayOrderId === null
        ? Option.none()
        : yield* Effect.flatMap(PaymentOrderRepo, (r) => r.findByGatewayOrderId(event.provider, gatewayOrderId))
      const link = Option.match(order, {
        onNone: () => null,
        onSome: (o) => ({
          paymentId: o.payments.find((p) => p.gatewayPaymentId === dispute.value.gatewayPaymentId)?.id ?? null,
          orderId: o.id,
          gatewayOrderId: o.gatewayOrderId,
          purpose: o.purpose,
          ownerRef: o.ownerRef
        })
      })
      const { chargeback, inserted } = yield* Effect.flatMap(ChargebackRepo, (r) => r.upsertFromGateway({ ...dispute.value, provider: event.provider, link }))
      if (inserted) {
        yield* Effect.flatMap(AuditLog, (log) =>
          log.append({
            action: "chargeback.received",
            actor: { kind: "system", id: null },
            subject: { kind: ChargebackSubject, id: chargeback.id },
            data: { gatewayCaseId: chargeback.gatewayCaseId, gatewayPaymentId: chargeback.gatewayPaymentId, amount: chargeback.amount, currency: chargeback.currency, inboxId: event.inboxId }
          }))
      }
    })
})
