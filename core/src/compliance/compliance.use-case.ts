/**
 * Data-rights use cases: consent, erasure (create → scramble + sessions revoked; cancel; legal hold;
 * the tick), the personal-data export (JSON, CSV, e-mailed signed link) and account merges.
 */
import { Clock, Context, Effect, Option } from "effect"
import { UserRepo } from "../accounts/account.port.js"
import { Hmac } from "../identity/crypto.port.js"
import type { Principal } from "../identity/principal.model.js"
import { revokeAllSessions, revokeOtherSessions } from "../identity/session.use-case.js"
import { enqueueNotification } from "../notifications/enqueue-notification.use-case.js"
import { AuditLog } from "../platform/audit-log.port.js"
import {
  type AccountMergeStatus,
  AccountMergeExecuteDisabled,
  AccountMergeInvalid,
  AccountMergeNotFound,
  type ConsentState,
  ConsentPurposes,
  ErasureRequestNotFound,
  type ErasureStatus,
  UserNotFound
} from "./compliance.model.js"
import { AccountMergeRepo, type ConsentChange, ConsentRepo, ErasureRepo, type LegalHold, PersonalDataSections } from "./compliance.port.js"

/** Settings of the context (from configuration). */
export interface ComplianceSettingsShape {
  /** ERASURE_COOL_OFF_DAYS: days an erasure request waits (cancellable) before the tick confirms it. */
  readonly erasureCoolOffDays: number
  /** ACCOUNT_MERGE_EXECUTE_ENABLED: whether merges may be executed. */
  readonly accountMergeExecuteEnabled: boolean
  /** Base URL of the API for the e-mailed export link (PUBLIC_API_URL). */
  readonly publicApiUrl: string
  /** Consent-manager credentials: presence only. */
  readonly consentManager: { readonly provider: string | null; readonly credentialsPresent: boolean }
}

export class ComplianceSettings extends Context.Tag("@podium/core/compliance/ComplianceSettings")<ComplianceSettings, ComplianceSettingsShape>() {}

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
const userActor = (userId: string) => ({ kind: "user", id: userId })
const adminActor = (adminId: string) => ({ kind: "admin", id: adminId })

const requireUser = (userId: string) =>
  Effect.flatMap(UserRepo, (users) => users.findById(userId)).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new UserNotFound({ userId })), onSome: Effect.succeed }))
  )

// ---- consent ----

/** Every purpose with its state (never set = not granted). */
export const consentState = Effect.fn("compliance.consent.state")(function*(userId: string) {
  const stored = yield* (yield* ConsentRepo).list(userId)
  const byPurpose = new Map(stored.map((s) => [s.purpose, s]))
  return ConsentPurposes.map((purpose): ConsentState => byPurpose.get(purpose) ?? { purpose, granted: false, updatedAt: null })
})

/** Grants or withdraws consents (idempotent: repeating the current state writes no history). */
export const setConsents = Effect.fn("compliance.consent.set")(function*(userId: string, changes: ReadonlyArray<ConsentChange>, source: string) {
  const written = yield* (yield* ConsentRepo).apply(userId, changes, source)
  return { changed: written.length, consents: yield* consentState(userId) }
})

export const consentHistory = Effect.fn("compliance.consent.history")(function*(userId: string, purpose: Option.Option<string>) {
  return yield* (yield* ConsentRepo).history(userId, purpose)
})

/** Admin view of a user's consent history (404 for an unknown user). */
export const adminConsentHistory = Effect.fn("compliance.consent.adminHistory")(function*(userId: string, purpose: Option.Option<string>) {
  yield* requireUser(userId)
  return yield* consentHistory(userId, purpose)
})

// ---- erasure ----

/**
 * Creates an erasure request: every personal-data section scrambles the user's data in the same
 * transaction, then every session of the user is revoked except the requesting one (the sign-in
 * identifiers are gone, so that session is the only way to see or cancel the request during the
 * cool-off). The request sits in cool-off.
 */
export const requestErasure = Effect.fn("compliance.erasure.request")(function*(principal: Principal, reason: string | null) {
  const userId = principal.accountId
  const settings = yield* ComplianceSettings
  const repo = yield* ErasureRepo
  const sections = yield* PersonalDataSections
  yield* requireUser(userId)
  const at = yield* now
  const coolOffUntil = new Date(at.getTime() + settings.erasureCoolOffDays * 86_400_000)
  const request = yield* repo.atomically(Effect.gen(function*() {
    const created = yield* repo.create({ userId, reason, coolOffUntil })
    yield* Effect.forEach(sections, (s) => s.scramble(userId, created.id), { discard: true })
    return created
  }))
  const revokedSessions = yield* revokeOtherSessions(principal)
  yield* (yield* AuditLog).append({
    action: "compliance.erasure.requested",
    actor: userActor(userId),
    subject: { kind: "erasure_request", id: request.id },
    data: { coolOffUntil: coolOffUntil.toISOString(), revokedSessions }
  })
  return request
})

export const activeErasure = Effect.fn("compliance.erasure.active")(function*(userId: string) {
  return yield* (yield* ErasureRepo).findActive(userId)
})

export const cancelErasure = Effect.fn("compliance.erasure.cancel")(function*(userId: string, requestId: string) {
  const request = yield* (yield* ErasureRepo).cancel(requestId, userId, yield* now)
  yield* (yield* AuditLog).append({ action: "compliance.erasure.cancelled", actor: userActor(userId), subject: { kind: "erasure_request", id: requestId } })
  return request
})

export const listErasures = Effect.fn("compliance.erasure.list")(function*(status: Option.Option<ErasureStatus>) {
  return yield* (yield* ErasureRepo).list(status)
})

/** Puts a legal hold on a pending request (REQUESTED → REJECTED): the tick will not hard-delete it. */
export const rejectErasure = Effect.fn("compliance.erasure.reject")(function*(requestId: string, hold: LegalHold) {
  const request = yield* (yield* ErasureRepo).reject(requestId, hold)
  yield* (yield* AuditLog).append({
    action: "compliance.erasure.legal_hold",
    actor: adminActor(hold.adminId),
    subject: { kind: "erasure_request", id: requestId },
    reason: hold.reason,
    data: { statute: hold.statute, retainUntil: hold.retainUntil }
  })
  return request
})

/**
 * The erasure tick: confirms every request whose cool-off elapsed and hard-deletes what each
 * section allows. Idempotent and safe to run concurrently (rows are locked and skipped).
 */
export const tickErasures = Effect.fn("compliance.erasure.tick")(function*(actor: { readonly kind: string; readonly id: string | null }) {
  const sections = yield* PersonalDataSections
  const confirmed = yield* (yield* ErasureRepo).confirmDue(
    yield* now,
    (userId) => Effect.forEach(sections, (s) => s.hardDelete(userId), { discard: true })
  )
  const audit = yield* AuditLog
  yield* Effect.forEach(confirmed, (r) =>
    audit.append({ action: "compliance.erasure.confirmed", actor, subject: { kind: "erasure_request", id: r.id }, data: { hardDeleted: true } }), { discard: true })
  return { confirmed: confirmed.length, ids: confirmed.map((r) => r.id) }
})

export const findErasure = (id: string) =>
  Effect.flatMap(ErasureRepo, (r) => r.findById(id)).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new ErasureRequestNotFound({ id })), onSome: Effect.succeed }))
  )

// ---- export ----

export interface ExportDocument {
  readonly userId: string
  readonly generatedAt: string
  readonly sections: Readonly<Record<string, unknown>>
}

/** The user's data: one section per context, each contributed by its PersonalDataSection. */
export const buildExport = Effect.fn("compliance.export.build")(function*(userId: string) {
  const sections = yield* PersonalDataSections
  const parts = yield* Effect.forEach(sections, (s) => Effect.map(s.export(userId), (data) => [s.name, data] as const))
  return { userId, generatedAt: (yield* now).toISOString(), sections: Object.fromEntries(parts) } satisfies ExportDocument
})

const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : typeof value === "object" ? JSON.stringify(value) : String(value)
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, "\"\"")}"` : text
}

/** The export as CSV: one line per field, `section,record,field,value`. */
export const exportToCsv = (doc: ExportDocument): string => {
  const lines = ["section,record,field,value"]
  for (const [section, data] of Object.entries(doc.sections)) {
    const records = Array.isArray(data) ? data : [data]
    records.forEach((record, index) => {
      const fields = record !== null && typeof record === "object" && !(record instanceof Date)
        ? Object.entries(record as Record<string, unknown>)
        : [["value", record] as const]
      for (const [field, value] of fields) lines.push([section, String(index), field, csvCell(value)].join(","))
    })
  }
  return lines.join("\n") + "\n"
}

const LinkPurpose = "compliance.export-link"
/** Lifetime of an e-mailed export link. */
export const ExportLinkHours = 24

/** A signed token `<userId>.<expiresEpochSeconds>.<hmac>` that lets its holder download the export once per request until expiry. */
export const signExportToken = Effect.fn("compliance.export.sign")(function*(userId: string, expiresAt: Date) {
  const exp = Math.floor(expiresAt.getTime() / 1000)
  const digest = yield* (yield* Hmac).digest(LinkPurpose, `${userId}.${exp}`)
  return `${userId}.${exp}.${digest}`
})

/** The user id a valid, unexpired export token stands for. */
export const verifyExportToken = Effect.fn("compliance.export.verify")(function*(token: string) {
  const [userId, expText, digest, ...rest] = token.split(".")
  if (userId === undefined || expText === undefined || digest === undefined || rest.length > 0 || !/^\d+$/.test(expText)) return Option.none<string>()
  if (Number(expText) * 1000 <= (yield* now).getTime()) return Option.none<string>()
  const ok = yield* (yield* Hmac).matches(LinkPurpose, `${userId}.${expText}`, digest)
  return ok ? Option.some(userId) : Option.none<string>()
})

export type ExportDelivery =
  | { readonly delivery: "email"; readonly expiresAt: Date }
  | { readonly delivery: "fallback"; readonly reason: string; readonly export: ExportDocument }

/** E-mails a 24-hour signed download link through the notifications outbox, or falls back to answering the export. */
export const emailExportLink = Effect.fn("compliance.export.email")(function*(userId: string) {
  const user = yield* requireUser(userId)
  if (user.email === null) {
    return { delivery: "fallback", reason: "The account has no e-mail address; the export is answered inline", export: yield* buildExport(userId) } satisfies ExportDelivery
  }
  const settings = yield* ComplianceSettings
  const expiresAt = new Date((yield* now).getTime() + ExportLinkHours * 3_600_000)
  const token = yield* signExportToken(userId, expiresAt)
  const link = `${settings.publicApiUrl.replace(/\/$/, "")}/v2/me/data-export?token=${encodeURIComponent(token)}`
  yield* enqueueNotification({
    channel: "EMAIL",
    recipient: user.email,
    userId,
    subject: "Your Podium data export",
    body: `Download your data (link valid for ${ExportLinkHours} hours, until ${expiresAt.toISOString()}): ${link}`,
    category: "transactional",
    producer: `compliance.export:${userId}`
  })
  return { delivery: "email", expiresAt } satisfies ExportDelivery
})

// ---- account merge ----

const checkPair = Effect.fn("compliance.merge.checkPair")(function*(sourceUserId: string, targetUserId: string) {
  if (sourceUserId === targetUserId) return yield* new AccountMergeInvalid({ detail: "sourceUserId and targetUserId must differ" })
  const repo = yield* AccountMergeRepo
  for (const id of [sourceUserId, targetUserId]) {
    if (!(yield* repo.userExists(id))) return yield* new UserNotFound({ userId: id })
  }
})

export const previewMerge = Effect.fn("compliance.merge.preview")(function*(sourceUserId: string, targetUserId: string) {
  yield* checkPair(sourceUserId, targetUserId)
  return yield* (yield* AccountMergeRepo).preview(sourceUserId, targetUserId)
})

export const proposeMerge = Effect.fn("compliance.merge.propose")(function*(input: { readonly sourceUserId: string; readonly targetUserId: string; readonly reason: string; readonly adminId: string }) {
  yield* checkPair(input.sourceUserId, input.targetUserId)
  const merge = yield* (yield* AccountMergeRepo).propose({ ...input, proposedBy: input.adminId })
  yield* (yield* AuditLog).append({ action: "compliance.account_merge.proposed", actor: adminActor(input.adminId), subject: { kind: "account_merge", id: merge.id }, reason: input.reason })
  return merge
})

export const findMerge = (id: string) =>
  Effect.flatMap(AccountMergeRepo, (r) => r.findById(id)).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new AccountMergeNotFound({ id })), onSome: Effect.succeed }))
  )

export const listMerges = (status: Option.Option<AccountMergeStatus>) => Effect.flatMap(AccountMergeRepo, (r) => r.list(status))

export const cancelMerge = Effect.fn("compliance.merge.cancel")(function*(id: string, adminId: string) {
  const merge = yield* (yield* AccountMergeRepo).cancel(id)
  yield* (yield* AuditLog).append({ action: "compliance.account_merge.cancelled", actor: adminActor(adminId), subject: { kind: "account_merge", id } })
  return merge
})

/** Executes a PROPOSED merge when ACCOUNT_MERGE_EXECUTE_ENABLED is on; the source's sessions are revoked. */
export const executeMerge = Effect.fn("compliance.merge.execute")(function*(id: string, adminId: string) {
  const existing = yield* findMerge(id)
  if (!(yield* ComplianceSettings).accountMergeExecuteEnabled) return yield* new AccountMergeExecuteDisabled()
  const merge = yield* (yield* AccountMergeRepo).execute(existing.id)
  yield* revokeAllSessions({ kind: "user", id: merge.sourceUserId }, "account_merged")
  yield* (yield* AuditLog).append({ action: "compliance.account_merge.executed", actor: adminActor(adminId), subject: { kind: "account_merge", id }, data: { result: merge.result } })
  return merge
})
