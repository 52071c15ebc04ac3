/**
 * The audit row of a change to one subject (an organizer, a club, …) in the one shape the contexts
 * share: the action, the acting principal (or "anonymous"), the subject, and an optional reason and
 * JSON facts.
 */
import { Effect } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { AuditLog } from "./audit-log.port.js"

/** Who did it, for the audit row. */
export const actorOf = (principal: Principal | undefined) =>
  principal === undefined ? { kind: "anonymous", id: null } : { kind: principal.accountKind, id: principal.accountId }

export interface AuditExtra {
  readonly reason?: string
  readonly data?: Readonly<Record<string, unknown>>
}

/** Appends the audit row of `action` by `principal` on `subject`. */
export const auditSubject = (
  action: string,
  principal: Principal | undefined,
  subject: { readonly kind: string; readonly id: string },
  extra: AuditExtra = {}
) =>
  Effect.flatMap(AuditLog, (log) =>
    log.append({
      action,
      actor: actorOf(principal),
      subject,
      ...(extra.reason === undefined ? {} : { reason: extra.reason }),
      ...(extra.data === undefined ? {} : { data: extra.data })
    }))
