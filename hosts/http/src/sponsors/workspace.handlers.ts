/** Handlers of the sponsor workspace (brand tenancy guard) and the admin reviews of sponsor RC grants, campaigns and cohorts: one use case each. */
import type { HttpApiGroup } from "@effect/platform"
import { AthletesApi } from "@podium/contracts/athletes"
import { type Authenticated, BrandAccess, type BrandAccountHolders, CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { type Accounts, type Activities, type Platform, Sponsors, Wallets } from "@podium/core"
import type { SponsorsInfrastructure, SponsorWorkspaceInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"

export type SponsorWorkspaceServices =
  | SponsorsInfrastructure
  | SponsorWorkspaceInfrastructure
  | Wallets.Ledger
  | Activities.ActivityRepo
  | Accounts.UserRepo
  | Platform.AuditLog
  | Platform.Transactor
  | Authenticated
  | BrandAccountHolders

/** The acting brand account, as the guard granted it. */
const actor = Effect.map(BrandAccess, (a): Sponsors.BrandActor => ({ principal: a.principal, brandId: a.brandId, accountId: a.accountId }))

export const SponsorInventoryHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "sponsorInventory">, never, SponsorWorkspaceServices> = apiGroup(
  AthletesApi,
  "sponsorInventory",
  (handlers) =>
    handlers
      .handle("listSponsorInventory", ({ urlParams }) => Effect.flatMap(actor, (a) => Sponsors.listInventory(a, pageOf(urlParams))))
      .handle("createSponsorInventoryItem", ({ payload }) => Effect.flatMap(actor, (a) => Sponsors.createInventoryItem(a, payload)))
      .handle("updateSponsorInventoryItem", ({ path, payload }) => Effect.flatMap(actor, (a) => Sponsors.updateInventoryItem(a, path.itemId, payload)))
      .handle("sponsorInventoryMovements", ({ path, urlParams }) => Effect.flatMap(actor, (a) => Sponsors.inventoryMovements(a, path.itemId, pageOf(urlParams))))
      .handle("changeSponsorInventoryStock", ({ path, payload }) => Effect.flatMap(actor, (a) => Sponsors.changeStock(a, path.itemId, payload)))
)

export const SponsorRewardGrantsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "sponsorRewardGrants">, never, SponsorWorkspaceServices> = apiGroup(
  AthletesApi,
  "sponsorRewardGrants",
  (handlers) =>
    handlers
      .handle("listSponsorRewardGrants", ({ urlParams }) => Effect.flatMap(actor, (a) => Sponsors.listRewardGrants(a, pageOf(urlParams))))
      .handle("grantSponsorReward", ({ payload }) => Effect.flatMap(actor, (a) => Sponsors.grantReward(a, payload)))
)

export const SponsorRcGrantRequestsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "sponsorRcGrantRequests">, never, SponsorWorkspaceServices> = apiGroup(
  AthletesApi,
  "sponsorRcGrantRequests",
  (handlers) =>
    handlers
      .handle("sponsorRcWallet", () => Effect.flatMap(actor, (a) => Effect.map(Wallets.creatorWalletView("brand", a.brandId), (w) => ({ ...w, ownerType: "brand" as const }))))
      .handle("listSponsorRcGrantRequests", ({ urlParams }) => Effect.flatMap(actor, (a) => Sponsors.listBrandRcGrants(a, pageOf(urlParams))))
      .handle("requestSponsorRcGrant", ({ payload }) => Effect.flatMap(actor, (a) => Sponsors.requestRcGrant(a, payload)))
)

export const AdminSponsorRcGrantsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminSponsorRcGrants">, never, SponsorWorkspaceServices> = apiGroup(
  AthletesApi,
  "adminSponsorRcGrants",
  (handlers) =>
    handlers
      .handle("sponsorRcGrantQueue", ({ urlParams }) => Sponsors.rcGrantQueue({ ...pageOf(urlParams), status: urlParams.status }))
      .handle("approveSponsorRcGrant", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Sponsors.approveRcGrant(me, path.grantId, payload.approvedRc)))
      .handle("rejectSponsorRcGrant", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Sponsors.rejectRcGrant(me, path.grantId, payload.reason)))
)

export const SponsorCampaignsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "sponsorCampaigns">, never, SponsorWorkspaceServices> = apiGroup(
  AthletesApi,
  "sponsorCampaigns",
  (handlers) =>
    handlers
      .handle("listSponsorCampaigns", ({ urlParams }) => Effect.flatMap(actor, (a) => Sponsors.listBrandCampaigns(a, pageOf(urlParams))))
      .handle("createSponsorCampaign", ({ payload }) => Effect.flatMap(actor, (a) => Sponsors.createCampaign(a, payload)))
      .handle("submitSponsorCampaign", ({ path }) => Effect.flatMap(actor, (a) => Sponsors.submitCampaign(a, path.campaignId)))
      .handle("listSponsorCohorts", ({ urlParams }) => Effect.flatMap(actor, (a) => Sponsors.listBrandCohorts(a, pageOf(urlParams))))
      .handle("createSponsorCohort", ({ payload }) => Effect.flatMap(actor, (a) => Sponsors.createCohort(a, payload)))
      .handle("submitSponsorCohort", ({ path }) => Effect.flatMap(actor, (a) => Sponsors.submitCohort(a, path.cohortId)))
)

export const AdminSponsorCampaignsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminSponsorCampaigns">, never, SponsorWorkspaceServices> = apiGroup(
  AthletesApi,
  "adminSponsorCampaigns",
  (handlers) =>
    handlers
      .handle("sponsorCampaignQueue", ({ urlParams }) => Sponsors.campaignQueue({ ...pageOf(urlParams), status: urlParams.status }))
      .handle("approveSponsorCampaign", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Sponsors.decideCampaign(me, path.campaignId, { move: "approve" })))
      .handle("rejectSponsorCampaign", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Sponsors.decideCampaign(me, path.campaignId, { move: "reject", reason: payload.reason })))
      .handle("sponsorCohortQueue", ({ urlParams }) => Sponsors.cohortQueue({ ...pageOf(urlParams), status: urlParams.status }))
      .handle("approveSponsorCohort", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Sponsors.decideCohort(me, path.cohortId, { move: "approve" })))
      .handle("rejectSponsorCohort", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Sponsors.decideCohort(me, path.cohortId, { move: "reject", reason: payload.reason })))
)
