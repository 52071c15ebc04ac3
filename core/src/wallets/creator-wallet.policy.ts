/**
 * Who may read a creator wallet (the spec is silent; our decision):
 * - organizer: an ACTIVE OWNER, ADMIN or VIEWER of the organizer's team (the organizers tenancy
 *   policy: 403 for outsiders and unknown organizers, 403 ORGANIZER_SUSPENDED), or a platform
 *   admin (404 for an unknown organizer);
 * - club: an ACTIVE OWNER or ADMIN of the club (the clubs tenancy policy: 403 ClubAccessDenied for
 *   everyone else and for unknown clubs), or a platform admin (404 for an unknown club);
 * - brand: platform admins only, until a sponsors context gives brands their own members (a
 *   brand's existence cannot be checked yet either, so an admin reads any brand id's wallet — a
 *   never-credited wallet answers balance 0).
 * Whether the caller counts as a platform admin (an admin holding the `wallets.read` permission)
 * is decided by the host, which passes `platformAdmin: true`.
 */
import { Effect } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { requireClubRole } from "../clubs/tenancy.policy.js"
import { requireOrganizerRole } from "../organizers/tenancy.policy.js"
import { CreatorWalletAccessDenied, type CreatorOwnerType } from "./creator-wallet.model.js"

export const authorizeCreatorWallet = Effect.fn("wallets.authorizeCreatorWallet")(function*(
  principal: Principal,
  ownerType: CreatorOwnerType,
  ownerId: string,
  options: { readonly platformAdmin?: boolean } = {}
) {
  const admin = options.platformAdmin === true && principal.accountKind === "admin"
  switch (ownerType) {
    case "organizer":
      yield* requireOrganizerRole(principal, ownerId, ["OWNER", "ADMIN", "VIEWER"], { platformAdmin: admin })
      return
    case "club":
      yield* requireClubRole(principal, ownerId, ["OWNER", "ADMIN"], { platformAdmin: admin })
      return
    case "brand":
      if (!admin) return yield* new CreatorWalletAccessDenied({ ownerType, ownerId })
      return
  }
})
