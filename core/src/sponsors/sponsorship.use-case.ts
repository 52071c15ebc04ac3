/**
 * Sponsorship use cases (see sponsorship.model.ts for the model). Brands act through
 * `requireBrandActor` (an ACTIVE account of an APPROVED brand); admins (`sponsors.manage`, declared
 * on the endpoints) move deals and contracts; club OWNER/ADMINs answer deals on their club;
 * organizers read the sponsors attached to their events. Every state change is a conditional
 * update inside `Transactor.atomically`, with its audit row.
 */
import type { GoodieAudience, SponsorContract, SponsorContractStatus, SponsorshipDealStatus, SponsorshipTargetType } from "@podium/kernel"
import { Effect, Option } from "effect"
import { ChallengeRepo } from "../challenges/challenge.port.js"
import { ClubRepo } from "../clubs/club.port.js"
import { EventRepo } from "../events/event.port.js"
import type { Principal } from "../identity/principal.model.js"
import { BlobStore } from "../media/blob-store.port.js"
import { checkUpload, MiB, type Upload } from "../media/file-type.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { auditSubject } from "../platform/audit-subject.js"
import { Transactor } from "../platform/transactor.port.js"
import { type OrganizerActor, organizerEvent } from "../registrations/organizer-bookings.use-case.js"
import { SponsorInputInvalid } from "./sponsor.model.js"
import { SponsorBrandRepo } from "./sponsor.port.js"
import { auditAccountAct, findBrand, requireBrandActor } from "./sponsor.use-case.js"
import {
  attachmentStatusAfter,
  ClubAcceptanceRequired,
  ClubProposalAlreadyDecided,
  SponsorAlreadyAttached,
  SponsorAttachmentNotActive,
  SponsorAttachmentNotFound,
  SponsorContractNotFound,
  SponsorshipDealMoves,
  SponsorshipDealNotFound,
  SponsorshipTargetNotFound
} from "./sponsorship.model.js"
import { type PageWindow, SponsorshipRepo, type Target } from "./sponsorship.port.js"

const repo = SponsorshipRepo
const DealSubject = "sponsorship_deal"
const ContractSubject = "sponsor_contract"
const actorText = (p: Principal) => `${p.accountKind}:${p.accountId}`
const windowOf = (page: { readonly page: number; readonly limit: number }): PageWindow => ({ limit: page.limit, offset: (page.page - 1) * page.limit })

/** The target must exist (404 SPONSORSHIP_TARGET_NOT_FOUND). */
const requireTarget = Effect.fn("sponsors.requireTarget")(function*(target: Target) {
  const found = !isUuid(target.targetId)
    ? false
    : target.targetType === "event"
    ? Option.isSome(yield* Effect.flatMap(EventRepo, (r) => r.findById(target.targetId)))
    : target.targetType === "challenge"
    ? Option.isSome(yield* Effect.flatMap(ChallengeRepo, (r) => r.findById(target.targetId)))
    : Option.isSome(yield* Effect.flatMap(ClubRepo, (r) => r.findById(target.targetId)))
  if (!found) return yield* new SponsorshipTargetNotFound(target)
})

export const findDeal = Effect.fn("sponsors.findDeal")(function*(id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(repo, (r) => r.findDeal(id)) : Option.none()
  if (Option.isNone(found)) return yield* new SponsorshipDealNotFound({ id })
  return found.value
})

export const findContract = Effect.fn("sponsors.findContract")(function*(id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(repo, (r) => r.findContract(id)) : Option.none()
  if (Option.isNone(found)) return yield* new SponsorContractNotFound({ id })
  return found.value
})

export const findAttachment = Effect.fn("sponsors.findAttachment")(function*(id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(repo, (r) => r.findAttachment(id)) : Option.none()
  if (Option.isNone(found)) return yield* new SponsorAttachmentNotFound({ id })
  return found.value
})

// ---------------------------------------------------------------------------------------------
// Brand side

/**
 * A brand proposes a deal (PROPOSED). A deal on a club starts with the club's decision PENDING:
 * the club answers it (accept or decline) before an admin may accept it.
 */
export const proposeDeal = Effect.fn("sponsors.proposeDeal")(function*(
  principal: Principal,
  brandId: string,
  input: Target & { readonly amount: number; readonly terms: string }
) {
  const { brand, account } = yield* requireBrandActor(principal, brandId, { platformAdmin: false })
  yield* requireTarget(input)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const deal = yield* Effect.flatMap(repo, (r) =>
        r.createDeal({ ...input, brandId: brand.id, clubDecision: input.targetType === "club" ? "PENDING" : null, proposedBy: actorText(principal) }))
      if (account !== null) yield* auditAccountAct(principal, account.id, "sponsors.deal.proposed", { dealId: deal.id, targetType: deal.targetType, targetId: deal.targetId, amount: deal.amount })
      return deal
    })))
})

export const listBrandDeals = Effect.fn("sponsors.listBrandDeals")(function*(
  principal: Principal,
  brandId: string,
  filter: { readonly status?: SponsorshipDealStatus | undefined },
  page: { readonly page: number; readonly limit: number }
) {
  const { brand } = yield* requireBrandActor(principal, brandId, { platformAdmin: false })
  const found = yield* Effect.flatMap(repo, (r) => r.listDeals({ brandId: brand.id, status: filter.status }, windowOf(page)))
  return { ...found, ...page }
})

/** The signed contract is PDF only (it is a legal document, not a photo of one), up to 10 MB. */
const ContractRule = { kinds: ["pdf"] as const, maxBytes: 10 * MiB }

/** The brand uploads the signed contract of an accepted deal (CONTRACT_PENDING → CONTRACT_UPLOADED). */
export const uploadDealContract = Effect.fn("sponsors.uploadDealContract")(function*(
  principal: Principal,
  brandId: string,
  dealId: string,
  upload: Upload | undefined
) {
  const { brand, account } = yield* requireBrandActor(principal, brandId, { platformAdmin: false })
  const deal = yield* findDeal(dealId)
  if (deal.brandId !== brand.id) return yield* new SponsorshipDealNotFound({ id: dealId })
  if (upload === undefined) return yield* new SponsorInputInvalid({ messages: ["file should not be empty"] })
  const checked = checkUpload("file", upload, { kinds: [...ContractRule.kinds], maxBytes: ContractRule.maxBytes })
  if ("error" in checked) return yield* new SponsorInputInvalid({ messages: [checked.error] })
  // Refuse before storing when the deal is not waiting for a contract; the move itself re-checks
  // (conditionally) so a concurrent upload still loses with 409, leaving only an unreferenced blob.
  if (!SponsorshipDealMoves.allows(deal.status, "uploadContract")) return yield* SponsorshipDealMoves.refused(deal.status, "uploadContract")
  const key = `sponsors/deals/${deal.id}/contract-${Date.now().toString(36)}.pdf`
  yield* Effect.flatMap(BlobStore, (b) => b.put(key, upload.bytes, "application/pdf"))
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const moved = yield* Effect.flatMap(repo, (r) => r.moveDeal(deal.id, "uploadContract", { contractDocumentKey: key }))
      if (account !== null) yield* auditAccountAct(principal, account.id, "sponsors.deal.contract_uploaded", { dealId: deal.id, key })
      return moved
    })))
})

// ---------------------------------------------------------------------------------------------
// Admin: deals

export const listDeals = Effect.fn("sponsors.listDeals")(function*(
  filter: { readonly status?: SponsorshipDealStatus | undefined; readonly brandId?: string | undefined; readonly targetType?: SponsorshipTargetType | undefined },
  page: { readonly page: number; readonly limit: number }
) {
  // B: "default PROPOSED" — the review queue.
  const found = yield* Effect.flatMap(repo, (r) => r.listDeals({ ...filter, status: filter.status ?? "PROPOSED" }, windowOf(page)))
  return { ...found, ...page }
})

const moveDealAudited = (admin: Principal, dealId: string, move: "underReview" | "accept" | "counter" | "reject", set: { readonly counterAmount?: number; readonly counterNotes?: string; readonly rejectionReason?: string }) =>
  Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const moved = yield* Effect.flatMap(repo, (r) => r.moveDeal(dealId, move, set))
      yield* auditSubject(`sponsors.deal.${move}`, admin, { kind: DealSubject, id: moved.id }, {
        ...(set.rejectionReason === undefined ? {} : { reason: set.rejectionReason }),
        data: { to: moved.status, ...(set.counterAmount === undefined ? {} : { counterAmount: set.counterAmount }) }
      })
      return moved
    })))

export const markDealUnderReview = Effect.fn("sponsors.markDealUnderReview")(function*(admin: Principal, dealId: string) {
  const deal = yield* findDeal(dealId)
  return yield* moveDealAudited(admin, deal.id, "underReview", {})
})

/** PROPOSED or UNDER_REVIEW → CONTRACT_PENDING; a club deal needs the club's acceptance first. */
export const acceptDeal = Effect.fn("sponsors.acceptDeal")(function*(admin: Principal, dealId: string) {
  const deal = yield* findDeal(dealId)
  // A club's decision is final once given (ACCEPTED never changes), so reading it here is exact.
  if (deal.targetType === "club" && deal.clubDecision !== "ACCEPTED" && SponsorshipDealMoves.allows(deal.status, "accept")) {
    return yield* new ClubAcceptanceRequired({ dealId: deal.id })
  }
  return yield* moveDealAudited(admin, deal.id, "accept", {})
})

export const counterDeal = Effect.fn("sponsors.counterDeal")(function*(admin: Principal, dealId: string, input: { readonly amount: number; readonly notes: string }) {
  const deal = yield* findDeal(dealId)
  return yield* moveDealAudited(admin, deal.id, "counter", { counterAmount: input.amount, counterNotes: input.notes })
})

export const rejectDeal = Effect.fn("sponsors.rejectDeal")(function*(admin: Principal, dealId: string, input: { readonly reason: string }) {
  const deal = yield* findDeal(dealId)
  return yield* moveDealAudited(admin, deal.id, "reject", { rejectionReason: input.reason })
})

/**
 * CONTRACT_UPLOADED → ACTIVE: in one transaction the deal moves (the conditional update serialises
 * concurrent activations), its contract is created ACTIVE and the brand is attached to the target.
 */
export const activateDeal = Effect.fn("sponsors.activateDeal")(function*(admin: Principal, dealId: string) {
  const deal = yield* findDeal(dealId)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const r = yield* repo
      const moved = yield* r.moveDeal(deal.id, "activate", {})
      if (Option.isSome(yield* r.findActiveAttachment(deal.brandId, deal))) return yield* new SponsorAlreadyAttached({ brandId: deal.brandId, targetId: deal.targetId })
      const contract = yield* r.createContract({
        brandId: deal.brandId,
        dealId: deal.id,
        targetType: deal.targetType,
        targetId: deal.targetId,
        title: `Sponsorship of ${deal.targetType} ${deal.targetId}`,
        // A countered deal never reaches activation (COUNTERED only leads to REJECTED), so the
        // contract is for the amount the brand proposed and admins accepted.
        amount: moved.amount,
        status: "ACTIVE",
        createdBy: actorText(admin)
      })
      yield* r.attach(contract, actorText(admin))
      const linked = yield* r.linkDealContract(deal.id, contract.id)
      yield* auditSubject("sponsors.deal.activated", admin, { kind: DealSubject, id: deal.id }, { data: { contractId: contract.id } })
      return linked
    })))
})

// ---------------------------------------------------------------------------------------------
// Admin: contracts, attachments, metrics

export const listBrandContracts = Effect.fn("sponsors.listBrandContracts")(function*(brandId: string) {
  const brand = yield* findBrand(brandId)
  const items = yield* Effect.flatMap(repo, (r) => r.listContracts({ brandId: brand.id }))
  return { items, total: items.length }
})

/** An admin creates a contract directly (DRAFT, activated later); only an APPROVED brand may be contracted. */
export const createContract = Effect.fn("sponsors.createContract")(function*(
  admin: Principal,
  brandId: string,
  input: Target & { readonly title: string; readonly amount: number }
) {
  const { brand } = yield* requireBrandActor(admin, brandId, { platformAdmin: true })
  yield* requireTarget(input)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const contract = yield* Effect.flatMap(repo, (r) => r.createContract({ ...input, brandId: brand.id, dealId: null, status: "DRAFT", createdBy: actorText(admin) }))
      yield* auditSubject("sponsors.contract.created", admin, { kind: ContractSubject, id: contract.id }, { data: { brandId: brand.id, amount: contract.amount } })
      return contract
    })))
})

/** DRAFT → ACTIVE and the brand attached to the target, together (409 SPONSOR_ALREADY_ATTACHED when it already sponsors it). */
export const activateContract = Effect.fn("sponsors.activateContract")(function*(admin: Principal, contractId: string) {
  const before = yield* findContract(contractId)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const r = yield* repo
      const moved = yield* r.moveContract(before.id, "activate", null)
      if (Option.isSome(yield* r.findActiveAttachment(moved.brandId, moved))) return yield* new SponsorAlreadyAttached({ brandId: moved.brandId, targetId: moved.targetId })
      yield* r.attach(moved, actorText(admin))
      yield* auditSubject("sponsors.contract.activated", admin, { kind: ContractSubject, id: moved.id }, { data: { from: before.status, to: moved.status } })
      return moved
    })))
})

/** Cancels (DRAFT or ACTIVE) or ends (ACTIVE) a contract; its attachment is cancelled or ended with it. */
export const closeContract = Effect.fn("sponsors.closeContract")(function*(admin: Principal, contractId: string, move: "cancel" | "end", reason: string | null) {
  const before = yield* findContract(contractId)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const r = yield* repo
      const moved = yield* r.moveContract(before.id, move, reason)
      yield* r.closeAttachment(moved.id, attachmentStatusAfter[move], reason, actorText(admin))
      yield* auditSubject(`sponsors.contract.${move === "cancel" ? "cancelled" : "ended"}`, admin, { kind: ContractSubject, id: moved.id }, {
        ...(reason === null ? {} : { reason }),
        data: { from: before.status, to: moved.status }
      })
      return moved
    })))
})

const contractedStatuses: ReadonlyArray<SponsorContractStatus> = ["ACTIVE", "ENDED"]

/** A brand's sponsorship numbers: deals by status, contracts by status, contracted money, live attachments. */
export const brandMetrics = Effect.fn("sponsors.brandMetrics")(function*(brandId: string) {
  const brand = yield* findBrand(brandId)
  const r = yield* repo
  const deals = yield* r.dealCounts(brand.id)
  const contracts = yield* r.listContracts({ brandId: brand.id })
  const attachments = yield* r.listAttachments({ brandId: brand.id, status: "ACTIVE" })
  const count = (status: SponsorContractStatus) => contracts.filter((c) => c.status === status).length
  return {
    brandId: brand.id,
    brandStatus: brand.status,
    deals: {
      total: deals.reduce((n, d) => n + d.count, 0),
      byStatus: Object.fromEntries(deals.map((d) => [d.status, d.count])) as Record<string, number>
    },
    contracts: { total: contracts.length, draft: count("DRAFT"), active: count("ACTIVE"), ended: count("ENDED"), cancelled: count("CANCELLED") },
    // Money committed by contracts that ran (ACTIVE or ENDED); cancelled and draft contracts commit nothing.
    contractedAmount: contracts.filter((c) => contractedStatuses.includes(c.status)).reduce((n, c) => n + c.amount, 0),
    currency: "INR" as const,
    activeAttachments: {
      total: attachments.length,
      events: attachments.filter((a) => a.targetType === "event").length,
      challenges: attachments.filter((a) => a.targetType === "challenge").length,
      clubs: attachments.filter((a) => a.targetType === "club").length
    }
  }
})

export const attachmentHistory = Effect.fn("sponsors.attachmentHistory")(function*(attachmentId: string) {
  const attachment = yield* findAttachment(attachmentId)
  const items = yield* Effect.flatMap(repo, (r) => r.history(attachment.id))
  return { attachment, items }
})

// ---------------------------------------------------------------------------------------------
// Organizer: an event's sponsors

/** The event's ACTIVE sponsor attachments with their brand's name (another organizer's event is 404). */
export const eventSponsors = Effect.fn("sponsors.eventSponsors")(function*(who: OrganizerActor, eventId: string) {
  const event = yield* organizerEvent(who, eventId)
  const attachments = yield* Effect.flatMap(repo, (r) => r.listAttachments({ target: { targetType: "event", targetId: event.id }, status: "ACTIVE" }))
  const items = yield* Effect.forEach(attachments, (a) =>
    Effect.map(Effect.flatMap(SponsorBrandRepo, (b) => b.findById(a.brandId)), (brand) => ({
      attachmentId: a.id,
      contractId: a.contractId,
      brandId: a.brandId,
      brandName: Option.match(brand, { onNone: () => "", onSome: (b) => b.name }),
      since: a.createdAt
    })))
  return { eventId: event.id, items, total: items.length }
})

// ---------------------------------------------------------------------------------------------
// Admin: goodies auto-award per attachment

const defaultGoodieConfig = (attachmentId: string) => ({
  sponsorAttachmentId: attachmentId,
  enabled: false,
  goodieName: null,
  audience: null,
  topN: null,
  quantityPerAthlete: 1,
  updatedBy: null,
  updatedAt: null
})

/** An attachment's config; an attachment never configured awards nothing (enabled false). */
export const goodieConfig = Effect.fn("sponsors.goodieConfig")(function*(attachmentId: string) {
  const attachment = yield* findAttachment(attachmentId)
  const found = yield* Effect.flatMap(repo, (r) => r.findGoodieConfig(attachment.id))
  return Option.getOrElse(found, () => defaultGoodieConfig(attachment.id))
})

export const listGoodieConfigs = Effect.fn("sponsors.listGoodieConfigs")(function*(page: { readonly page: number; readonly limit: number }) {
  const found = yield* Effect.flatMap(repo, (r) => r.listGoodieConfigs(windowOf(page)))
  return { ...found, ...page }
})

/**
 * Updates an ACTIVE attachment's config (409 SPONSOR_ATTACHMENT_NOT_ACTIVE otherwise). A partial
 * update merged over the stored config, then checked whole: an enabled config names its goodie
 * and audience, and TOP_N (and only TOP_N) carries topN.
 */
export const updateGoodieConfig = Effect.fn("sponsors.updateGoodieConfig")(function*(
  admin: Principal,
  attachmentId: string,
  patch: {
    readonly enabled?: boolean | undefined
    readonly goodieName?: string | null | undefined
    readonly audience?: GoodieAudience | null | undefined
    readonly topN?: number | null | undefined
    readonly quantityPerAthlete?: number | undefined
  }
) {
  const attachment = yield* findAttachment(attachmentId)
  if (attachment.status !== "ACTIVE") return yield* new SponsorAttachmentNotActive({ id: attachment.id, status: attachment.status })
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const r = yield* repo
      const current = Option.getOrElse(yield* r.findGoodieConfig(attachment.id), () => defaultGoodieConfig(attachment.id))
      const next = {
        enabled: patch.enabled ?? current.enabled,
        goodieName: patch.goodieName === undefined ? current.goodieName : patch.goodieName,
        audience: patch.audience === undefined ? current.audience : patch.audience,
        topN: patch.topN === undefined ? (patch.audience !== undefined && patch.audience !== "TOP_N" ? null : current.topN) : patch.topN,
        quantityPerAthlete: patch.quantityPerAthlete ?? current.quantityPerAthlete
      }
      const messages: Array<string> = []
      if (next.enabled && next.goodieName === null) messages.push("goodieName should not be empty when enabled")
      if (next.enabled && next.audience === null) messages.push("audience should not be empty when enabled")
      if (next.audience === "TOP_N" && next.topN === null) messages.push("topN should not be empty when audience is TOP_N")
      if (next.audience !== "TOP_N" && next.topN !== null) messages.push("topN is allowed only when audience is TOP_N")
      if (messages.length > 0) return yield* new SponsorInputInvalid({ messages })
      const saved = yield* r.saveGoodieConfig({ ...next, sponsorAttachmentId: attachment.id, updatedBy: actorText(admin) })
      yield* auditSubject("sponsors.goodie_auto_award.updated", admin, { kind: "sponsor_attachment", id: attachment.id }, { data: { ...next } })
      return saved
    })))
})

// ---------------------------------------------------------------------------------------------
// Club side: proposals and earnings

const clubDeal = Effect.fn("sponsors.clubDeal")(function*(clubId: string, dealId: string) {
  const deal = yield* findDeal(dealId)
  // Another club's deal (or an event's) is not found from here.
  if (deal.targetType !== "club" || deal.targetId !== clubId) return yield* new SponsorshipDealNotFound({ id: dealId })
  return deal
})

/** Deals proposed to the club, newest first (?status filters on the deal's status). */
export const listClubProposals = Effect.fn("sponsors.listClubProposals")(function*(
  clubId: string,
  filter: { readonly status?: SponsorshipDealStatus | undefined },
  page: { readonly page: number; readonly limit: number }
) {
  const found = yield* Effect.flatMap(repo, (r) => r.listDeals({ targetType: "club", targetId: clubId, status: filter.status }, windowOf(page)))
  return { ...found, ...page }
})

export const getClubProposal = (clubId: string, dealId: string) => clubDeal(clubId, dealId)

/**
 * The club accepts (its decision becomes ACCEPTED; an admin may then accept the deal) or declines
 * (the deal is REJECTED with the club's reason). One conditional update: of two concurrent
 * answers one wins, the other is 409 SPONSORSHIP_PROPOSAL_ALREADY_DECIDED.
 */
export const decideClubProposal = Effect.fn("sponsors.decideClubProposal")(function*(
  principal: Principal,
  clubId: string,
  dealId: string,
  decision: "ACCEPTED" | "DECLINED",
  reason: string | null
) {
  const deal = yield* clubDeal(clubId, dealId)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const decided = yield* Effect.flatMap(repo, (r) => r.decideAsClub(deal.id, decision, reason))
      if (Option.isNone(decided)) return yield* new ClubProposalAlreadyDecided({ dealId: deal.id })
      yield* auditSubject(`sponsors.deal.club_${decision === "ACCEPTED" ? "accepted" : "declined"}`, principal, { kind: DealSubject, id: deal.id }, {
        ...(reason === null ? {} : { reason }),
        data: { clubId }
      })
      return decided.value
    })))
})

/**
 * What the club earns from a contract: the contract amount once it ran (ACTIVE or ENDED), nothing
 * for a cancelled one. The spec names no commission on sponsorship, so none is deducted here;
 * DRAFT contracts are not earnings yet and are not listed.
 */
const earningOf = (contract: SponsorContract, brandName: string) => ({
  contractId: contract.id,
  brandId: contract.brandId,
  brandName,
  dealId: contract.dealId,
  title: contract.title,
  status: contract.status,
  amount: contract.amount,
  earnedAmount: contractedStatuses.includes(contract.status) ? contract.amount : 0,
  currency: contract.currency,
  activatedAt: contract.activatedAt,
  closedAt: contract.closedAt
})

const brandNameOf = (brandId: string) =>
  Effect.map(Effect.flatMap(SponsorBrandRepo, (b) => b.findById(brandId)), Option.match({ onNone: () => "", onSome: (b) => b.name }))

export const clubEarnings = Effect.fn("sponsors.clubEarnings")(function*(clubId: string) {
  const contracts = yield* Effect.flatMap(repo, (r) => r.listContracts({ target: { targetType: "club", targetId: clubId }, statuses: ["ACTIVE", "ENDED", "CANCELLED"] }))
  const items = yield* Effect.forEach(contracts, (c) => Effect.map(brandNameOf(c.brandId), (name) => earningOf(c, name)))
  return { clubId, items, total: items.length, totalEarned: items.reduce((n, e) => n + e.earnedAmount, 0), currency: "INR" as const }
})

export const clubEarning = Effect.fn("sponsors.clubEarning")(function*(clubId: string, contractId: string) {
  const contract = yield* findContract(contractId)
  if (contract.targetType !== "club" || contract.targetId !== clubId || contract.status === "DRAFT") return yield* new SponsorContractNotFound({ id: contractId })
  return earningOf(contract, yield* brandNameOf(contract.brandId))
})


