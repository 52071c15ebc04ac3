/**
 * Business KYC (A 2.2, A 3): the organizer's submission and edits, the reads (full bank number to
 * admins, masked to the team), the admin review queue and moves, and the public resubmit.
 *
 * Decisions where the spec is silent:
 * - Submitting (POST) starts the review: the KYC is created UNDER_REVIEW; a second POST is 409
 *   KYC_ALREADY_SUBMITTED (edits go through PATCH, allowed only while REJECTED or RESUBMIT).
 * - The organizer's approvalStatus follows the review: approval moves a PENDING or REJECTED
 *   organizer to APPROVED, rejection moves a PENDING organizer to REJECTED (with the reason as its
 *   reviewReason), and a resubmission moves a REJECTED organizer back to PENDING. A SUSPENDED or
 *   already APPROVED organizer is not touched by KYC moves.
 * - The public resubmit (no token; the unguessable organizer id is the proof) is rate limited per
 *   client address and per organizer, and clears the previous review reason.
 */
import { Clock, Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { DocumentRule, type Upload } from "../media/file-type.model.js"
import { storeUploads, uploadProblems } from "../media/stored-file.js"
import { openBankAccount, sealBankAccount } from "../payments/bank-account.model.js"
import { RateLimiter } from "../platform/rate-limiter.port.js"
import {
  type BusinessKyc,
  type KycDocumentField,
  KycDocumentFields,
  type KycDocuments,
  KycLockedStatuses,
  type KycMove,
  KycMoves,
  KycNotFound,
  KycResubmitRateLimited,
  type KycStatus
} from "./kyc.model.js"
import { type BusinessKycPatch, KycRepo } from "./kyc.port.js"
import { OrganizerInputInvalid, OrganizerNotFound, OrganizerStateConflict } from "./organizer.model.js"
import { OrganizerRepo } from "./organizer.port.js"
import { auditOrganizer } from "./organizer.use-case.js"
import { isUuid } from "./tenancy.policy.js"

export interface KycInput {
  readonly accountNumber?: string | undefined
  readonly ifscCode?: string | undefined
  readonly websiteOrAppUrl?: string | undefined
  readonly businessDescription?: string | undefined
  readonly files: Partial<Record<KycDocumentField, Upload | undefined>>
}

/** The SecretBox context of an organizer's bank account number (it opens only for that organizer). */
const bankContext = (organizerId: string) => `kyc:bank:${organizerId}`

const sealAccount = (organizerId: string, accountNumber: string) => sealBankAccount(bankContext(organizerId), accountNumber)

/** The clear bank account number (admins only). */
export const openAccountNumber = (kyc: BusinessKyc) =>
  kyc.bankAccount === null ? Effect.succeed(null) : openBankAccount(kyc.bankAccount, bankContext(kyc.organizerId))

/** Checks every supplied file before anything is stored, reporting all bad fields at once. */
const checkFiles = (files: KycInput["files"], required: ReadonlyArray<string>) => {
  const messages: Array<string> = [...required, ...uploadProblems(files, KycDocumentFields, DocumentRule)]
  return messages.length > 0 ? Effect.fail(new OrganizerInputInvalid({ messages })) : Effect.void
}

const storeFiles = (_organizerId: string, files: KycInput["files"]) =>
  Effect.map(storeUploads("o", files, KycDocumentFields, DocumentRule), (stored): KycDocuments => stored)

const requireOrganizer = (organizerId: string) =>
  Effect.flatMap(OrganizerRepo, (r) => r.findById(organizerId)).pipe(
    Effect.flatMap(Option.match({
      onNone: () => Effect.fail(new OrganizerNotFound({ organizerId })),
      onSome: Effect.succeed
    }))
  )

/** POST business-kyc: the first submission (required documents of A 2.2), UNDER_REVIEW. */
export const submitKyc = Effect.fn("organizers.kyc.submit")(function*(principal: Principal, organizerId: string, input: KycInput) {
  yield* requireOrganizer(organizerId)
  const missing: Array<string> = []
  if (input.files.businessRegistrationCertificate === undefined) missing.push("businessRegistrationCertificate is required")
  if (input.files.panCard === undefined) missing.push("panCard is required")
  if (input.files.gstRegistrationCertificate === undefined && input.files.declarationForm === undefined) {
    missing.push("gstRegistrationCertificate is required unless declarationForm is given")
    missing.push("declarationForm is required unless gstRegistrationCertificate is given")
  }
  yield* checkFiles(input.files, missing)
  const repo = yield* KycRepo
  if (Option.isSome(yield* repo.findByOrganizer(organizerId))) {
    return yield* new OrganizerStateConflict({ code: "KYC_ALREADY_SUBMITTED", message: "Business KYC was already submitted; update it with PATCH" })
  }
  const documents = yield* storeFiles(organizerId, input.files)
  const created = yield* repo.create({
    organizerId,
    bankAccount: input.accountNumber === undefined ? null : yield* sealAccount(organizerId, input.accountNumber),
    ifscCode: input.ifscCode ?? null,
    websiteOrAppUrl: input.websiteOrAppUrl ?? null,
    businessDescription: input.businessDescription ?? null,
    documents
  })
  if (Option.isNone(created)) {
    return yield* new OrganizerStateConflict({ code: "KYC_ALREADY_SUBMITTED", message: "Business KYC was already submitted; update it with PATCH" })
  }
  yield* auditOrganizer("organizer.kyc.submitted", principal, organizerId, {
    data: { kycId: created.value.id, documents: Object.keys(documents) }
  })
  return created.value
})

const lockedConflict = (status: KycStatus) =>
  new OrganizerStateConflict({
    code: "ORGANIZER_KYC_LOCKED",
    message: `Business KYC cannot be changed while ${status}`
  })

/** PATCH business-kyc: only supplied fields and documents change; refused while UNDER_REVIEW or APPROVED. */
export const updateKyc = Effect.fn("organizers.kyc.update")(function*(principal: Principal, organizerId: string, input: KycInput) {
  yield* checkFiles(input.files, [])
  const repo = yield* KycRepo
  const current = yield* repo.findByOrganizer(organizerId)
  if (Option.isNone(current)) return yield* new KycNotFound({ ref: organizerId })
  if (KycLockedStatuses.includes(current.value.status)) return yield* lockedConflict(current.value.status)
  const documents = yield* storeFiles(organizerId, input.files)
  const patch: BusinessKycPatch = {
    ...(input.accountNumber === undefined ? {} : { bankAccount: yield* sealAccount(organizerId, input.accountNumber) }),
    ...(input.ifscCode === undefined ? {} : { ifscCode: input.ifscCode }),
    ...(input.websiteOrAppUrl === undefined ? {} : { websiteOrAppUrl: input.websiteOrAppUrl }),
    ...(input.businessDescription === undefined ? {} : { businessDescription: input.businessDescription }),
    ...(Object.keys(documents).length === 0 ? {} : { documents })
  }
  const editable = KycMoves.resubmit.from
  const updated = yield* repo.update(organizerId, patch, editable)
  if (Option.isNone(updated)) {
    // A concurrent resubmit or review moved it out of an editable state.
    const now = yield* repo.findByOrganizer(organizerId)
    return yield* lockedConflict(Option.match(now, { onNone: () => "UNDER_REVIEW" as const, onSome: (k) => k.status }))
  }
  yield* auditOrganizer("organizer.kyc.updated", principal, organizerId, {
    data: {
      kycId: updated.value.id,
      fields: [
        ...Object.keys(patch).filter((k) => k !== "documents"),
        ...Object.keys(documents)
      ]
    }
  })
  return updated.value
})

/** The organizer's KYC (404 when never submitted). */
export const getKyc = Effect.fn("organizers.kyc.get")(function*(organizerId: string) {
  const kyc = yield* Effect.flatMap(KycRepo, (r) => r.findByOrganizer(organizerId))
  if (Option.isNone(kyc)) return yield* new KycNotFound({ ref: organizerId })
  return kyc.value
})

/** One KYC by its id (admin). */
export const getKycById = Effect.fn("organizers.kyc.getById")(function*(kycId: string) {
  const kyc = isUuid(kycId) ? yield* Effect.flatMap(KycRepo, (r) => r.findById(kycId)) : Option.none()
  if (Option.isNone(kyc)) return yield* new KycNotFound({ ref: kycId })
  return kyc.value
})

/** The admin queue: KYCs in `status` (default UNDER_REVIEW), oldest submission first. */
export const kycQueue = (query: { readonly status: KycStatus; readonly page: number; readonly limit: number }) =>
  Effect.flatMap(KycRepo, (r) => r.list(query))

/** What each move does to the organizer's approval status (see the module comment). */
const organizerFollows: Partial<Record<KycMove, { readonly from: ReadonlyArray<"PENDING" | "REJECTED">; readonly to: "APPROVED" | "REJECTED" | "PENDING" }>> = {
  approve: { from: ["PENDING", "REJECTED"], to: "APPROVED" },
  reject: { from: ["PENDING"], to: "REJECTED" },
  resubmit: { from: ["REJECTED"], to: "PENDING" }
}

const applyMove = (kycId: string, move: KycMove, principal: Principal | undefined, reason: string | null) =>
  Effect.gen(function*() {
    const repo = yield* KycRepo
    const { from, to } = KycMoves[move]
    const at = new Date(yield* Clock.currentTimeMillis)
    const moved = yield* repo.transition(kycId, from, to, {
      reason,
      reviewedBy: principal?.accountKind === "admin" ? principal.accountId : null,
      at
    })
    if (Option.isNone(moved)) {
      const current = yield* repo.findById(kycId)
      if (Option.isNone(current)) return yield* new KycNotFound({ ref: kycId })
      return yield* new OrganizerStateConflict({
        code: "KYC_STATE_CONFLICT",
        message: `Business KYC is ${current.value.status}; this needs ${from.join(" or ")}`
      })
    }
    const kyc = moved.value
    const follow = organizerFollows[move]
    if (follow !== undefined) {
      const organizers = yield* OrganizerRepo
      const updated = yield* organizers.transition(kyc.organizerId, follow.from, follow.to, {})
      if (Option.isSome(updated) && follow.to !== "APPROVED") {
        yield* organizers.update(kyc.organizerId, { reviewReason: follow.to === "REJECTED" ? reason : null }).pipe(Effect.ignore)
      } else if (Option.isSome(updated)) {
        yield* organizers.update(kyc.organizerId, { reviewReason: null }).pipe(Effect.ignore)
      }
    }
    yield* auditOrganizer(`organizer.kyc.${move === "requestResubmission" ? "resubmission_requested" : move === "resubmit" ? "resubmitted" : `${to.toLowerCase()}`}`, principal, kyc.organizerId, {
      ...(reason === null ? {} : { reason }),
      data: { kycId: kyc.id, from, to }
    })
    return kyc
  })

/** Admin: UNDER_REVIEW → APPROVED (409 from any other state; of two concurrent approvals one wins). */
export const approveKyc = (admin: Principal, kycId: string) =>
  Effect.flatMap(getKycById(kycId), (k) => applyMove(k.id, "approve", admin, null))

/** Admin: UNDER_REVIEW → REJECTED with the reason (returned verbatim). */
export const rejectKyc = (admin: Principal, kycId: string, reason: string) =>
  Effect.flatMap(getKycById(kycId), (k) => applyMove(k.id, "reject", admin, reason))

/** Admin: UNDER_REVIEW → RESUBMIT with the reason (no route in the spec's operation list yet). */
export const requestKycResubmission = (admin: Principal, kycId: string, reason: string) =>
  Effect.flatMap(getKycById(kycId), (k) => applyMove(k.id, "requestResubmission", admin, reason))

/** Public resubmit limits: per client address and per organizer. */
export const KycResubmitLimits = {
  perIp: { limit: 10, window: "1 hour" },
  perOrganizer: { limit: 5, window: "1 hour" }
} as const

/**
 * Public: REJECTED or RESUBMIT → UNDER_REVIEW. No token (A 3): knowing the organizer's random id is
 * the proof, hardened by rate limits per address and per organizer (429 past either).
 */
export const resubmitKyc = Effect.fn("organizers.kyc.resubmit")(function*(organizerId: string, clientIp: string | undefined) {
  const limiter = yield* RateLimiter
  const byIp = yield* limiter.hit(`kyc-resubmit:ip:${clientIp ?? "unknown"}`, KycResubmitLimits.perIp)
  if (!byIp.allowed) return yield* new KycResubmitRateLimited({ retryAfterMs: byIp.retryAfterMs })
  if (!isUuid(organizerId)) return yield* new KycNotFound({ ref: organizerId })
  const byOrganizer = yield* limiter.hit(`kyc-resubmit:organizer:${organizerId.toLowerCase()}`, KycResubmitLimits.perOrganizer)
  if (!byOrganizer.allowed) return yield* new KycResubmitRateLimited({ retryAfterMs: byOrganizer.retryAfterMs })
  const kyc = yield* getKyc(organizerId)
  return yield* applyMove(kyc.id, "resubmit", undefined, null)
})
