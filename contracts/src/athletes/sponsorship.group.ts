/**
 * Sponsorship (B "Sponsors / Deals", "Sponsor accounts" contracts, attachments and metrics, "Goodies"
 * auto-award config; C "Event configuration: sponsors", "Club sponsorship"). The model: a brand
 * proposes a deal on an event, a challenge or a club; admins (`sponsors.manage`) review, counter,
 * reject or accept it; the brand uploads the signed contract; the activation creates the deal's
 * ACTIVE contract and attaches the brand to its target. Admins may also contract a brand directly
 * (DRAFT → activate). Ending or cancelling a contract ends or cancels its attachment.
 *
 * The spec lists no brand-side route to propose a deal, list its deals or upload the contract that
 * moves a deal to CONTRACT_UPLOADED, so those three are additions under `/v2/sponsor/brands/{brandId}`
 * (the sponsor workspace's prefix); the caller must hold an ACTIVE account of the APPROVED brand.
 */
import { HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import {
  Body,
  Bool,
  Form,
  GoodieAudience,
  GoodieAutoAwardConfig,
  Instant,
  IntBetween,
  Optional,
  Query,
  says,
  SponsorAttachment,
  SponsorAttachmentHistoryEntry,
  SponsorBrandStatus,
  SponsorContract,
  SponsorContractStatus,
  SponsorshipDeal,
  SponsorshipDealStatus,
  SponsorshipTargetType,
  StrLength,
  UuidStr
} from "@podium/kernel"
import { Option, Schema } from "effect"
import { AdminPermission, Authenticated, BrandAccountHolders, ClubManagers, op, OrganizerReaders, PageOf, PageParams, Requires } from "../common/index.js"

/** Up to ₹10 crore in paise: far above any sponsorship the platform handles, below float precision limits. */
const Amount = IntBetween(1, 10_000_000_000)
const Reason = StrLength(10, 500)

const DealPath = Schema.Struct({ dealId: Schema.String })
const BrandPath = Schema.Struct({ brandId: Schema.String })
const BrandDealPath = Schema.Struct({ brandId: Schema.String, dealId: Schema.String })
const ContractPath = Schema.Struct({ contractId: Schema.String })

export const ProposeSponsorshipDealBody = Body({ targetType: SponsorshipTargetType, targetId: UuidStr, amount: Amount, terms: StrLength(10, 5000) })

/** The signed contract, a PDF of at most 10 MB, as multipart/form-data field `file`. */
export const SponsorshipContractForm = HttpApiSchema.Multipart(
  Form({ file: Optional(Multipart.SingleFileSchema.annotations(says("must be a single file"))) }),
  { maxFileSize: Option.some(12 * 1024 * 1024), maxParts: Option.some(4), maxFieldSize: 16 * 1024 }
)

export class BrandSponsorshipDealsGroup extends HttpApiGroup.make("brandSponsorshipDeals")
  .add(op.post("proposeSponsorshipDeal", "/v2/sponsor/brands/:brandId/sponsorship-deals", { path: BrandPath, body: ProposeSponsorshipDealBody, ok: SponsorshipDeal, status: 201, summary: "The brand proposes to sponsor an event, a challenge or a club (PROPOSED; an addition: the spec shows no brand-side proposal route)" }).annotate(OpenApi.Description, "403 unless the caller holds an ACTIVE account of the brand; 403 SPONSOR_BRAND_NOT_APPROVED while the brand is not APPROVED; 404 SPONSORSHIP_TARGET_NOT_FOUND. A club deal waits for the club's acceptance before admins accept it."))
  .add(op.get("brandSponsorshipDeals", "/v2/sponsor/brands/:brandId/sponsorship-deals", { path: BrandPath, query: Query({ status: Optional(SponsorshipDealStatus), ...PageParams }), ok: PageOf(SponsorshipDeal), summary: "The brand's deals, newest first, with counter notes and rejection reasons verbatim (an addition)" }))
  .add(op.post("uploadSponsorshipDealContract", "/v2/sponsor/brands/:brandId/sponsorship-deals/:dealId/contract", { path: BrandDealPath, body: SponsorshipContractForm, ok: SponsorshipDeal, summary: "Upload the signed contract of an accepted deal (CONTRACT_PENDING → CONTRACT_UPLOADED; PDF, 10 MB; an addition)" }).annotate(OpenApi.Description, "The file is checked by its content, not its declared type. 409 SPONSORSHIP_DEAL_MOVE_REFUSED from any other status."))
  .middleware(BrandAccountHolders)
  .annotate(OpenApi.Title, "Sponsor: sponsorship deals")
{}

const AdminDealsQuery = Query({ status: Optional(SponsorshipDealStatus), brandId: Optional(UuidStr), targetType: Optional(SponsorshipTargetType), ...PageParams })

export class AdminSponsorshipDealsGroup extends HttpApiGroup.make("adminSponsorshipDeals")
  .add(op.get("adminSponsorshipDeals", "/v2/admin/sponsorship-deals", { query: AdminDealsQuery, ok: PageOf(SponsorshipDeal), summary: "Deals, newest first (default status PROPOSED; ?brandId, ?targetType)" }))
  .add(op.post("acceptSponsorshipDeal", "/v2/admin/sponsorship-deals/:dealId/accept", { path: DealPath, ok: SponsorshipDeal, summary: "Accept a deal (PROPOSED or UNDER_REVIEW → CONTRACT_PENDING)" }).annotate(OpenApi.Description, "409 CLUB_ACCEPTANCE_REQUIRED for a club deal the club has not accepted; 409 SPONSORSHIP_DEAL_MOVE_REFUSED from any other status."))
  .add(op.post("activateSponsorshipDeal", "/v2/admin/sponsorship-deals/:dealId/activate", { path: DealPath, ok: SponsorshipDeal, summary: "Activate a deal (CONTRACT_UPLOADED → ACTIVE): creates its ACTIVE contract and attaches the brand to the target" }).annotate(OpenApi.Description, "409 SPONSORSHIP_DEAL_MOVE_REFUSED from any other status; 409 SPONSOR_ALREADY_ATTACHED when the brand already sponsors the target under another active contract."))
  .add(op.post("counterSponsorshipDeal", "/v2/admin/sponsorship-deals/:dealId/counter", { path: DealPath, body: Body({ amount: Amount, notes: Reason }), ok: SponsorshipDeal, summary: "Counter a deal (PROPOSED or UNDER_REVIEW → COUNTERED); amount > 0, notes 10-500 characters returned verbatim to the brand" }))
  .add(op.post("rejectSponsorshipDeal", "/v2/admin/sponsorship-deals/:dealId/reject", { path: DealPath, body: Body({ reason: Reason }), ok: SponsorshipDeal, summary: "Reject a deal (PROPOSED, UNDER_REVIEW or COUNTERED → REJECTED) with a reason of 10-500 characters" }))
  .add(op.post("reviewSponsorshipDeal", "/v2/admin/sponsorship-deals/:dealId/under-review", { path: DealPath, ok: SponsorshipDeal, summary: "Take a deal under review (PROPOSED → UNDER_REVIEW)" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("sponsors.manage"))
  .annotate(OpenApi.Title, "Admin: sponsorship deals")
{}

export const SponsorBrandMetricsView = Schema.Struct({
  brandId: Schema.String,
  brandStatus: SponsorBrandStatus,
  deals: Schema.Struct({ total: Schema.Number, byStatus: Schema.Record({ key: Schema.String, value: Schema.Number }) }),
  contracts: Schema.Struct({ total: Schema.Number, draft: Schema.Number, active: Schema.Number, ended: Schema.Number, cancelled: Schema.Number }),
  contractedAmount: Schema.Number,
  currency: Schema.Literal("INR"),
  activeAttachments: Schema.Struct({ total: Schema.Number, events: Schema.Number, challenges: Schema.Number, clubs: Schema.Number })
}).annotations({ identifier: "SponsorBrandMetrics" })

export const SponsorAttachmentHistoryView = Schema.Struct({ attachment: SponsorAttachment, items: Schema.Array(SponsorAttachmentHistoryEntry) })
  .annotations({ identifier: "SponsorAttachmentHistory" })

const base = "/v2/admin/sponsors"

export class AdminSponsorContractsGroup extends HttpApiGroup.make("adminSponsorContracts")
  .add(op.get("sponsorBrandContracts", `${base}/brands/:brandId/contracts`, { path: BrandPath, ok: Schema.Struct({ items: Schema.Array(SponsorContract), total: Schema.Number }), summary: "A brand's contracts, newest first" }))
  .add(op.post("createSponsorContract", `${base}/brands/:brandId/contracts`, { path: BrandPath, body: Body({ targetType: SponsorshipTargetType, targetId: UuidStr, title: StrLength(3, 200), amount: Amount }), ok: SponsorContract, status: 201, summary: "Contract an APPROVED brand directly (DRAFT until activated)" }).annotate(OpenApi.Description, "403 SPONSOR_BRAND_NOT_APPROVED; 404 SPONSORSHIP_TARGET_NOT_FOUND."))
  .add(op.post("activateSponsorContract", `${base}/contracts/:contractId/activate`, { path: ContractPath, ok: SponsorContract, summary: "Activate a contract (DRAFT → ACTIVE) and attach the brand to its target" }).annotate(OpenApi.Description, "409 SPONSOR_CONTRACT_MOVE_REFUSED from any other status; 409 SPONSOR_ALREADY_ATTACHED when the brand already sponsors the target."))
  .add(op.post("cancelSponsorContract", `${base}/contracts/:contractId/cancel`, { path: ContractPath, body: Body({ reason: Reason }), ok: SponsorContract, summary: "Cancel a contract (DRAFT or ACTIVE → CANCELLED, reason 10-500); its attachment is cancelled with it" }))
  .add(op.post("endSponsorContract", `${base}/contracts/:contractId/end`, { path: ContractPath, ok: SponsorContract, summary: "End a contract that ran its course (ACTIVE → ENDED); its attachment ends with it" }))
  .add(op.get("sponsorBrandMetrics", `${base}/brands/:brandId/metrics`, { path: BrandPath, ok: SponsorBrandMetricsView, summary: "A brand's deals by status, contracts by status, contracted money (ACTIVE and ENDED contracts) and active attachments" }))
  .add(op.get("sponsorAttachmentHistory", `${base}/attachments/:id/history`, { path: Schema.Struct({ id: Schema.String }), ok: SponsorAttachmentHistoryView, summary: "An attachment and every status change it went through, oldest first" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("sponsors.manage"))
  .annotate(OpenApi.Title, "Admin: sponsor contracts")
{}

/** A partial update; switching the audience away from TOP_N clears topN, and `enabled: false` switches the award off. */
export const GoodieAutoAwardPatchBody = Body({
  enabled: Optional(Bool),
  goodieName: Optional(StrLength(2, 120)),
  audience: Optional(GoodieAudience),
  topN: Optional(IntBetween(1, 1000)),
  quantityPerAthlete: Optional(IntBetween(1, 10))
})

export class AdminGoodiesAutoAwardGroup extends HttpApiGroup.make("adminGoodiesAutoAward")
  .add(op.get("goodieAutoAwardConfig", "/v2/admin/goodies/auto-award-config", { query: Query({ sponsorAttachmentId: UuidStr }), ok: GoodieAutoAwardConfig, summary: "The goodie an attachment's brand awards automatically (disabled until configured)" }))
  .add(op.patch("updateGoodieAutoAwardConfig", "/v2/admin/goodies/auto-award-config/:sponsorAttachmentId", { path: Schema.Struct({ sponsorAttachmentId: Schema.String }), body: GoodieAutoAwardPatchBody, ok: GoodieAutoAwardConfig, summary: "Update an ACTIVE attachment's auto-award goodie (who gets it: FINISHERS, TOP_N with topN, ALL_PARTICIPANTS)" }).annotate(OpenApi.Description, "409 SPONSOR_ATTACHMENT_NOT_ACTIVE once the attachment ended or was cancelled."))
  .add(op.get("goodieAutoAwardConfigs", "/v2/admin/goodies/auto-award-config/list", { query: Query({ ...PageParams }), ok: PageOf(GoodieAutoAwardConfig), summary: "Every configured attachment, most recently updated first" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("sponsors.manage"))
  .annotate(OpenApi.Title, "Admin: goodies auto-award")
{}

export const EventSponsorsView = Schema.Struct({
  eventId: Schema.String,
  items: Schema.Array(Schema.Struct({ attachmentId: Schema.String, contractId: Schema.String, brandId: Schema.String, brandName: Schema.String, since: Instant })),
  total: Schema.Number
}).annotations({ identifier: "EventSponsors" })

export class OrganizerEventSponsorsGroup extends HttpApiGroup.make("organizerEventSponsors")
  .add(op.get("organizerEventSponsors", "/v2/organizers/events/:eventId/sponsors", { path: Schema.Struct({ eventId: UuidStr }), ok: EventSponsorsView, summary: "The brands sponsoring the event under an ACTIVE contract, with their names" }).middleware(OrganizerReaders))
  .annotate(OpenApi.Title, "Events / Sponsors")
{}

export const ClubSponsorshipEarning = Schema.Struct({
  contractId: Schema.String,
  brandId: Schema.String,
  brandName: Schema.String,
  dealId: Schema.NullOr(Schema.String),
  title: Schema.String,
  status: SponsorContractStatus,
  amount: Schema.Number,
  /** The contract amount once it ran (ACTIVE or ENDED); 0 when cancelled. */
  earnedAmount: Schema.Number,
  currency: Schema.Literal("INR"),
  activatedAt: Schema.NullOr(Instant),
  closedAt: Schema.NullOr(Instant)
}).annotations({ identifier: "ClubSponsorshipEarning" })

const ClubPath = Schema.Struct({ clubId: Schema.String })
const ProposalPath = Schema.Struct({ clubId: Schema.String, proposalId: Schema.String })

export class ClubSponsorshipGroup extends HttpApiGroup.make("clubSponsorship")
  .add(op.get("clubSponsorshipEarnings", "/v2/clubs/:clubId/sponsorship-earnings", { path: ClubPath, ok: Schema.Struct({ clubId: Schema.String, items: Schema.Array(ClubSponsorshipEarning), total: Schema.Number, totalEarned: Schema.Number, currency: Schema.Literal("INR") }), summary: "What the club earns from its sponsorship contracts, newest first" }))
  .add(op.get("clubSponsorshipEarning", "/v2/clubs/:clubId/sponsorship-earnings/:contractId", { path: Schema.Struct({ clubId: Schema.String, contractId: Schema.String }), ok: ClubSponsorshipEarning, summary: "One contract's earning (404 SPONSOR_CONTRACT_NOT_FOUND for another club's)" }))
  .add(op.get("clubSponsorshipProposals", "/v2/clubs/:clubId/sponsorship-proposals", { path: ClubPath, query: Query({ status: Optional(SponsorshipDealStatus), ...PageParams }), ok: PageOf(SponsorshipDeal), summary: "Brands' deals proposed to the club, newest first" }))
  .add(op.get("clubSponsorshipProposal", "/v2/clubs/:clubId/sponsorship-proposals/:proposalId", { path: ProposalPath, ok: SponsorshipDeal, summary: "One proposal (404 SPONSORSHIP_DEAL_NOT_FOUND for another club's)" }))
  .add(op.post("acceptClubSponsorshipProposal", "/v2/clubs/:clubId/sponsorship-proposals/:proposalId/accept", { path: ProposalPath, ok: SponsorshipDeal, summary: "The club accepts the proposal (its decision ACCEPTED; admins may then accept the deal)" }).annotate(OpenApi.Description, "409 SPONSORSHIP_PROPOSAL_ALREADY_DECIDED once the club answered or the deal left review; of two concurrent answers one wins."))
  .add(op.post("declineClubSponsorshipProposal", "/v2/clubs/:clubId/sponsorship-proposals/:proposalId/decline", { path: ProposalPath, body: Body({ reason: Reason }), ok: SponsorshipDeal, summary: "The club declines the proposal: the deal is REJECTED with the club's reason (10-500 characters)" }).annotate(OpenApi.Description, "409 SPONSORSHIP_PROPOSAL_ALREADY_DECIDED once the club answered or the deal left review."))
  .middleware(ClubManagers)
  .annotate(OpenApi.Title, "Clubs / Club sponsorship")
{}
