/** What the clubs handler layers need: identity services, the clubs block, configuration and the guards. */
import type { Authenticated, ClubManagers, ClubManagersOrAdmin, ClubMembers, ClubOwnerOrAdmin, ClubStaff, OptionalAuthenticated } from "@podium/contracts/common"
import type { Payments, Platform, Wallets } from "@podium/core"
import type { AppConfig, ClubsInfrastructure, IdentityServices, NotificationsInfrastructure, OrganizersInfrastructure } from "@podium/host-common"
import type { PaymentsInfrastructure, WalletsInfrastructure } from "@podium/host-common"

export type ClubsHandlerServices =
  | IdentityServices
  | OrganizersInfrastructure
  | ClubsInfrastructure
  | NotificationsInfrastructure
  | Payments.BankVerifier
  | PaymentsInfrastructure
  | WalletsInfrastructure
  | Platform.Transactor
  | Wallets.Ledger
  | AppConfig
  | Authenticated
  | OptionalAuthenticated
  | ClubManagers
  | ClubStaff
  | ClubMembers
  | ClubManagersOrAdmin
  | ClubOwnerOrAdmin
