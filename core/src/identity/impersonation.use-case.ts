/**
 * Start and end an impersonation (A 4.5, A 5.7). Starting mints a 15-minute USER-role access token
 * for the athlete with the admin in the `act` claim, bound to a new session that only this
 * impersonation uses (its refresh token is never handed out); ending revokes that session, so the
 * token is refused on its next request. Both write an audit row with the reason and correlation id.
 */
import { Clock, Effect, Option } from "effect"
import { AdminRepo, UserRepo } from "../accounts/account.port.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { AccessTokens } from "./access-tokens.port.js"
import { Hmac, SecureRandom } from "./crypto.port.js"
import { AccountNotFound } from "./identity.errors.js"
import {
  type Impersonation,
  ImpersonationAlreadyEnded,
  ImpersonationChainRefused,
  ImpersonationLifetimeSeconds,
  ImpersonationNotFound,
  ImpersonationTargetNotAllowed,
  ImpersonationTargetNotFound,
  isOpen
} from "./impersonation.model.js"
import { ImpersonationRepo } from "./impersonation.port.js"
import type { Principal } from "./principal.model.js"
import type { Session } from "./session.model.js"
import { SessionRepo } from "./session.port.js"
import { revokeSessionsById } from "./session.use-case.js"

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

/** Starts impersonating an athlete; answers the token, its expiry and the impersonation id. */
export const startImpersonation = Effect.fn("identity.impersonation.start")(function*(input: {
  readonly principal: Principal
  readonly userId: string
  readonly reason: string
  readonly correlationId: string
  readonly ip?: string | undefined
}) {
  const { principal } = input
  if (principal.impersonatorId !== undefined) return yield* new ImpersonationChainRefused()
  if (principal.accountKind !== "admin") return yield* new AccountNotFound({ kind: "admin" })
  const user = yield* Effect.flatMap(UserRepo, (r) => r.findById(input.userId))
  if (Option.isNone(user)) {
    const admin = yield* Effect.flatMap(AdminRepo, (r) => r.findById(input.userId))
    return yield* Option.isSome(admin)
      ? new ImpersonationTargetNotAllowed({ targetId: input.userId })
      : new ImpersonationTargetNotFound({ targetId: input.userId })
  }

  const random = yield* SecureRandom
  const sessions = yield* SessionRepo
  const repo = yield* ImpersonationRepo
  const at = yield* now
  const expiresAt = new Date(at.getTime() + ImpersonationLifetimeSeconds * 1000)
  const sessionId = yield* random.uuid
  const session: Session = {
    id: sessionId,
    accountKind: "user",
    accountId: input.userId,
    role: "user",
    familyId: sessionId,
    createdAt: at,
    lastUsedAt: at,
    revokedAt: null,
    revokeReason: null,
    userAgent: `impersonation by admin ${principal.accountId}`,
    ip: input.ip ?? null
  }
  // The session needs a first refresh token; this one is random, never returned, and expires with the impersonation.
  const unused = yield* random.token(32)
  const tokenHash = yield* Effect.flatMap(Hmac, (h) => h.digest("refresh-token", unused))
  yield* sessions.create(session, { id: yield* random.uuid, tokenHash, expiresAt })

  const record: Impersonation = {
    id: yield* random.uuid,
    adminId: principal.accountId,
    userId: input.userId,
    sessionId,
    reason: input.reason,
    correlationId: input.correlationId,
    startedAt: at,
    expiresAt,
    endedAt: null,
    endReason: null,
    endedBy: null
  }
  const superseded = yield* repo.start(record).pipe(
    Effect.tapError(() => revokeSessionsById([sessionId], "impersonation_failed"))
  )
  if (superseded.length > 0) yield* revokeSessionsById(superseded.map((s) => s.sessionId), "impersonation_superseded")

  const token = yield* Effect.flatMap(AccessTokens, (t) =>
    t.sign({ sub: input.userId, kind: "user", role: "user", sid: sessionId, act: principal.accountId, lifetimeSeconds: ImpersonationLifetimeSeconds }))
  const audit = yield* AuditLog
  for (const old of superseded) {
    yield* audit.append({
      action: "admin.impersonation.ended",
      actor: { kind: "admin", id: principal.accountId },
      subject: { kind: "user", id: old.userId },
      reason: "superseded by a new impersonation",
      correlationId: input.correlationId,
      data: { impersonationId: old.id, sessionId: old.sessionId }
    })
  }
  yield* audit.append({
    action: "admin.impersonation.started",
    actor: { kind: "admin", id: principal.accountId },
    subject: { kind: "user", id: input.userId },
    reason: input.reason,
    correlationId: input.correlationId,
    data: { impersonationId: record.id, sessionId, expiresAt: expiresAt.toISOString() }
  })
  return { accessToken: token.token, expiresAt: new Date(token.expiresAt * 1000), impersonationId: record.id, impersonation: record }
})

/**
 * Ends the calling admin's open impersonation, or the one named by `impersonationId` (another
 * admin's only when `mayEndOthers`), and revokes its session at once.
 */
export const endImpersonation = Effect.fn("identity.impersonation.end")(function*(input: {
  readonly principal: Principal
  readonly impersonationId?: string | undefined
  readonly correlationId: string
  readonly mayEndOthers: boolean
}) {
  const { principal } = input
  if (principal.accountKind !== "admin" || principal.impersonatorId !== undefined) return yield* new AccountNotFound({ kind: "admin" })
  const repo = yield* ImpersonationRepo
  const at = yield* now
  let target: Impersonation
  if (input.impersonationId !== undefined) {
    const found = yield* repo.findById(input.impersonationId)
    if (Option.isNone(found) || (found.value.adminId !== principal.accountId && !input.mayEndOthers)) {
      return yield* new ImpersonationNotFound()
    }
    if (!isOpen(found.value, at)) return yield* new ImpersonationAlreadyEnded({ impersonationId: found.value.id })
    target = found.value
  } else {
    const open = yield* repo.findOpenByAdmin(principal.accountId, at)
    if (Option.isNone(open)) return yield* new ImpersonationNotFound()
    target = open.value
  }
  const ended = yield* repo.end(target.id, at, "ended", principal.accountId)
  if (Option.isNone(ended)) return yield* new ImpersonationAlreadyEnded({ impersonationId: target.id })
  yield* revokeSessionsById([target.sessionId], "impersonation_ended")
  yield* Effect.flatMap(AuditLog, (log) =>
    log.append({
      action: "admin.impersonation.ended",
      actor: { kind: "admin", id: principal.accountId },
      subject: { kind: "user", id: target.userId },
      correlationId: input.correlationId,
      data: { impersonationId: target.id, sessionId: target.sessionId, startedBy: target.adminId }
    }))
  return ended.value
})
