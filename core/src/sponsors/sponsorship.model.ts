/**
 * Sponsorship (B "Deals", "Sponsor accounts" contracts and attachments; A section 3). One model:
 * a brand proposes a deal on a target (event, challenge or club); admins review, counter, reject
 * or accept it; an accepted deal waits for the brand's signed contract (CONTRACT_PENDING →
 * CONTRACT_UPLOADED) and its activation creates the deal's contract, ACTIVE, and attaches the
 * brand to the target, in one transaction. Admins may also create a contract directly (DRAFT,
 * then activate). An ACTIVE contract has exactly one ACTIVE attachment; ending or cancelling the
 * contract ends or cancels the attachment with it, and every attachment status change is a
 * history row.
 */
import { defineMoves, DomainError, type SponsorAttachmentStatus, type SponsorContractStatus, type SponsorshipDealStatus } from "@podium/kernel"
import { Schema } from "effect"

export const SponsorshipDealMoves = defineMoves<SponsorshipDealStatus>()({ machine: "sponsorship deal", code: "SPONSORSHIP_DEAL_MOVE_REFUSED" }, {
  underReview: { from: ["PROPOSED"], to: "UNDER_REVIEW" },
  accept: { from: ["PROPOSED", "UNDER_REVIEW"], to: "CONTRACT_PENDING" },
  // A counter goes back to the brand with notes; A section 3 gives COUNTERED no way forward but
  // rejection, so a brand that agrees proposes again at the countered amount (a new deal).
  counter: { from: ["PROPOSED", "UNDER_REVIEW"], to: "COUNTERED" },
  // A club declining a deal on itself ends it like an admin's rejection (the reason is the club's).
  reject: { from: ["PROPOSED", "UNDER_REVIEW", "COUNTERED"], to: "REJECTED" },
  // The brand's signed contract; a second upload is refused (the admin activates what was uploaded).
  uploadContract: { from: ["CONTRACT_PENDING"], to: "CONTRACT_UPLOADED" },
  activate: { from: ["CONTRACT_UPLOADED"], to: "ACTIVE" }
})
export type SponsorshipDealMove = keyof typeof SponsorshipDealMoves.table

export const SponsorContractMoves = defineMoves<SponsorContractStatus>()({ machine: "sponsor contract", code: "SPONSOR_CONTRACT_MOVE_REFUSED" }, {
  activate: { from: ["DRAFT"], to: "ACTIVE" },
  // A contract never activated may be cancelled too (it simply never attached anything).
  cancel: { from: ["DRAFT", "ACTIVE"], to: "CANCELLED" },
  end: { from: ["ACTIVE"], to: "ENDED" }
})
export type SponsorContractMove = keyof typeof SponsorContractMoves.table

/** The attachment's status once its contract made a move. */
export const attachmentStatusAfter: Readonly<Record<"cancel" | "end", SponsorAttachmentStatus>> = { cancel: "CANCELLED", end: "ENDED" }

export class SponsorshipDealNotFound extends DomainError<SponsorshipDealNotFound>()("SponsorshipDealNotFound", { kind: "not-found", code: "SPONSORSHIP_DEAL_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Sponsorship deal not found"
  }
}

export class SponsorContractNotFound extends DomainError<SponsorContractNotFound>()("SponsorContractNotFound", { kind: "not-found", code: "SPONSOR_CONTRACT_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Sponsor contract not found"
  }
}

export class SponsorAttachmentNotFound extends DomainError<SponsorAttachmentNotFound>()("SponsorAttachmentNotFound", { kind: "not-found", code: "SPONSOR_ATTACHMENT_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Sponsor attachment not found"
  }
}

/** The event, challenge or club a deal or contract names does not exist. */
export class SponsorshipTargetNotFound extends DomainError<SponsorshipTargetNotFound>()("SponsorshipTargetNotFound", { kind: "not-found", code: "SPONSORSHIP_TARGET_NOT_FOUND" }, {
  targetType: Schema.String,
  targetId: Schema.String
}) {
  override get message() {
    return `The ${this.targetType} to sponsor was not found`
  }
}

/** An admin may accept a club deal only once the club accepted it (409). */
export class ClubAcceptanceRequired extends DomainError<ClubAcceptanceRequired>()("ClubAcceptanceRequired", { kind: "conflict", code: "CLUB_ACCEPTANCE_REQUIRED" }, {
  dealId: Schema.String
}) {
  override get message() {
    return "The club has not accepted this sponsorship yet"
  }
}

/** The club already answered the proposal, or the deal left the stages where the club answers (409). */
export class ClubProposalAlreadyDecided extends DomainError<ClubProposalAlreadyDecided>()("ClubProposalAlreadyDecided", { kind: "conflict", code: "SPONSORSHIP_PROPOSAL_ALREADY_DECIDED" }, {
  dealId: Schema.String
}) {
  override get message() {
    return "This proposal was already decided"
  }
}

/** The target already has an ACTIVE attachment of this brand (one sponsorship per brand and target at a time). */
export class SponsorAlreadyAttached extends DomainError<SponsorAlreadyAttached>()("SponsorAlreadyAttached", { kind: "conflict", code: "SPONSOR_ALREADY_ATTACHED" }, {
  brandId: Schema.String,
  targetId: Schema.String
}) {
  override get message() {
    return "The brand already sponsors this target under an active contract"
  }
}

/** Goodie auto-award is configured only on an ACTIVE attachment (409). */
export class SponsorAttachmentNotActive extends DomainError<SponsorAttachmentNotActive>()("SponsorAttachmentNotActive", { kind: "conflict", code: "SPONSOR_ATTACHMENT_NOT_ACTIVE" }, {
  id: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return `The attachment is ${this.status}; only an ACTIVE attachment awards goodies`
  }
}
