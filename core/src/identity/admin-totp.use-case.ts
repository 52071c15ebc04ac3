/**
 * Admin TOTP policy (A 4.5): one admin requires TOTP of another (sets or clears totpRequiredAt, so
 * the target must enroll at its next sign-in) or resets it (secret and recovery codes removed,
 * enrollment forced again, every session of the target revoked). A reset never targets the caller.
 * Both write an audit row with actor, subject and the request's correlation id.
 */
import { Effect, Option } from "effect"
import { AdminRepo } from "../accounts/account.port.js"
import { AuditLog } from "../platform/audit-log.port.js"
import type { Principal } from "./principal.model.js"
import { AdminNotFound, TotpResetOfSelf } from "./second-factor.errors.js"
import { TotpRepo } from "./second-factor.port.js"
import { revokeAllSessions } from "./session.use-case.js"

const findAdmin = (adminId: string) =>
  Effect.flatMap(AdminRepo, (repo) => repo.findById(adminId)).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new AdminNotFound({ adminId })), onSome: Effect.succeed }))
  )

/** Sets (`required: true`, keeping an earlier time) or clears totpRequiredAt of an admin; returns the admin. */
export const requireAdminTotp = Effect.fn("identity.adminTotp.require")(function*(input: {
  readonly actor: Principal
  readonly adminId: string
  readonly required: boolean
  readonly correlationId: string
}) {
  yield* findAdmin(input.adminId)
  const set = yield* Effect.flatMap(TotpRepo, (repo) => repo.setAdminRequired(input.adminId, input.required ? new Date() : null))
  if (Option.isNone(set)) return yield* new AdminNotFound({ adminId: input.adminId })
  yield* Effect.flatMap(AuditLog, (log) =>
    log.append({
      action: input.required ? "admin.totp.required" : "admin.totp.requirement_cleared",
      actor: { kind: "admin", id: input.actor.accountId },
      subject: { kind: "admin", id: input.adminId },
      correlationId: input.correlationId,
      data: { totpRequiredAt: set.value === null ? null : set.value.toISOString() }
    }))
  return yield* findAdmin(input.adminId)
})

/** Clears another admin's TOTP, forces enrollment again and revokes the target's sessions; returns the admin. */
export const resetAdminTotp = Effect.fn("identity.adminTotp.reset")(function*(input: {
  readonly actor: Principal
  readonly adminId: string
  readonly correlationId: string
}) {
  if (input.actor.accountKind === "admin" && input.actor.accountId === input.adminId) return yield* new TotpResetOfSelf()
  yield* findAdmin(input.adminId)
  const repo = yield* TotpRepo
  const hadFactor = yield* repo.clear({ kind: "admin", id: input.adminId })
  yield* repo.setAdminRequired(input.adminId, new Date())
  const revoked = yield* revokeAllSessions({ kind: "admin", id: input.adminId }, "totp_reset")
  yield* Effect.flatMap(AuditLog, (log) =>
    log.append({
      action: "admin.totp.reset",
      actor: { kind: "admin", id: input.actor.accountId },
      subject: { kind: "admin", id: input.adminId },
      correlationId: input.correlationId,
      data: { hadFactor, sessionsRevoked: revoked.length }
    }))
  return yield* findAdmin(input.adminId)
})
