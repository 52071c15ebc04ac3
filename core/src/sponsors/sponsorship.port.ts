/** The sponsorship repository: deals, contracts, attachments with their history, goodie auto-award configs (Postgres adapter in @podium/postgres, memory twin in testing). */
import type {
  ClubSponsorshipDecision,
  GoodieAudience,
  GoodieAutoAwardConfig,
  MoveRefused,
  SponsorAttachment,
  SponsorAttachmentHistoryEntry,
  SponsorAttachmentStatus,
  SponsorContract,
  SponsorContractStatus,
  SponsorshipDeal,
  SponsorshipDealStatus,
  SponsorshipTargetType
} from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { SponsorAlreadyAttached, SponsorContractMove, SponsorContractNotFound, SponsorshipDealMove, SponsorshipDealNotFound } from "./sponsorship.model.js"

export interface Target {
  readonly targetType: SponsorshipTargetType
  readonly targetId: string
}

import type { Paged, PageWindow } from "../platform/paged.js"

export type { Paged, PageWindow }

/** What a deal move writes besides the status (absent fields are kept). */
export interface DealMoveSet {
  readonly counterAmount?: number
  readonly counterNotes?: string
  readonly rejectionReason?: string
  readonly contractDocumentKey?: string
  readonly contractId?: string
}

export class SponsorshipRepo extends Context.Tag("@podium/core/sponsors/SponsorshipRepo")<SponsorshipRepo, {
  readonly createDeal: (input: Target & {
    readonly brandId: string
    readonly amount: number
    readonly terms: string
    readonly clubDecision: ClubSponsorshipDecision | null
    readonly proposedBy: string
  }) => Effect.Effect<SponsorshipDeal>
  readonly findDeal: (id: string) => Effect.Effect<Option.Option<SponsorshipDeal>>
  /** Deals newest first. */
  readonly listDeals: (filter: {
    readonly brandId?: string | undefined
    readonly status?: SponsorshipDealStatus | undefined
    readonly targetType?: SponsorshipTargetType | undefined
    readonly targetId?: string | undefined
  }, page: PageWindow) => Effect.Effect<Paged<SponsorshipDeal>>
  /** A brand's deals counted by status. */
  readonly dealCounts: (brandId: string) => Effect.Effect<ReadonlyArray<{ readonly status: SponsorshipDealStatus; readonly count: number }>>
  /** The move as one conditional update. */
  readonly moveDeal: (id: string, move: SponsorshipDealMove, set: DealMoveSet) => Effect.Effect<SponsorshipDeal, SponsorshipDealNotFound | MoveRefused>
  /**
   * The club's answer as one conditional update (club decision still PENDING, deal still PROPOSED,
   * UNDER_REVIEW or COUNTERED); a decline also rejects the deal with the club's reason. None when
   * the condition no longer holds.
   */
  /** Records the contract an activation created on its deal. */
  readonly linkDealContract: (dealId: string, contractId: string) => Effect.Effect<SponsorshipDeal>
  readonly decideAsClub: (id: string, decision: "ACCEPTED" | "DECLINED", reason: string | null) => Effect.Effect<Option.Option<SponsorshipDeal>>

  readonly createContract: (input: Target & {
    readonly brandId: string
    readonly dealId: string | null
    readonly title: string
    readonly amount: number
    readonly status: "DRAFT" | "ACTIVE"
    readonly createdBy: string
  }) => Effect.Effect<SponsorContract>
  readonly findContract: (id: string) => Effect.Effect<Option.Option<SponsorContract>>
  /** Contracts newest first. */
  readonly listContracts: (filter: {
    readonly brandId?: string | undefined
    readonly target?: Target | undefined
    readonly statuses?: ReadonlyArray<SponsorContractStatus> | undefined
  }) => Effect.Effect<ReadonlyArray<SponsorContract>>
  readonly moveContract: (id: string, move: SponsorContractMove, reason: string | null) => Effect.Effect<SponsorContract, SponsorContractNotFound | MoveRefused>

  /** Attaches the contract's brand to its target (ACTIVE, with its first history row); one ACTIVE attachment per brand and target. */
  readonly attach: (contract: SponsorContract, actor: string) => Effect.Effect<SponsorAttachment, SponsorAlreadyAttached>
  /** Closes the contract's ACTIVE attachment (with a history row); none when it has none. */
  readonly closeAttachment: (contractId: string, to: SponsorAttachmentStatus, reason: string | null, actor: string) => Effect.Effect<Option.Option<SponsorAttachment>>
  readonly findAttachment: (id: string) => Effect.Effect<Option.Option<SponsorAttachment>>
  readonly findActiveAttachment: (brandId: string, target: Target) => Effect.Effect<Option.Option<SponsorAttachment>>
  /** Attachments oldest first. */
  readonly listAttachments: (filter: {
    readonly brandId?: string | undefined
    readonly target?: Target | undefined
    readonly status?: SponsorAttachmentStatus | undefined
  }) => Effect.Effect<ReadonlyArray<SponsorAttachment>>
  /** An attachment's status changes, oldest first. */
  readonly history: (attachmentId: string) => Effect.Effect<ReadonlyArray<SponsorAttachmentHistoryEntry>>

  readonly findGoodieConfig: (attachmentId: string) => Effect.Effect<Option.Option<GoodieAutoAwardConfig>>
  /** Configs of every attachment that has one, most recently updated first. */
  readonly listGoodieConfigs: (page: PageWindow) => Effect.Effect<Paged<GoodieAutoAwardConfig>>
  readonly saveGoodieConfig: (config: {
    readonly sponsorAttachmentId: string
    readonly enabled: boolean
    readonly goodieName: string | null
    readonly audience: GoodieAudience | null
    readonly topN: number | null
    readonly quantityPerAthlete: number
    readonly updatedBy: string
  }) => Effect.Effect<GoodieAutoAwardConfig>
}>() {}
