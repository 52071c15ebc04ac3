/**
 * The audit trail of the notification admin and organizer writes: after a successful change, one
 * hash-chained audit row naming the action, the actor (the authenticated principal, or the
 * organizer member the tenancy guard granted) and the changed record.
 */
import { CurrentPrincipal, OrganizerAccess, type Principal } from "@podium/contracts/common"
import { Platform } from "@podium/core"
import { Effect } from "effect"

const append = (principal: Principal, action: string, subject: { readonly kind: string; readonly id: string }, data?: Readonly<Record<string, unknown>>) =>
  Effect.flatMap(Platform.AuditLog, (audit) =>
    audit.append({ action, actor: { kind: principal.accountKind, id: principal.accountId }, subject, ...(data === undefined ? {} : { data }) }))

/** Appends an audit row for the current principal once `effect` succeeded; `subjectId` reads the changed record's id from the answer. */
export const audited = <A>(action: string, kind: string, subjectId: (a: A) => string, data?: (a: A) => Readonly<Record<string, unknown>>) =>
<E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.tap(effect, (a) => Effect.flatMap(CurrentPrincipal, (p) => append(p, action, { kind, id: subjectId(a) }, data?.(a))))

/** The same for organizer-scoped routes: the actor is the principal the tenancy guard admitted; the organizer is recorded. */
export const auditedForOrganizer = <A>(action: string, kind: string, subjectId: (a: A) => string) =>
<E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.tap(effect, (a) =>
    Effect.flatMap(OrganizerAccess, (access) => append(access.principal, action, { kind, id: subjectId(a) }, { organizerId: access.organizerId })))
