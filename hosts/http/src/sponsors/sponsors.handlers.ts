/** Handlers of the admin sponsor accounts: one use case each. */
import type { HttpApiGroup } from "@effect/platform"
import { AthletesApi } from "@podium/contracts/athletes"
import { type Authenticated, CurrentPrincipal } from "@podium/contracts/common"
import { type Accounts, type Platform, Sponsors } from "@podium/core"
import type { SponsorsInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"

export type SponsorHandlerServices = SponsorsInfrastructure | Accounts.UserRepo | Platform.AuditLog | Platform.Transactor | Authenticated

export const AdminSponsorAccountsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminSponsorAccounts">, never, SponsorHandlerServices> = apiGroup(
  AthletesApi,
  "adminSponsorAccounts",
  (handlers) =>
    handlers
      .handle("sponsorAccountActivity", ({ path, urlParams: q }) =>
        Effect.map(Sponsors.accountActivity(path.accountId, { limit: q.limit ?? 50, beforeSeq: q.beforeSeq }), (r) => ({
          accountId: r.accountId,
          nextBeforeSeq: r.nextBeforeSeq,
          items: r.items.map((e) => ({ seq: e.seq, id: e.id, occurredAt: e.occurredAt, action: e.action, actorKind: e.actorKind, actorId: e.actorId, reason: e.reason, data: e.data }))
        })))
      .handle("setSponsorAccountStatus", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Sponsors.setAccountStatus(me, path.accountId, payload)))
      .handle("sponsorBrandAccounts", ({ path }) => Sponsors.listBrandAccounts(path.brandId))
      .handle("addSponsorBrandAccount", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Sponsors.addBrandAccount(me, path.brandId, payload)))
      .handle("decideSponsorBrandApproval", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Sponsors.decideBrandApproval(me, path.brandId, payload)))
)
