/** The business KYC repository (Postgres adapter in @podium/postgres, memory twin in @podium/core/testing). */
import { Context, type Effect, type Option, type Schema } from "effect"
import { BusinessKyc, type KycDocuments, type KycStatus, type SealedBankAccount } from "./kyc.model.js"

export const NewBusinessKyc = BusinessKyc.pick("organizerId", "bankAccount", "ifscCode", "websiteOrAppUrl", "businessDescription", "documents")
export interface NewBusinessKyc extends Schema.Schema.Type<typeof NewBusinessKyc> {}

/** Fields an update may change; absent keys stay; `documents` are merged over the stored ones. */
export interface BusinessKycPatch {
  readonly bankAccount?: SealedBankAccount
  readonly ifscCode?: string
  readonly websiteOrAppUrl?: string
  readonly businessDescription?: string
  readonly documents?: KycDocuments
}

export interface KycQueueQuery {
  readonly status: KycStatus
  readonly page: number
  readonly limit: number
}

export class KycRepo extends Context.Tag("@podium/core/organizers/KycRepo")<KycRepo, {
  /** Creates the organizer's KYC in UNDER_REVIEW; none when the organizer already has one. */
  readonly create: (input: NewBusinessKyc) => Effect.Effect<Option.Option<BusinessKyc>>
  readonly findById: (id: string) => Effect.Effect<Option.Option<BusinessKyc>>
  readonly findByOrganizer: (organizerId: string) => Effect.Effect<Option.Option<BusinessKyc>>
  /** Applies the patch only while the status is one of `from` (conditional update); none otherwise. */
  readonly update: (organizerId: string, patch: BusinessKycPatch, from: ReadonlyArray<KycStatus>) => Effect.Effect<Option.Option<BusinessKyc>>
  /**
   * Moves the status only while it is one of `from` (a conditional update: of two concurrent moves
   * exactly one wins); sets the review reason and reviewer. None when not in such a state.
   */
  readonly transition: (
    id: string,
    from: ReadonlyArray<KycStatus>,
    to: KycStatus,
    review: { readonly reason: string | null; readonly reviewedBy: string | null; readonly at: Date }
  ) => Effect.Effect<Option.Option<BusinessKyc>>
  /** One page of the admin queue (oldest submission first) and the total. */
  readonly list: (query: KycQueueQuery) => Effect.Effect<{ readonly rows: ReadonlyArray<BusinessKyc>; readonly total: number }>
  /** The KYCs of these organizers (admin verification lists). */
  readonly findByOrganizers: (organizerIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<BusinessKyc>>
  /** Organizer ids among `organizerIds` that carry the partner-A tag (B Verification). */
  readonly partnerATagged: (organizerIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<string>>
  /** Sets or clears the partner-A tag; false when the organizer does not exist. */
  readonly setPartnerATag: (organizerId: string, on: boolean) => Effect.Effect<boolean>
}>() {}
