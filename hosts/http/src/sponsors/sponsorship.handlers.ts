/** Handlers of sponsorship: brands' deals, admin deals, contracts and goodie configs, organizers' event sponsors, club proposals and earnings. One use case each. */
import type { HttpApiGroup } from "@effect/platform"
import { AthletesApi } from "@podium/contracts/athletes"
import { type Authenticated, BrandAccess, type BrandAccountHolders, ClubAccess, type ClubManagers, CurrentPrincipal, OrganizerAccess, type OrganizerReaders, pageOf } from "@podium/contracts/common"
import { type Challenges, type Clubs, type Events, type Media, Sponsors } from "@podium/core"
import { Effect, type Layer } from "effect"
import { readUpload } from "../organizers/organizer.view.js"
import { organizerActor } from "../registrations/registrations.views.js"
import { apiGroup } from "../serving/served-groups.js"
import type { SponsorHandlerServices } from "./sponsors.handlers.js"

export type SponsorshipHandlerServices =
  | SponsorHandlerServices
  | Events.EventRepo
  | Challenges.ChallengeRepo
  | Clubs.ClubRepo
  | Media.BlobStore
  | Authenticated
  | BrandAccountHolders
  | OrganizerReaders
  | ClubManagers

type Group<N extends string> = Layer.Layer<HttpApiGroup.ApiGroup<"podium", N>, never, SponsorshipHandlerServices>

const me = CurrentPrincipal
/** The brand guard has checked the caller's account before decoding; the use cases check it again inside their transaction. */
const brandCaller = Effect.map(BrandAccess, (a) => a.principal)

export const BrandSponsorshipDealsHandlers: Group<"brandSponsorshipDeals"> = apiGroup(AthletesApi, "brandSponsorshipDeals", (handlers) =>
  handlers
    .handle("proposeSponsorshipDeal", ({ path, payload }) => Effect.flatMap(brandCaller, (p) => Sponsors.proposeDeal(p, path.brandId, payload)))
    .handle("brandSponsorshipDeals", ({ path, urlParams: q }) => Effect.flatMap(brandCaller, (p) => Sponsors.listBrandDeals(p, path.brandId, { status: q.status }, pageOf(q))))
    .handle("uploadSponsorshipDealContract", ({ path, payload }) =>
      Effect.flatMap(brandCaller, (p) => Effect.flatMap(readUpload(payload.file), (file) => Sponsors.uploadDealContract(p, path.brandId, path.dealId, file)))))

export const AdminSponsorshipDealsHandlers: Group<"adminSponsorshipDeals"> = apiGroup(AthletesApi, "adminSponsorshipDeals", (handlers) =>
  handlers
    .handle("adminSponsorshipDeals", ({ urlParams: q }) => Sponsors.listDeals({ status: q.status, brandId: q.brandId, targetType: q.targetType }, pageOf(q)))
    .handle("acceptSponsorshipDeal", ({ path }) => Effect.flatMap(me, (p) => Sponsors.acceptDeal(p, path.dealId)))
    .handle("activateSponsorshipDeal", ({ path }) => Effect.flatMap(me, (p) => Sponsors.activateDeal(p, path.dealId)))
    .handle("counterSponsorshipDeal", ({ path, payload }) => Effect.flatMap(me, (p) => Sponsors.counterDeal(p, path.dealId, payload)))
    .handle("rejectSponsorshipDeal", ({ path, payload }) => Effect.flatMap(me, (p) => Sponsors.rejectDeal(p, path.dealId, payload)))
    .handle("reviewSponsorshipDeal", ({ path }) => Effect.flatMap(me, (p) => Sponsors.markDealUnderReview(p, path.dealId))))

export const AdminSponsorContractsHandlers: Group<"adminSponsorContracts"> = apiGroup(AthletesApi, "adminSponsorContracts", (handlers) =>
  handlers
    .handle("sponsorBrandContracts", ({ path }) => Sponsors.listBrandContracts(path.brandId))
    .handle("createSponsorContract", ({ path, payload }) => Effect.flatMap(me, (p) => Sponsors.createContract(p, path.brandId, payload)))
    .handle("activateSponsorContract", ({ path }) => Effect.flatMap(me, (p) => Sponsors.activateContract(p, path.contractId)))
    .handle("cancelSponsorContract", ({ path, payload }) => Effect.flatMap(me, (p) => Sponsors.closeContract(p, path.contractId, "cancel", payload.reason)))
    .handle("endSponsorContract", ({ path }) => Effect.flatMap(me, (p) => Sponsors.closeContract(p, path.contractId, "end", null)))
    .handle("sponsorBrandMetrics", ({ path }) => Sponsors.brandMetrics(path.brandId))
    .handle("sponsorAttachmentHistory", ({ path }) => Sponsors.attachmentHistory(path.id)))

export const AdminGoodiesAutoAwardHandlers: Group<"adminGoodiesAutoAward"> = apiGroup(AthletesApi, "adminGoodiesAutoAward", (handlers) =>
  handlers
    .handle("goodieAutoAwardConfig", ({ urlParams: q }) => Sponsors.goodieConfig(q.sponsorAttachmentId))
    .handle("updateGoodieAutoAwardConfig", ({ path, payload }) => Effect.flatMap(me, (p) => Sponsors.updateGoodieConfig(p, path.sponsorAttachmentId, payload)))
    .handle("goodieAutoAwardConfigs", ({ urlParams: q }) => Sponsors.listGoodieConfigs(pageOf(q))))

export const OrganizerEventSponsorsHandlers: Group<"organizerEventSponsors"> = apiGroup(AthletesApi, "organizerEventSponsors", (handlers) =>
  handlers.handle("organizerEventSponsors", ({ path }) => Effect.flatMap(OrganizerAccess, (access) => Sponsors.eventSponsors(organizerActor(access), path.eventId))))

export const ClubSponsorshipHandlers: Group<"clubSponsorship"> = apiGroup(AthletesApi, "clubSponsorship", (handlers) =>
  handlers
    .handle("clubSponsorshipEarnings", () => Effect.flatMap(ClubAccess, (a) => Sponsors.clubEarnings(a.clubId)))
    .handle("clubSponsorshipEarning", ({ path }) => Effect.flatMap(ClubAccess, (a) => Sponsors.clubEarning(a.clubId, path.contractId)))
    .handle("clubSponsorshipProposals", ({ urlParams: q }) => Effect.flatMap(ClubAccess, (a) => Sponsors.listClubProposals(a.clubId, { status: q.status }, pageOf(q))))
    .handle("clubSponsorshipProposal", ({ path }) => Effect.flatMap(ClubAccess, (a) => Sponsors.getClubProposal(a.clubId, path.proposalId)))
    .handle("acceptClubSponsorshipProposal", ({ path }) =>
      Effect.flatMap(ClubAccess, (a) => Sponsors.decideClubProposal(a.principal, a.clubId, path.proposalId, "ACCEPTED", null)))
    .handle("declineClubSponsorshipProposal", ({ path, payload }) =>
      Effect.flatMap(ClubAccess, (a) => Sponsors.decideClubProposal(a.principal, a.clubId, path.proposalId, "DECLINED", payload.reason))))
