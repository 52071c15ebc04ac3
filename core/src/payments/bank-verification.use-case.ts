/**
 * Bank verification (C "Bank verification"): IFSC lookup and penny-drop account validation through
 * the `BankVerifier` port. A penny drop deposits real money and costs a provider fee, so each
 * signed-in user gets `PennyDropRule` attempts per window (Redis sliding window; denied attempts
 * are not counted). Both outcomes answer 200: `{verified: true, accountExists, accountHolderName,
 * utr, amountDeposited, transactionId}` or `{verified: false, reason, message}`.
 */
import { DomainError } from "@podium/kernel"
import { Effect, Option, Schema } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { RateLimiter } from "../platform/rate-limiter.port.js"
import { BankVerifier } from "./bank-verifier.port.js"

/** The IFSC format: 4 bank letters, a zero, 6 branch characters. */
export const IfscPattern = /^[A-Z]{4}0[A-Z0-9]{6}$/

/** Penny drops per user: 5 per hour (decision: enough to fix a typo twice, not enough to farm accounts). */
export const PennyDropRule = { limit: 5, window: "1 hour" } as const

export class IfscNotFound extends DomainError<IfscNotFound>()("IfscNotFound", { kind: "not-found", code: "IFSC_NOT_FOUND" }, { ifsc: Schema.String }) {
  override get message() {
    return `No bank branch has IFSC ${this.ifsc}`
  }
}

/** Too many penny drops by this user (429 BANK_VERIFICATION_RATE_LIMITED, with Retry-After seconds). */
export class PennyDropRateLimited extends DomainError<PennyDropRateLimited>()("PennyDropRateLimited", { kind: "rate-limited", code: "BANK_VERIFICATION_RATE_LIMITED" }, {
  retryAfterSeconds: Schema.Number
}) {
  override get message() {
    return `Too many bank verifications; try again in ${this.retryAfterSeconds} seconds`
  }
}

/** The branch of an IFSC (format checked by the contract; unknown → IfscNotFound). */
export const lookupIfsc = Effect.fn("payments.bank.lookupIfsc")(function*(ifsc: string) {
  const upper = ifsc.toUpperCase()
  const found = yield* Effect.flatMap(BankVerifier, (v) => v.lookupIfsc(upper))
  if (Option.isNone(found)) return yield* new IfscNotFound({ ifsc: upper })
  return found.value
})

/** A penny drop to the account, rate-limited per user. */
export const verifyBankAccount = Effect.fn("payments.bank.verify")(function*(
  principal: Principal,
  input: { readonly accountNumber: string; readonly ifsc: string; readonly accountHolderName?: string | undefined }
) {
  const decision = yield* Effect.flatMap(RateLimiter, (l) => l.hit(`bank-verify:${principal.accountKind}:${principal.accountId}`, PennyDropRule))
  if (!decision.allowed) return yield* new PennyDropRateLimited({ retryAfterSeconds: Math.max(1, Math.ceil(decision.retryAfterMs / 1000)) })
  return yield* Effect.flatMap(BankVerifier, (v) =>
    v.pennyDrop({
      accountNumber: input.accountNumber,
      ifsc: input.ifsc.toUpperCase(),
      ...(input.accountHolderName === undefined ? {} : { nameHint: input.accountHolderName })
    }))
})
