/**
 * Crew join codes (C "Crew join codes"): an organizer's OWNER or ADMIN creates codes (optional
 * label, expiry and maximum uses), edits or revokes them; volunteers preview a code (public) and
 * redeem it with their phone or e-mail, which creates their crew member row for that organizer
 * (or links the row they already have there), so crew sign-in works for them. Redemption is
 * atomic: the code row is locked, so concurrent redemptions never exceed `maxUses`.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

export const CrewJoinCode = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  code: Schema.String,
  label: Schema.NullOr(Schema.String),
  expiresAt: Schema.NullOr(Schema.DateFromSelf),
  maxUses: Schema.NullOr(Schema.Number),
  uses: Schema.Number,
  revokedAt: Schema.NullOr(Schema.DateFromSelf),
  createdBy: Schema.NullOr(Schema.String),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface CrewJoinCode extends Schema.Schema.Type<typeof CrewJoinCode> {}

export type CrewJoinCodeStatus = "ACTIVE" | "EXPIRED" | "REVOKED" | "EXHAUSTED"

export const crewJoinCodeStatus = (c: CrewJoinCode, now: Date): CrewJoinCodeStatus =>
  c.revokedAt !== null
    ? "REVOKED"
    : c.expiresAt !== null && c.expiresAt.getTime() <= now.getTime()
    ? "EXPIRED"
    : c.maxUses !== null && c.uses >= c.maxUses
    ? "EXHAUSTED"
    : "ACTIVE"

/** Codes are 10 characters of upper-case letters and digits; lookups ignore case and spaces/dashes. */
export const normalizeJoinCode = (code: string) => code.replace(/[\s-]+/g, "").toUpperCase()

export class CrewJoinCodeNotFound extends DomainError<CrewJoinCodeNotFound>()("CrewJoinCodeNotFound", { kind: "not-found" }) {
  override get message() {
    return "Join code not found"
  }
}

/** The code exists but cannot be used (409 JOIN_CODE_EXPIRED / JOIN_CODE_REVOKED / JOIN_CODE_EXHAUSTED). */
export class CrewJoinCodeUnusable extends DomainError<CrewJoinCodeUnusable>()("CrewJoinCodeUnusable", { kind: "conflict", code: (e) => `JOIN_CODE_${e.status}` }, {
  status: Schema.Literal("EXPIRED", "REVOKED", "EXHAUSTED")
}) {
  override get message() {
    return this.status === "EXPIRED"
      ? "This join code has expired"
      : this.status === "REVOKED"
      ? "This join code has been revoked"
      : "This join code has reached its maximum number of uses"
  }
}
