/** The club KYC repository (Postgres adapter in @podium/postgres, memory twin in @podium/core/testing). */
import { Context, type Effect, type Option } from "effect"
import type { SealedBankAccount } from "../payments/bank-account.model.js"
import type { ClubBankCheck, ClubKyc, ClubKycDocuments, ClubKycStatus, ClubPanCheck } from "./club-kyc.model.js"

/** Fields a save may change; absent keys stay; `documents` are merged over the stored ones. */
export interface ClubKycPatch {
  readonly bankAccount?: { readonly account: SealedBankAccount; readonly fingerprint: string }
  readonly ifscCode?: string
  readonly accountHolderName?: string
  readonly panNumber?: string
  readonly panName?: string
  readonly documents?: ClubKycDocuments
  readonly bankCheck?: ClubBankCheck
  readonly panCheck?: ClubPanCheck
}

/** When a save may apply. */
export interface ClubKycGuard {
  /** The stored KYC must be in one of these states (a new one is created DRAFT). */
  readonly editable: ReadonlyArray<ClubKycStatus>
  /** When given, the stored account fingerprint must still be this one (null: no account saved). */
  readonly fingerprint?: string | null
}

export interface ClubKycQueueQuery {
  readonly status: ClubKycStatus
  readonly limit: number
  readonly offset: number
}

export class ClubKycRepo extends Context.Tag("@podium/core/clubs/ClubKycRepo")<ClubKycRepo, {
  readonly findById: (id: string) => Effect.Effect<Option.Option<ClubKyc>>
  readonly findByClub: (clubId: string) => Effect.Effect<Option.Option<ClubKyc>>
  /**
   * Creates the club's KYC (DRAFT) with the patch, or applies the patch to the stored one while
   * the guard holds (one conditional statement: a concurrent lock or account change makes it
   * answer none, never half-apply). `created` says which.
   */
  readonly save: (clubId: string, patch: ClubKycPatch, guard: ClubKycGuard) => Effect.Effect<Option.Option<{ readonly kyc: ClubKyc; readonly created: boolean }>>
  /**
   * Moves the status only while it is one of `from` (and, when given, the account fingerprint is
   * still `fingerprint`): of two concurrent moves exactly one wins. Sets the review reason, the
   * reviewer, and `submittedAt` when moving to UNDER_REVIEW. None when the guard fails.
   */
  readonly transition: (
    id: string,
    from: ReadonlyArray<ClubKycStatus>,
    to: ClubKycStatus,
    review: { readonly reason: string | null; readonly reviewedBy: string | null; readonly at: Date; readonly fingerprint?: string }
  ) => Effect.Effect<Option.Option<ClubKyc>>
  /** One page of KYCs in a status (oldest submission first) and the total. */
  readonly list: (query: ClubKycQueueQuery) => Effect.Effect<{ readonly items: ReadonlyArray<ClubKyc>; readonly total: number }>
}>() {}
