/**
 * Club KYC (A section 3, B "Club KYC", C "Club KYC"): the club's managers save it (create or
 * update; only attached documents overwrite), verify the bank account by penny drop and the PAN,
 * and submit it; admins review it. Every change writes an audit row (`auditClub`); every move is a
 * conditional update, so of two concurrent moves exactly one wins.
 *
 * Decisions where the spec is silent:
 * - The KYC exists from the first save (POST, or a verify-bank / verify-pan that records its
 *   outcome) in DRAFT; reads answer null before that. PATCH needs an existing KYC (404
 *   CLUB_KYC_NOT_FOUND: start it with POST).
 * - verify-bank drops a penny to the account in the body or, without one, to the saved account.
 *   A body account that differs from the saved one is refused with CLUB_KYC_BANK_ACCOUNT_MISMATCH
 *   BEFORE any money moves; with no account saved yet, the verified account becomes the saved one.
 *   The outcome (both outcomes) is recorded on the KYC only if the saved account is still the one
 *   that was verified (a concurrent change answers the mismatch). Penny drops cost money: the
 *   payments context's per-user rate limit applies (429 BANK_VERIFICATION_RATE_LIMITED).
 * - verify-pan is a format and consistency check, NOT a registry lookup (no PAN registry provider
 *   is integrated): the number must match `^[A-Z]{5}[0-9]{4}[A-Z]$` and, when the bank account has
 *   been verified, the name on the PAN must agree with the account holder the bank reported. The
 *   answer says `registryChecked: false`. While the KYC is editable a passing PAN (number and name)
 *   is saved with the check; while locked the check is answered but not recorded.
 * - Submit from UNDER_REVIEW or APPROVED is CLUB_KYC_MOVE_REFUSED (409); missing prerequisites are
 *   CLUB_KYC_INCOMPLETE (400) listing each one; a verified account that is no longer the saved one
 *   is CLUB_KYC_BANK_ACCOUNT_MISMATCH (409). Submit clears the previous review reason.
 * - No notification is sent on review moves: the notifications catalog has no club KYC template,
 *   journey step or system event yet (see the report); the outcome is visible on the club's read.
 */
import { Clock, Effect, Option } from "effect"
import { Hmac } from "../identity/crypto.port.js"
import type { Principal } from "../identity/principal.model.js"
import { DocumentRule, type Upload } from "../media/file-type.model.js"
import { storeUploads, uploadProblems } from "../media/stored-file.js"
import { openBankAccount, sealBankAccount } from "../payments/bank-account.model.js"
import { BankVerifier, type PennyDropResult } from "../payments/bank-verifier.port.js"
import { verifyBankAccount } from "../payments/bank-verification.use-case.js"
import {
  type ClubBankCheck,
  type ClubKyc,
  ClubKycBankAccountMismatch,
  type ClubKycDocumentField,
  ClubKycDocumentFields,
  type ClubKycDocuments,
  ClubKycEditableStatuses,
  ClubKycIncomplete,
  ClubKycInputInvalid,
  ClubKycLocked,
  ClubKycLockedStatuses,
  type ClubKycMove,
  ClubKycMoveRefused,
  ClubKycMoves,
  ClubKycNotFound,
  type ClubKycStatus,
  type ClubPanCheck,
  namesMatch,
  type PanNameMatch,
  PanPattern
} from "./club-kyc.model.js"
import { type ClubKycPatch, ClubKycRepo } from "./club-kyc.port.js"
import { auditClub } from "./club.use-case.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The SecretBox context of a club's bank account number (it opens only for that club). */
const bankContext = (clubId: string) => `club-kyc:bank:${clubId}`
/** The keyed fingerprint of an account: equal exactly when club, number and IFSC are equal. */
const fingerprintOf = (clubId: string, accountNumber: string, ifsc: string) =>
  Effect.flatMap(Hmac, (h) => h.digest("club-kyc:bank-account", `${clubId}|${accountNumber}|${ifsc.toUpperCase()}`))

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

/** The clear bank account number (admins, and penny drops of the saved account). */
export const openClubAccountNumber = (kyc: ClubKyc) =>
  kyc.bankAccount === null ? Effect.succeed(null) : openBankAccount(kyc.bankAccount, bankContext(kyc.clubId))

/** The club's KYC, or none when never started (reads answer null, not 404). */
export const findClubKyc = Effect.fn("clubs.kyc.find")(function*(clubId: string) {
  return yield* Effect.flatMap(ClubKycRepo, (r) => r.findByClub(clubId))
})

export interface ClubKycInput {
  readonly accountNumber?: string | undefined
  readonly ifscCode?: string | undefined
  readonly accountHolderName?: string | undefined
  readonly panNumber?: string | undefined
  readonly panName?: string | undefined
  readonly files: Partial<Record<ClubKycDocumentField, Upload | undefined>>
}

const lockedIfSo = (kyc: Option.Option<ClubKyc>) =>
  Option.isSome(kyc) && ClubKycLockedStatuses.includes(kyc.value.status) ? Effect.fail(new ClubKycLocked({ status: kyc.value.status })) : Effect.void

/**
 * Builds the patch of the account fields: a new number or IFSC re-seals and re-fingerprints the
 * account (a new IFSC alone keeps the stored number).
 */
const accountPatch = (clubId: string, current: Option.Option<ClubKyc>, accountNumber: string | undefined, ifscCode: string | undefined) =>
  Effect.gen(function*() {
    const none: Pick<ClubKycPatch, "bankAccount" | "ifscCode"> = {}
    if (accountNumber === undefined && ifscCode === undefined) return none
    const stored = Option.getOrUndefined(current)
    const number = accountNumber ?? (stored === undefined ? null : yield* openClubAccountNumber(stored))
    const ifsc = ifscCode?.toUpperCase() ?? stored?.ifscCode ?? null
    const patch: Pick<ClubKycPatch, "bankAccount" | "ifscCode"> = {
      ...(ifscCode === undefined ? {} : { ifscCode: ifscCode.toUpperCase() }),
      ...(number === null ? {} : {
        bankAccount: {
          account: yield* sealBankAccount(bankContext(clubId), number),
          fingerprint: yield* fingerprintOf(clubId, number, ifsc ?? "")
        }
      })
    }
    return patch
  })

/**
 * POST (create or update) and PATCH (partial update) of the club's KYC: only supplied fields and
 * attached documents change; refused while UNDER_REVIEW or APPROVED (CLUB_KYC_LOCKED).
 */
export const saveClubKyc = Effect.fn("clubs.kyc.save")(function*(
  principal: Principal,
  clubId: string,
  input: ClubKycInput,
  mode: "createOrUpdate" | "update"
) {
  const problems = uploadProblems(input.files, ClubKycDocumentFields, DocumentRule)
  if (problems.length > 0) return yield* new ClubKycInputInvalid({ messages: problems })
  const repo = yield* ClubKycRepo
  const current = yield* repo.findByClub(clubId)
  if (mode === "update" && Option.isNone(current)) return yield* new ClubKycNotFound({ ref: clubId })
  yield* lockedIfSo(current)
  const documents: ClubKycDocuments = yield* storeUploads("c", input.files, ClubKycDocumentFields, DocumentRule)
  const patch: ClubKycPatch = {
    ...(yield* accountPatch(clubId, current, input.accountNumber, input.ifscCode)),
    ...(input.accountHolderName === undefined ? {} : { accountHolderName: input.accountHolderName.trim() }),
    ...(input.panNumber === undefined ? {} : { panNumber: input.panNumber.toUpperCase() }),
    ...(input.panName === undefined ? {} : { panName: input.panName.trim() }),
    ...(Object.keys(documents).length === 0 ? {} : { documents })
  }
  const saved = yield* repo.save(clubId, patch, { editable: ClubKycEditableStatuses })
  if (Option.isNone(saved)) {
    // A concurrent submit locked it between the read and the write.
    const status = Option.match(yield* repo.findByClub(clubId), { onNone: () => "UNDER_REVIEW", onSome: (k) => k.status })
    return yield* new ClubKycLocked({ status })
  }
  yield* auditClub(saved.value.created ? "club.kyc.created" : "club.kyc.updated", principal, clubId, {
    data: {
      kycId: saved.value.kyc.id,
      fields: [...Object.keys(patch).filter((k) => k !== "documents"), ...Object.keys(documents)]
    }
  })
  return saved.value
})

export interface VerifyBankInput {
  readonly accountNumber?: string | undefined
  readonly ifscCode?: string | undefined
  readonly accountHolderName?: string | undefined
}

const bankCheckOf = (result: PennyDropResult, fingerprint: string, last4: string, ifsc: string, provider: string, at: Date): ClubBankCheck =>
  result.verified
    ? {
      verified: true,
      fingerprint,
      last4,
      ifsc,
      accountHolderName: result.accountHolderName,
      utr: result.utr,
      amountDeposited: result.amountDeposited,
      transactionId: result.transactionId,
      reason: null,
      message: null,
      provider,
      at: at.toISOString()
    }
    : {
      verified: false,
      fingerprint,
      last4,
      ifsc,
      accountHolderName: null,
      utr: null,
      amountDeposited: null,
      transactionId: null,
      reason: result.reason,
      message: result.message,
      provider,
      at: at.toISOString()
    }

/**
 * verify-bank: a penny drop through `Payments.BankVerifier` (both outcomes answered as C shows
 * them and recorded on the KYC); see the module comment for which account is dropped to.
 */
export const verifyClubBank = Effect.fn("clubs.kyc.verifyBank")(function*(principal: Principal, clubId: string, input: VerifyBankInput) {
  const repo = yield* ClubKycRepo
  const current = yield* repo.findByClub(clubId)
  yield* lockedIfSo(current)
  const stored = Option.getOrUndefined(current)
  const savedNumber = stored === undefined ? null : yield* openClubAccountNumber(stored)
  const savedIfsc = stored?.ifscCode ?? null
  const accountNumber = input.accountNumber ?? savedNumber
  const ifsc = input.ifscCode?.toUpperCase() ?? savedIfsc
  const missing = [
    ...(accountNumber === null ? ["accountNumber is required (no bank account is saved on the club KYC)"] : []),
    ...(ifsc === null ? ["ifscCode is required (no IFSC is saved on the club KYC)"] : [])
  ]
  if (accountNumber === null || ifsc === null) return yield* new ClubKycInputInvalid({ messages: missing })
  if (savedNumber !== null && (accountNumber !== savedNumber || (savedIfsc !== null && ifsc !== savedIfsc))) {
    return yield* new ClubKycBankAccountMismatch({
      detail: "The account to verify differs from the bank account saved on the club KYC; save the new account first"
    })
  }
  const holderHint = input.accountHolderName?.trim() ?? stored?.accountHolderName ?? undefined
  const result = yield* verifyBankAccount(principal, { accountNumber, ifsc, accountHolderName: holderHint })
  const provider = (yield* BankVerifier).provider
  const fingerprint = yield* fingerprintOf(clubId, accountNumber, ifsc)
  const check = bankCheckOf(result, fingerprint, accountNumber.slice(-4), ifsc, provider, yield* now)
  const patch: ClubKycPatch = {
    bankCheck: check,
    // No account saved yet: the one just verified becomes the saved account.
    ...(savedNumber === null || savedIfsc === null
      ? { bankAccount: { account: yield* sealBankAccount(bankContext(clubId), accountNumber), fingerprint }, ifscCode: ifsc }
      : {}),
    ...(input.accountHolderName === undefined ? {} : { accountHolderName: input.accountHolderName.trim() })
  }
  const saved = yield* repo.save(clubId, patch, { editable: ClubKycEditableStatuses, fingerprint: stored?.bankAccountFingerprint ?? null })
  if (Option.isNone(saved)) {
    const latest = yield* repo.findByClub(clubId)
    if (Option.isSome(latest) && ClubKycLockedStatuses.includes(latest.value.status)) return yield* new ClubKycLocked({ status: latest.value.status })
    return yield* new ClubKycBankAccountMismatch({ detail: "The saved bank account changed while it was being verified; verify the saved account again" })
  }
  yield* auditClub(result.verified ? "club.kyc.bank_verified" : "club.kyc.bank_verification_failed", principal, clubId, {
    data: { kycId: saved.value.kyc.id, last4: check.last4, ifsc, provider, ...(result.verified ? { utr: result.utr } : { reason: result.reason }) }
  })
  return result
})

export interface PanVerification {
  readonly verified: boolean
  readonly reason: string | null
  readonly message: string
  readonly panNumber: string
  readonly nameOnPan: string | null
  readonly nameMatch: PanNameMatch
  readonly accountHolderName: string | null
  /** Always false: no PAN registry is called (format + consistency check only). */
  readonly registryChecked: false
  /** Whether the outcome was saved on the KYC (not while locked). */
  readonly recorded: boolean
}

/** verify-pan: format and name-consistency check of the PAN (see the module comment). */
export const verifyClubPan = Effect.fn("clubs.kyc.verifyPan")(function*(
  principal: Principal,
  clubId: string,
  input: { readonly panNumber?: string | undefined; readonly nameOnPan?: string | undefined }
) {
  const repo = yield* ClubKycRepo
  const current = yield* repo.findByClub(clubId)
  const stored = Option.getOrUndefined(current)
  const panNumber = (input.panNumber ?? stored?.panNumber ?? null)?.trim().toUpperCase() ?? null
  if (panNumber === null) return yield* new ClubKycInputInvalid({ messages: ["panNumber is required (no PAN is saved on the club KYC)"] })
  const nameOnPan = input.nameOnPan?.trim() ?? stored?.panName ?? null
  const holder = stored?.bankCheck?.verified === true && stored.bankCheck.fingerprint === stored.bankAccountFingerprint
    ? stored.bankCheck.accountHolderName
    : null
  const formatOk = PanPattern.test(panNumber)
  const nameMatch: PanNameMatch = !formatOk || holder === null || nameOnPan === null ? "NOT_CHECKED" : namesMatch(nameOnPan, holder) ? "MATCH" : "MISMATCH"
  const verified = formatOk && nameMatch !== "MISMATCH"
  const reason = !formatOk ? "INVALID_PAN_FORMAT" : nameMatch === "MISMATCH" ? "NAME_MISMATCH" : null
  const message = !formatOk
    ? "The PAN must be 5 letters, 4 digits and a letter (e.g. ABCDE1234F)"
    : nameMatch === "MISMATCH"
    ? "The name on the PAN does not match the verified bank account holder"
    : nameMatch === "MATCH"
    ? "The PAN format is valid and its name matches the verified bank account holder (no PAN registry was consulted)"
    : "The PAN format is valid; the name was not compared (no verified bank account holder yet; no PAN registry was consulted)"
  const check: ClubPanCheck = { verified, panNumber, nameMatch, reason, at: (yield* now).toISOString() }
  const locked = stored !== undefined && ClubKycLockedStatuses.includes(stored.status)
  let recorded = false
  if (!locked) {
    const patch: ClubKycPatch = {
      panCheck: check,
      ...(verified ? { panNumber, ...(nameOnPan === null ? {} : { panName: nameOnPan }) } : {})
    }
    const saved = yield* repo.save(clubId, patch, { editable: ClubKycEditableStatuses })
    if (Option.isSome(saved)) {
      recorded = true
      yield* auditClub(verified ? "club.kyc.pan_verified" : "club.kyc.pan_verification_failed", principal, clubId, {
        data: { kycId: saved.value.kyc.id, nameMatch, ...(reason === null ? {} : { reason }) }
      })
    }
  }
  const answer: PanVerification = {
    verified,
    reason,
    message,
    panNumber,
    nameOnPan,
    nameMatch,
    accountHolderName: holder,
    registryChecked: false,
    recorded
  }
  return answer
})

/** submit: DRAFT / REJECTED / RESUBMIT → UNDER_REVIEW once the prerequisites hold (see the module comment). */
export const submitClubKyc = Effect.fn("clubs.kyc.submit")(function*(principal: Principal, clubId: string) {
  const repo = yield* ClubKycRepo
  const current = yield* repo.findByClub(clubId)
  const kyc = Option.getOrUndefined(current)
  if (kyc !== undefined && !ClubKycMoves.submit.from.some((s) => s === kyc.status)) {
    return yield* new ClubKycMoveRefused({ move: "submit", status: kyc.status })
  }
  const missing: Array<string> = []
  if (kyc?.documents.panCard === undefined) missing.push("panCard document is required")
  if (kyc?.bankAccount == null) missing.push("bank account number is required")
  if (kyc?.ifscCode == null) missing.push("IFSC is required")
  if (kyc?.bankCheck?.verified !== true) missing.push("a successful penny-drop verification of the bank account is required")
  if (kyc === undefined || missing.length > 0) return yield* new ClubKycIncomplete({ missing })
  if (kyc.bankCheck!.fingerprint !== kyc.bankAccountFingerprint) {
    return yield* new ClubKycBankAccountMismatch({ detail: "The verified bank account differs from the saved account; verify the saved account again" })
  }
  const { from, to } = ClubKycMoves.submit
  const moved = yield* repo.transition(kyc.id, from, to, { reason: null, reviewedBy: null, at: yield* now, fingerprint: kyc.bankAccountFingerprint! })
  if (Option.isNone(moved)) {
    const again = yield* repo.findById(kyc.id)
    if (Option.isSome(again) && !from.some((s) => s === again.value.status)) {
      return yield* new ClubKycMoveRefused({ move: "submit", status: again.value.status })
    }
    return yield* new ClubKycBankAccountMismatch({ detail: "The saved bank account changed during submission; verify the saved account again" })
  }
  yield* auditClub("club.kyc.submitted", principal, clubId, { data: { kycId: kyc.id, from: kyc.status, to } })
  return moved.value
})

/** One KYC by its id (admin); 404 for unknown or malformed ids. */
export const getClubKycById = Effect.fn("clubs.kyc.getById")(function*(kycId: string) {
  const kyc = Uuid.test(kycId) ? yield* Effect.flatMap(ClubKycRepo, (r) => r.findById(kycId)) : Option.none()
  if (Option.isNone(kyc)) return yield* new ClubKycNotFound({ ref: kycId })
  return kyc.value
})

/** The admin queue: KYCs in `status` (default UNDER_REVIEW), oldest submission first. */
export const clubKycQueue = Effect.fn("clubs.kyc.queue")(function*(input: { readonly status?: ClubKycStatus | undefined; readonly limit: number; readonly page: number }) {
  const found = yield* Effect.flatMap(ClubKycRepo, (r) =>
    r.list({ status: input.status ?? "UNDER_REVIEW", limit: input.limit, offset: (input.page - 1) * input.limit }))
  return { ...found, page: input.page, limit: input.limit }
})

const auditAction: Record<Exclude<ClubKycMove, "submit">, string> = {
  approve: "club.kyc.approved",
  reject: "club.kyc.rejected",
  requestResubmission: "club.kyc.resubmission_requested"
}

const review = (admin: Principal, kycId: string, move: Exclude<ClubKycMove, "submit">, reason: string | null) =>
  Effect.gen(function*() {
    const kyc = yield* getClubKycById(kycId)
    const { from, to } = ClubKycMoves[move]
    const repo = yield* ClubKycRepo
    const moved = yield* repo.transition(kyc.id, from, to, { reason, reviewedBy: admin.accountId, at: yield* now })
    if (Option.isNone(moved)) {
      const again = yield* repo.findById(kyc.id)
      return yield* new ClubKycMoveRefused({ move, status: Option.match(again, { onNone: () => kyc.status, onSome: (k) => k.status }) })
    }
    yield* auditClub(auditAction[move], admin, kyc.clubId, { ...(reason === null ? {} : { reason }), data: { kycId: kyc.id, from: kyc.status, to } })
    return moved.value
  })

/** Admin: UNDER_REVIEW → APPROVED (409 from any other state; of two concurrent approvals one wins). */
export const approveClubKyc = Effect.fn("clubs.kyc.approve")((admin: Principal, kycId: string) => review(admin, kycId, "approve", null))
/** Admin: UNDER_REVIEW → REJECTED with the reason (10-500), shown verbatim to the club. */
export const rejectClubKyc = Effect.fn("clubs.kyc.reject")((admin: Principal, kycId: string, reason: string) => review(admin, kycId, "reject", reason))
/** Admin: UNDER_REVIEW → RESUBMIT with the reason (10-500). */
export const requestClubKycResubmission = Effect.fn("clubs.kyc.requestResubmission")((admin: Principal, kycId: string, reason: string) =>
  review(admin, kycId, "requestResubmission", reason)
)
