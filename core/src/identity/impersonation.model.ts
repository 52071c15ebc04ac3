/**
 * Impersonation (A 5.7): an administrator obtains a short-lived USER-role access token for an
 * athlete, with a logged reason; the token carries the admin in its `act` claim and is bound to a
 * session of its own (the impersonation row names it), so ending the impersonation revokes the
 * token at once. One open impersonation per admin: starting another ends the previous one.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

/** Lifetime of an impersonation token (and of its session). */
export const ImpersonationLifetimeSeconds = 15 * 60

export const Impersonation = Schema.Struct({
  id: Schema.String,
  adminId: Schema.String,
  userId: Schema.String,
  /** The session the minted token is bound to. */
  sessionId: Schema.String,
  reason: Schema.String,
  correlationId: Schema.String,
  startedAt: Schema.DateFromSelf,
  expiresAt: Schema.DateFromSelf,
  endedAt: Schema.NullOr(Schema.DateFromSelf),
  /** `ended`, `superseded`, … */
  endReason: Schema.NullOr(Schema.String),
  endedBy: Schema.NullOr(Schema.String)
})
export interface Impersonation extends Schema.Schema.Type<typeof Impersonation> {}

export const isOpen = (i: Impersonation, at: Date) => i.endedAt === null && i.expiresAt.getTime() > at.getTime()

/** The target is an administrator (or not an athlete): impersonation is for athletes only. */
export class ImpersonationTargetNotAllowed extends DomainError<ImpersonationTargetNotAllowed>()("ImpersonationTargetNotAllowed", { kind: "forbidden", code: "IMPERSONATION_TARGET_NOT_ALLOWED" }, {
  targetId: Schema.String
}) {
  override get message() {
    return "Administrators cannot be impersonated"
  }
}

/** No athlete with that id. */
export class ImpersonationTargetNotFound extends DomainError<ImpersonationTargetNotFound>()("ImpersonationTargetNotFound", { kind: "not-found" }, {
  targetId: Schema.String
}) {
  override get message() {
    return `No user ${this.targetId}`
  }
}

/** The caller is itself impersonating (a token with `act`): impersonations do not chain. */
export class ImpersonationChainRefused extends DomainError<ImpersonationChainRefused>()("ImpersonationChainRefused", { kind: "forbidden", code: "IMPERSONATION_CHAIN_REFUSED" }) {
  override get message() {
    return "An impersonation token cannot start another impersonation"
  }
}

/** Nothing to end: no open impersonation of the caller, or not the caller's. */
export class ImpersonationNotFound extends DomainError<ImpersonationNotFound>()("ImpersonationNotFound", { kind: "not-found", code: "IMPERSONATION_NOT_FOUND" }) {
  override get message() {
    return "No active impersonation"
  }
}

/** The named impersonation has already ended (or expired). */
export class ImpersonationAlreadyEnded extends DomainError<ImpersonationAlreadyEnded>()("ImpersonationAlreadyEnded", { kind: "conflict", code: "IMPERSONATION_ALREADY_ENDED" }, {
  impersonationId: Schema.String
}) {
  override get message() {
    return "This impersonation has already ended"
  }
}

/** Two impersonations of one admin started at the same moment; retry. */
export class ImpersonationConcurrentStart extends DomainError<ImpersonationConcurrentStart>()("ImpersonationConcurrentStart", { kind: "conflict", code: "IMPERSONATION_CONCURRENT_START" }) {
  override get message() {
    return "Another impersonation of this admin started at the same time; retry"
  }
}
