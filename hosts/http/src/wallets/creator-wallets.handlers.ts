/**
 * Handlers of the creator-wallet reads (Authenticated; who may read is the wallets policy in core).
 * An admin counts as a platform admin only while holding the `wallets.read` permission (403
 * ADMIN_PERMISSION_REQUIRED otherwise); every other caller goes through the organizer or club
 * tenancy policy.
 */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal } from "@podium/contracts/common"
import { MoneyApi } from "@podium/contracts/money"
import { Wallets } from "@podium/core"
import type { ClubsInfrastructure, IdentityServices, OrganizersInfrastructure, WalletsInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"

export type WalletsHandlerServices = IdentityServices | OrganizersInfrastructure | ClubsInfrastructure | WalletsInfrastructure | Authenticated

const DefaultLimit = 20

/** The caller's access to the wallet: its owner, or a platform admin (whose `wallets.read` the contract declares). */
const authorize = (ownerType: Wallets.CreatorOwnerType, ownerId: string) =>
  Effect.gen(function*() {
    const me = yield* CurrentPrincipal
    const platformAdmin = me.accountKind === "admin"
    yield* Wallets.authorizeCreatorWallet(me, ownerType, ownerId, { platformAdmin })
  })

const transactionView = (e: Wallets.LedgerEntry) => ({
  id: e.id,
  transferId: e.transferId,
  direction: e.amount > 0 ? "CREDIT" as const : "DEBIT" as const,
  amount: e.amount,
  currency: e.account.currency,
  reason: e.reason,
  metadata: e.metadata,
  createdAt: e.createdAt
})

export const CreatorWalletsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "creatorWallets">, never, WalletsHandlerServices> =
  apiGroup(MoneyApi, "creatorWallets", (handlers) =>
    handlers
      .handle("getCreatorWallet", ({ path }) =>
        Effect.gen(function*() {
          yield* authorize(path.ownerType, path.ownerId)
          return yield* Wallets.creatorWalletView(path.ownerType, path.ownerId)
        }))
      .handle("listCreatorWalletTransactions", ({ path, urlParams }) =>
        Effect.gen(function*() {
          yield* authorize(path.ownerType, path.ownerId)
          const limit = urlParams.limit ?? DefaultLimit
          const page = yield* Wallets.creatorWalletTransactions(path.ownerType, path.ownerId, { limit, before: urlParams.before })
          return { items: page.items.map(transactionView), total: page.total, limit, nextCursor: page.nextCursor }
        })))
